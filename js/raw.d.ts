// The raw wasm-bindgen surface that `src/` (the crate `chess960-wasm`) exports, as RAW_API.md specifies it.
// Used for editor type-checking only: `npm run build` replaces this file with the
// declarations wasm-bindgen actually generated and type-checks `js/` against them, so any
// drift between the Rust exports and this contract fails the build.

export class Game {
  free(): void;
  [Symbol.dispose](): void;
  static make(kind: number, a: number, b: number): Game;
  static read(kind: number, text: string, strict: boolean): Game;
  static open(op: number, envelope: any): Game;
  static util(op: number, a: Uint8Array, x: number): any;
  static memoryPages(): number;
  static memory(): any;
  get(op: number): string;
  act(op: number): string;
  call(op: number, a: string, b: string): string;
  ask(op: number, a: string, b: string, c: string): boolean;
  num(op: number, x: number): number;
  io(): number;
  play(op: number, x: number): number;
  data(op: number, value: any): any;
  status(): number;
  destsPacked(): Uint8Array;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;
export function initSync(module: { module: SyncInitInput } | SyncInitInput): unknown;
