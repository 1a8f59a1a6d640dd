#!/usr/bin/env node
// SPEC §7's budgets (gzip -9), checked against the built package: exits non-zero when
// one is over. `npm test` runs it as a step of its own; the build prints the sizes.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const gz = (file) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;

/** [what, files (their gzip sizes summed), budget in bytes]. */
const BUDGETS = [
  ["the rules wasm, everything in it", ["pkg/chess960_bg.wasm"], 48_000],
  ["pkg/index.js (rules JS + inlined wasm)", ["pkg/index.js"], 55_000],
  ["board + viewer JS with its pieces, without the wasm", ["pkg/board/index.js"], 30_000],
  ["engine entry (JS + its wasm)", ["pkg/engine/index.js"], 80_000],
];

let over = 0;
for (const [what, files, budget] of BUDGETS) {
  const missing = files.filter((f) => !existsSync(join(root, f)));
  if (missing.length > 0) {
    console.log(`MISSING  ${what}: ${missing.join(", ")} not built`);
    over++;
    continue;
  }
  const size = files.reduce((n, f) => n + gz(f), 0);
  const ok = size <= budget;
  if (!ok) over++;
  console.log(`${ok ? "ok     " : "OVER   "}  ${what}: ${size} B of ${budget} B (${((100 * size) / budget).toFixed(0)} %)`);
}
process.exit(over === 0 ? 0 : 1);
