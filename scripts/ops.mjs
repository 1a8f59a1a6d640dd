// The raw boundary's operation numbers, read from their one definition (src/ops.rs):
// `opsTs()` is js/ops.ts (constants the bundler inlines), `opsTable()` the table of
// js/RAW_API.md. The build writes js/ops.ts; tests/package/ops.test.mjs checks both are current.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** `[{ name, doc, variants: [{ name, value, doc }] }]` in the file's order. */
export function readOps(text = readFileSync(join(root, "src", "ops.rs"), "utf8")) {
  const enums = [];
  let docs = [];
  let current = null;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const doc = /^\/\/\/ ?(.*)$/.exec(line);
    if (doc) {
      docs.push(doc[1]);
      continue;
    }
    const open = /^pub enum (\w+) \{$/.exec(line);
    if (open) {
      current = { name: open[1], doc: docs.join(" "), variants: [] };
      enums.push(current);
    } else if (current && /^\w+ = \d+,$/.test(line)) {
      const [, name, value] = /^(\w+) = (\d+),$/.exec(line);
      current.variants.push({ name, value: Number(value), doc: docs.join(" ") });
    } else if (line === "}") {
      current = null;
    }
    docs = [];
  }
  if (enums.length === 0) throw new Error("ops: no enums found in src/ops.rs");
  return enums;
}

const snake = (s) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();

/** js/ops.ts: `export const GET_FEN = 2;` per operation. */
export function opsTs(enums = readOps()) {
  const lines = [
    "// Generated from src/ops.rs by scripts/ops.mjs (the build writes it): do not edit.",
    "// A module that imports nothing, so that esbuild inlines the constants.",
  ];
  for (const e of enums) {
    lines.push("", `// ${e.name}: ${e.doc}`);
    for (const v of e.variants) lines.push(`export const ${snake(e.name)}_${snake(v.name)} = ${v.value};`);
  }
  return `${lines.join("\n")}\n`;
}

/** The operations table of js/RAW_API.md, one row per operation. */
export function opsTable(enums = readOps()) {
  const rows = ["| dispatcher | op | name | contract |", "|---|---:|---|---|"];
  for (const e of enums) {
    for (const v of e.variants) {
      rows.push(`| ${e.name} | ${v.value} | \`${snake(e.name)}_${snake(v.name)}\` | ${v.doc.replaceAll("|", "\\|")} |`);
    }
  }
  return rows.join("\n");
}

/** Writes the table into js/RAW_API.md between its markers (`node scripts/ops.mjs`). */
export function writeDocTable() {
  const path = join(root, "js", "RAW_API.md");
  const doc = readFileSync(path, "utf8");
  const next = doc.replace(/(<!-- ops:begin[^>]*-->\n)[\s\S]*?(\n<!-- ops:end -->)/, `$1${opsTable()}$2`);
  writeFileSync(path, next);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeDocTable();
