// Shared machinery of the differential suite against chess.js 1.4.0 (tests/chessjs/*.test.mjs):
// a seeded generator, a collector of differences by category, and the comparisons of every
// query member of the two libraries.
//
// A test file plays its sequences once (at load), collecting each disagreement under the
// name of what disagreed; then one test per category asserts that it collected none (and
// that it compared something). A failure names the category, how often it failed, and the
// first few cases as code to paste: the start FEN and the calls that led there.
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import { SQUARES } from "chess.js";

/** Scales every count of the suite: `CHESSJS_SCALE=20 node --test tests/chessjs` for a long soak. */
export const SCALE = Number(process.env.CHESSJS_SCALE ?? 1) || 1;

/** mulberry32: a small seeded generator (uniform floats in [0, 1)). */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    chance: (p) => next() < p,
  };
}

/** What a throw or a return looks like, for comparing the two libraries' answers to one call. */
export function attempt(f) {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    return { ok: false, error: e };
  }
}

/** Whether both libraries read `fen` into the same position (castling and en passant rights included). */
export function readsAlike(Ours, Theirs, fen) {
  const o = attempt(() => new Ours(fen, { skipValidation: true }).fen({ forceEnpassantSquare: true }));
  const t = attempt(() => new Theirs(fen, { skipValidation: true }).fen({ forceEnpassantSquare: true }));
  return o.ok === t.ok && (!o.ok || o.value === t.value);
}

/** An Error chess.js threw itself (not one the engine threw while running its code). */
export const ownError = (e) => e instanceof Error && e.constructor === Error;

/** Text for a value in a repro line. */
export function show(v) {
  if (v === undefined) return "undefined";
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "symbol") return v.toString();
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** Two answers that differ, shortened to where they differ (an array's first differing item, a text's first differing line). */
export function showDifference(ours, theirs) {
  let at = "";
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    const i = ours.findIndex((x, k) => !isDeepStrictEqual(x, theirs[k]));
    const k = i < 0 ? ours.length : i;
    if (ours.length !== theirs.length || k > 0) at = ` (lengths ${ours.length}/${theirs.length}, first difference at [${k}])`;
    if (k > 0 || ours.length > 8) [ours, theirs] = [ours[k], theirs[k]];
  } else if (typeof ours === "string" && typeof theirs === "string" && ours.length > 160) {
    const a = ours.split("\n");
    const b = theirs.split("\n");
    const k = a.findIndex((x, j) => x !== b[j]);
    if (k >= 0) {
      at = ` (first difference in line ${k + 1} of ${a.length}/${b.length})`;
      [ours, theirs] = [a[k], b[k]];
    }
  }
  if (ours && theirs && typeof ours === "object" && typeof theirs === "object" && !Array.isArray(ours)) {
    const keys = [...new Set([...Object.keys(ours), ...Object.keys(theirs)])].filter((key) => !isDeepStrictEqual(ours[key], theirs[key]));
    if (keys.length > 0 && keys.length < Object.keys(theirs).length) at += ` (differing fields: ${keys.join(", ")})`;
  }
  return `    differ${at}\n    ours:     ${show(ours)}\n    chess.js: ${show(theirs)}`;
}

/** Differences by category, each with a count and its first few cases. */
export class Diffs {
  constructor() {
    this.compared = new Map();
    this.found = new Map();
  }
  /** Records a comparison of `category`; a difference when `same` is false. */
  record(category, same, detail) {
    this.compared.set(category, (this.compared.get(category) ?? 0) + 1);
    if (same) return true;
    const f = this.found.get(category) ?? { count: 0, cases: [] };
    f.count++;
    if (f.cases.length < 3) f.cases.push(typeof detail === "function" ? detail() : detail);
    this.found.set(category, f);
    return false;
  }
  /** Compares two answers deeply; the repro is built only when they differ. */
  eq(category, ours, theirs, repro) {
    return this.record(category, isDeepStrictEqual(ours, theirs), () => `${repro()}\n${showDifference(ours, theirs)}`);
  }
  /** Asserts `category` compared at least `min` times and found no difference. */
  assertNone(category, min = 1) {
    const n = this.compared.get(category) ?? 0;
    const f = this.found.get(category);
    if (f) assert.fail(`${category}: ${f.count} of ${n} comparisons differ; first cases:\n  ${f.cases.join("\n  ")}`);
    assert.ok(n >= min, `${category}: only ${n} comparisons (expected at least ${min})`);
  }
  categories() {
    return [...this.compared.keys()];
  }
}

