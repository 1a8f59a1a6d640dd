#!/usr/bin/env node
// SPEC §7's budgets (gzip -9, KB as 1,000 bytes), checked against the built package: exits
// non-zero when an entry is over its budget. `npm test` runs it as a step of its own; the
// build prints the sizes. These are guards against regressions, not goals (SPEC §7).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const gz = (file) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;

/** [what, files (their gzip sizes added), SPEC §7 budget in bytes]. */
export const BUDGETS = [
  ["the rules wasm, everything in it", ["pkg/chess960_bg.wasm"], 72_000],
  ["pkg/index.js (rules JS + inlined wasm)", ["pkg/index.js"], 84_000],
  ["board + viewer + app components JS with its pieces, without the wasm", ["pkg/board/index.js", "www/dist/app.js"], 40_000],
  ["engine entry (JS + its wasm)", ["pkg/engine/index.js"], 96_000],
];

let failed = 0;
for (const [what, files, budget] of BUDGETS) {
  const missing = files.filter((f) => !existsSync(join(root, f)));
  if (missing.length > 0) {
    console.log(`MISSING  ${what}: ${missing.join(", ")} not built`);
    failed++;
    continue;
  }
  const size = files.reduce((sum, f) => sum + gz(f), 0);
  const pct = `${((100 * size) / budget).toFixed(0)} %`;
  console.log(`${size <= budget ? "ok     " : "FAILED "}  ${what}: ${size} B of ${budget} B (${pct})`);
  if (size > budget) failed++;
}
process.exit(failed === 0 ? 0 : 1);
