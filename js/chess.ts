// The `Chess` class (SPEC §2, §4): chess.js 1.4's members with chess.js's argument
// forms, answers and error messages, plus Chess960, Chess-9, board input resolution,
// outcomes, adjournment and the PGN tree. Every rule lives in the Rust core; this file
// checks argument types, converts, and decodes the core's answers (lazily: only what
// the caller reads).
//
// chess.js's members answer bad arguments as chess.js does: where chess.js returns
// (`[]`, `false`, `undefined`, `null`) so do they; where chess.js throws, they throw (a
// `TypeError` for a wrong type). This library's own members throw a `TypeError` for any
// argument of the wrong type.

import { Game } from "./raw.js";
import * as op from "./ops.js";
import { DEFAULT_POSITION, SEVEN_TAG_ROSTER, SQUARES } from "./constants.js";
import { fenError, padFen } from "./fen.js";
import { Move } from "./move.js";
import { decodeSwap, eachLine, fieldsAt, isSwap, squareOf } from "./records.js";
import { decodeTree, type PgnGame } from "./tree.js";
import type {
  Color,
  Envelope,
  MoveInput,
  NAG,
  Outcome,
  OutcomeReason,
  Piece,
  PieceSymbol,
  ResolveKind,
  SealOptions,
  Square,
  Suffix,
  SwapChoice,
  SwapRecord,
  UciMode,
  Variant,
} from "./types.js";

/** The meaning of a `(from, to)` board input. */
export interface Resolution {
  kind: ResolveKind;
  /** The candidate moves: one for move/castle, one per promotion piece, two when ambiguous. */
  moves: Move[];
  /** For kind `swap`: the swap this input makes. */
  swap?: SwapChoice;
}

/** The longest text read (64 MiB), checked before it is copied into the wasm. */
const MAX_TEXT = 64 << 20;

/** A string argument, or a `TypeError`. */
function str(value: unknown, what: string): string {
  if (typeof value !== "string") throw new TypeError(`${what} must be a string, got ${kind(value)}`);
  return value;
}

/** A number argument, or a `TypeError` (its range is the core's to check: `RangeError`). */
function num(value: unknown, what: string): number {
  if (typeof value !== "number") throw new TypeError(`${what} must be a number, got ${kind(value)}`);
  return value;
}

/** A text to read, or a `TypeError` / `RangeError`. */
function text(value: unknown, what: string): string {
  const s = str(value, what);
  if (s.length > MAX_TEXT) throw new RangeError(`${what} too long: ${s.length} characters (at most ${MAX_TEXT})`);
  return s;
}

function kind(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  const t = typeof value;
  return `${t === "object" ? "an" : "a"} ${t}`;
}

/** An options object: undefined, or an object (else a `TypeError`). */
function opts<T extends object>(value: T | undefined, what: string): Partial<T> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null) throw new TypeError(`${what} must be an object, got ${kind(value)}`);
  return value;
}

/**
 * The options of a chess.js member, read as chess.js reads them (destructured with a
 * default): undefined is `{}`, null a `TypeError`, anything else is read for its
 * properties (so a number or a string gives none). Their values count by truthiness.
 */
function jsOpts<T extends object>(value: T | undefined): Partial<T> {
  if (value === undefined) return {};
  if (value === null) throw new TypeError("Cannot destructure the options: they are null");
  return Object(value) as Partial<T>;
}

const isColor = (c: unknown): c is Color => c === "w" || c === "b";

/** A square's name exactly as chess.js spells it (`"e2"`, not `"E2"`). */
const isSquare = (s: unknown): s is Square => typeof s === "string" && /^[a-h][1-8]$/.test(s);

/**
 * What `s` turns into as a property key, as chess.js uses its arguments to look up its
 * tables (`["e4"]` is `"e4"`; an object that cannot be turned into text throws a
 * `TypeError`, as in chess.js).
 */
const keyOf = (s: unknown): string | symbol => (typeof s === "string" || typeof s === "symbol" ? s : String(s));

/** The square chess.js finds for `s` in its square table, else undefined. */
function squareKey(s: unknown): Square | undefined {
  const key = keyOf(s);
  return isSquare(key) ? key : undefined;
}

/** The colour chess.js finds for `c` in its castling table, else undefined. */
function colorKey(c: unknown): Color | undefined {
  const key = keyOf(c);
  return isColor(key) ? key : undefined;
}

// Hands a raw game to the constructor without a second constructor parameter.
let adopt: Game | undefined;

/** How many of the latest moves `undo()` answers from memory (see `Chess.#kept`): up to twice this. */
const KEPT = 128;

// `move()`'s hot calls (src/ops.rs `Play`): the move goes in as a number or as bytes
// written into the game's buffer, and the answer is read from the wasm memory, so no
// string crosses through wasm-bindgen's glue (which allocates in the wasm for each
// argument and the answer, and frees them again).
/** A view of the wasm memory, made again after the memory grew (which detaches it). */
let heap = new Uint8Array(0);
const memory = (): Uint8Array => (heap.byteLength > 0 ? heap : (heap = new Uint8Array((Game.memory() as WebAssembly.Memory).buffer)));
const decoder = new TextDecoder();
/** Square name → index (a1 = 0 … h8 = 63). */
const SQUARE_INDEX = new Map<unknown, number>(Array.from({ length: 64 }, (_, i) => [squareOf(i), i]));

/** The `Move` of a record line of `text` (from `at`, its tab at `tab`, to `end`): `record\tafter`. */
function moveAt(text: string, at: number, tab: number, end: number, before: string): Move {
  return new Move(fieldsAt(text, at, tab), before, text.slice(tab + 1, end));
}

/**
 * A game of standard chess, Chess960 or Chess-9 with its history.
 *
 * The instance owns wasm memory: it is released by the garbage collector, or at once
 * by {@link Chess.free} / a `using` declaration.
 */
