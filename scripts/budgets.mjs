#!/usr/bin/env node
// SPEC §7's budgets (gzip -9), checked against the built package: exits non-zero when
// an entry is over its budget. `npm test` runs it as a step of its own; the build prints
// the sizes.
//
// Two entries are over SPEC's figure today (issue 17, marked blocked with the measured
// cost of each feature): for them the check fails above a ceiling, the size they had when
// they last landed rounded up to 100 B, so that they can only shrink; each line prints SPEC's figure beside.
// Lower a ceiling whenever a change shrinks its entry; remove it once the entry is within
// SPEC's figure.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const gz = (file) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;

/** [what, file, SPEC §7 budget in bytes, ceiling while over it (bytes) or undefined]. */
const BUDGETS = [
  ["the rules wasm, everything in it", "pkg/chess960_bg.wasm", 48_000, 57_200],
  ["pkg/index.js (rules JS + inlined wasm)", "pkg/index.js", 55_000, 68_900],
  ["board + viewer JS with its pieces, without the wasm", "pkg/board/index.js", 30_000, undefined],
  ["engine entry (JS + its wasm)", "pkg/engine/index.js", 80_000, undefined],
];

let failed = 0;
for (const [what, file, budget, ceiling] of BUDGETS) {
  if (!existsSync(join(root, file))) {
    console.log(`MISSING  ${what}: ${file} not built`);
    failed++;
    continue;
  }
  const size = gz(file);
  const pct = `${((100 * size) / budget).toFixed(0)} %`;
  if (size <= budget) {
    console.log(`ok       ${what}: ${size} B of ${budget} B (${pct})`);
  } else if (ceiling !== undefined && size <= ceiling) {
    console.log(`OVER     ${what}: ${size} B of SPEC's ${budget} B (${pct}); within its ceiling of ${ceiling} B (issue 17)`);
  } else {
    const limit = ceiling === undefined ? `${budget} B` : `its ceiling of ${ceiling} B (SPEC: ${budget} B)`;
    console.log(`FAILED   ${what}: ${size} B, over ${limit}`);
    failed++;
  }
}
process.exit(failed === 0 ? 0 : 1);
