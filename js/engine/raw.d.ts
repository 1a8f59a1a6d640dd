// The engine wasm's wasm-bindgen surface (crates/engine/src/wasm.rs), for editors only: the
// engine build replaces this file with what wasm-bindgen generated and type-checks the
// entry and the worker against it.

export class EngineCore {
  free(): void;
  constructor(hash_mb: number);
  clear(): void;
  search(pgn: string, level: number, nodes: number, depth: number, movetime: number, seed: number, on_info: Function): string;
  chooseSwap(pgn: string, nodes: number): string;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;
export function initSync(module: { module: SyncInitInput } | SyncInitInput): unknown;
