// The raw wasm-bindgen surface that `src/wasm.rs` exports, as RAW_API.md specifies it.
// Used for editor type-checking only: `npm run build` replaces this file with the
// declarations wasm-bindgen actually generated and type-checks `chess960.ts` against
// them, so any drift between the Rust exports and this contract fails the build.

export class Game {
  free(): void;
  [Symbol.dispose](): void;
  constructor(fen?: string | null);
  static chess960(id: number): Game;
  static chess960Random(): Game;
  static doubleChess960(white: number, black: number): Game;
  static chess9(): Game;
  static fromPgn(text: string): Game;
  static openEnvelope(json: string): Game;
  variant(): string;
  chess960Id(): number;
  swapChoices(): string;
  swap(choice: string): string;
  fen(shredder: boolean): string;
  turn(): string;
  moves(): string;
  movesVerbose(): string;
  movesFrom(square: string): string;
  dests(): string;
  resolve(from: string, to: string): string;
  move(text: string): string;
  moveFromTo(from: string, to: string, promotion: string): string;
  undo(): string;
  history(): string;
  isCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  isThreefoldRepetition(): boolean;
  isFiftyMoves(): boolean;
  isDraw(): boolean;
  isGameOver(): boolean;
  outcome(): string;
  hasMatingMaterial(color: string): boolean;
  resign(color: string): void;
  drawByAgreement(): void;
  timeout(color: string): void;
  perft(depth: number): number;
  pgn(): string;
  setHeader(key: string, value: string): void;
  header(key: string): string;
  setUciMode(mode: string): void;
  seal(text: string, whiteTimeMs: number, blackTimeMs: number, drawOffer: boolean): string;
}

export function chess960Array(id: number): string;
export function chess960Id(backRank: string): number;
export function randomChess960Id(): number;
export function splitPgn(text: string): string[];

export type SyncInitInput = BufferSource | WebAssembly.Module;
export function initSync(module: { module: SyncInitInput } | SyncInitInput): unknown;
