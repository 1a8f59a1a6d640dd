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