/**
 * A pair of games (ours, chess.js's) with a log of the calls made on both since their
 * start, so that a difference can be reported as code that reproduces it.
 */
export class Pair {
  constructor(Ours, Theirs, fen, diffs) {
    this.ours = fen === undefined ? new Ours() : new Ours(fen);
    this.theirs = fen === undefined ? new Theirs() : new Theirs(fen);
    this.log = [fen === undefined ? "new Chess()" : `new Chess(${show(fen)})`];
    this.diffs = diffs;
    /** Whether a null move was played (chess.js's hash and repetition counts are off from then on). */
    this.hadNull = false;
    /**
     * Whether chess.js's repetition counts no longer follow the positions: after a null move
     * (which it does not hash), an undo or a replay (its history() and pgn() undo and replay
     * the whole game) moves its hash off the position's. Repetition answers are then not
     * compared (intended.test.mjs has the case).
     */
    this.countsOff = false;
  }
  /** Paste-able code for the state now, then `call` (long logs shortened unless CHESSJS_FULL_REPRO is set). */
  repro(call) {
    const long = this.log.length > 40 && !process.env.CHESSJS_FULL_REPRO;
    const lines = long ? [this.log[0], `/* ${this.log.length - 21} calls: CHESSJS_FULL_REPRO=1 shows them */`, ...this.log.slice(-20)] : this.log;
    return `${lines.join("; ")}; ${call}`;
  }
  /** Calls `name(...args)` on both, compares throw-or-return; returns both outcomes. */
  both(category, call, f, compareValue = (a, b) => isDeepStrictEqual(a, b)) {
    const o = attempt(() => f(this.ours));
    const t = attempt(() => f(this.theirs));
    const same = o.ok === t.ok && (o.ok ? compareValue(o.value, t.value) : !ownError(t.error) || o.error.message === t.error.message);
    this.diffs.record(category, same, () => `${this.repro(call)}\n    ours:     ${o.ok ? show(o.value) : `throws ${o.error.message}`}\n    chess.js: ${t.ok ? show(t.value) : `throws ${t.error.message}`}`);
    return { o, t, same };
  }
}

/**
 * A chess.js-shaped Move as plain data: its fields, the answers of its `is*()` methods, and
 * the whole object as deep equality and JSON see it (its own enumerable fields, in order:
 * what `expect(ours).toEqual(theirs)`, `{ ...move }` and `JSON.stringify` compare), so that
 * an extra or missing own field is a difference too.
 */
export function moveView(m) {
  if (m === null || m === undefined) return m;
  return {
    own: Object.entries(m),
    json: JSON.stringify(m),
    color: m.color,
    from: m.from,
    to: m.to,
    piece: m.piece,
    captured: m.captured,
    promotion: m.promotion,
    flags: m.flags,
    san: m.san,
    lan: m.lan,
    before: m.before,
    after: m.after,
    isCapture: m.isCapture(),
    isPromotion: m.isPromotion(),
    isEnPassant: m.isEnPassant(),
    isKingsideCastle: m.isKingsideCastle(),
    isQueensideCastle: m.isQueensideCastle(),
    isBigPawn: m.isBigPawn(),
  };
}

export const sameMove = (a, b) => isDeepStrictEqual(moveView(a), moveView(b));
export const sameMoves = (a, b) => a.length === b.length && a.every((m, i) => sameMove(m, b[i]));

/** Every square name, upper-case ones, and names of no square. */
export const SQUARE_ARGS = [...SQUARES, "E2", "A8", "H1", "e9", "i1", "", "e", "e22", " e2", "a0"];
export const PIECE_ARGS = ["p", "n", "b", "r", "q", "k", "P", "N", "B", "R", "Q", "K", "x", ""];
export const PIECES = ["w", "b"].flatMap((color) => ["p", "n", "b", "r", "q", "k"].map((type) => ({ color, type })));

