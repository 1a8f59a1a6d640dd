// chess.js's `Move` class. Its own fields are chess.js's, in chess.js's order and as
// plain data (`captured` and `promotion` own fields too, `undefined` when the move has
// none, as chess.js's class fields are), so that deep equality, `JSON.stringify`,
// `{ ...move }` and `structuredClone` see exactly what they see of chess.js's. What this
// library adds (`uci`, `castle`, `rookFrom`, `rookTo`) are getters on the prototype, over
// private fields. No property is defined per instance: a Move is cheap to make.
import type { Color, PieceSymbol, Square } from "./types.js";

export class Move {
  color: Color;
  from: Square;
  to: Square;
  piece: PieceSymbol;
  captured?: PieceSymbol | undefined;
  promotion?: PieceSymbol | undefined;
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
  /** The position after the move (FEN). */
  after: string;
  #uci: string;
  /** For castling: the rook's start and landing squares, else undefined. */
  #rook: [Square, Square] | undefined;

  /** @internal Made by `Chess`; not a public constructor. */
  constructor(fields: MoveFields, before: string, after: string) {
    this.color = fields.color;
    this.from = fields.from;
    this.to = fields.to;
    this.piece = fields.piece;
    this.captured = fields.captured;
    this.promotion = fields.promotion;
    this.flags = fields.flags;
    this.san = fields.san;
    this.lan = fields.from + fields.to + (fields.promotion ?? "");
    this.before = before;
    this.after = after;
    this.#uci = fields.uci;
    this.#rook = fields.rook;
  }

  /** @internal A new Move with the same fields (what `undo()` answers for a kept move). */
  copy(): Move {
    const { color, piece, from, to, captured, promotion, flags, san } = this;
    return new Move({ color, piece, from, to, captured, promotion, flags, san, uci: this.#uci, rook: this.#rook }, this.before, this.after);
  }

  static {
    // The bundle is minified: keep chess.js's class name for consoles and `constructor.name`.
    Object.defineProperty(this, "name", { value: "Move" });
  }

  /** UCI in the game's output convention (see `Chess.setUciMode`). */
  get uci(): string {
    return this.#uci;
  }
  /** For castling: which wing, else undefined. */
  get castle(): "king" | "queen" | undefined {
    if (this.#rook === undefined) return undefined;
    return this.flags.includes("q") ? "queen" : "king";
  }
  /** For castling: the rook's start square. */
  get rookFrom(): Square | undefined {
    return this.#rook?.[0];
  }
  /** For castling: the rook's landing square (f- or d-file). */
  get rookTo(): Square | undefined {
    return this.#rook?.[1];
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
  /** Either castling (named in chess.js 1.4's deprecation note of `flags`). */
  isCastle(): boolean {
    return this.isKingsideCastle() || this.isQueensideCastle();
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
}

/** What a move record holds (js/records.ts). */
export interface MoveFields {
  color: Color;
  piece: PieceSymbol;
  from: Square;
  to: Square;
  captured: PieceSymbol | undefined;
  promotion: PieceSymbol | undefined;
  flags: string;
  san: string;
  uci: string;
  /** For castling: the rook's start and landing squares. */
  rook: [Square, Square] | undefined;
}
