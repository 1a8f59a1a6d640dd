// Node ESM entry: reads the wasm file that ships beside the bundle, synchronously.
import { initSync } from "./raw.js";

// `process.getBuiltinModule` (Node ≥ 20.16) hands over `fs` without an ESM import of a
// builtin, which costs about 2 ms of start-up; older Node takes the import.
const fs = process.getBuiltinModule?.("node:fs") ?? (await import("node:fs"));
initSync({ module: fs.readFileSync(new URL("../chess960_bg.wasm", import.meta.url)) });

export * from "./chess960.js";
