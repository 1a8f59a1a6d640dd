// The public API of the npm package `chess960` (SPEC §2): a chess.js-shaped `Chess`
// class over the raw wasm `Game` (js/RAW_API.md). Every rule lives in the Rust core;
// this file only converts arguments, decodes the core's one-string-per-call records
// into objects (lazily: only what the caller asked for) and passes errors through
// unchanged.

import { Game } from "./raw.js";
import {
  CALL_HAS_MATING_MATERIAL,
  CALL_HEADER,
  CALL_MOVE,
  CALL_MOVES_FROM,
  CALL_MOVE_FROM_TO,
  CALL_PERFT,
  CALL_RESIGN,
  CALL_RESOLVE,
  CALL_SEAL,
  CALL_SEAL_DRAW_OFFER,
  CALL_SET_HEADER,
  CALL_SET_UCI_MODE,
  CALL_SPLIT_PGN,
  CALL_SWAP,
  CALL_TIMEOUT,
  GET_CHESS960_ID,
  GET_DRAW_BY_AGREEMENT,
  GET_ERROR,
  GET_FEN,
  GET_HISTORY,
  GET_MOVES,
  GET_MOVES_VERBOSE,
  GET_OUTCOME,
  GET_PGN,
  GET_SHREDDER_FEN,
  GET_SWAP_CHOICES,
  GET_TURN,
  GET_UNDO,
  GET_VARIANT,
  MAKE_960,
  MAKE_CHESS9,
  MAKE_DOUBLE,
  MAKE_STANDARD,
  PARSE_BACK_RANK,
  PARSE_ENVELOPE,
  PARSE_FEN,
  PARSE_PGN,
} from "./ops.js";

/** Side to move or owner of a piece. */
export type Color = "w" | "b";
/** Piece letters, lower case as in chess.js. */
export type PieceSymbol = "p" | "n" | "b" | "r" | "q" | "k";
/** A square name such as `"e4"`. */
export type Square = string;
/** Which rules a game follows. */
export type Variant = "standard" | "chess960" | "chess9";
/** A Chess-9 swap: king with the c-file bishop, queen with the f-file bishop, or none. */
export type SwapChoice = "king" | "queen" | "none";
/** A piece a pawn can promote to. */
export type PromotionSymbol = "q" | "r" | "b" | "n";
/** What a board's `(from, to)` input means; see {@link Chess.resolve}. */
export type ResolveKind = "move" | "castle" | "promotion" | "ambiguous" | "swap" | "illegal";
/** Why a game ended. */
export type OutcomeReason =
  | "checkmate"
  | "stalemate"
  | "threefold-repetition"
  | "fifty-moves"
  | "insufficient-material"
  | "resignation"
  | "agreement"
  | "timeout"
  | "timeout-insufficient-material"
  | "sealed-move-illegal"
  | "sealed-move-ambiguous"
  | "sealed-move-meaningless";
/** Output convention for `Move.uci`: `auto` is `e1g1` in standard games, king onto rook otherwise. */
export type UciMode = "auto" | "chess960" | "standard";

/** A move, in chess.js's shape. */
export interface Move {
  color: Color;
  piece: PieceSymbol;
  /** For castling: the king's start square. */
  from: Square;
  /** For castling: the king's destination (g- or c-file). */
  to: Square;
  captured?: PieceSymbol;
  promotion?: PromotionSymbol;
  /** chess.js letters: n normal, b pawn double push, e en passant, c capture, p promotion, k O-O, q O-O-O. */
  flags: string;
  /** SAN with check/mate suffix (`O-O`, `O-O-O` for castling). */
  san: string;
  /** UCI in the game's output convention (see {@link Chess.setUciMode}). */
  uci: string;
  castle?: "king" | "queen";
  /** For castling: the rook's start square. */
  rookFrom?: Square;
  /** For castling: the rook's landing square (f- or d-file). */
  rookTo?: Square;
}

/** A Chess-9 swap made in the swap phase (appears in history and undo). */
export interface SwapRecord {
  color: Color;
  swap: SwapChoice;
}

