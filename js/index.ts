// Default entry (browsers, bundlers, Deno): the wasm is inlined as base64 and
// instantiated synchronously at import, so no init call is needed anywhere.
import { initSync } from "./raw.js";
import bytes from "./chess960_bg.wasm";

initSync({ module: bytes });

export * from "./chess960.js";
