#!/usr/bin/env node
// Builds the npm package into pkg/:
//   cargo (wasm32, release) → wasm-bindgen --target web → wasm-opt -Oz (npm binaryen)
//   → tsc (type-check js/ against the generated bindings, emit .d.ts)
//   → esbuild: pkg/index.js (wasm inlined, ESM), pkg/node/index.js (ESM, reads the
//     .wasm file), pkg/cjs/index.js (CommonJS), pkg/chess960.iife.js (global Chess960);
//     the inlined wasm as text that gzips like the wasm itself (scripts/packed-wasm.mjs)
// then www/build.mjs when it exists, and prints raw and gzip -9 sizes.
//
// Flags: --if-missing  do nothing when pkg/index.js already exists (used by prepack).

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { opsTs as opsTsOf } from "./ops.mjs";
import { pack, packedWasm } from "./packed-wasm.mjs";
import { registryRemap } from "./remap.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = join(root, "pkg");
const work = join(root, "target", "jsbuild");
const bin = join(root, "node_modules", ".bin");
const home = process.env.HOME ?? "";
const env = { ...process.env, PATH: `${join(home, ".cargo", "bin")}:${process.env.PATH ?? ""}` };

if (process.argv.includes("--if-missing") && existsSync(join(pkg, "index.js"))) process.exit(0);

function run(cmd, args, options = {}) {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit", ...options });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    console.error(`build: \`${cmd}\` failed with exit code ${r.status}`);
    process.exit(r.status ?? 1);
  }
}

const crate = /^\s*name\s*=\s*"([^"]+)"/m.exec(readFileSync(join(root, "Cargo.toml"), "utf8"))?.[1];
if (crate === undefined) throw new Error("build: no package name in Cargo.toml");
const crateFile = crate.replaceAll("-", "_");

// 1. The rules' wasm bindings (the root crate, on the core crates/core), for wasm32, and
// the operation numbers of their boundary (js/ops.ts, written from src/ops.rs: one
// definition).
// The registry's folders mapped out of the crates' paths (scripts/remap.mjs), so that the
// module is the same wherever it is built: through `cargo --config`, whose arrays are
// joined with .cargo/config.toml's flags (the stack size stays).
const remap = registryRemap(root, env).map((f) => JSON.stringify(f));
// Without the crate's default `std` feature: no std in the wasm (src/lib.rs).
run("cargo", [
  "build", "--release", "--target", "wasm32-unknown-unknown", "--lib", "-p", crate, "--no-default-features",
  "--config", `target.wasm32-unknown-unknown.rustflags=[${remap.join(",")}]`,
]);
const opsTs = opsTsOf();
if (!existsSync(join(root, "js", "ops.ts")) || readFileSync(join(root, "js", "ops.ts"), "utf8") !== opsTs) {
  writeFileSync(join(root, "js", "ops.ts"), opsTs);
}
const cargoWasm = join(root, "target", "wasm32-unknown-unknown", "release", `${crateFile}.wasm`);

// 2. JS glue and bindings.
rmSync(work, { recursive: true, force: true });
const bindgen = join(work, "bindgen");
const src = join(work, "src");
mkdirSync(bindgen, { recursive: true });
mkdirSync(src, { recursive: true });
// Exports without multi-value returns. wasm-bindgen gives exports that return strings
// or Results several return values when the module's target_features section lists
// multivalue (rustc's default); V8 then compiles a JS-to-wasm wrapper per such
// signature with its optimising compiler when the module is compiled, which cost ~2 ms
// of every start-up here (3–3.5 ms to compile the module, 1.2–1.5 ms without). Marked
// as not used, the feature leaves wasm-bindgen on its return-pointer convention.
const coreWasm = join(work, "core.wasm");
writeFileSync(coreWasm, withoutFeature(readFileSync(cargoWasm), "multivalue"));
run("wasm-bindgen", [
  "--target", "web", "--remove-name-section", "--remove-producers-section",
  "--out-dir", bindgen, "--out-name", "chess960", coreWasm,
]);

/**
 * `wasm` with `feature` marked "-" (not used) in its target_features section, if the
 * section marks it "+". A byte changes in place; anything else is left as it is.
 */
