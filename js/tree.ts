// The annotated record as plain objects (`Chess.tree()`), for viewers. Built in Rust and
// passed through serde-wasm-bindgen (src/wasm/data.rs); this is its contract.
import type { Color, Square, Variant } from "./types.js";

/** An arrow drawn with [%cal Ge2e4] (G green, R red, Y yellow, B blue). */
export interface PgnArrow {
  from: Square;
  to: Square;
  color: "green" | "red" | "yellow" | "blue";
}
/** A highlighted square from [%csl Rd4]. */
export interface PgnCircle {
  square: Square;
  color: "green" | "red" | "yellow" | "blue";
}
/** [%eval 0.25] or [%eval #-3] (mate in 3 for Black), optionally ",depth". */
export interface PgnEval {
  pawns?: number;
  mate?: number;
  depth?: number;
}
/** One embedded command [%name value], in the order written. */
export interface PgnCommand {
  name: string;
  value: string;
}

/** A move in the record, with its annotations and the variations that replace it. */
export interface PgnNode {
  /** Half-move index from the game's start: 1 for the first move. */
  ply: number;
  /** Full-move number of this move. */
  moveNumber: number;
  color: Color;
  /** SAN with +/# suffix (`--` for a null move). */
  san: string;
  uci: string;
  /** Castling: the king's start. */
  from: Square;
  /** Castling: the king's destination (g/c file). */
  to: Square;
  /** The position after the move (X-FEN). */
  fen: string;
  /** Comments written before the move (text, commands removed). */
  startingComments: string[];
  /** Comments written after the move (text, commands removed). */
  comments: string[];
  /** NAGs, the assessment glyph first (`!?` reads as 5). */
  nags: number[];
  arrows: PgnArrow[];
  circles: PgnCircle[];
  /** Seconds left on the mover's clock after the move, from [%clk 1:02:03.4]. */
  clock?: number;
  eval?: PgnEval;
  /** Every embedded command, including the ones above. */
  commands: PgnCommand[];
  /** Alternatives to this move: each line starts with a move played instead of this one. */
  variations: PgnNode[][];
}

export interface PgnGame {
  /** Tags in the record's order. */
  headers: Record<string, string>;
  /** The position before the first move (X-FEN; after the Chess-9 swaps, if any). */
  startFen: string;
  variant: Variant;
  /** Comments before the first move. */
  comments: string[];
  /** Arrows and circles of the starting comment. */
  arrows: PgnArrow[];
  circles: PgnCircle[];
  /** The mainline; mainline move i (0-based) has ply i + 1. */
  moves: PgnNode[];
  /** "1-0" | "0-1" | "1/2-1/2" | "*": the record's result. */
  result: string;
}
