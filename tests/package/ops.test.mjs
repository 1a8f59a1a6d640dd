// The boundary's numbers have one definition (src/ops.rs). js/ops.ts, written from it by
// the build, must name for each number what the compiled wasm means by it: every
// constant is checked against `Game.opName`, which answers from the Rust enums the wasm
// was compiled with (not from the source text the generator read). And js/RAW_API.md's
// table must be the current one.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { opsTable, readOps } from "../../scripts/ops.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const built = join(root, "target", "jsbuild", "src");

test("every constant of js/ops.ts names, in the compiled wasm, the operation it is called by", async () => {
  assert.ok(existsSync(join(built, "raw.js")), "target/jsbuild is built (npm run build)");
  const raw = await import(pathToFileURL(join(built, "raw.js")).href);
  raw.initSync({ module: readFileSync(join(built, "chess960_bg.wasm")) });
  const constants = readFileSync(join(root, "js", "ops.ts"), "utf8");
  const camel = (snake) => snake.toLowerCase().replace(/(^|_)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
  const kinds = new Map(readOps().map((e) => [e.name.toUpperCase(), e.name]));
  let n = 0;
  for (const [, name, value] of constants.matchAll(/^export const (\w+) = (\d+);$/gm)) {
    const prefix = name.slice(0, name.indexOf("_"));
    const kind = kinds.get(prefix);
    assert.ok(kind, `${name}: no dispatcher ${prefix}`);
    assert.equal(raw.Game.opName(kind, Number(value)), camel(name.slice(prefix.length + 1)), `${name} = ${value}`);
    n++;
  }
  assert.equal(n, readOps().flatMap((e) => e.variants).length, "one constant per operation");
  // And a number no enum has names nothing.
  assert.equal(raw.Game.opName("Get", 999), "");
});

test("js/RAW_API.md lists every operation, one row each, as src/ops.rs defines it", () => {
  const doc = readFileSync(join(root, "js", "RAW_API.md"), "utf8");
  const table = /<!-- ops:begin[^>]*-->\n([\s\S]*?)\n<!-- ops:end -->/.exec(doc)?.[1];
  assert.equal(table, opsTable(), "regenerate it: node scripts/ops.mjs");
  for (const e of readOps()) {
    const values = e.variants.map((v) => v.value);
    assert.equal(new Set(values).size, values.length, `${e.name}: numbers used twice`);
  }
});
