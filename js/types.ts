// The package's public types (SPEC §2, §4).

/** Side to move or owner of a piece. */
export type Color = "w" | "b";
/** Piece letters, lower case as in chess.js. */
export type PieceSymbol = "p" | "n" | "b" | "r" | "q" | "k";
// prettier-ignore
/** A square name. */
export type Square =
  | "a8" | "b8" | "c8" | "d8" | "e8" | "f8" | "g8" | "h8"
  | "a7" | "b7" | "c7" | "d7" | "e7" | "f7" | "g7" | "h7"
  | "a6" | "b6" | "c6" | "d6" | "e6" | "f6" | "g6" | "h6"
  | "a5" | "b5" | "c5" | "d5" | "e5" | "f5" | "g5" | "h5"
  | "a4" | "b4" | "c4" | "d4" | "e4" | "f4" | "g4" | "h4"
  | "a3" | "b3" | "c3" | "d3" | "e3" | "f3" | "g3" | "h3"
  | "a2" | "b2" | "c2" | "d2" | "e2" | "f2" | "g2" | "h2"
  | "a1" | "b1" | "c1" | "d1" | "e1" | "f1" | "g1" | "h1";
/** A piece, chess.js's shape. */
export interface Piece {
  color: Color;
  type: PieceSymbol;
}
/** Which rules a game follows. */
export type Variant = "standard" | "chess960" | "chess9";
/** A Chess-9 swap: king with the c-file bishop, queen with the f-file bishop, or none. */
export type SwapChoice = "king" | "queen" | "none";
/** A piece a pawn can promote to. */
export type PromotionSymbol = "q" | "r" | "b" | "n";
/** What a board's `(from, to)` input means; see `Chess.resolve`. */
export type ResolveKind = "move" | "castle" | "promotion" | "ambiguous" | "swap" | "illegal";
/** A move's assessment glyph (chess.js's suffix annotations). */
export type Suffix = "!" | "?" | "!!" | "!?" | "?!" | "??";
/** A Numeric Annotation Glyph, 0–255. */
export type NAG = number;
/** Why a game ended. */
export type OutcomeReason =
  | "checkmate"
  | "stalemate"
  | "threefold-repetition"
  | "fifty-moves"
  | "insufficient-material"
  | "dead-position"
  | "resignation"
  | "agreement"
  | "timeout"
  | "timeout-insufficient-material"
  | "sealed-move-illegal"
  | "sealed-move-ambiguous"
  | "sealed-move-meaningless";
/** Output convention for `Move.uci`: `auto` is `e1g1` in standard games, king onto rook otherwise. */
export type UciMode = "auto" | "chess960" | "standard";

/** A Chess-9 swap made in the swap phase (appears in history and undo). */
export interface SwapRecord {
  color: Color;
  swap: SwapChoice;
}

/** Input accepted by `Chess.move` besides SAN/UCI text. */
export interface MoveInput {
  from: string;
  to: string;
  promotion?: string;
}

/** How a game ended. `winner` is null for a draw. */
export interface Outcome {
  winner: Color | null;
  reason: OutcomeReason;
}

/** Where and when an adjourned game resumes (FIDE adjournment guidelines, Art. 2 g). */
export interface Resumption {
  date?: string;
  time?: string;
  venue?: string;
}

/** Options of `Chess.seal`. */
export interface SealOptions {
  whiteTimeMs?: number;
  blackTimeMs?: number;
  drawOffer?: boolean;
  resumption?: Resumption;
}

/**
 * A sealed-move envelope (FIDE adjournment), a plain JSON-safe object: store it as
 * `JSON.stringify(envelope)` and pass it (or the string) to `Chess.openEnvelope`.
 */
export interface Envelope {
  /** The players' names (Art. 2 a), from the White and Black tags when sealed. */
  white: string;
  black: string;
  /** The position before the sealed move (X-FEN). */
  fen: string;
  /** The game up to the sealed move as PGN. */
  pgn: string;
  /** The full-move number of the sealed move. */
  moveNumber: number;
  /** Who sealed. */
  sealer: Color;
  /** The sealed move exactly as written (SAN or UCI); checked only when opened. */
  move: string;
  /** White's time used, in milliseconds. */
  whiteTimeMs: number;
  /** Black's time used, in milliseconds. */
  blackTimeMs: number;
  /** Whether the sealer offered a draw. */
  drawOffer: boolean;
  /** When and where play resumes. */
  resumption: { date: string; time: string; venue: string };
}
