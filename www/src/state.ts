/**
 * The board's whole state: one plain object. `board.ts` makes it and fills it
 * from the core's answers, `render.ts` draws it, `input.ts` turns events into intents.
 */
import type { Color, Move, Piece, Role, Shape, ShapeColor, Square } from "./types.ts";

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

/** An arrow or circle being drawn with the right button. */
export interface Drawing {
  id: number;
  from: Square;
  to: Square;
  color: ShapeColor;
}

export interface State {
  pieces: Map<Square, Piece>;
  orientation: Color;
  /** Side to move, or in the Chess-9 swap phase the side choosing. */
  toMove: Color;
  interactive: boolean;
  /** Viewer mode: the board shows a record's positions (the reader may try moves from them). */
  viewing: boolean;
  /** Viewer mode: the reader is playing a line of their own from a shown position. */
  trying: boolean;
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
  /**
   * Whether the open prompt has seen a press of its own. A prompt opened by a tap
   * ignores the click that the same tap produces afterwards (touch browsers fire it at
   * whatever is under the finger, the prompt by then).
   */
  armed: boolean;
  swapPhase: boolean;
  /** The line under the board: swap-phase help, a notice, or the end of the game. */
  caption: string;
  /** The game's end, shown under the board (never over it). */
  end: { title: string; detail: string; reason: string } | null;
  /** Why there is no board to show (a bad FEN or PGN): shown in its place. "" when none. */
  error: string;
  /** Whether the file and rank letters are drawn. */
  coords: boolean;
  /** Drawn shapes: the user's (right button), the page's (setShapes), the record's ([%cal]). */
  shapes: { user: Shape[]; api: Shape[]; record: Shape[] };
  drawing: Drawing | null;
  /** Move animation in ms (0: none). */
  animation: number;
  /** The next render jumps (a new game or position): nothing animates. */
  instant: boolean;
  /** The drag just dropped (origin and drop square): that piece slides on only from where it was let go. */
  dropped: { from: Square; to: Square } | null;
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
        if ("pnbrqk".includes(role) && file < 8 && i < 8) {
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

export const isSquare = (v: unknown): v is Square => typeof v === "string" && /^[a-h][1-8]$/.test(v);
