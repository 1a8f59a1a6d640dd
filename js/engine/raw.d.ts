// The engine wasm's wasm-bindgen surface (crates/engine/src/wasm.rs), for editors only: the
// engine build replaces this file with what wasm-bindgen generated and type-checks the
// entry and the worker against it. Requests and answers are the objects of protocol.ts.

export class EngineCore {
  free(): void;
  constructor(hash_mb: number);
  clear(): void;
  search(req: unknown, on_info: Function): unknown;
  analyse(req: unknown, on_depth: Function): unknown;
  review(req: unknown, on_ply: Function): unknown;
  chooseSwap(req: unknown): string;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;
export function initSync(module: { module: SyncInitInput } | SyncInitInput): unknown;