export class Chess {
  // The bundles are minified without esbuild's keepNames (it costs ~330 bytes gzip);
  // the one public class keeps its name for consoles and stack traces.
  static {
    Object.defineProperty(this, "name", { value: "Chess" });
  }

  #raw: Game;
  /** Where `#raw`'s hot-call buffer is in the wasm memory (asked once). */
  #io: number | undefined;
  /**
   * The X-FEN of the position now, kept between calls (a move's `before` is the FEN of
   * the position it starts from: kept, not rebuilt); undefined when not known.
   */
  #fen: string | undefined;
  /**
   * The latest moves `move()` played since the position last changed otherwise (at most
   * {@link KEPT}), the last on top: `undo()` answers from them without asking the core
   * for a record and a FEN, and asks it again past them.
   */
  #kept: Move[] = [];

  /**
   * A game from `fen` (FEN, X-FEN or Shredder-FEN), or the standard start. Throws on a
   * FEN chess.js refuses (chess.js's message; this library's reading as `cause`), unless
   * `skipValidation`.
   */
  constructor(fen: string = DEFAULT_POSITION, options?: { skipValidation?: boolean }) {
    if (adopt !== undefined) {
      this.#raw = adopt;
      adopt = undefined;
      return;
    }
    const skip = Boolean(jsOpts(options).skipValidation);
    this.#raw = fen === DEFAULT_POSITION ? Game.make(op.MAKE_STANDARD, 0, 0) : readFen(text(fen, "FEN"), skip);
  }

