#!/usr/bin/env node
// Builds the board widget and the demo into www/dist/ (called by scripts/build.mjs):
//   dist/chess960-board.js  one classic (IIFE) script, wasm inlined (packed as in
//                           pkg/index.js: scripts/packed-wasm.mjs): the `chess960`
//                           API plus the board, global `Chess960`, registers
//                           <chess960-board>
//   dist/demo.js            the demo page's script (uses the global above)
//   dist/index.html         the demo; opens straight from file:// (classic scripts only)
// Type-checks www/ with tsc --strict first, and prints the gzip -9 size of the
// widget without the wasm.
//
// Needs the wasm-bindgen output that `npm run build` leaves in target/jsbuild/src/.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { packedWasm } from "../scripts/packed-wasm.mjs";

const www = dirname(fileURLToPath(import.meta.url));
const root = join(www, "..");
const dist = join(www, "dist");
const core = join(root, "target", "jsbuild", "src");

if (!existsSync(join(core, "raw.js")) || !existsSync(join(core, "chess960_bg.wasm"))) {
  console.error("www/build: no wasm-bindgen output in target/jsbuild/src; run `npm run build`");
  process.exit(1);
}

const tsc = join(root, "node_modules", ".bin", "tsc");
console.log("$ tsc -p www (strict)");
const checked = spawnSync(tsc, ["-p", join(www, "tsconfig.json")], { stdio: "inherit" });
if (checked.status !== 0) {
  console.error("www/build: type errors");
  process.exit(checked.status ?? 1);
}

const esbuild = await import("esbuild");

// js/raw.js and js/chess960_bg.wasm exist only beside the copy of js/ that
// scripts/build.mjs made with the real bindings: build the core from there.
const useBuiltCore = {
  name: "chess960-core",
  setup(b) {
    b.onResolve({ filter: /(^|\/)js\/(index\.ts|chess960\.ts|raw\.js|chess960_bg\.wasm)$/ }, (a) => ({
      path: join(core, a.path.slice(a.path.lastIndexOf("/") + 1)),
    }));
  },
};
// For the size report: the same bundle with the wasm left out, and with it its transport
// form's decoder (js/unpack.ts, ~0.4 KB gzip; before it, esbuild's base64 decoder).
const noWasm = {
  name: "no-wasm",
  setup(b) {
    b.onLoad({ filter: /\.wasm$/ }, () => ({ contents: "export default () => new Uint8Array(0)", loader: "js" }));
  },
};

const common = {
  bundle: true, minify: true, legalComments: "none", logLevel: "warning", target: "es2022",
  format: "iife", platform: "browser", loader: { ".wasm": "binary" },
  logOverride: { "empty-import-meta": "silent" },
};

/**
 * The widget as one classic script with the global `Chess960`. Built as ESM and
 * wrapped here: esbuild's own IIFE with `globalName` adds its CommonJS interop
 * helpers (some 200 bytes gzip), and this script needs none of them. The global
 * is a frozen object of the exports, read-only like the namespace object esbuild
 * would make.
 */
async function widgetScript(plugins, options = {}) {
  const out = await esbuild.build({
    ...common, ...widgetOnly, format: "esm", entryPoints: [join(www, "src", "index.ts")], write: false,
    outfile: "chess960-board.js", plugins, ...options,
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

// Shorter names for the board's internals (its state, DOM handles and private
// members): properties that no page, test or core API reads by name, and no DOM
// API has (a DOM name here would be renamed on the DOM object too). Not in the
// list: anything the core API, DOM, demo or BoardOptions shares (dests, turn,
// verbose, focus, orientation, viewer, coordinates …).
const internals = new RegExp(`^(${[
  "pieces", "selected", "reselected", "castles", "hover", "lastMove", "drag", "prompt", "swapPhase",
  "caption", "banner", "tape", "coords", "squares", "overlay", "bar", "nav", "memo", "root",
  "live", "overlayKey", "dragKey", "x0", "y0", "active", "ply", "items", "labels", "label", "role",
  "reported", "dismissed", "note", "unbind", "opts", "dom", "inner", "tryMove", "canPlay", "select",
  "selectMovable", "say", "play", "emit", "ensure", "reload", "fail",
  "down", "up", "drop", "cancel", "choose", "check", "toMove", "tabStop",
  "__wbg_ptr", "__destroy_into_raw", "__wrap",
].join("|")})$`);
// drop: the only console call is wasm-bindgen's warning for an initSync() argument
// form that core.ts does not use.
const widgetOnly = { mangleProps: internals, drop: ["console"] };

mkdirSync(dist, { recursive: true });
const widget = join(dist, "chess960-board.js");
// The wasm packed (scripts/packed-wasm.mjs), and its module first: the bundle then opens
// with the wasm's text rather than having it inside the code, which gzip -9 packs smaller.
writeFileSync(widget, await widgetScript([useBuiltCore, packedWasm(join(core, "unpack.ts"))], {
  inject: [join(core, "chess960_bg.wasm")],
}));
const bareBytes = await widgetScript([noWasm, useBuiltCore]);
const coreExternal = {
  name: "core-external",
  setup(b) {
    b.onResolve({ filter: /(^|\/)js\/(index\.ts|chess960\.ts|raw\.js|chess960_bg\.wasm)$/ }, () => ({ path: "chess960", external: true }));
  },
};
const boardOnly = await esbuild.build({
  ...common, format: "esm", entryPoints: [join(www, "src", "element.ts")], write: false,
  outfile: "board.js", plugins: [coreExternal], ...widgetOnly,
});
await esbuild.build({ ...common, entryPoints: [join(www, "demo.ts")], outfile: join(dist, "demo.js") });

const html = readFileSync(join(www, "index.html"), "utf8").replaceAll('src="dist/', 'src="');
writeFileSync(join(dist, "index.html"), html);

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const widgetBytes = readFileSync(widget);
const boardBytes = boardOnly.outputFiles[0].contents;
console.log("\nwww/dist                                    raw      gzip -9");
const row = (name, b) => console.log(`${name.padEnd(38)} ${String(b.length).padStart(9)} ${String(gz(b)).padStart(9)}`);
row("chess960-board.js (wasm inlined)", widgetBytes);
row("chess960-board.js without the wasm", bareBytes);
row("  of which the board (no core API)", boardBytes);
row("demo.js", readFileSync(join(dist, "demo.js")));
row("index.html", Buffer.from(html));
// The "widget JS ≤ 12 KB gzip", with KB read as 1000 bytes.
const limit = 30000;
if (gz(bareBytes) > limit) console.warn(`www/build: widget without wasm is over ${limit} bytes gzip`);
console.log("www/build: dist/ is ready");
