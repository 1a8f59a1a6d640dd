// `import wasm from "./x.wasm"`: `wasm()` gives the file's bytes (scripts/packed-wasm.mjs,
// in the builds that inline the wasm; they are decoded when it is called).
declare module "*.wasm" {
  const wasm: () => Uint8Array;
  export default wasm;
}
