/**
 * The slice of the `chess960` API (SPEC §2) that the board talks to. Every
 * rule lives behind it, in the wasm core; the board renders what it answers.
 * Declared structurally so the board type-checks against any object of this
 * shape; `core.ts` checks that the package's `Chess` class fits it.
 */
// The package's own types, not a second copy of them.
import type {
  PgnGame,
  Color,
  Move,
  Outcome,
  PieceSymbol as Role,
  Resolution,
  SwapChoice,
  SwapRecord,
  Variant,
} from "chess960";
import type { ReviewProgress, ReviewedPly } from "chess960/engine";
export type { Color, Move, Outcome, Resolution, Role, SwapChoice, SwapRecord, Variant };
/** A square name as the board handles it (the package's `Square` is the union of the 64). */
export type Square = string;

export interface Piece {
  color: Color;
  role: Role;
}

export interface Game {
  fen(): string;
  turn(): Color;
  variant(): string;
  moves(opts: { verbose: true }): Move[];
  dests(): Map<string, string[]>;
  resolve(from: Square, to: Square): Resolution;
  move(m: string | { from: Square; to: Square; promotion?: string }): Move;
  swap(choice: SwapChoice): unknown;
  swapChoices(): string[];
  undo(): Move | SwapRecord | null;
  isCheck(): boolean;
  outcome(): Outcome | null;
  history(opts: { verbose: true }): Array<Move | SwapRecord>;
  tree(): PgnGame;
  pgn(): string;
}

/** Colours of drawn shapes, as in PGN's [%cal]/[%csl] (G, R, Y, B). */
export type ShapeColor = "green" | "red" | "yellow" | "blue";

/** A drawn arrow (`to` set) or circle (`to` absent) on the board. */
export interface Shape {
  from: Square;
  to?: Square;
  /** Green when absent. */
  color?: ShapeColor;
}

/**
 * The slice of `chess960/engine` (SPEC §6) that the viewer uses: the review behind
 * "Analyse" and the reply in a line the reader tries. Its types are the engine's own;
 * engine-load.ts checks that the package's `Engine` fits.
 */
export type { Judgment, ReviewProgress, ReviewedPly, Score } from "chess960/engine";

export interface EngineLike {
  reviewGame(
    game: Game,
    options: { nodes?: number; movetime?: number },
    handlers: { signal?: AbortSignal; onProgress?: (progress: ReviewProgress) => void },
  ): Promise<ReviewedPly[]>;
  bestMove(game: Game, options: { movetime?: number }, handlers: { signal?: AbortSignal }): Promise<{ san: string; uci: string }>;
  terminate(): void;
}

/** What an engine module gives: `chess960/engine`, or the global of its one-file script. */
export interface EngineModule {
  Engine: { create(): Promise<EngineLike> };
}
