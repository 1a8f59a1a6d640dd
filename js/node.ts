// Node ESM entry: reads the wasm file that ships beside the bundle, synchronously.
import { readFileSync } from "node:fs";
import { initSync } from "./raw.js";

initSync({ module: readFileSync(new URL("../chess960_bg.wasm", import.meta.url)) });

export * from "./chess960.js";
