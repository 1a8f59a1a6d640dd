/**
 * The slice of the `chess960` API (SPEC §2) that the board talks to. Every
 * rule lives behind it, in the wasm core; the board renders what it answers.
 * Declared structurally so the board type-checks against any object of this
 * shape; `index.ts` checks that the package's `Chess` class fits it.
 */
// The package's own types, not a second copy of them.
import type {
  Color,
  Move,
  Outcome,
  PieceSymbol as Role,
  Resolution,
  SwapChoice,
  SwapRecord,
  Variant,
} from "../../js/chess960.ts";
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
}
