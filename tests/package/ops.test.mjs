// The boundary's operation numbers have one definition (src/ops.rs): js/ops.ts (the
// build writes it) and the table of js/RAW_API.md must be what it says.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { opsTable, opsTs, readOps } from "../../scripts/ops.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("js/ops.ts is generated from src/ops.rs", () => {
  assert.equal(readFileSync(join(root, "js", "ops.ts"), "utf8"), opsTs());
});

test("js/RAW_API.md lists every operation, one row each, as src/ops.rs defines it", () => {
  const doc = readFileSync(join(root, "js", "RAW_API.md"), "utf8");
  const table = /<!-- ops:begin[^>]*-->\n([\s\S]*?)\n<!-- ops:end -->/.exec(doc)?.[1];
  assert.equal(table, opsTable(), "regenerate it: node scripts/ops.mjs");
  const ops = readOps().flatMap((e) => e.variants);
  assert.ok(ops.length > 60, `${ops.length} operations`);
  for (const e of readOps()) {
    const values = e.variants.map((v) => v.value);
    assert.equal(new Set(values).size, values.length, `${e.name}: numbers used twice`);
  }
});
