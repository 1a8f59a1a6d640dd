/**
 * The board's whole state: one plain object. `board.ts` makes it and fills it
 * from the core's answers, `render.ts` draws it, `input.ts` turns events into intents.
 */
import type { Color, Move, Piece, Role, Square, SwapRecord } from "./types.ts";

export const FILES = "abcdefgh";

export type Prompt =
  | { kind: "promotion"; to: Square; color: Color; moves: Move[] }
  | { kind: "ambiguous"; moves: Move[] };

export interface Drag {
  from: Square;
  /** The pointer's id and where it went down (client px). */
  id: number;
  x0: number;
  y0: number;
  /** Pointer position relative to the board, in px, once the drag is live. */
  x: number;
  y: number;
  active: boolean;
}

/** The PGN viewer: the game's moves and swaps, and how many of them are on the board. */
export interface Tape {
  items: Array<Move | SwapRecord>;
  /** One label per item ("1. e4", "Black: keeps the array"). */
  labels: string[];
  ply: number;
  /** The caption: the last item played, or "Start position". */
  label: string;
}

export interface State {
  pieces: Map<Square, Piece>;
  orientation: Color;
  /** Side to move, or in the Chess-9 swap phase the side choosing. */
  toMove: Color;
  interactive: boolean;
  dests: Map<Square, Square[]>;
  selected: Square | null;
  /** Whether the selected piece was already selected before this press. */
  reselected: boolean;
  /** Castling moves of the held king, for the rook previews. */
  castles: Move[];
  hover: Square | null;
  /** The square in the tab order (the one that gets the keyboard focus). */
  tabStop: Square;
  /** Squares of the last move (for castling the rook's too; undefined when not). */
  lastMove: Array<Square | undefined>;
  check: Square | null;
  drag: Drag | null;
  prompt: Prompt | null;
  swapPhase: boolean;
  caption: string;
  banner: { title: string; detail: string } | null;
  /** PGN viewer, or null when playing. */
  tape: Tape | null;
  /** Whether the file and rank letters are drawn. */
  coords: boolean;
}

/** Piece placement from the first FEN field (display only, no rules). */
export function readPlacement(fen: string): Map<Square, Piece> {
  const pieces = new Map<Square, Piece>();
  (fen.split(" ")[0] ?? "")
    .replace(/\d/g, (n) => "1".repeat(+n))
    .split("/")
    .forEach((row, i) => {
      [...row].forEach((ch, file) => {
        const role = ch.toLowerCase();
        if ("pnbrqk".includes(role) && file < 8) {
          pieces.set(squareName(file, 7 - i), { color: ch === role ? "b" : "w", role: role as Role });
        }
      });
    });
  return pieces;
}

export function squareName(file: number, rank: number): Square {
  return FILES.charAt(file) + (rank + 1);
}

/** File (0–7) and rank (0–7) of a square name. */
export function coords(sq: Square): [number, number] {
  return [FILES.indexOf(sq.charAt(0)), +sq.charAt(1) - 1];
}

/**
 * Board (file, rank) → screen (column, row from the top) for an orientation,
 * and back: the map is its own inverse.
 */
export function turnBoard(a: number, b: number, orientation: Color): [number, number] {
  return orientation === "w" ? [a, 7 - b] : [7 - a, b];
}

/** Screen (column, row from the top) of a square. */
export function visual(sq: Square, orientation: Color): [number, number] {
  return turnBoard(...coords(sq), orientation);
}

/** The square on screen column `col`, row `row` (from the top). */
export function squareOnScreen(col: number, row: number, orientation: Color): Square {
  return squareName(...turnBoard(col, row, orientation));
}
