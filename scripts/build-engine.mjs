#!/usr/bin/env node
// Builds the engine entry `chess960/engine` into pkg/engine/ (called by scripts/build.mjs
// after the core; runnable alone once pkg/ exists):
//   cargo (wasm32, release, the `chess960-engine` crate: crates/engine/src/wasm.rs, 1 MiB
//   stack for the search) → wasm-bindgen --target web
//   → wasm-opt -O3 (npm binaryen; the search wants speed, not -Oz)
//   → tsc (js/engine/ against the generated bindings, emit .d.ts)
//   → esbuild: the worker (its glue + worker.ts) as one script, kept as text; the entry
//     (ESM, wasm inlined packed as in pkg/index.js, the worker text inside):
//     pkg/engine/index.js; the same as a classic script with global `Chess960Engine`:
//     pkg/engine/chess960-engine.iife.js (for file:// pages; copied to www/dist/)
// then prints sizes and fails when the entry is over its budget (SPEC §7: 96 KB gzip -9).

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { packedWasm } from "./packed-wasm.mjs";
import { registryRemap } from "./remap.mjs";

const BUDGET = 96_000; // SPEC §7, gzip -9 (KB as 1000 bytes, as scripts/budgets.mjs)
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "pkg", "engine");
const work = join(root, "target", "engine-jsbuild");
const targetDir = join(root, "target", "engine-wasm");
const bin = join(root, "node_modules", ".bin");
const home = process.env.HOME ?? "";
// RUSTFLAGS replaces .cargo/config.toml's wasm32 flags (the rules wasm's 64 KiB stack):
// the search recurses up to 128 plies with a move list per ply (~2 KB each).
const env = {
  ...process.env,
  PATH: `${join(home, ".cargo", "bin")}:${process.env.PATH ?? ""}`,
  CARGO_TARGET_DIR: targetDir,
  RUSTFLAGS: "-C link-arg=-zstack-size=1048576",
  CARGO_PROFILE_RELEASE_OPT_LEVEL: process.env.ENGINE_OPT_LEVEL ?? "3",
};

function run(cmd, args) {
  console.log(`$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    console.error(`build-engine: \`${cmd}\` failed with exit code ${r.status}`);
    process.exit(r.status ?? 1);
  }
}

// 1. The engine wasm.
// The registry's folders mapped out of the crates' paths (scripts/remap.mjs): the module
// is the same wherever it is built.
env.RUSTFLAGS = [env.RUSTFLAGS, ...registryRemap(root, env)].join(" ");
run("cargo", [
  "build", "--release", "--target", "wasm32-unknown-unknown", "--lib", "-p", "chess960-engine",
]);
const cargoWasm = join(targetDir, "wasm32-unknown-unknown", "release", "chess960_engine.wasm");

// 2. Glue (the web target: initSync with a module the worker receives).
rmSync(work, { recursive: true, force: true });
const bindgen = join(work, "bindgen");
const src = join(work, "src");
mkdirSync(bindgen, { recursive: true });
mkdirSync(src, { recursive: true });
run("wasm-bindgen", [
  "--target", "web", "--remove-name-section", "--remove-producers-section",
  "--out-dir", bindgen, "--out-name", "chess960_engine", cargoWasm,
]);

// 3. Optimised for speed; the features rustc's wasm32 target emits.
const features = [
  "--enable-bulk-memory", "--enable-bulk-memory-opt", "--enable-nontrapping-float-to-int",
  "--enable-sign-ext", "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue",
];
run(join(bin, "wasm-opt"), [
  process.env.ENGINE_WASM_OPT ?? "-O3", ...features, "--strip-debug", "--strip-producers",
  join(bindgen, "chess960_engine_bg.wasm"), "-o", join(src, "chess960_engine_bg.wasm"),
]);

