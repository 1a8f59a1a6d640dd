// The boundary's numbers have one definition (src/ops.rs). js/ops.ts, written from it by
// the build, must name for each number what the compiled wasm means by it: tests/wasm.rs
// checks every constant against the Rust enums the wasm is compiled from (not the source
// text the generator read). Here: js/RAW_API.md's table must be the current one.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { opsTable, readOps } from "../../scripts/ops.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("js/RAW_API.md lists every operation, one row each, as src/ops.rs defines it", () => {
  const doc = readFileSync(join(root, "js", "RAW_API.md"), "utf8");
  const table = /<!-- ops:begin[^>]*-->\n([\s\S]*?)\n<!-- ops:end -->/.exec(doc)?.[1];
  assert.equal(table, opsTable(), "regenerate it: node scripts/ops.mjs");
  for (const e of readOps()) {
    const values = e.variants.map((v) => v.value);
    assert.equal(new Set(values).size, values.length, `${e.name}: numbers used twice`);
  }
});