/** Input accepted by {@link Chess.move} besides SAN/UCI text. */
export interface MoveInput {
  from: Square;
  to: Square;
  promotion?: PromotionSymbol;
}

/** The meaning of a `(from, to)` board input. */
export interface Resolution {
  kind: ResolveKind;
  /** The candidate moves: one for move/castle, one per promotion piece, two when ambiguous. */
  moves: Move[];
  /** For kind `swap`: the swap this input makes. */
  swap?: SwapChoice;
}

/** How a game ended. `winner` is null for a draw. */
export interface Outcome {
  winner: Color | null;
  reason: OutcomeReason;
}

/** Options of {@link Chess.seal}. */
export interface SealOptions {
  whiteTimeMs?: number;
  blackTimeMs?: number;
  drawOffer?: boolean;
}

/**
 * A sealed-move envelope (FIDE adjournment), a plain JSON-safe object: store it as
 * `JSON.stringify(envelope)` and pass it (or the string) to {@link Chess.openEnvelope}.
 */
export interface Envelope {
  /** The position before the sealed move (X-FEN). */
  fen: string;
  /** The game up to the sealed move as PGN ("" when it starts from `fen`). */
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
}

// Hands a raw game to the constructor without exposing a second constructor parameter.
let adopt: Game | undefined;

const NO_STRINGS: string[] = [];

// Interned names, so that decoding a record allocates only the strings that vary (flags, SAN, UCI).
const SQUARES: string[] = [];
for (let r = 1; r <= 8; r++) for (const f of "abcdefgh") SQUARES.push(`${f}${r}`);

/** The square whose two-character name starts at `at` in `text`. */
function squareAt(text: string, at: number): Square {
  return SQUARES[(text.charCodeAt(at) - 97) + (text.charCodeAt(at + 1) - 49) * 8] ?? text.slice(at, at + 2);
}

/**
 * Decodes one move record `color piece from to captured promotion flags san uci [rookFrom rookTo]`,
 * starting at `at` and ending before `end` (exclusive). The first six fields have fixed widths.
 */
function decodeMoveAt(text: string, at: number, end: number): Move {
  const flagsEnd = text.indexOf(" ", at + 14);
  const sanEnd = text.indexOf(" ", flagsEnd + 1);
  let uciEnd = text.indexOf(" ", sanEnd + 1);
  if (uciEnd < 0 || uciEnd > end) uciEnd = end;
  const move: Move = {
    color: text.charAt(at) as Color,
    piece: text.charAt(at + 2) as PieceSymbol,
    from: squareAt(text, at + 4),
    to: squareAt(text, at + 7),
    flags: text.slice(at + 14, flagsEnd),
    san: text.slice(flagsEnd + 1, sanEnd),
    uci: text.slice(sanEnd + 1, uciEnd),
  };
  const captured = text.charAt(at + 10);
  if (captured !== "-") move.captured = captured as PieceSymbol;
  const promotion = text.charAt(at + 12);
  if (promotion !== "-") move.promotion = promotion as PromotionSymbol;
  if (uciEnd < end) {
    move.castle = move.flags.includes("q") ? "queen" : "king";
    move.rookFrom = squareAt(text, uciEnd + 1);
    move.rookTo = squareAt(text, uciEnd + 4);
  }
  return move;
}

function decodeMove(line: string): Move {
  return decodeMoveAt(line, 0, line.length);
}

/** Decodes the `\n`-separated move records of `text`. */
function decodeMoves(text: string): Move[] {
  const moves: Move[] = [];
  if (text === "") return moves;
  let at = 0;
  for (;;) {
    const nl = text.indexOf("\n", at);
    const end = nl < 0 ? text.length : nl;
    if (end > at) moves.push(decodeMoveAt(text, at, end));
    if (nl < 0) return moves;
    at = nl + 1;
  }
}

/** Decodes a swap record: `swap <color> <choice>`. */
function decodeSwap(line: string): SwapRecord {
  const f = line.split(" ");
  return { color: f[1] as Color, swap: f[2] as SwapChoice };
}