// 4. Type-check js/engine/ against the real bindings; declarations for the entry.
for (const f of readdirSync(join(root, "js", "engine"))) {
  if (f.endsWith(".ts") && f !== "raw.d.ts") copyFileSync(join(root, "js", "engine", f), join(src, f));
}
copyFileSync(join(bindgen, "chess960_engine.js"), join(src, "raw.js"));
copyFileSync(join(bindgen, "chess960_engine.d.ts"), join(src, "raw.d.ts"));
writeFileSync(join(work, "tsconfig.json"), JSON.stringify({
  extends: relative(work, join(root, "tsconfig.json")),
  compilerOptions: {
    noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: "types",
    rootDir: "src", allowImportingTsExtensions: true, lib: ["ES2022", "DOM", "WebWorker.ImportScripts"],
    typeRoots: [relative(work, join(root, "node_modules", "@types"))],
  },
  include: ["src/*.ts"],
}, null, 2));
console.log("$ tsc (js/engine/ against the generated bindings)");
run(join(bin, "tsc"), ["-p", join(work, "tsconfig.json")]);

// 5. Bundles.
const esbuild = await import("esbuild");
const common = {
  bundle: true, minify: true, legalComments: "none", logLevel: "warning", target: "es2022",
  logOverride: { "empty-import-meta": "silent" },
};
const worker = await esbuild.build({
  ...common, entryPoints: [join(src, "worker.ts")], write: false, format: "iife", platform: "browser",
  outfile: "worker.js",
});
const workerSource = worker.outputFiles[0].text;
const workerModule = {
  name: "engine-worker-source",
  setup(b) {
    b.onResolve({ filter: /^engine-worker-source$/ }, () => ({ path: "worker", namespace: "engine-worker" }));
    b.onLoad({ filter: /.*/, namespace: "engine-worker" }, () => ({
      contents: `export default ${JSON.stringify(workerSource)};`, loader: "js",
    }));
  },
};
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const entry = {
  ...common, entryPoints: [join(src, "index.ts")], external: ["node:worker_threads"],
  plugins: [workerModule, packedWasm(join(root, "js", "unpack.ts"))],
};
await esbuild.build({ ...entry, outfile: join(out, "index.js"), format: "esm", platform: "neutral" });
await esbuild.build({
  ...entry, outfile: join(out, "chess960-engine.iife.js"), format: "iife", globalName: "Chess960Engine",
  platform: "browser",
});
copyFileSync(join(work, "types", "index.d.ts"), join(out, "index.d.ts"));
copyFileSync(join(work, "types", "protocol.d.ts"), join(out, "protocol.d.ts"));
copyFileSync(join(work, "types", "levels.d.ts"), join(out, "levels.d.ts"));
copyFileSync(join(src, "chess960_engine_bg.wasm"), join(out, "chess960_engine_bg.wasm"));
const dist = join(root, "www", "dist");
mkdirSync(dist, { recursive: true });
copyFileSync(join(out, "chess960-engine.iife.js"), join(dist, "chess960-engine.js"));

// 6. Sizes and the budget.
const rows = [
  ["engine wasm (after wasm-opt)", join(out, "chess960_engine_bg.wasm")],
  ["engine worker (glue + worker.ts)", Buffer.from(workerSource)],
  ["pkg/engine/index.js (entry, wasm inlined)", join(out, "index.js")],
  ["pkg/engine/chess960-engine.iife.js", join(out, "chess960-engine.iife.js")],
];
console.log("\nsize                                        raw      gzip -9");
let entryGz = 0;
for (const [name, file] of rows) {
  const bytes = typeof file === "string" ? readFileSync(file) : file;
  const gz = gzipSync(bytes, { level: 9 }).length;
  if (file === join(out, "index.js")) entryGz = gz;
  console.log(`${name.padEnd(42)} ${String(bytes.length).padStart(9)} ${String(gz).padStart(9)}`);
}
if (entryGz > BUDGET) {
  console.error(`build-engine: pkg/engine/index.js is ${entryGz} B gzip, over its budget of ${BUDGET} B`);
  process.exit(1);
}
if (!existsSync(join(out, "index.d.ts"))) process.exit(1);
console.log("build-engine: pkg/engine/ is ready");
