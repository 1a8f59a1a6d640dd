#!/usr/bin/env node
// Runs every test suite after setup and build (see package.json "test"):
//   1. cargo test                         the Rust core, natively
//   2. wasm-bindgen-test in Node          tests/wasm.rs on wasm32
//   3. wasm-bindgen-test in Chromium      the same, headless, through chromedriver
//   4. node --test                        test/*.test.mjs (the built package) and
//                                         www/test/*.test.mjs (the widget), when present
// Every step runs even when an earlier one failed; the exit code is non-zero if any failed.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const home = process.env.HOME ?? "";
const env = { ...process.env, PATH: `${join(home, ".cargo", "bin")}:${process.env.PATH ?? ""}` };
const results = [];

function step(name, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${name}\n$ ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  // A hung step must not eat CI's budget: 10 minutes each (the whole run takes ~3).
  const r = spawnSync(cmd, args, {
    cwd: root, env: { ...env, ...extraEnv }, stdio: "inherit", timeout: 600_000, killSignal: "SIGKILL",
  });
  const ok = r.status === 0;
  results.push({ name, status: ok ? "passed" : `FAILED (${r.error?.message ?? (r.signal ? `killed by ${r.signal} (timeout?)` : `exit ${r.status}`)})`, ok, s: (Date.now() - started) / 1000 });
}

function skip(name, why) {
  console.log(`\n=== ${name}\nskipped: ${why}`);
  results.push({ name, status: `skipped (${why})`, ok: true, s: 0 });
}

// What the README claims about the code: formatted, lint-clean natively and for wasm32
// (tsc --strict runs in the build), and within SPEC §7's budgets.
step("cargo fmt --check", "cargo", ["fmt", "--check"]);
step("cargo clippy (native, all targets)", "cargo", ["clippy", "--all-targets", "--", "-D", "warnings"]);
step("cargo clippy (wasm32)", "cargo", ["clippy", "--target", "wasm32-unknown-unknown", "--lib", "--test", "wasm", "--", "-D", "warnings"]);
// The shipped wasm is built without std (scripts/build.mjs): lint that configuration too.
step("cargo clippy (shipped wasm, no std)", "cargo", ["clippy", "--release", "--target", "wasm32-unknown-unknown", "--lib", "--no-default-features", "--", "-D", "warnings"]);
step("budgets (SPEC §7)", process.execPath, [join(root, "scripts", "budgets.mjs")]);

step("cargo test (native)", "cargo", ["test", "--no-fail-fast"]);

const wasmTests = join(root, "tests", "wasm.rs");
if (existsSync(wasmTests)) {
  const wasmArgs = ["test", "--no-fail-fast", "--target", "wasm32-unknown-unknown", "--test", "wasm"];
  const runner = { CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER: "wasm-bindgen-test-runner", WASM_BINDGEN_TEST_TIMEOUT: "300" };
  step("wasm-bindgen-test (Node)", "cargo", wasmArgs, runner);
  step("wasm-bindgen-test (headless Chromium)", "cargo", wasmArgs, {
    ...runner,
    WASM_BINDGEN_USE_BROWSER: "1",
    CHROMEDRIVER: "/usr/bin/chromedriver",
    WASM_BINDGEN_TEST_WEBDRIVER_JSON: join(root, "scripts", "webdriver.json"),
  });
} else {
  skip("wasm-bindgen-test (Node and Chromium)", "tests/wasm.rs does not exist yet");
}

// Every *.test.mjs / *.test.cjs under test/ (one folder per kind: package/, chessjs/,
// engine/ …) and www/test/.
const testFiles = [];
const collect = (dir) => {
  if (!existsSync(join(root, dir))) return;
  for (const e of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory() && e.name !== "fixtures" && e.name !== "node_modules") collect(join(dir, e.name));
    else if (/\.test\.(mjs|cjs)$/.test(e.name)) testFiles.push(join(dir, e.name));
  }
};
collect("test");
collect(join("www", "test"));
if (testFiles.length > 0) step("node --test (package and widget)", process.execPath, ["--test", ...testFiles]);
else skip("node --test", "no test files");

console.log("\n=== summary");
for (const r of results) console.log(`${r.status.padEnd(10)} ${r.name} (${r.s.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
