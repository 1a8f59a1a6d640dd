/**
 * The slice of the `chess960` API (SPEC §2) that the board talks to. Every
 * rule lives behind it, in the wasm core; the board renders what it answers.
 * Declared structurally so the board type-checks against any object of this
 * shape; `index.ts` checks that the package's `Chess` class fits it.
 */
export type Color = "w" | "b";
export type Role = "p" | "n" | "b" | "r" | "q" | "k";
export type Square = string;
export type SwapChoice = "king" | "queen" | "none";
export type Variant = "standard" | "chess960" | "chess9";

export interface Piece {
  color: Color;
  role: Role;
}

export interface Move {
  color: Color;
  piece: string;
  from: Square;
  to: Square;
  captured?: string;
  promotion?: string;
  flags: string;
  san: string;
  uci: string;
  castle?: "king" | "queen";
  rookFrom?: Square;
  rookTo?: Square;
}

export interface Resolution {
  kind: "move" | "castle" | "promotion" | "ambiguous" | "swap" | "illegal";
  moves: Move[];
  swap?: SwapChoice;
}

export interface Outcome {
  winner: Color | null;
  reason: string;
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
  undo(): unknown;
  isCheck(): boolean;
  outcome(): Outcome | null;
  history(opts: { verbose: true }): unknown[];
}
