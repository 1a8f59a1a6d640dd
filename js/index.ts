// Default entry (browsers, bundlers, Deno): the wasm is inlined and instantiated
// synchronously at import, so no init call is needed anywhere. The build inlines it as
// text that gzips like the wasm itself, decoded by this import (scripts/packed-wasm.mjs,
// unpack.ts). The wasm first: the bundle then opens with that text rather than having it
// inside the code, which gzip -9 packs a few hundred bytes smaller.
import wasm from "./chess960_bg.wasm";
import { initSync } from "./raw.js";

initSync({ module: wasm() });

export * from "./chess960.js";
