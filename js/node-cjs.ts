// Node CommonJS entry (`require("chess960")`): reads the wasm file beside the bundle.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { initSync } from "./raw.js";

initSync({ module: readFileSync(join(__dirname, "..", "chess960_bg.wasm")) });

export * from "./chess960.js";