function withoutFeature(wasm, feature) {
  const out = Uint8Array.from(wasm);
  let at = 8; // after the magic number and version
  const leb = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const b = out[at++];
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
    }
  };
  const text = (start, len) => new TextDecoder().decode(out.subarray(start, start + len));
  while (at < out.length) {
    const id = out[at++];
    const size = leb();
    const end = at + size;
    if (id === 0) {
      const nameLen = leb();
      const name = text(at, nameLen);
      at += nameLen;
      if (name === "target_features") {
        for (let count = leb(); count > 0; count--) {
          const prefix = at++;
          const len = leb();
          if (text(at, len) === feature && out[prefix] === 0x2b) out[prefix] = 0x2d; // "+" → "-"
          at += len;
        }
      }
    }
    at = end;
  }
  return out;
}

// 3. Size optimisation with binaryen from npm (Debian's binaryen 108 writes broken wasm).
// Rust's default wasm32 features but multivalue (marked unused in step 2; wasm-opt then
// fails should the code use it), so wasm-opt may keep the instructions rustc emitted.
const features = [
  "--enable-bulk-memory", "--enable-bulk-memory-opt", "--enable-nontrapping-float-to-int",
  "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types",
];
// --low-memory-unused: nothing lives below address 1024 (the stack grows down from 64 KiB
// to the data), so wasm-opt may fold constant offsets into loads (-135 B gzip);
// --converge: the passes again until the module stops shrinking (-130 B, ~4 s).
run(join(bin, "wasm-opt"), [
  "-Oz", "--low-memory-unused", "--converge", ...features, "--strip-debug", "--strip-producers",
  join(bindgen, "chess960_bg.wasm"), "-o", join(src, "chess960_bg.wasm"),
]);

// 4. Sources beside the real bindings: js/*.ts, with raw.d.ts replaced by what
// wasm-bindgen generated, so tsc checks the wrapper against the actual exports.
for (const f of readdirSync(join(root, "js"))) {
  if (f.endsWith(".ts") && f !== "raw.d.ts") copyFileSync(join(root, "js", f), join(src, f));
}
copyFileSync(join(bindgen, "chess960.js"), join(src, "raw.js"));
copyFileSync(join(bindgen, "chess960.d.ts"), join(src, "raw.d.ts"));
const types = join(work, "types");
writeFileSync(join(work, "tsconfig.json"), JSON.stringify({
  extends: relative(work, join(root, "tsconfig.json")),
  compilerOptions: {
    noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: "types",
    rootDir: "src", typeRoots: [relative(work, join(root, "node_modules", "@types"))],
  },
  include: ["src/*.ts"],
}, null, 2));
console.log("$ tsc (js/ against the generated bindings)");
run(join(bin, "tsc"), ["-p", join(work, "tsconfig.json")]);

// 5. Bundles.
rmSync(pkg, { recursive: true, force: true });
mkdirSync(join(pkg, "node"), { recursive: true });
mkdirSync(join(pkg, "cjs"), { recursive: true });
const esbuild = await import("esbuild");
const common = {
  bundle: true, minify: true, legalComments: "none", logLevel: "warning",
  target: "es2022", loader: { ".wasm": "binary" },
  // wasm-bindgen's async default init mentions import.meta.url; we only use initSync,
  // so that code is tree-shaken away and the CJS/IIFE warning about it is moot.
  logOverride: { "empty-import-meta": "silent" },
};
// The two builds that inline the wasm carry it packed, decoded by js/unpack.ts.
const inlined = { plugins: [packedWasm(join(src, "unpack.ts"))] };
// ESM splits at readPgn's dynamic import: the bulk reader (js/read-games.ts, which imports
// nothing at run time) is a chunk of its own, loaded on the first readPgn call; the rest,
// wasm included, stays in pkg/index.js. The other builds inline that import.
await esbuild.build({
  ...common, ...inlined, entryPoints: [join(src, "index.ts")], outdir: pkg,
  entryNames: "[name]", chunkNames: "chunks/[name]-[hash]", splitting: true,
  format: "esm", platform: "neutral",
});
await esbuild.build({
  ...common, entryPoints: [join(src, "node.ts")], outfile: join(pkg, "node", "index.js"),
  format: "esm", platform: "node",
});
await esbuild.build({
  ...common, entryPoints: [join(src, "node-cjs.ts")], outfile: join(pkg, "cjs", "index.js"),
  format: "cjs", platform: "node",
});
await esbuild.build({
  ...common, ...inlined, entryPoints: [join(src, "index.ts")], outfile: join(pkg, "chess960.iife.js"),
  format: "iife", globalName: "Chess960", platform: "browser",
});
// The terminal command (`npx chess960 pgn stats FILE`): the Node entry and js/cli.ts, in
// pkg/cli/ so that the entry finds the wasm beside it as it does from pkg/node/.
await esbuild.build({
  ...common, entryPoints: [join(src, "cli.ts")], outfile: join(pkg, "cli", "index.js"),
  format: "esm", platform: "node", banner: { js: "#!/usr/bin/env node" },
});
copyFileSync(join(src, "chess960_bg.wasm"), join(pkg, "chess960_bg.wasm"));

