// Modules that the engine build (scripts/build-engine.mjs) supplies.

/** The engine wasm, inlined: a function that returns its bytes (scripts/packed-wasm.mjs). */
declare module "*.wasm" {
  const bytes: () => Uint8Array;
  export default bytes;
}

/** The worker (worker.ts with the engine's wasm-bindgen glue), bundled, as source text. */
declare module "engine-worker-source" {
  const source: string;
  export default source;
}