function isSwap(line: string): boolean {
  return line.startsWith("swap ");
}

function decodeRecord(line: string): Move | SwapRecord {
  return isSwap(line) ? decodeSwap(line) : decodeMove(line);
}

/** The SAN (8th field) of a move record, without building the object. */
function sanOf(line: string): string {
  let at = 0;
  for (let i = 0; i < 7; i++) at = line.indexOf(" ", at) + 1;
  const end = line.indexOf(" ", at);
  return end < 0 ? line.slice(at) : line.slice(at, end);
}

/**
 * Guards every string that crosses into wasm: wasm-bindgen copies a non-string
 * argument as garbage, which could trap the instance. A wrong type is a `TypeError`.
 */
function str(value: unknown, what: string): string {
  if (typeof value !== "string") {
    const got = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
    throw new TypeError(`${what} must be a string, got ${got}`);
  }
  return value;
}

/** The envelope's keys in the order the core reads and writes them (`src/adjourn.rs` `FIELD_KEYS`). */
const ENVELOPE_KEYS = ["fen", "pgn", "moveNumber", "sealer", "whiteTimeMs", "blackTimeMs", "drawOffer", "move"];

/**
 * `s`, the answer of a call of `g` that may fail: a failed call answers `""` and leaves
 * its error in `g` (js/RAW_API.md), thrown here as the `Error` it is.
 */
function answer(g: Game, s: string): string {
  const e = s === "" && g.get(GET_ERROR);
  if (e) throw new Error(e);
  return s;
}

/**
 * A new game read from `text` (a `PARSE_*` kind): a standard game that the text's game
 * replaces, unless reading it failed: then `made` throws the error.
 */
function parsed(kind: number, text: string): Game {
  const g = Game.make(MAKE_STANDARD, 0, 0);
  g.call(kind, text, "", "");
  return made(g);
}

/** A new game `g`, unless making it failed: then `g` holds the error, thrown here. */
function made(g: Game): Game {
  const e = g.get(GET_ERROR);
  if (e) {
    g.free();
    throw new Error(e);
  }
  return g;
}

