// Node ESM entry: reads the wasm file that ships beside the bundle, synchronously.
import { initSync } from "./raw.js";
import { usePaths } from "./paths.js";

// `process.getBuiltinModule` (Node ≥ 20.16) hands over `fs` without an ESM import of a
// builtin, which costs about 2 ms of start-up; older Node takes the import.
const fs = process.getBuiltinModule?.("node:fs") ?? (await import("node:fs"));
initSync({ module: fs.readFileSync(new URL("../chess960_bg.wasm", import.meta.url)) });

// readPgn's files: a string without a line break that names an existing file is one.
usePaths(
  (path) => fs.createReadStream(path),
  (s) => s.length < 4096 && !/[\n\r]/.test(s) && fs.statSync(s, { throwIfNoEntry: false })?.isFile() === true,
);

export * from "./chess960.js";