// 6. Types: one self-contained declaration file, for ESM and (a copy) for CommonJS: the
// public modules' declarations one after another, their imports of each other dropped
// (chess960.d.ts, which only re-exports them, is left out). `[Symbol.dispose]` needs the
// esnext.disposable lib (TypeScript >= 5.2); referencing it spares consumers whose `lib`
// is older (es2022, say) an error inside this file.
const publicModules = ["types", "tree", "constants", "move", "chess", "read"];
let dts = `/// <reference lib="esnext.disposable" />\n`;
for (const m of publicModules) {
  const d = readFileSync(join(types, `${m}.d.ts`), "utf8")
    .replace(/^import[^;]*?from\s+["']\.\/[\w-]+\.js["'];\n/gms, "")
    .replace(/^export \{\};\n/gm, "");
  dts += `\n// ${m}\n${d}`;
}
if (/^\s*import\b|from\s+["']\.\//m.test(dts)) {
  throw new Error("build: the public .d.ts must be self-contained (no imports of the raw bindings or of each other)");
}
writeFileSync(join(pkg, "index.d.ts"), dts);
writeFileSync(join(pkg, "cjs", "index.d.ts"), dts);

// 7. pkg/package.json: makes pkg/ itself a complete package too (`npm pack pkg/`),
// and marks .js under pkg/ as ESM; pkg/cjs/ is CommonJS.
const rootManifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const exportsMap = {
  ".": {
    node: {
      import: { types: "./index.d.ts", default: "./node/index.js" },
      require: { types: "./cjs/index.d.ts", default: "./cjs/index.js" },
    },
    types: "./index.d.ts",
    default: "./index.js",
  },
  "./board": { types: "./board/index.d.ts", default: "./board/index.js" },
  "./board/iife": "./board/chess960-board.iife.js",
  "./iife": "./chess960.iife.js",
  "./engine": { types: "./engine/index.d.ts", default: "./engine/index.js" },
  "./engine/iife": "./engine/chess960-engine.iife.js",
  "./chess960.wasm": "./chess960_bg.wasm",
  "./package.json": "./package.json",
};
writeFileSync(join(pkg, "package.json"), `${JSON.stringify({
  name: rootManifest.name, version: rootManifest.version, description: rootManifest.description,
  license: rootManifest.license, keywords: rootManifest.keywords, engines: rootManifest.engines,
  type: "module", sideEffects: ["./board/index.js", "./board/chess960-board.iife.js"],
  main: "./cjs/index.js", module: "./index.js", types: "./index.d.ts", exports: exportsMap,
  bin: { chess960: "./cli/index.js" },
}, null, 2)}\n`);
writeFileSync(join(pkg, "cjs", "package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
if (existsSync(join(root, "README.md"))) copyFileSync(join(root, "README.md"), join(pkg, "README.md"));

run(process.execPath, [join(root, "scripts", "build-engine.mjs")]); // chess960/engine: pkg/engine/

// 8. The board widget and demo (written by www/ itself).
if (existsSync(join(root, "www", "build.mjs"))) run(process.execPath, [join(root, "www", "build.mjs")]);

// 9. Sizes.
const rows = [
  ["wasm (wasm-bindgen output)", join(bindgen, "chess960_bg.wasm")],
  ["wasm (after wasm-opt -Oz)", join(pkg, "chess960_bg.wasm")],
  ["wasm packed as text (as inlined)", Buffer.from(pack(readFileSync(join(pkg, "chess960_bg.wasm"))).text)],
  ["pkg/index.js (ESM, wasm inlined)", join(pkg, "index.js")],
  ["pkg/node/index.js (Node ESM)", join(pkg, "node", "index.js")],
  ["pkg/cjs/index.js (Node CommonJS)", join(pkg, "cjs", "index.js")],
  ["pkg/chess960.iife.js (IIFE, inlined)", join(pkg, "chess960.iife.js")],
];
console.log("\nsize                                        raw      gzip -9");
for (const [name, file] of rows) {
  const bytes = typeof file === "string" ? readFileSync(file) : file;
  const gz = gzipSync(bytes, { level: 9 }).length;
  console.log(`${name.padEnd(38)} ${String(bytes.length).padStart(9)} ${String(gz).padStart(9)}`);
}
console.log("\nbuild: pkg/ is ready");