/** Option sets of pgn() compared. */
export const PGN_OPTIONS = [undefined, {}, { maxWidth: 0 }, { maxWidth: 5 }, { maxWidth: 20 }, { maxWidth: 40, newline: "<br />" }, { maxWidth: 72 }, { newline: "\r\n" }];

/** fen() (also with the en passant square forced), turn() and moveNumber(), under `prefix`. */
export function compareFen(pair, prefix = "") {
  const { ours, theirs, diffs } = pair;
  const r = (call) => () => pair.repro(call);
  diffs.eq(`${prefix}fen()`, ours.fen(), theirs.fen(), r("fen()"));
  const forced = { forceEnpassantSquare: true };
  diffs.eq(`${prefix}fen({forceEnpassantSquare})`, ours.fen(forced), theirs.fen(forced), r("fen({forceEnpassantSquare:true})"));
  diffs.eq(`${prefix}turn()`, ours.turn(), theirs.turn(), r("turn()"));
  diffs.eq(`${prefix}moveNumber()`, ours.moveNumber(), theirs.moveNumber(), r("moveNumber()"));
}

/**
 * Position queries: cheap ones on every call, the per-square and per-piece ones with
 * `full`. Moves are compared in order, verbose ones field by field.
 */
export function compareQueries(pair, { full = false, verbose = true, theirVerbose = undefined, repetition = true } = {}) {
  const { ours, theirs, diffs } = pair;
  const r = (call) => () => pair.repro(call);
  compareFen(pair);
  diffs.eq("moves()", ours.moves(), theirs.moves(), r("moves()"));
  if (verbose) {
    const o = ours.moves({ verbose: true });
    const t = theirVerbose ?? theirs.moves({ verbose: true });
    diffs.eq("moves({verbose})", o.map(moveView), t.map(moveView), r("moves({verbose:true})"));
  }
  for (const m of ["isCheck", "inCheck", "isCheckmate", "isStalemate", "isInsufficientMaterial", "isThreefoldRepetition", "isDrawByFiftyMoves"]) {
    // chess.js does not hash a null move (see HashClasses): its repetition count after one is another matter.
    if (m === "isThreefoldRepetition" && (!repetition || pair.countsOff)) continue;
    const category = pair.hadNull && m === "isThreefoldRepetition" ? `${m}() after a null move` : `${m}()`;
    diffs.eq(category, ours[m](), theirs[m](), r(`${m}()`));
  }
  if (!full) return;
  diffs.eq("board()", ours.board(), theirs.board(), r("board()"));
  diffs.eq("ascii()", ours.ascii(), theirs.ascii(), r("ascii()"));
  // chess.js's moves({square}) writes SAN as if that square's moves were the only ones (`Rb3`
  // for `Rab3`: SAN its own move() refuses); ours is the SAN of moves() (an intended
  // difference, intended.test.mjs). Its verbose moves carry the real SAN: that is the reference.
  const sans = (c, o) => c.moves({ ...o, verbose: true }).map((m) => m.san);
  for (const sq of SQUARE_ARGS) {
    diffs.eq("moves({square})", ours.moves({ square: sq }), sans(theirs, { square: sq }), r(`moves({square:${show(sq)}})`));
    diffs.eq("get(square)", ours.get(sq), theirs.get(sq), r(`get(${show(sq)})`));
    diffs.eq("squareColor(square)", ours.squareColor(sq), theirs.squareColor(sq), r(`squareColor(${show(sq)})`));
    diffs.eq("attackers(square)", ours.attackers(sq), theirs.attackers(sq), r(`attackers(${show(sq)})`));
    for (const c of ["w", "b"]) {
      diffs.eq("attackers(square, color)", ours.attackers(sq, c), theirs.attackers(sq, c), r(`attackers(${show(sq)}, ${show(c)})`));
      diffs.eq("isAttacked(square, color)", ours.isAttacked(sq, c), theirs.isAttacked(sq, c), r(`isAttacked(${show(sq)}, ${show(c)})`));
    }
  }
  for (const sq of ["e1", "e8", "E1", "g1", "a7", "h2", "d4"]) {
    const o = ours.moves({ square: sq, verbose: true });
    const t = theirs.moves({ square: sq, verbose: true });
    diffs.eq("moves({square, verbose})", o.map(moveView), t.map(moveView), r(`moves({square:${show(sq)},verbose:true})`));
  }
  for (const p of ["p", "n", "k", "Q", ""]) {
    const o = ours.moves({ piece: p, verbose: true });
    const t = theirs.moves({ piece: p, verbose: true });
    diffs.eq("moves({piece, verbose})", o.map(moveView), t.map(moveView), r(`moves({piece:${show(p)},verbose:true})`));
  }
  for (const p of PIECE_ARGS) {
    diffs.eq("moves({piece})", ours.moves({ piece: p }), theirs.moves({ piece: p }), r(`moves({piece:${show(p)}})`));
    for (const sq of ["e1", "e8", "b1", "d1", "e2", "E7"]) {
      diffs.eq("moves({square, piece})", ours.moves({ square: sq, piece: p }), sans(theirs, { square: sq, piece: p }), r(`moves({square:${show(sq)},piece:${show(p)}})`));
    }
  }
  for (const p of PIECES) diffs.eq("findPiece(piece)", ours.findPiece(p), theirs.findPiece(p), r(`findPiece(${show(p)})`));
  for (const c of ["w", "b"]) diffs.eq("getCastlingRights(color)", ours.getCastlingRights(c), theirs.getCastlingRights(c), r(`getCastlingRights(${show(c)})`));
}

