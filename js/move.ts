// chess.js's `Move` class, with this library's additions (uci, castle, rookFrom, rookTo).
// `after` is computed when first read, so that a verbose move list costs one FEN, not one
// per move; it is still an own enumerable property, as chess.js's fields are, so that
// `{ ...move }`, `Object.keys(move)` and `structuredClone(move)` see every field.
import type { Color, PieceSymbol, Square } from "./types.js";

/** Computes the FEN after the move `uci` from `before` (the core's `FenAfter`). */
type FenAfter = (before: string, uci: string) => string;

/** Reads a move's `after` (set by the class, which alone sees its private fields). */
let readAfter: (move: Move) => string;

export class Move {
  color: Color;
  from: Square;
  to: Square;
  piece: PieceSymbol;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  /**
   * chess.js's flag letters: n normal, c capture, b pawn double push, e en passant, p
   * promotion, k O-O, q O-O-O, `-` a null move.
   */
  flags: string;
  /** SAN with check/mate suffix (`O-O`, `O-O-O` for castling, `--` for a null move). */
  san: string;
  /** From and to squares and the promotion piece, chess.js's long algebraic notation. */
  lan: string;
  /** The position before the move (FEN). */
  before: string;
  /** The position after the move (FEN); an own accessor, computed when first read. */
  declare after: string;
  /** UCI in the game's output convention (see `Chess.setUciMode`). */
  declare uci: string;
  // Declared only: an own property when the move castles, absent otherwise.
  declare castle?: "king" | "queen";
  /** For castling: the rook's start square. */
  declare rookFrom?: Square;
  /** For castling: the rook's landing square (f- or d-file). */
  declare rookTo?: Square;
  #after: string | undefined;
  #fenAfter: FenAfter | undefined;

  /** @internal Made by `Chess`; not a public constructor. */
  constructor(fields: MoveFields, before: string, after: string | FenAfter) {
    this.color = fields.color;
    this.from = fields.from;
    this.to = fields.to;
    this.piece = fields.piece;
    if (fields.captured !== undefined) this.captured = fields.captured;
    if (fields.promotion !== undefined) this.promotion = fields.promotion;
    this.flags = fields.flags;
    this.san = fields.san;
    this.lan = fields.from + fields.to + (fields.promotion ?? "");
    this.before = before;
    // After the fields chess.js has, in its order; then this library's.
    Object.defineProperty(this, "after", AFTER);
    this.uci = fields.uci;
    if (fields.castle !== undefined) this.castle = fields.castle;
    if (fields.rookFrom !== undefined) this.rookFrom = fields.rookFrom;
    if (fields.rookTo !== undefined) this.rookTo = fields.rookTo;
    if (typeof after === "string") this.#after = after;
    else this.#fenAfter = after;
  }

  static {
    // The bundle is minified: keep chess.js's class name for consoles and `constructor.name`.
    Object.defineProperty(this, "name", { value: "Move" });
    readAfter = (move) => {
      if (move.#after === undefined) {
        move.#after = move.#fenAfter?.(move.before, move.uci) ?? "";
        move.#fenAfter = undefined;
      }
      return move.#after;
    };
  }

  isCapture(): boolean {
    return this.flags.includes("c");
  }
  isPromotion(): boolean {
    return this.flags.includes("p");
  }
  isEnPassant(): boolean {
    return this.flags.includes("e");
  }
  isKingsideCastle(): boolean {
    return this.flags.includes("k");
  }
  isQueensideCastle(): boolean {
    return this.flags.includes("q");
  }
  isBigPawn(): boolean {
    return this.flags.includes("b");
  }
  isNullMove(): boolean {
    return this.flags.includes("-");
  }
  /** Whether the move gives check (or mate). */
  isCheck(): boolean {
    return this.san.includes("+") || this.san.includes("#");
  }

  /** The move as a plain object, `lan`, `before` and `after` included (as chess.js's own fields). */
  toJSON(): Record<string, unknown> {
    const o: Record<string, unknown> = { color: this.color, from: this.from, to: this.to, piece: this.piece };
    if (this.captured !== undefined) o["captured"] = this.captured;
    if (this.promotion !== undefined) o["promotion"] = this.promotion;
    Object.assign(o, { flags: this.flags, san: this.san, lan: this.lan, before: this.before, after: this.after, uci: this.uci });
    if (this.castle !== undefined) Object.assign(o, { castle: this.castle, rookFrom: this.rookFrom, rookTo: this.rookTo });
    return o;
  }
}

/** One descriptor for every move's `after` (shared functions, no closure per move); assigning it makes it a plain field. */
const AFTER: PropertyDescriptor = {
  get(this: Move) {
    return readAfter(this);
  },
  set(this: Move, value: unknown) {
    Object.defineProperty(this, "after", { value, writable: true, enumerable: true, configurable: true });
  },
  enumerable: true,
  configurable: true,
};

/** What a move record holds (js/records.ts). */
export interface MoveFields {
  color: Color;
  piece: PieceSymbol;
  from: Square;
  to: Square;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  flags: string;
  san: string;
  uci: string;
  castle?: "king" | "queen";
  rookFrom?: Square;
  rookTo?: Square;
}
