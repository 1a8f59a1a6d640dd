// The app's part of the www build (called by www/build.mjs after the board):
//   dist/index.html             the app page, its CSS inlined (www/index.html, app/app.css)
//   dist/app.js                 the app's script (www/app/main.ts; a classic script, so that
//                               the page works from file://)
//   dist/app-analysis.js        the analysis's graph and bar (www/app/analysis-view.ts), a
//                               classic script loaded with the engine when a game is analysed
//   dist/manifest.webmanifest   installable: name, icons, start_url, standalone, colours
//   dist/icons/*                the icon drawn in app/icons.mjs: SVG and PNGs
//   dist/sw.js                  the service worker: precaches all of the above plus the
//                               board and engine scripts, in a cache named for their hash
// Prints their sizes and fails when board + viewer + app JS is over SPEC §7's 40 KB gzip.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { iconPng, iconSvg } from "./icons.mjs";

/** SPEC §7: board + viewer + app components JS, without the wasm, gzip -9. */
const BUDGET = 40_000;

const MANIFEST = {
  name: "chess960 — standard chess, Chess960 and Chess-9",
  short_name: "chess960",
  description: "Play standard chess, Chess960 and Chess-9 offline, against a friend or the computer.",
  id: "./",
  start_url: "./",
  scope: "./",
  display: "standalone",
  orientation: "any",
  background_color: "#15191c",
  theme_color: "#2f6f3e",
  categories: ["games"],
  icons: [
    { src: "icons/icon.svg", sizes: "any", type: "image/svg+xml" },
    { src: "icons/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "icons/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

/**
 * Builds the app into `dist`. `esbuild` and `common` are the www build's; `boardJs` is
 * pkg/board/index.js (for the budget); `gz` and `row` its size helpers.
 */
export async function buildApp({ esbuild, common, www, dist, boardJs, gz, row }) {
  rmSync(join(dist, "demo.js"), { force: true }); // the demo's script, replaced by app.js
  const app = await esbuild.build({ ...common, format: "iife", entryPoints: [join(www, "app", "main.ts")], outfile: "app.js" });
  const appJs = app.outputFiles[0].contents;
  writeFileSync(join(dist, "app.js"), appJs);
  const analysis = await esbuild.build({ ...common, format: "iife", entryPoints: [join(www, "app", "analysis-view.ts")], outfile: "app-analysis.js" });
  const analysisJs = analysis.outputFiles[0].contents;
  writeFileSync(join(dist, "app-analysis.js"), analysisJs);

  const css = await esbuild.transform(readFileSync(join(www, "app", "app.css"), "utf8"), { loader: "css", minify: true });
  const link = '<link rel="stylesheet" href="app/app.css">';
  const source = readFileSync(join(www, "index.html"), "utf8");
  if (!source.includes(link)) throw new Error(`www/app/build: index.html must link its CSS as ${link}`);
  const html = source.replace(link, () => `<style>${css.code.trim()}</style>`).replaceAll('src="dist/', 'src="');
  writeFileSync(join(dist, "index.html"), html);

  mkdirSync(join(dist, "icons"), { recursive: true });
  writeFileSync(join(dist, "icons", "icon.svg"), iconSvg());
  writeFileSync(join(dist, "icons", "icon-192.png"), iconPng(192));
  writeFileSync(join(dist, "icons", "icon-512.png"), iconPng(512));
  writeFileSync(join(dist, "icons", "maskable-512.png"), iconPng(512, true));
  const manifest = Buffer.from(`${JSON.stringify(MANIFEST, null, 2)}\n`);
  writeFileSync(join(dist, "manifest.webmanifest"), manifest);

  // Every file of the app, the lazily loaded engine included; the version is their hash.
  const files = [
    "index.html", "app.js", "app-analysis.js", "chess960-board.js", "chess960-engine.js", "manifest.webmanifest",
    ...MANIFEST.icons.map((i) => i.src),
  ];
  const hash = createHash("sha256");
  for (const f of files) {
    if (!existsSync(join(dist, f))) throw new Error(`www/app/build: dist/${f} is missing; the service worker must precache it`);
    hash.update(f).update(readFileSync(join(dist, f)));
  }
  const version = hash.digest("hex").slice(0, 16);
  const sw = await esbuild.build({
    ...common, format: "iife", entryPoints: [join(www, "app", "sw.ts")], outfile: "sw.js",
    define: { PRECACHE: JSON.stringify(["./", ...files]), VERSION: JSON.stringify(version) },
  });
  const swJs = sw.outputFiles[0].contents;
  writeFileSync(join(dist, "sw.js"), swJs);

  console.log("\nthe app");
  row("dist/app.js", appJs);
  row("dist/app-analysis.js (when analysing)", analysisJs);
  row("dist/sw.js", swJs);
  row("dist/manifest.webmanifest", manifest);
  row("dist/index.html (CSS inlined)", Buffer.from(html));
  const shell = gz(appJs) + gz(swJs) + gz(manifest);
  console.log(`app shell (app.js + sw.js + manifest): ${shell} B gzip -9; cache version ${version}`);
  const total = gz(boardJs) + gz(appJs);
  if (total > BUDGET) {
    console.error(`www/app/build: board + viewer + app JS is ${total} B gzip -9, over SPEC §7's ${BUDGET} B`);
    process.exit(1);
  }
  console.log(`www/app/build: board + viewer (${gz(boardJs)}) + app (${gz(appJs)}) = ${total} of ${BUDGET} B gzip -9 (SPEC §7)`);
}
