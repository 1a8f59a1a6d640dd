#!/usr/bin/env node
// Builds the board (called by scripts/build.mjs, after pkg/):
//   pkg/board/index.js      `chess960/board`: ESM, the board and <chess960-board>, with
//                           `chess960` left external (one core for the app and the board)
//   pkg/board/*.d.ts        its types (tsc from www/src, `chess960` as the package's .d.ts)
//   pkg/board/chess960-board.iife.js  `chess960/board/iife`, the one-file script for
//                           blogs: classic (IIFE) script, wasm inlined (packed as in
//                           pkg/index.js: scripts/packed-wasm.mjs), the `chess960` API plus
//                           the board, global `Chess960`; registers <chess960-board>
//   dist/chess960-board.js  the same script, beside the app
//   dist/index.html, app.js, sw.js, manifest.webmanifest, icons/
//                           the app (www/app/build.mjs); opens straight from file://
// Type-checks www/ with tsc --strict first; prints the sizes, and fails when the board
// and viewer JS (with its pieces, without the wasm) is over SPEC §7's 40 KB gzip -9.
//
// Needs the wasm-bindgen output that `npm run build` leaves in target/jsbuild/src/, and
// pkg/index.d.ts.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { packedWasm } from "../scripts/packed-wasm.mjs";
import { buildApp } from "./app/build.mjs";

const www = dirname(fileURLToPath(import.meta.url));
const root = join(www, "..");
const dist = join(www, "dist");
const core = join(root, "target", "jsbuild", "src");
const pkgBoard = join(root, "pkg", "board");
const tsc = join(root, "node_modules", ".bin", "tsc");
/** SPEC §7: board + viewer JS with its pieces, without the wasm, gzip -9 (KB as 1000 bytes). */
const BUDGET = 40_000;

if (!existsSync(join(core, "raw.js")) || !existsSync(join(core, "chess960_bg.wasm"))) {
  console.error("www/build: no wasm-bindgen output in target/jsbuild/src; run `npm run build`");
  process.exit(1);
}

