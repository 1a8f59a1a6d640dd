// Node CommonJS entry (`require("chess960")`): reads the wasm file beside the bundle.
import { createReadStream, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { initSync } from "./raw.js";
import { usePaths } from "./paths.js";

initSync({ module: readFileSync(join(__dirname, "..", "chess960_bg.wasm")) });

// readPgn's files: a string without a line break that names an existing file is one.
usePaths(
  (path) => createReadStream(path),
  (s) => s.length < 4096 && !/[\n\r]/.test(s) && statSync(s, { throwIfNoEntry: false })?.isFile() === true,
);

export * from "./chess960.js";
