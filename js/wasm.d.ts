// esbuild's `binary` loader turns `import bytes from "./x.wasm"` into the file's bytes.
declare module "*.wasm" {
  const bytes: Uint8Array;
  export default bytes;
}