function run(cmd, args) {
  console.log(`$ ${[cmd, ...args].map((a) => (a.startsWith("/") ? relative(root, a) : a)).join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`www/build: ${cmd} failed`);
    process.exit(r.status ?? 1);
  }
}

run(tsc, ["-p", join(www, "tsconfig.json")]);

const esbuild = await import("esbuild");

// The one-file script builds the core from the copy of js/ that scripts/build.mjs made
// beside the real bindings (js/raw.js and the wasm exist only there).
const builtCore = {
  name: "chess960-core",
  setup(b) {
    b.onResolve({ filter: /^chess960$/ }, () => ({ path: join(core, "chess960.ts") }));
    b.onResolve({ filter: /(^|\/)js\/(chess960\.ts|raw\.js|chess960_bg\.wasm)$/ }, (a) => ({
      path: join(core, a.path.slice(a.path.lastIndexOf("/") + 1)),
    }));
  },
};
// The package entry imports the core by the package's name, left as it is, and the
// engine (a dynamic import, engine-default.ts) too: the app's bundler makes it a chunk.
const coreExternal = {
  name: "core-external",
  setup(b) {
    b.onResolve({ filter: /^chess960(\/engine)?$/ }, (a) => ({ path: a.path, external: true }));
  },
};
// The one-file script loads the engine's one-file script beside it (engine-default.iife.ts).
const engineBeside = {
  name: "engine-beside",
  setup(b) {
    b.onResolve({ filter: /\/engine-default\.ts$/ }, () => ({ path: join(www, "src", "engine-default.iife.ts") }));
  },
};
// style.css as its minified text.
const cssText = {
  name: "css-text",
  setup(b) {
    b.onLoad({ filter: /\.css$/ }, async (a) => {
      const { code } = await esbuild.transform(readFileSync(a.path, "utf8"), { loader: "css", minify: true });
      return { contents: `export default ${JSON.stringify(code.trim())};`, loader: "js" };
    });
  },
};
// For the size report: the same bundle with the wasm left out, and with it its transport
// form's decoder (js/unpack.ts, ~0.4 KB gzip).
const noWasm = {
  name: "no-wasm",
  setup(b) {
    b.onLoad({ filter: /\.wasm$/ }, () => ({ contents: "export default () => new Uint8Array(0)", loader: "js" }));
  },
};

const common = {
  bundle: true, minify: true, legalComments: "none", logLevel: "warning", target: "es2022",
  platform: "browser", loader: { ".wasm": "binary" }, write: false,
  logOverride: { "empty-import-meta": "silent" },
  // The only console call is wasm-bindgen's warning for an initSync() argument form
  // that init.ts does not use.
  drop: ["console"],
};

/**
 * The one-file script with the global `Chess960`. Built as ESM and wrapped here:
 * esbuild's own IIFE with `globalName` adds its CommonJS interop helpers (some 200
 * bytes gzip), and this script needs none of them. The global is a frozen object of
 * the exports, read-only like the namespace object esbuild would make.
 */
async function oneFile(plugins, options = {}) {
  const out = await esbuild.build({
    ...common, format: "esm", entryPoints: [join(www, "src", "script.ts")], outfile: "chess960-board.js",
    plugins: [cssText, engineBeside, ...plugins], ...options,
  });
  const code = out.outputFiles[0].text;
  const tail = /export\{([\w$ ,]+)\};\n?$/.exec(code);
  const body = tail ? code.slice(0, tail.index) : "";
  if (!tail || /\bimport\.meta\b|\bexport\s*\{|^import\b/m.test(body)) {
    throw new Error("www/build: unexpected ESM output; cannot wrap it as a classic script");
  }
  const names = tail[1].split(",").map((e) => {
    const [local, exported = local] = e.trim().split(/\s+as\s+/);
    return `${exported}:${local}`;
  });
  return Buffer.from(`"use strict";var Chess960=(()=>{${body}return Object.freeze({${names}})})();\n`);
}

mkdirSync(dist, { recursive: true });
// The wasm packed (scripts/packed-wasm.mjs), and its module first: the bundle then opens
// with the wasm's text rather than having it inside the code, which gzip -9 packs smaller.
const script = await oneFile([builtCore, packedWasm(join(core, "unpack.ts"))], {
  inject: [join(core, "chess960_bg.wasm")],
});
writeFileSync(join(dist, "chess960-board.js"), script);
const scriptBare = await oneFile([noWasm, builtCore]);

// chess960/board.
rmSync(pkgBoard, { recursive: true, force: true });
mkdirSync(pkgBoard, { recursive: true });
const entry = await esbuild.build({
  ...common, format: "esm", entryPoints: [join(www, "src", "index.ts")], outfile: join(pkgBoard, "index.js"),
  plugins: [cssText, coreExternal],
});
const boardJs = entry.outputFiles[0].contents;
const entryText = entry.outputFiles[0].text;
if (!/\bimport\{[^}]*\}from"chess960"/.test(entryText) || /WebAssembly|initSync/.test(entryText)) {
  throw new Error("www/build: pkg/board/index.js must import the core as \"chess960\" (one shared instance)");
}
// The engine is fetched when asked for, never with the board (SPEC §5).
if (!/\bimport\("chess960\/engine"\)/.test(entryText) || /new Worker\(/.test(entryText)) {
  throw new Error("www/build: pkg/board/index.js must load chess960/engine by a dynamic import only");
}
if (/new Worker\(/.test(script.toString())) {
  throw new Error("www/build: the one-file board script must not contain the engine");
}
writeFileSync(join(pkgBoard, "index.js"), boardJs);
writeFileSync(join(pkgBoard, "chess960-board.iife.js"), script);
const types = join(root, "target", "boardtypes");
rmSync(types, { recursive: true, force: true });
mkdirSync(types, { recursive: true });
writeFileSync(join(types, "tsconfig.json"), JSON.stringify({
  extends: relative(types, join(www, "tsconfig.json")),
  compilerOptions: {
    noEmit: false, declaration: true, emitDeclarationOnly: true, rewriteRelativeImportExtensions: true,
    rootDir: relative(types, join(www, "src")), outDir: relative(types, pkgBoard),
    paths: {
      chess960: [relative(types, join(root, "pkg", "index.d.ts"))],
      "chess960/engine": [relative(types, join(root, "pkg", "engine", "index.d.ts"))],
    },
  },
  include: [], files: [relative(types, join(www, "src", "index.ts")), relative(types, join(www, "src", "env.d.ts"))],
}, null, 2));
run(tsc, ["-p", join(types, "tsconfig.json")]);
// Relative imports in the declarations name the .js the bundle stands for, so any
// moduleResolution finds the .d.ts beside it.
for (const f of readdirSync(pkgBoard).filter((f) => f.endsWith(".d.ts"))) {
  const p = join(pkgBoard, f);
  writeFileSync(p, readFileSync(p, "utf8").replace(/(from\s+|import\()(["'])(\.\.?\/[^"']+)\.ts\2/g, "$1$2$3.js$2"));
}


const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
console.log("\nthe board                                   raw      gzip -9");
const row = (name, b) => console.log(`${name.padEnd(38)} ${String(b.length).padStart(9)} ${String(gz(b)).padStart(9)}`);
row("pkg/board/index.js (board + viewer)", boardJs);
row("pkg/board/chess960-board.iife.js (wasm)", script);
row("  the same without the wasm", scriptBare);
if (gz(boardJs) > BUDGET) {
  console.error(`www/build: board + viewer JS is ${gz(boardJs)} bytes gzip -9, over the budget of ${BUDGET} (SPEC §7)`);
  process.exit(1);
}
console.log(`www/build: board + viewer ${gz(boardJs)} of ${BUDGET} bytes gzip -9 (SPEC §7); dist/ and pkg/board/ are ready`);

// The app (www/app/build.mjs): dist/index.html, app.js, sw.js, manifest, icons.
await buildApp({ esbuild, common, www, dist, boardJs, gz, row });
