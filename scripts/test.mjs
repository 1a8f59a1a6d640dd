#!/usr/bin/env node
// Runs every test suite after setup and build (see package.json "test"):
//   1. cargo fmt, clippy (native; wasm32), the budgets
//   2. cargo test                         every crate of the workspace, natively
//   3. wasm-bindgen-test in Node          tests/wasm.rs (the bindings) on wasm32
//   4. wasm-bindgen-test in Chromium      the same, headless, through chromedriver
//   5. node --test                        tests/**/*.test.mjs: the built package, the
//                                         chess.js comparison, the engine, the browser
// Every step runs even when an earlier one failed; the exit code is non-zero if any failed.
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const home = process.env.HOME ?? "";
const env = { ...process.env, PATH: `${join(home, ".cargo", "bin")}:${process.env.PATH ?? ""}` };
const results = [];

// Each step's output goes to the terminal as it comes and its last lines are kept, so
// that the summary can repeat them for a failed step: CI shows only the tail of a run.
const TAIL_LINES = 40;
let running = null;
const killGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
};
// Ctrl-C reaches only this process once the step has its own group: pass it on.
process.on("SIGINT", () => {
  if (running) killGroup(running, "SIGINT");
  process.exit(130);
});
async function step(name, cmd, args, extraEnv = {}) {
  console.log(`\n=== ${name}\n$ ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  // Its own process group, so that a timeout ends the step's children too.
  const child = spawn(cmd, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  running = child;
  let kept = "";
  const keep = (out) => (chunk) => {
    out.write(chunk);
    kept = (kept + chunk.toString()).split("\n").slice(-TAIL_LINES - 1).join("\n");
  };
  child.stdout.on("data", keep(process.stdout));
  child.stderr.on("data", keep(process.stderr));
  // A hung step must not eat CI's budget: 15 minutes each (the whole run takes ~7 idle; the
  // browser tests' step took over 10 on this 2-core host with other jobs beside it).
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), 900_000);
  const [code, signal, error] = await new Promise((done) => {
    child.on("error", (e) => done([null, null, e]));
    child.on("close", (c, sig) => done([c, sig, null]));
  });
  clearTimeout(timer);
  running = null;
  const ok = code === 0;
  const why = error?.message ?? (signal ? `killed by ${signal} (timeout?)` : `exit ${code}`);
  results.push({ name, status: ok ? "passed" : `FAILED (${why})`, ok, s: (Date.now() - started) / 1000, tail: kept });
}

function skip(name, why) {
  console.log(`\n=== ${name}\nskipped: ${why}`);
  results.push({ name, status: `skipped (${why})`, ok: true, s: 0 });
}

// What the README claims about the code: formatted, lint-clean natively and for wasm32
// (tsc --strict runs in the build), and within SPEC §7's budgets.
await step("cargo fmt --check", "cargo", ["fmt", "--check"]);
await step("cargo clippy (native, all targets)", "cargo", ["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]);
// The two wasm crates as they ship, and the bindings' wasm tests.
await step("cargo clippy (wasm32)", "cargo", [
  "clippy", "--target", "wasm32-unknown-unknown", "-p", "chess960-wasm", "-p", "chess960-engine", "--lib", "--test", "wasm",
  "--", "-D", "warnings",
]);
await step("budgets (SPEC §7)", process.execPath, [join(root, "scripts", "budgets.mjs")]);

await step("cargo test (native)", "cargo", ["test", "--workspace", "--no-fail-fast"]);

const wasmTests = join(root, "tests", "wasm.rs");
if (existsSync(wasmTests)) {
  const wasmArgs = ["test", "--no-fail-fast", "--target", "wasm32-unknown-unknown", "-p", "chess960-wasm", "--test", "wasm"];
  const runner = { CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER: "wasm-bindgen-test-runner", WASM_BINDGEN_TEST_TIMEOUT: "300" };
  await step("wasm-bindgen-test (Node)", "cargo", wasmArgs, runner);
  await step("wasm-bindgen-test (headless Chromium)", "cargo", wasmArgs, {
    ...runner,
    WASM_BINDGEN_USE_BROWSER: "1",
    CHROMEDRIVER: "/usr/bin/chromedriver",
    // The runner gives chromedriver 5 s to bind its port by default; on a freshly booted
    // CI machine its first start (cold disk cache, other work) can take longer, and the
    // step then fails with exit 101 before any test runs. 60 s, as for the session.
    WASM_BINDGEN_TEST_DRIVER_TIMEOUT: "60",
    WASM_BINDGEN_TEST_WEBDRIVER_JSON: join(root, "scripts", "webdriver.json"),
  });
} else {
  skip("wasm-bindgen-test (Node and Chromium)", "tests/wasm.rs does not exist yet");
}

// Every *.test.mjs / *.test.cjs under tests/ (one folder per kind: package/, chessjs/,
// engine/, browser/; tests/README.md).
const testFiles = [];
const collect = (dir) => {
  if (!existsSync(join(root, dir))) return;
  for (const e of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory() && !["fixtures", "data", "node_modules"].includes(e.name)) collect(join(dir, e.name));
    else if (/\.test\.(mjs|cjs)$/.test(e.name)) testFiles.push(join(dir, e.name));
  }
};
collect("tests");
if (testFiles.length > 0) await step("node --test (package and widget)", process.execPath, ["--test", ...testFiles]);
else skip("node --test", "no test files");

console.log("\n=== summary");
for (const r of results) console.log(`${r.status.padEnd(10)} ${r.name} (${r.s.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
for (const r of results.filter((x) => !x.ok)) {
  console.log(`\n=== the last lines of the failed step: ${r.name}\n${r.tail}`);
}
process.exit(failed === 0 ? 0 : 1);