function lines(text: string): string[] {
  return text === "" ? NO_STRINGS : text.split("\n");
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

  /** A game from `fen` (X-FEN or Shredder-FEN), or the standard start; throws on bad FEN. */
  constructor(fen?: string) {
    if (adopt !== undefined) {
      this.#raw = adopt;
      adopt = undefined;
    } else {
      this.#raw = fen === undefined ? Game.make(MAKE_STANDARD, 0, 0) : parsed(PARSE_FEN, str(fen, "FEN"));
    }
  }

  #call(op: number, a: string, b = "", c = ""): string {
    return answer(this.#raw, this.#raw.call(op, a, b, c));
  }

  /** `raw`: a game known good (checked by `made`/`parsed` where making it can fail). */
  static #wrap(raw: Game): Chess {
    adopt = raw;
    return new Chess();
  }

  /** Chess960 start position by Scharnagl id 0..959; crypto-random when omitted. */
  static chess960(id?: number): Chess {
    return Chess.#wrap(made(Game.make(MAKE_960, id === undefined ? randomChess960Id() : id, 0)));
  }

  /** Double Chess960: White's array by one id, Black's by another. */
  static doubleChess960(white: number, black: number): Chess {
    return Chess.#wrap(made(Game.make(MAKE_DOUBLE, white, black)));
  }

  /** Chess-9 game in its swap phase: Black chooses first, then White. */
  static chess9(): Chess {
    return Chess.#wrap(Game.make(MAKE_CHESS9, 0, 0));
  }

  /** The first game of a PGN text, replayed; throws with the move number and token at fault. */
  static fromPgn(text: string): Chess {
    return Chess.#wrap(parsed(PARSE_PGN, str(text, "PGN")));
  }

  /** Resumes an adjourned game: applies the sealed move (or rules on it) and returns the game. */
  static openEnvelope(envelope: Envelope | string): Chess {
    let o = envelope as unknown as Record<string, unknown> | null;
    if (typeof o === "string") {
      try {
        o = JSON.parse(o);
      } catch (e) {
        throw new Error(`envelope is not valid JSON: ${(e as Error).message}`);
      }
    }
    if (typeof o !== "object" || !o || Array.isArray(o)) throw new Error("envelope must be a JSON object");
    // The core checks the fields (src/adjourn.rs, `from_fields`): each is its type's
    // initial and the value as text, "" for a missing key, "x" for another type.
    const fields = ENVELOPE_KEYS.map((k) => {
      const v = o[k];
      const t = typeof v;
      return v === undefined ? "" : /^[snb][^iy]/.test(t) ? t[0] + String(v) : "x";
    });
    return Chess.#wrap(parsed(PARSE_ENVELOPE, fields.join("\0")));
  }

  /** Replaces this game by a new one from `fen`; throws on bad FEN and then changes nothing. */
  load(fen: string): this {
    const next = parsed(PARSE_FEN, str(fen, "FEN"));
    this.#raw.free();
    this.#raw = next;
    return this;
  }

  /** `"standard"`, `"chess960"` or `"chess9"`. */
  variant(): Variant {
    return this.#raw.get(GET_VARIANT) as Variant;
  }

  /** Scharnagl id of the start array, or null when the start was no Chess960 array. */
  chess960Id(): number | null {
    const id = this.#raw.get(GET_CHESS960_ID);
    return id === "" ? null : +id;
  }

  /** `["king", "queen", "none"]` in the Chess-9 swap phase, else `[]`. */
  swapChoices(): SwapChoice[] {
    const s = this.#raw.get(GET_SWAP_CHOICES);
    return s === "" ? [] : (s.split(" ") as SwapChoice[]);
  }

  /** Makes the Chess-9 swap for the side to choose; throws outside the swap phase. */
  swap(choice: SwapChoice): SwapRecord {
    return decodeSwap(this.#call(CALL_SWAP, str(choice, "swap choice")));
  }

  /** X-FEN of the position; `{ shredder: true }` for Shredder-FEN. */
  fen(options?: { shredder?: boolean }): string {
    return this.#raw.get(options?.shredder === true ? GET_SHREDDER_FEN : GET_FEN);
  }

  /** Side to move (in the swap phase: the side that chooses). */
  turn(): Color {
    return this.#raw.get(GET_TURN) as Color;
  }

  /** Legal moves: SAN strings, or Move objects with `verbose`; `square` limits them to one origin. */
  moves(options: { verbose: true; square?: Square }): Move[];
  moves(options?: { verbose?: false; square?: Square }): string[];
  moves(options?: { verbose?: boolean; square?: Square }): string[] | Move[];
  moves(options?: { verbose?: boolean; square?: Square }): string[] | Move[] {
    const verbose = options?.verbose === true;
    const square = options?.square;
    if (square === undefined) {
      if (verbose) return decodeMoves(this.#raw.get(GET_MOVES_VERBOSE));
      const s = this.#raw.get(GET_MOVES);
      return s === "" ? [] : s.split(" ");
    }
    const text = this.#call(CALL_MOVES_FROM, str(square, "square"));
    return verbose ? decodeMoves(text) : lines(text).map(sanOf);
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
      const from = SQUARES[b[i++]!]!;
      const targets: Square[] = new Array(b[i++]!);
      for (let k = 0; k < targets.length; k++) targets[k] = SQUARES[b[i++]!]!;
      map.set(from, targets);
    }
    return map;
  }

  /** What a board input `from → to` means, with its candidate moves (SPEC §1, castling input resolution). */
  resolve(from: Square, to: Square): Resolution {
    const ls = this.#call(CALL_RESOLVE, str(from, "from"), str(to, "to")).split("\n");
    const kind = ls[0] as ResolveKind;
    if (kind === "swap") {
      const swap = ls[1];
      return { kind, moves: [], ...(swap === undefined ? {} : { swap: decodeSwap(swap).swap }) };
    }
    const moves: Move[] = [];
    for (let i = 1; i < ls.length; i++) {
      const line = ls[i] as string;
      if (line !== "") moves.push(decodeMove(line));
    }
    return { kind, moves };
  }

  /**
   * Plays a move given as SAN (strict), UCI (`e1g1` or king onto rook `e1h1`) or
   * `{ from, to, promotion? }` (resolved like a board input). Throws on an illegal,
   * ambiguous or incomplete move and leaves the game unchanged.
   */
  move(move: string | MoveInput): Move {
    const record =
      typeof move === "string"
        ? this.#call(CALL_MOVE, move)
        : this.#call(
            CALL_MOVE_FROM_TO,
            str(move?.from, "move.from"),
            str(move?.to, "move.to"),
            str(move?.promotion ?? "", "move.promotion"),
          );
    return decodeMove(record);
  }

  /** Takes back the last move (or Chess-9 swap); null when there is nothing to undo. */
  undo(): Move | SwapRecord | null {
    const record = this.#raw.get(GET_UNDO);
    return record === "" ? null : decodeRecord(record);
  }

  /** The moves so far as SAN (swaps as `swap:king` etc.), or as objects with `verbose`. */
  history(options: { verbose: true }): Array<Move | SwapRecord>;
  history(options?: { verbose?: false }): string[];
  history(options?: { verbose?: boolean }): string[] | Array<Move | SwapRecord>;
  history(options?: { verbose?: boolean }): string[] | Array<Move | SwapRecord> {
    const records = lines(this.#raw.get(GET_HISTORY));
    if (options?.verbose === true) return records.map(decodeRecord);
    return records.map((r) => (isSwap(r) ? `swap:${decodeSwap(r).swap}` : sanOf(r)));
  }

  /** The game as PGN (Chess960/Chess-9 tags included). */
  pgn(): string {
    return this.#raw.get(GET_PGN);
  }

  /** A PGN header value, or null when absent. */
  header(key: string): string | null {
    const v = this.#call(CALL_HEADER, str(key, "header name"));
    return v === "" ? null : v;
  }

  /** Sets a PGN header. */
  setHeader(key: string, value: string): this {
    this.#call(CALL_SET_HEADER, str(key, "header name"), str(value, "header value"));
    return this;
  }

  /** Chooses the `uci` output convention of moves. */
  setUciMode(mode: UciMode): this {
    this.#call(CALL_SET_UCI_MODE, str(mode, "UCI mode"));
    return this;
  }

  isCheck(): boolean {
    return (this.#raw.status() & 1) !== 0;
  }
  isCheckmate(): boolean {
    return (this.#raw.status() & 2) !== 0;
  }
  isStalemate(): boolean {
    return (this.#raw.status() & 4) !== 0;
  }
  isInsufficientMaterial(): boolean {
    return (this.#raw.status() & 8) !== 0;
  }
  isThreefoldRepetition(): boolean {
    return (this.#raw.status() & 16) !== 0;
  }
  isFiftyMoves(): boolean {
    return (this.#raw.status() & 32) !== 0;
  }
  isDraw(): boolean {
    return (this.#raw.status() & 64) !== 0;
  }
  isGameOver(): boolean {
    return (this.#raw.status() & 128) !== 0;
  }

  /** The result, once there is one (the first result stands), else null. */
  outcome(): Outcome | null {
    const s = this.#raw.get(GET_OUTCOME);
    if (s === "") return null;
    const space = s.indexOf(" ");
    const w = s.slice(0, space);
    return { winner: w === "-" ? null : (w as Color), reason: s.slice(space + 1) as OutcomeReason };
  }

  /** Whether `color` still has material that could mate (a timeout against a side without it is a draw). */
  hasMatingMaterial(color: Color): boolean {
    return this.#call(CALL_HAS_MATING_MATERIAL, str(color, "color")) !== "";
  }

  /** Records `color`'s resignation. */
  resign(color: Color): void {
    this.#call(CALL_RESIGN, str(color, "color"));
  }

  /** Records a draw by agreement. */
  drawByAgreement(): void {
    this.#raw.get(GET_DRAW_BY_AGREEMENT);
  }

  /** Records that `color` ran out of time (a draw when the opponent cannot mate). */
  timeout(color: Color): void {
    this.#call(CALL_TIMEOUT, str(color, "color"));
  }

  /** Number of leaf nodes of the legal move tree `depth` plies deep. */
  perft(depth: number): number {
    // As text, through `call` (one export less): `+` converts as a number argument would.
    return +this.#call(CALL_PERFT, String(+depth));
  }

  /**
   * Seals `move` (SAN or UCI) for adjournment: returns the envelope. A sealed move
   * that is illegal, ambiguous or meaningless loses the game for the sealer when opened.
   */
  seal(move: string, options?: SealOptions): Envelope {
    // Through `call` (one export less): the times as text, `+` converting as a number
    // argument would.
    const f = this.#call(
      options?.drawOffer === true ? CALL_SEAL_DRAW_OFFER : CALL_SEAL,
      str(move, "sealed move"),
      String(+(options?.whiteTimeMs ?? 0)),
      String(+(options?.blackTimeMs ?? 0)),
    ).split("\0");
    // ENVELOPE_KEYS order; the move is last and may itself hold NUL.
    return {
      fen: f[0]!, pgn: f[1]!, moveNumber: +f[2]!, sealer: f[3] as Color, move: f.slice(7).join("\0"),
      whiteTimeMs: +f[4]!, blackTimeMs: +f[5]!, drawOffer: f[6] === "1",
    };
  }

  /** Releases the wasm memory now; the instance is unusable afterwards. */
  free(): void {
    this.#raw.free();
  }

  [Symbol.dispose](): void {
    this.#raw.free();
  }
}

/** The back rank of Chess960 position `id` (0..959), e.g. `chess960Array(518) === "RNBQKBNR"`. */
export function chess960Array(id: number): string {
  // The last rank of a new game's FEN (white's pieces).
  const fen = ask(made(Game.make(MAKE_960, id, 0)), (g) => g.get(GET_FEN));
  return fen.slice(fen.lastIndexOf("/") + 1, fen.indexOf(" "));
}

/** The Scharnagl id of a Chess960 back rank; throws when it is not one of the 960. */
export function chess960Id(backRank: string): number {
  return +ask(parsed(PARSE_BACK_RANK, str(backRank, "back rank")), (g) => g.get(GET_CHESS960_ID));
}

/** A uniformly drawn id 0..959 from a cryptographically secure generator. */
export function randomChess960Id(): number {
  // Here rather than in the wasm: its crypto binding cost ~360 bytes gzip there. The
  // 65,280 lowest 16-bit values (68 × 960) keep every id equally likely.
  const b = new Uint16Array(1);
  do {
    try {
      crypto.getRandomValues(b);
    } catch {
      throw new Error("no cryptographic random source (crypto.getRandomValues) available");
    }
  } while (b[0]! >= 65280);
  return b[0]! % 960;
}

/**
 * `f` of a game made for one question, freed at once. chess960Array and chess960Id ask
 * a game rather than having wasm exports of their own: each export costs glue in every
 * bundle.
 */
function ask<T>(g: Game, f: (g: Game) => T): T {
  try {
    return f(g);
  } finally {
    g.free();
  }
}

/** Splits a PGN text of several games into one text per game. */
export function splitPgn(text: string): string[] {
  // "<length> <length> …\n" and then the games' texts back to back (js/RAW_API.md).
  // Asked of a game made for it: an export of its own would cost glue in every bundle.
  const t = str(text, "PGN");
  const s = ask(Game.make(MAKE_STANDARD, 0, 0), (g) => g.call(CALL_SPLIT_PGN, t, "", ""));
  const nl = s.indexOf("\n");
  let at = nl + 1;
  return nl < 1 ? [] : s.slice(0, nl).split(" ").map((n) => s.slice(at, (at += +n)));
}