/** The record queries: history, PGN in several layouts (`pgn`: all of them, or the ones given), tags. */
export function compareRecord(pair, { pgn = true } = {}) {
  const { ours, theirs, diffs } = pair;
  const r = (call) => () => pair.repro(call);
  if (pair.hadNull) {
    // The replay moves chess.js's hash off the position's (see countsOff): the repro needs it.
    pair.countsOff = true;
    pair.log.push("history()");
  }
  diffs.eq("history()", ours.history(), theirs.history(), r("history()"));
  diffs.eq("history({verbose})", ours.history({ verbose: true }).map(moveView), theirs.history({ verbose: true }).map(moveView), r("history({verbose:true})"));
  diffs.eq("getHeaders()", Object.entries(ours.getHeaders()), Object.entries(theirs.getHeaders()), r("Object.entries(getHeaders())"));
  diffs.eq("header()", Object.entries(ours.header()), Object.entries(theirs.header()), r("Object.entries(header())"));
  if (!pgn) return;
  for (const o of pgn === true ? PGN_OPTIONS : pgn) diffs.eq("pgn(options)", ours.pgn(o), theirs.pgn(o), r(`pgn(${show(o)})`));
}

/**
 * Hash equality classes over many positions: two positions hash equal in ours exactly when
 * they do in chess.js (the values themselves differ).
 */
export class HashClasses {
  constructor(diffs) {
    this.diffs = diffs;
    this.o2t = new Map();
    this.t2o = new Map();
  }
  add(pair) {
    // chess.js's null move leaves its hash as it was, and undoing one flips the side-to-move
    // key: from then on its hashes follow the history, not the position (an intended difference).
    if (pair.hadNull) return;
    const o = pair.ours.hash();
    const t = pair.theirs.hash();
    const seenT = this.o2t.get(o);
    const seenO = this.t2o.get(t);
    const same = (seenT === undefined || seenT.hash === t) && (seenO === undefined || seenO.hash === o);
    this.diffs.record("hash() classes", same, () => {
      const other = seenT && seenT.hash !== t ? `ours hashes it equal to ${seenT.fen} (chess.js does not)` : `chess.js hashes it equal to ${seenO.fen} (ours does not)`;
      return `${pair.repro("hash()")}  at ${pair.theirs.fen()}: ${other}`;
    });
    if (seenT === undefined) this.o2t.set(o, { hash: t, fen: pair.theirs.fen() });
    if (seenO === undefined) this.t2o.set(t, { hash: o, fen: pair.theirs.fen() });
  }
}
