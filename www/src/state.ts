/**
 * The board's whole state: one plain object. `board.ts` fills it from the
 * core's answers, `render.ts` draws it, `input.ts` turns events into intents.
 */
import type { Color, Move, Piece, Role, Square } from "./types.ts";

export const FILES = "abcdefgh";

export type Prompt =
  | { kind: "promotion"; to: Square; color: Color; moves: Move[] }
  | { kind: "ambiguous"; moves: Move[] };

export interface Drag {
  from: Square;
  pointerId: number;
  startX: number;
  startY: number;
  /** Pointer position relative to the board, in px, once the drag is live. */
  x: number;
  y: number;
  active: boolean;
}

export interface State {
  pieces: Map<Square, Piece>;
  orientation: Color;
  /** Side to move, or in the Chess-9 swap phase the side choosing. */
  turn: Color;
  interactive: boolean;
  dests: Map<Square, Square[]>;
  selected: Square | null;
  /** Whether the selected piece was already selected before this press. */
  reselected: boolean;
  /** Castling moves of the held king, for the rook previews. */
  castles: Move[];
  hover: Square | null;
  focus: Square;
  lastMove: Square[];
  check: Square | null;
  drag: Drag | null;
  prompt: Prompt | null;
  swapPhase: boolean;
  caption: string;
  banner: { title: string; detail: string } | null;
  /** PGN viewer: current ply and number of plies, or null when playing. */
  viewer: { ply: number; plies: number; label: string } | null;
  coordinates: boolean;
}

export function initialState(): State {
  return {
    pieces: new Map(),
    orientation: "w",
    turn: "w",
    interactive: true,
    dests: new Map(),
    selected: null,
    reselected: false,
    castles: [],
    hover: null,
    focus: "e2",
    lastMove: [],
    check: null,
    drag: null,
    prompt: null,
    swapPhase: false,
    caption: "",
    banner: null,
    viewer: null,
    coordinates: true,
  };
}

/** Piece placement from the first FEN field (display only, no rules). */
export function readPlacement(fen: string): Map<Square, Piece> {
  const pieces = new Map<Square, Piece>();
  const rows = (fen.split(" ")[0] ?? "").split("/");
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "9") file += Number(ch);
      else {
        const lower = ch.toLowerCase();
        if ("pnbrqk".includes(lower) && file < 8) {
          pieces.set(FILES[file] + String(8 - i), {
            color: ch === lower ? "b" : "w",
            role: lower as Role,
          });
        }
        file++;
      }
    }
  });
  return pieces;
}

export function squareName(file: number, rank: number): Square {
  return FILES.charAt(file) + String(rank + 1);
}

/** File (0–7) and rank (0–7) of a square name. */
export function coords(sq: Square): [number, number] {
  return [FILES.indexOf(sq.charAt(0)), Number(sq.charAt(1)) - 1];
}