  static #wrap(raw: Game): Chess {
    adopt = raw;
    return new Chess();
  }

  /** An operation that may change the position (the kept FEN is forgotten). */
  #call(o: number, a = "", b = ""): string {
    this.#forget();
    return this.#raw.call(o, a, b);
  }

  /** A question, or a change that answers whether it was made. */
  #ask(o: number, a = "", b = "", c = ""): boolean {
    this.#forget();
    return this.#raw.ask(o, a, b, c);
  }

  /** The position may have changed: the kept FEN and moves are forgotten. */
  #forget(): void {
    this.#fen = undefined;
    this.#kept = [];
  }

  /** The X-FEN of the position now. */
  #now(): string {
    return (this.#fen ??= this.#raw.get(op.GET_FEN));
  }

  /** A hot call (src/ops.rs `Play`) → its answer, or undefined when nothing was played. */
  #play(o: number, x: number): string | undefined {
    const n = this.#raw.play(o, x);
    if (n < 0) return undefined;
    const at = (this.#io ??= this.#raw.io());
    return decoder.decode(memory().subarray(at, at + n));
  }

  /** `text` played by the hot call when it is ASCII and fits its buffer → the answer, or undefined. */
  #playText(text: string, strict: boolean): string | undefined {
    if (text.length > op.SIZE_IO_BYTES) return undefined;
    const at = (this.#io ??= this.#raw.io());
    const bytes = memory();
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c > 0x7f) return undefined;
      bytes[at + i] = c;
    }
    return this.#play(strict ? op.PLAY_CHESS_JS_STRICT : op.PLAY_CHESS_JS, text.length);
  }

  /** A move just played (its answer `record\tafter`), the position `before` it. */
  #played(answer: string, before: string): Move {
    const tab = answer.indexOf("\t");
    const move = moveAt(answer, 0, tab, answer.length, before);
    this.#fen = move.after;
    // Not the whole game: a long one would hold two FENs a ply here beside the core's.
    if (this.#kept.length === 2 * KEPT) this.#kept.splice(0, KEPT);
    this.#kept.push(move);
    return move;
  }

  /** Replaces the game by `next` (the old one's wasm memory is released). */
  #replace(next: Game): void {
    this.#raw.free();
    this.#raw = next;
    this.#io = undefined;
    this.#forget();
  }

  // -------------------------------------------------------------------------------------
  // Making games

  /** Chess960 start position by Scharnagl id 0..959; crypto-random when omitted. */
  static chess960(id?: number): Chess {
    return Chess.#wrap(id === undefined ? Game.make(op.MAKE_RANDOM960, 0, 0) : Game.make(op.MAKE_CHESS960, num(id, "Chess960 id"), 0));
  }

  /** Double Chess960: White's array by one id, Black's by another. */
  static doubleChess960(white: number, black: number): Chess {
    return Chess.#wrap(Game.make(op.MAKE_DOUBLE, num(white, "white's id"), num(black, "black's id")));
  }

  /** Chess-9 game in its swap phase: Black chooses first, then White. */
  static chess9(): Chess {
    return Chess.#wrap(Game.make(op.MAKE_CHESS9, 0, 0));
  }

  /** The first game of a PGN text, replayed with its annotations; throws with the move number and token at fault. */
  static fromPgn(pgn: string, options?: { strict?: boolean }): Chess {
    return Chess.#wrap(Game.read(op.READ_PGN, text(pgn, "PGN"), opts(options, "options").strict === true));
  }

  /** Resumes an adjourned game: applies the sealed move (or rules on it) and returns the game. */
  static openEnvelope(envelope: Envelope | string): Chess {
    return Chess.#wrap(Game.open(op.OPEN_OPEN, envelopeOf(envelope)));
  }

  /**
   * Ends an adjourned game unopened (FIDE Art. 6): by agreement, or the resignation of
   * `resigns`; the sealed move is not played.
   */
  static concludeEnvelope(envelope: Envelope | string, how: { agreement: true } | { resigns: Color }): Chess {
    const h = opts(how, "how") as { agreement?: unknown; resigns?: unknown };
    const o = h.agreement === true ? op.OPEN_CONCLUDE_AGREEMENT
      : h.resigns === "w" ? op.OPEN_CONCLUDE_WHITE_RESIGNS
      : h.resigns === "b" ? op.OPEN_CONCLUDE_BLACK_RESIGNS
      : undefined;
    if (o === undefined) throw new TypeError("how must be { agreement: true } or { resigns: 'w' | 'b' }");
    return Chess.#wrap(Game.open(o, envelopeOf(envelope)));
  }

  // -------------------------------------------------------------------------------------
  // Position and editing (chess.js)

  /** chess.js's `clear()`: an empty board, White to move; the tags go unless `preserveHeaders`. */
  clear(options?: { preserveHeaders?: boolean }): void {
    const keep = Boolean(jsOpts(options).preserveHeaders);
    this.#forget();
    this.#raw.act(op.ACT_CLEAR);
    if (!keep) this.#raw.act(op.ACT_CLEAR_TAGS);
  }

  /** Replaces the game by the position of `fen` (chess.js's rules); throws on a bad FEN and then changes nothing. */
  load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean }): void {
    const o = jsOpts(options);
    const next = readFen(text(fen, "FEN"), Boolean(o.skipValidation));
    if (o.preserveHeaders) copyTags(this.#raw, next);
    this.#replace(next);
  }

  /** The standard start, tags cleared. */
  reset(): void {
    this.#replace(Game.make(op.MAKE_STANDARD, 0, 0));
  }

  /** X-FEN of the position; `shredder` for Shredder-FEN; `forceEnpassantSquare` as chess.js. */
  fen(options?: { forceEnpassantSquare?: boolean; shredder?: boolean }): string {
    const o = jsOpts(options);
    if (o.shredder) return this.#raw.get(op.GET_SHREDDER_FEN);
    return o.forceEnpassantSquare ? this.#raw.get(op.GET_FEN_FORCED_EP) : this.#now();
  }

  /** The piece on `square`, or undefined (also for a name that is no square, like `"E2"`: chess.js's rule). */
  get(square: Square): Piece | undefined {
    const sq = squareKey(square);
    return sq === undefined ? undefined : pieceOf(this.#raw.call(op.CALL_PIECE_AT, sq, ""));
  }

  /** The squares holding `piece`, a8 to h1. */
  findPiece(piece: Piece): Square[] {
    const { type, color } = piece;
    const out: Square[] = [];
    for (const row of this.board()) for (const p of row) if (p && p.type === type && p.color === color) out.push(p.square);
    return out;
  }

  /**
   * Puts `piece` on `square` (the game then starts from the edited position); false for a
   * type chess.js does not know, a bad square, or a second king of one colour; a
   * `TypeError` where chess.js's own code throws one (a type of other than one letter, a
   * colour other than `w`/`b`). An upper-case type is read as lower case.
   */
  put(piece: Piece, square: Square): boolean {
    const { type, color } = piece;
    const t = str(type, "piece type").toLowerCase();
    const sq = squareKey(square);
    // chess.js's checks, in its order: the type's letters among "pnbrqkPNBRQK", the square, a king's colour.
    if (!"pnbrqkPNBRQK".includes(t) || sq === undefined) return false;
    if (t.length !== 1 || !isColor(color)) {
      if (type === "k") return false;
      throw new TypeError(`a piece must be { type: "p" | "n" | "b" | "r" | "q" | "k", color: "w" | "b" }, got ${JSON.stringify(piece)}`);
    }
    return this.#ask(op.ASK_PUT, color + t, sq);
  }

  /** Removes and returns the piece on `square` (the game then starts from the edited position). */
  remove(square: Square): Piece | undefined {
    const sq = squareKey(square);
    return sq === undefined ? undefined : pieceOf(this.#call(op.CALL_REMOVE, sq));
  }

  /** The squares of `attackedBy`'s pieces (default: the side to move) attacking `square`. */
  attackers(square: Square, attackedBy?: Color): Square[] {
    const sq = squareKey(square);
    const by = attackedBy ? attackedBy : this.turn();
    if (sq === undefined || !isColor(by)) return [];
    const s = this.#raw.call(op.CALL_ATTACKERS, sq, by);
    return s === "" ? [] : (s.split(" ") as Square[]);
  }

  /** Whether a piece of `attackedBy` attacks `square`. */
  isAttacked(square: Square, attackedBy: Color): boolean {
    const sq = squareKey(square);
    if (sq === undefined || !isColor(attackedBy)) return false;
    return this.#raw.call(op.CALL_ATTACKERS, sq, attackedBy) !== "";
  }

  /** A hash of the position: equal for positions chess.js hashes equal. */
  hash(): string {
    return this.#raw.get(op.GET_HASH);
  }

  /** chess.js's `board()`: 8 rows from rank 8, each square null or `{ square, type, color }`. */
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][] {
    return this.#raw.data(op.DATA_BOARD, undefined);
  }

  /** The board as text, chess.js's layout. */
  ascii(): string {
    let s = "   +------------------------+\n";
    this.board().forEach((row, i) => {
      s += ` ${8 - i} |`;
      for (const p of row) s += p ? ` ${p.color === "w" ? p.type.toUpperCase() : p.type} ` : " . ";
      s += "|\n";
    });
    return `${s}   +------------------------+\n     a  b  c  d  e  f  g  h`;
  }

  /** `light`, `dark`, or null for a string that names no square. */
  squareColor(square: Square): "light" | "dark" | null {
    const sq = squareKey(square);
    if (sq === undefined) return null;
    return (sq.charCodeAt(0) + sq.charCodeAt(1)) % 2 === 0 ? "dark" : "light";
  }

  /** Side to move (in the swap phase: the side that chooses). */
  turn(): Color {
    return this.#raw.get(op.GET_TURN) as Color;
  }

  /** chess.js's `setTurn`: passes the move (a null move) when `color` is not to move. */
  setTurn(color: Color): boolean {
    const turn = this.turn();
    // chess.js compares loosely (`["w"] == "w"`; an object without text throws a TypeError).
    // eslint-disable-next-line eqeqeq
    if ((color as unknown) == turn) return false;
    this.#call(op.CALL_NULL);
    return true;
  }

  /** The castling rights of `color`. */
  getCastlingRights(color: Color): { k: boolean; q: boolean } {
    const c = colorKey(color);
    const s = c ? this.#raw.call(op.CALL_CASTLING, c, "") : "";
    return { k: s.includes("k"), q: s.includes("q") };
  }

  /** Grants or takes away castling rights; true when they are now as asked. */
  setCastlingRights(color: Color, rights: { k?: boolean; q?: boolean }): boolean {
    const { k, q } = rights;
    const c = colorKey(color);
    if (!c) return false;
    const wish = (b: boolean | undefined) => (b === undefined ? "" : b ? "1" : "0");
    return this.#ask(op.ASK_SET_CASTLING, c, wish(k), wish(q));
  }

  /** The full-move number. */
  moveNumber(): number {
    return this.#raw.num(op.NUM_MOVE_NUMBER, 0);
  }

  // -------------------------------------------------------------------------------------
  // Moves

  /** Legal moves: SAN strings, or `Move` objects with `verbose`; `square` and `piece` filter them. */
  moves(options: { verbose: true; square?: string; piece?: string }): Move[];
  moves(options?: { verbose?: false; square?: string; piece?: string }): string[];
  moves(options?: { verbose?: boolean; square?: string; piece?: string }): string[] | Move[];
  moves(options?: { verbose?: boolean; square?: string; piece?: string }): string[] | Move[] {
    const { verbose = false, square = undefined, piece = undefined } = jsOpts(options);
    const sq = square ? square.toLowerCase() : undefined;
    const pc = piece?.toLowerCase();
    if (!verbose && sq === undefined && pc === undefined) {
      const s = this.#raw.get(op.GET_MOVES);
      return s === "" ? [] : s.split(" ");
    }
    const text = sq === undefined ? this.#raw.get(op.GET_MOVES_VERBOSE) : this.#raw.call(op.CALL_MOVES_FROM, sq, "");
    const before = verbose ? this.#now() : "";
    const out: (string | Move)[] = [];
    eachLine(text, (at, tab, end) => {
      if (pc && text.charAt(at + 2) !== pc) return;
      // chess.js lists castling only when no piece or the king is asked for (so not for `piece: ""`).
      if (pc === "" && (text.charAt(at + 14) === "k" || text.charAt(at + 14) === "q")) return;
      out.push(verbose ? moveAt(text, at, tab, end, before) : fieldsAt(text, at, tab).san);
    });
    return out as string[] | Move[];
  }

  /**
   * chess.js's current source (after 1.4.0): whether the legal move `from` → `to` is a
   * pawn's promotion, for a board to ask which piece. As there, `from` is read as
   * `moves({ square })` reads it, and without `from` any pawn's move to `to` counts.
   */
  isPromotion(move: { from: Square; to: Square }): boolean {
    const { from, to } = move;
    return this.moves({ square: from, piece: "p", verbose: true }).some((m) => m.to === to && m.promotion !== undefined);
  }

  /**
   * Legal destinations by origin square, chessground's shape, including both castling
   * inputs (king to g/c and king onto rook), rook-only castling and Chess-9 swap inputs.
   */
  dests(): Map<Square, Square[]> {
    // Bytes: origin index, count, destination indices (a1 = 0), origin after origin.
    const b = this.#raw.destsPacked();
    const map = new Map<Square, Square[]>();
    for (let i = 0; i < b.length; ) {
      const from = squareOf(b[i++]!);
      const targets: Square[] = new Array(b[i++]!);
      for (let k = 0; k < targets.length; k++) targets[k] = squareOf(b[i++]!);
      map.set(from, targets);
    }
    return map;
  }

  /** What a board input `from → to` means, with its candidate moves (SPEC §1). */
  resolve(from: string, to: string): Resolution {
    const s = this.#raw.call(op.CALL_RESOLVE, str(from, "from"), str(to, "to"));
    const nl = s.indexOf("\n");
    const kind = (nl < 0 ? s : s.slice(0, nl)) as ResolveKind;
    if (kind === "swap") return { kind, moves: [], swap: decodeSwap(s.slice(nl + 1)).swap };
    const moves: Move[] = [];
    if (nl >= 0) {
      const before = this.#now();
      const body = s.slice(nl + 1);
      eachLine(body, (at, tab, end) => moves.push(moveAt(body, at, tab, end, before)));
    }
    return { kind, moves };
  }

  /**
   * Plays a move: SAN as chess.js reads it (permissive unless `strict`: `e2e4`,
   * `Pe2-e4`, `Nge7`, …; `--` or null a null move), UCI (both castling forms in Chess960
   * games), or `{ from, to, promotion? }`. Throws chess.js's `Invalid move: …` (the reason
   * as `cause`) and leaves the game unchanged.
   */
  move(move: string | MoveInput | null, options?: { strict?: boolean }): Move {
    const strict = Boolean(jsOpts(options).strict);
    const before = this.#now();
    let answer: string;
    if (typeof move === "string" || move === null) {
      answer = this.#moveText(move ?? "--", strict);
    } else {
      // chess.js's rule: the legal move with exactly these from and to squares whose
      // promotion, if it has one, is exactly `promotion` (which a move without one ignores).
      const m = move as { from?: unknown; to?: unknown; promotion?: unknown } | undefined;
      const from = typeof m === "object" ? SQUARE_INDEX.get(m.from) : undefined;
      const to = typeof m === "object" ? SQUARE_INDEX.get(m.to) : undefined;
      if (from === undefined || to === undefined) throw new Error(`Invalid move: ${JSON.stringify(move)}`);
      const promotion = m!.promotion === "q" || m!.promotion === "r" || m!.promotion === "b" || m!.promotion === "n" ? m!.promotion : "";
      const played = this.#play(op.PLAY_FROM_TO, from | (to << 6) | (promotion === "" ? 0 : promotion.charCodeAt(0) << 12));
      if (played !== undefined) {
        answer = played;
      } else {
        // Not legal: the string call says why (and plays nothing).
        try {
          answer = this.#raw.call(op.CALL_MOVE_FROM_TO, `${squareOf(from)}${squareOf(to)}${promotion}`, "");
        } catch (cause) {
          throw new Error(`Invalid move: ${JSON.stringify(move)}`, { cause });
        }
      }
    }
    return this.#played(answer, before);
  }

  /** Plays `text` as chess.js reads it (the core's `san::chessjs_move`) → `record\tafter`. */
  #moveText(text: string, strict: boolean): string {
    // chess.js's stripped SAN of a null move (only text with a '-' may be one).
    if (text.includes("-") && text.replace(/=/, "").replace(/[+#]?[?!]*$/, "") === "--") return this.#raw.call(op.CALL_NULL, "", "");
    const answer = this.#playText(text, strict) ?? this.#raw.call(op.CALL_MOVE_CHESS_JS, text, strict ? "strict" : "");
    if (answer !== "") return answer;
    const why = this.#raw.call(op.CALL_WHY_NOT, text, "");
    throw new Error(`Invalid move: ${text}`, { cause: new Error(why || "not a move in chess.js's notation here") });
  }

  /** Takes back the last move (or Chess-9 swap); null when there is nothing to undo. */
  undo(): Move | SwapRecord | null {
    // A move played here by move(): the core only takes it back, and the answer is a copy
    // of the kept move (chess.js answers a new object each time).
    const kept = this.#kept.pop();
    if (kept !== undefined && this.#raw.play(op.PLAY_TAKE_BACK, 0) === 1) {
      this.#fen = kept.before;
      return kept.copy();
    }
    this.#kept = [];
    // The position now is the move's `after`; the answer, `record\tbefore`, gives the rest.
    const after = this.#now();
    const answer = this.#raw.act(op.ACT_UNDO);
    this.#fen = undefined;
    if (answer === "") return null;
    if (isSwap(answer)) return decodeSwap(answer);
    const tab = answer.indexOf("\t");
    const move = new Move(fieldsAt(answer, 0, tab), answer.slice(tab + 1), after);
    this.#fen = move.before;
    return move;
  }

  /** The moves so far as SAN (swaps as `swap:king`, null moves `--`), or as `Move` objects with `verbose`. */
  history(options: { verbose: true }): (Move | SwapRecord)[];
  history(options?: { verbose?: false }): string[];
  history(options?: { verbose?: boolean }): string[] | (Move | SwapRecord)[];
  history(options?: { verbose?: boolean }): string[] | (Move | SwapRecord)[] {
    const { verbose = false } = jsOpts(options);
    if (!verbose) {
      const s = this.#raw.get(op.GET_HISTORY);
      return s === "" ? [] : s.split(" ");
    }
    // `record\tbefore` per step: a move's `after` is the next step's `before`.
    const text = this.#raw.get(op.GET_HISTORY_VERBOSE);
    const steps: { at: number; tab: number; before: string }[] = [];
    eachLine(text, (at, tab, end) => steps.push({ at, tab, before: text.slice(tab + 1, end) }));
    const now = this.#now();
    return steps.map(({ at, tab, before }, i) =>
      isSwap(text.slice(at, at + 5)) ? decodeSwap(text.slice(at, tab)) : new Move(fieldsAt(text, at, tab), before, steps[i + 1]?.before ?? now),
    );
  }

  // -------------------------------------------------------------------------------------
  // Game state

  isCheck(): boolean {
    return (this.#raw.status() & op.STATUS_CHECK) !== 0;
  }
  /** chess.js's alias of {@link Chess.isCheck}. */
  inCheck(): boolean {
    return this.isCheck();
  }
  isCheckmate(): boolean {
    return (this.#raw.status() & op.STATUS_CHECKMATE) !== 0;
  }
  isStalemate(): boolean {
    return (this.#raw.status() & op.STATUS_STALEMATE) !== 0;
  }
  /** chess.js's meaning: K v K, K+minor v K, bishops all on one colour. */
  isInsufficientMaterial(): boolean {
    return (this.#raw.status() & op.STATUS_INSUFFICIENT_MATERIAL) !== 0;
  }
  /** Neither side can mate by any series of legal moves (FIDE 5.2.2): insufficient material, a locked pawn wall, ... */
  isDeadPosition(): boolean {
    return (this.#raw.status() & op.STATUS_DEAD_POSITION) !== 0;
  }
  isThreefoldRepetition(): boolean {
    return (this.#raw.status() & op.STATUS_THREEFOLD_REPETITION) !== 0;
  }
  /** The halfmove clock has reached 100 (fifty moves each). */
  isDrawByFiftyMoves(): boolean {
    return (this.#raw.status() & op.STATUS_FIFTY_MOVES) !== 0;
  }
  /** This library's name for {@link Chess.isDrawByFiftyMoves}. */
  isFiftyMoves(): boolean {
    return this.isDrawByFiftyMoves();
  }
  /** The game ended drawn (the first result stands: a draw the game reached stays one). */
  isDraw(): boolean {
    return (this.#raw.status() & op.STATUS_DRAW) !== 0;
  }
  isGameOver(): boolean {
    return (this.#raw.status() & op.STATUS_GAME_OVER) !== 0;
  }

  /** The result, once there is one (the first result stands), else null. */
  outcome(): Outcome | null {
    const s = this.#raw.get(op.GET_OUTCOME);
    if (s === "") return null;
    const space = s.indexOf(" ");
    const w = s.slice(0, space);
    return { winner: w === "-" ? null : (w as Color), reason: s.slice(space + 1) as OutcomeReason };
  }

  /** Whether `color` can still mate by any series of legal moves (a timeout against a side that cannot is a draw). */
  hasMatingMaterial(color: Color): boolean {
    return this.#raw.ask(op.ASK_HAS_MATING_MATERIAL, str(color, "color"), "", "");
  }

  /** Records `color`'s resignation (the Result tag follows). */
  resign(color: Color): void {
    this.#raw.ask(op.ASK_RESIGN, str(color, "color"), "", "");
  }

  /** Records a draw by agreement (the Result tag follows). */
  drawByAgreement(): void {
    this.#raw.ask(op.ASK_DRAW_BY_AGREEMENT, "", "", "");
  }

  /** Records that `color` ran out of time (a draw when the opponent cannot mate). */
  timeout(color: Color): void {
    this.#raw.ask(op.ASK_TIMEOUT, str(color, "color"), "", "");
  }

  /** Leaf nodes of the legal move tree `depth` (0..8) plies deep. */
  perft(depth: number): number {
    return this.#raw.num(op.NUM_PERFT, num(depth, "perft depth"));
  }

  // -------------------------------------------------------------------------------------
  // Variants

  /** `"standard"`, `"chess960"` or `"chess9"`. */
  variant(): Variant {
    return this.#raw.get(op.GET_VARIANT) as Variant;
  }

  /** Scharnagl id of the start array, or null when the start was no Chess960 array. */
  chess960Id(): number | null {
    const id = this.#raw.get(op.GET_CHESS960_ID);
    return id === "" ? null : +id;
  }

  /** `["king", "queen", "none"]` in the Chess-9 swap phase, else `[]`. */
  swapChoices(): SwapChoice[] {
    const s = this.#raw.get(op.GET_SWAP_CHOICES);
    return s === "" ? [] : (s.split(" ") as SwapChoice[]);
  }

  /** Makes the Chess-9 swap for the side to choose; throws outside the swap phase. */
  swap(choice: SwapChoice): SwapRecord {
    return decodeSwap(this.#call(op.CALL_SWAP, str(choice, "swap choice")));
  }

  /** Chooses the `uci` output convention of moves. */
  setUciMode(mode: UciMode): this {
    this.#raw.call(op.CALL_SET_UCI_MODE, str(mode, "UCI mode"), "");
    // The kept moves' UCI was written in the old mode.
    this.#kept = [];
    return this;
  }

  // -------------------------------------------------------------------------------------
  // Records

  /** The game as PGN, laid out as chess.js lays it out (variations and NAGs included). */
  pgn(options?: { newline?: string; maxWidth?: number }): string {
    if (options === undefined) return this.#raw.get(op.GET_PGN);
    // chess.js writes `newline` into the text and compares `maxWidth` as a number.
    const { newline = "\n", maxWidth = 0 } = jsOpts(options);
    return this.#raw.data(op.DATA_PGN, { maxWidth: Number(maxWidth), newline: `${newline}` });
  }

  /**
   * Replaces the game by the first game of `pgn` (its start, moves, tags and
   * annotations); an empty text gives the start position, as in chess.js. Throws and
   * leaves the game unchanged when the record cannot be read.
   */
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void {
    const { strict = false, newlineChar = "\r?\n" } = jsOpts(options);
    let t = text(pgn, "PGN");
    if (newlineChar !== "\r?\n") t = t.replace(new RegExp(newlineChar, "g"), "\n");
    if (/^\s*$/.test(t)) return this.reset();
    this.#replace(Game.read(op.READ_PGN, t, Boolean(strict)));
  }

  /**
   * chess.js's `header(key, value, …)` (deprecated there): sets each pair of strings and
   * returns every tag with a place, `null` where unset.
   */
  header(...args: string[]): Record<string, string | null> {
    for (let i = 0; i < args.length; i += 2) {
      const [k, v] = [args[i], args[i + 1]];
      if (typeof k === "string" && typeof v === "string") {
        try {
          this.#raw.call(op.CALL_SET_HEADER, k, v);
        } catch {
          // A tag PGN cannot write, or one the game's start decides: chess.js would
          // keep it, this record cannot.
        }
      }
    }
    const slots = this.#raw.data(op.DATA_HEADER_SLOTS, undefined) as Record<string, string | null>;
    // SetUp and FEN follow the game's start, as in getHeaders().
    const derived = this.getHeaders();
    slots["SetUp"] = derived["SetUp"] ?? null;
    slots["FEN"] = derived["FEN"] ?? null;
    return slots;
  }

  /** Sets a tag (`undefined`/`null` restores a roster tag's default or removes it); returns the tags. */
  setHeader(key: string, value: string): Record<string, string> {
    // chess.js keys its tags by `key` as a property name and keeps any value: PGN writes its text.
    const k = tagName(key);
    const v = (value as unknown) ?? (Object.hasOwn(SEVEN_TAG_ROSTER, k) ? SEVEN_TAG_ROSTER[k] : null);
    if (v === null) this.#raw.ask(op.ASK_REMOVE_HEADER, k, "", "");
    else this.#raw.call(op.CALL_SET_HEADER, k, typeof v === "string" ? v : tagName(v));
    return this.getHeaders();
  }

  /** Removes a tag (a roster tag goes back to its default); true when it had a place. */
  removeHeader(key: string): boolean {
    return typeof key !== "symbol" && this.#raw.ask(op.ASK_REMOVE_HEADER, tagName(key), "", "");
  }

  /** The tags with a value, in order (`Variant`, `SetUp`, `FEN` and `Chess9Swaps` follow the game's start). */
  getHeaders(): Record<string, string> {
    return this.#raw.data(op.DATA_HEADERS, undefined);
  }

  /** The annotated record as plain objects: mainline, variations, comments, NAGs, shapes, clocks. */
  tree(): PgnGame {
    return decodeTree(this.#raw.data(op.DATA_TREE, undefined));
  }

  // chess.js's flat comment API: a comment belongs to the position after a move (the
  // start for the comment before the first move).

  /** The annotations at `fen` (or now), or null for a FEN not in the mainline. */
  #notes(fen?: unknown): Notes | null {
    return this.#raw.data(op.DATA_GET_NOTES, { fen: fenArg(fen) });
  }
  #setNotes(fen: unknown, notes: Partial<Notes>): void {
    this.#raw.data(op.DATA_SET_NOTES, { fen: fenArg(fen), ...notes });
  }

  getComment(): string | undefined {
    const c = this.#notes()?.comments ?? [];
    return c.length === 0 ? undefined : c.join(" ");
  }
  setComment(comment: string): void {
    // chess.js turns the first braces into brackets; a later `}` would end the comment
    // early in PGN, so every one goes.
    const c = str(comment, "comment").replace("{", "[").replace(/\}/g, "]");
    this.#setNotes(undefined, { comments: [c] });
  }
  removeComment(): string | undefined {
    const c = this.getComment();
    if (c !== undefined) this.#setNotes(undefined, { comments: [] });
    return c;
  }
  /** @deprecated chess.js's old name of {@link Chess.removeComment}. */
  deleteComment(): string | undefined {
    return this.removeComment();
  }
  getComments(): { fen: string; comment: string }[] {
    return this.#raw.data(op.DATA_COMMENTS, undefined);
  }
  removeComments(): { fen: string; comment: string }[] {
    return this.#raw.data(op.DATA_REMOVE_COMMENTS, undefined);
  }
  /** @deprecated chess.js's old name of {@link Chess.removeComments}. */
  deleteComments(): { fen: string; comment: string }[] {
    return this.removeComments();
  }

  // The NAG and suffix API of chess.js's current source: at the position `fen` of the
  // mainline (the latest one with that FEN), or the current one.

  getNags(fen?: string): NAG[] {
    return this.#notes(fen)?.nags ?? [];
  }
  addNag(nag: NAG, fen?: string): void {
    const n = nagArg(nag);
    const nags = this.getNags(fen);
    if (!nags.includes(n)) this.#setNotes(fen, { nags: [...nags, n] });
  }
  setNags(nags: NAG[], fen?: string): void {
    if (!Array.isArray(nags)) throw new TypeError(`nags must be an array, got ${kind(nags)}`);
    this.#setNotes(fen, { nags: nags.map(nagArg) });
  }
  removeNag(nag: NAG, fen?: string): boolean {
    const nags = this.getNags(fen);
    const i = nags.indexOf(nagArg(nag));
    if (i < 0) return false;
    nags.splice(i, 1);
    this.#setNotes(fen, { nags });
    return true;
  }
  removeNags(fen?: string): NAG[] {
    const nags = this.getNags(fen);
    if (nags.length > 0) this.#setNotes(fen, { nags: [] });
    return nags;
  }
  getSuffixAnnotation(fen?: string): Suffix | undefined {
    const n = this.#notes(fen)?.suffix;
    return n == null ? undefined : SUFFIX_LIST_BY_NAG[n];
  }
  /** Throws chess.js's `Invalid suffix: …` for anything but `! ? !! ?? !? ?!`. */
  setSuffixAnnotation(suffix: Suffix, fen?: string): void {
    const nag = SUFFIX_LIST_BY_NAG.indexOf(suffix);
    if (nag < 1) throw new Error(`Invalid suffix: ${String(suffix)}`);
    this.#setNotes(fen, { suffix: nag });
  }
  removeSuffixAnnotation(fen?: string): Suffix | undefined {
    const old = this.getSuffixAnnotation(fen);
    if (old !== undefined) this.#setNotes(fen, { suffix: null });
    return old;
  }

  // -------------------------------------------------------------------------------------
  // Adjournment

  /**
   * Seals `move` (SAN or UCI) for adjournment: returns the envelope. A sealed move
   * that is illegal, ambiguous or meaningless loses the game for the sealer when opened.
   */
  seal(move: string, options?: SealOptions): Envelope {
    const o = opts(options, "options");
    fieldsOf(o, "options", SEAL_OPTIONS);
    fieldsOf(o.resumption ?? {}, "options.resumption", RESUMPTION);
    return this.#raw.data(op.DATA_SEAL, { ...o, move: str(move, "sealed move") });
  }

  // -------------------------------------------------------------------------------------
  // Memory

  /** Releases the wasm memory now; the instance is unusable afterwards. */
  free(): void {
    // The buffer's place is forgotten: a later call asks for it again, which throws
    // (the game is gone) before anything is written where the buffer was.
    this.#io = undefined;
    this.#raw.free();
  }

  [Symbol.dispose](): void {
    this.free();
  }
}

/**
 * The game of `fen` as chess.js loads it: checked by chess.js's rules (unless `skip`),
 * then read leniently by the core. Throws chess.js's message, the core's strict reading
 * of what is wrong as the `cause`.
 */
function readFen(fen: string, skip: boolean): Game {
  const padded = padFen(fen);
  const error = skip ? null : fenError(padded, true);
  if (error !== null) {
    let cause: unknown;
    try {
      Game.read(op.READ_STRICT_FEN, fen, false).free();
    } catch (e) {
      cause = e;
    }
    throw new Error(error, cause === undefined ? undefined : { cause });
  }
  // chess.js reads a '0' in the placement as no squares (its checks let it through).
  const space = padded.search(/\s/);
  const placement = space < 0 ? padded : padded.slice(0, space);
  return Game.read(op.READ_FEN, placement.includes("0") ? placement.replace(/0/g, "") + padded.slice(placement.length) : padded, false);
}

/** A tag name or value as text, as chess.js's tag object turns it into a key (a `TypeError` for a symbol or an object without text). */
function tagName(x: unknown): string {
  if (typeof x === "symbol") throw new TypeError("a tag name or value cannot be a symbol");
  return String(x);
}

/** The annotations of a position (the core's `GetNotes`). */
interface Notes {
  comments: string[];
  nags: number[];
  /** The assessment glyph as its NAG (1–6), or null. */
  suffix: number | null;
}

/** The suffix glyphs by NAG: `!` is 1 … `?!` is 6. */
const SUFFIX_LIST_BY_NAG: (Suffix | undefined)[] = [undefined, "!", "?", "!!", "??", "!?", "?!"];

/** The `fen` argument of the NAG API: `""` (the current position) for no FEN. */
function fenArg(fen: unknown): string {
  return typeof fen === "string" ? fen : "";
}

/** What a field must be: its type, `?` when it may be missing. */
type Spec = Record<string, "string" | "number" | "boolean" | "object" | "string?" | "number?" | "boolean?" | "object?">;

const SEAL_OPTIONS: Spec = { whiteTimeMs: "number?", blackTimeMs: "number?", drawOffer: "boolean?", resumption: "object?" };
const RESUMPTION: Spec = { date: "string?", time: "string?", venue: "string?" };
const ENVELOPE: Spec = {
  white: "string?", black: "string?", fen: "string", pgn: "string", moveNumber: "number", sealer: "string",
  move: "string", whiteTimeMs: "number", blackTimeMs: "number", drawOffer: "boolean", resumption: "object?",
};

/** `obj`'s fields in `spec`'s order, each of its type (else a `TypeError` naming it). */
function fieldsOf(obj: object, what: string, spec: Spec): any[] {
  if (typeof obj !== "object" || obj === null || Array.isArray(obj)) {
    throw new TypeError(`${what} must be an object, got ${kind(obj)}`);
  }
  return Object.entries(spec).map(([key, want]) => {
    const v = (obj as Record<string, unknown>)[key];
    const type = want.replace("?", "");
    if (v === undefined && want.endsWith("?")) return undefined;
    const got = v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
    if (got !== type) throw new TypeError(`${what}.${key} must be a ${type}, got ${kind(v)}`);
    return v;
  });
}

/** A NAG: a `TypeError` for what is no number, a `RangeError` for a number that is no NAG. */
function nagArg(nag: unknown): number {
  const n = num(nag, "a NAG");
  if (!Number.isInteger(n) || n < 0 || n > 255) {
    throw new RangeError(`a NAG must be an integer from 0 to 255, got ${n}`);
  }
  return n;
}

function pieceOf(s: string): Piece | undefined {
  return s === "" ? undefined : { type: s.charAt(1) as PieceSymbol, color: s.charAt(0) as Color };
}

/**
 * Copies the tags of `from` to `to` (chess.js's `preserveHeaders`), the places of removed
 * ones too: chess.js's `header()` lists a removed tag of its own as `null`.
 */
function copyTags(from: Game, to: Game): void {
  const slots = from.data(op.DATA_HEADER_SLOTS, undefined) as Record<string, string | null>;
  for (const [k, v] of Object.entries(slots)) {
    try {
      to.call(op.CALL_SET_HEADER, k, v ?? "");
      if (v === null) to.ask(op.ASK_REMOVE_HEADER, k, "", "");
    } catch {
      // A derived tag: the new start decides it.
    }
  }
}

/** An envelope's fields in the core's order, from the object or its JSON text. */
function envelopeOf(envelope: Envelope | string): object {
  let o: unknown = envelope;
  if (typeof envelope === "string") {
    try {
      o = JSON.parse(text(envelope, "envelope"));
    } catch (e) {
      if (e instanceof RangeError) throw e;
      throw new Error(`envelope is not valid JSON: ${(e as Error).message}`);
    }
  } else if (typeof envelope !== "object" || envelope === null) {
    throw new TypeError(`envelope must be an object or its JSON text, got ${kind(envelope)}`);
  }
  const f = fieldsOf(o as object, "envelope", ENVELOPE);
  fieldsOf(f[10] ?? {}, "envelope.resumption", RESUMPTION);
  return o as object;
}

/** The `a` of a `Game.util` call that reads none. */
const NO_BYTES = new Uint8Array(0);

/** The back rank of Chess960 position `id` (0..959), e.g. `chess960Array(518) === "RNBQKBNR"`. */
export function chess960Array(id: number): string {
  return Game.util(op.UTIL_CHESS960_ARRAY, NO_BYTES, num(id, "Chess960 id")) as string;
}

/** The Scharnagl id of a Chess960 back rank; throws when it is not one of the 960. */
export function chess960Id(backRank: string): number {
  return Game.util(op.UTIL_CHESS960_ID, new TextEncoder().encode(str(backRank, "back rank")), 0) as number;
}

/** A uniformly drawn id 0..959 from a cryptographically secure generator. */
export function randomChess960Id(): number {
  return Game.util(op.UTIL_RANDOM_ID, NO_BYTES, 0) as number;
}

/** Splits a PGN text of several games into one text per game. */
export function splitPgn(pgn: string): string[] {
  const bytes = new TextEncoder().encode(text(pgn, "PGN"));
  const utf8 = new TextDecoder();
  // Where the bulk reader finds each game (`g <from> <to> …` lines, in bytes: src/bulk.rs),
  // reading the whole text (flag 1) for its tags only (2).
  const out: string[] = [];
  for (const [, from, to] of (Game.util(op.UTIL_READ_PGN, bytes, 3) as string).matchAll(/^g (\d+) (\d+)/gm)) out.push(utf8.decode(bytes.subarray(+from!, +to!)));
  return out;
}

/**
 * chess.js's `validateFen`: `{ ok: true }`, or `{ ok: false, error }` with chess.js's
 * message; `cause` is this library's own reading of what is wrong, when it has one.
 */
export function validateFen(fen: string): { ok: boolean; error?: string; cause?: string } {
  const error = fenError(str(fen, "FEN"), false);
  if (error === null) return { ok: true };
  try {
    Game.read(op.READ_STRICT_FEN, fen, false).free();
    return { ok: false, error };
  } catch (e) {
    return { ok: false, error, cause: (e as Error).message };
  }
}

/** Pages (64 KiB) of wasm memory the package's instance holds now. */
export function wasmMemoryPages(): number {
  return Game.memoryPages();
}
