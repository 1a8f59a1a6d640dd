// Bad inputs to every member of chess.js 1.4's Chess: random garbage (wrong types,
// non-squares, bad SAN and FEN, null, undefined, objects, arrays, numbers) in several
// positions. Both libraries throw, or neither does; when chess.js throws an Error of its own
// (not a TypeError of the engine running its code) ours has its message; when neither
// throws, both answer alike and leave alike games; after a throw our game is unchanged.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Chess } from "chess960";
import { Chess as JsChess } from "chess.js";
import { Diffs, SCALE, attempt, moveView, ownError, rng, show } from "./lib.mjs";

const CALLS = Math.round(12000 * SCALE);
const g = rng(Number(process.env.CHESSJS_SEED ?? 0xbad));
const diffs = new Diffs();

const POSITIONS = [
  [undefined, []],
  [undefined, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]],
  ["r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []],
  ["4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", []],
  ["rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", []],
  ["7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", []],
];

const LONG = "x".repeat(2000);
// Deliberately no names of Object.prototype's members ("toString", "__proto__"):
// chess.js treats them as squares (intended.test.mjs).
const GARBAGE = [
  undefined, null, true, false, 0, 1, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 53, 9, 8, 100,
  "", " ", "e4", "E4", "e2", "z9", "a0", "i1", "e2e4", "e7e5", "Nf3", "nf3", "O-O", "0-0", "O-O-O", "--", "xyz", "\u0000", "🙂", LONG,
  "w", "b", "W", "white", "p", "k", "K", "q", "x", "!", "!?", "??", "*", "1-0",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1", "not a fen", "4k3/8/8/8/8/8/8/4K3 w",
  "1. e4 e5 2. Nf3 *", "[Event \"x\"]\n\n1. e4 *", "1. e4 e5 2. Nf9 *", "{unclosed", "[Bad tag",
  [], ["e4"], [1, 2], {}, { from: "e2", to: "e4" }, { from: "e2" }, { to: "e4" }, { from: "e7", to: "e8", promotion: "q" }, { from: 1, to: 2 },
  { type: "p", color: "w" }, { type: "k", color: "b" }, { type: "x", color: "w" }, { type: "q" }, { color: "w" },
  { verbose: true }, { verbose: "yes" }, { square: "e2" }, { square: 5 }, { piece: "n" }, { piece: 3 }, { strict: true }, { k: true }, { q: false }, { k: 1 },
  { maxWidth: 20 }, { maxWidth: -5 }, { maxWidth: "20" }, { newline: 5 }, { newline: "<br>" }, { skipValidation: true }, { preserveHeaders: true }, { newlineChar: "x" },
  () => "e4", Object.create(null), new Date(0), /e4/,
];

/** A member's answer as plain data, for comparing. */
function plain(v) {
  if (v === null || typeof v !== "object") return v;
  if (typeof v.san === "string" && typeof v.isCapture === "function") return moveView(v);
  if (Array.isArray(v)) return v.map(plain);
  return Object.entries(v).map(([k, x]) => [k, plain(x)]);
}

/**
 * Everything a call could change in a game; without `setup`, the SetUp and FEN tags left
 * out (after clear(), chess.js has none until the next put or remove: intended.test.mjs).
 */
function state(c, setup = true) {
  const tags = (h) => Object.entries(h).filter(([k]) => setup || (k !== "SetUp" && k !== "FEN"));
  const pgn = (t) => (setup ? t : t.replace(/\[(SetUp|FEN) "[^"]*"\]\n/g, ""));
  const a = attempt(() => JSON.stringify([c.fen({ forceEnpassantSquare: true }), c.history(), tags(c.getHeaders()), c.getComments(), pgn(c.pgn())]));
  return a.ok ? a.value : `throws ${a.error.message}`;
}

/** The position alone (with the en passant square chess.js keeps). */
const position = (c) => c.fen({ forceEnpassantSquare: true });
const EDITS = new Set(["put", "remove", "setCastlingRights"]);

const SQUARE = /^[a-h][1-8]$/;
/** Whether chess.js would find a square for `s` (its square table looked up with `s` as the key). */
const squareArg = (s) => typeof s !== "symbol" && attempt(() => SQUARE.test(String(s))).value === true;

const MEMBERS = {
  constructor: 2, clear: 1, load: 2, reset: 0, fen: 1, get: 1, findPiece: 1, put: 2, remove: 1, attackers: 2, isAttacked: 2, hash: 0,
  board: 0, ascii: 0, squareColor: 1, turn: 0, setTurn: 1, getCastlingRights: 1, setCastlingRights: 2, moveNumber: 0, moves: 1, move: 2,
  undo: 0, history: 1, isCheck: 0, inCheck: 0, isCheckmate: 0, isStalemate: 0, isInsufficientMaterial: 0, isThreefoldRepetition: 0,
  isDrawByFiftyMoves: 0, isDraw: 0, isGameOver: 0, perft: 1, pgn: 1, loadPgn: 2, header: 4, setHeader: 2, removeHeader: 1, getHeaders: 0,
  getComment: 0, setComment: 1, removeComment: 0, deleteComment: 0, getComments: 0, removeComments: 0, deleteComments: 0,
};

/**
 * Calls whose difference is intended (README "Coming from chess.js", intended.test.mjs):
 * they are counted, not compared.
 */
function intended(member, args) {
  const [a, b] = args;
  if (member === "perft") return true; // depth 0 is 1; above 8 and non-numbers refused
  if ((member === "setHeader" || member === "header") && args.some((x) => typeof x === "string" && /^(SetUp|FEN|Variant|Chess9Swaps)$/.test(x))) return true;
  // Tag names and values PGN cannot write (chess.js writes them, breaking its record).
  const unwritable = (k, v) => typeof k !== "string" || k === "" || /[\s"[\]{}]/.test(k) || (typeof v === "string" && /[\r\n]/.test(v));
  if (member === "setHeader" && unwritable(a, b)) return true;
  if (member === "setHeader" && b !== undefined && b !== null && typeof b !== "string") return true; // kept as its text (chess.js keeps the value)
  if (member === "header" && args.some((k, i) => i % 2 === 0 && typeof k === "string" && typeof args[i + 1] === "string" && unwritable(k, args[i + 1]))) return true;
  // chess.js writes every token on a line of its own for a width below 0 (or "0"): ours writes one line.
  if (member === "pgn" && a && typeof a === "object" && a.maxWidth !== undefined && a.maxWidth !== 0 && !(Number(a.maxWidth) > 0) && !Number.isNaN(Number(a.maxWidth))) return true;
  if (member === "put" && a && typeof a === "object" && typeof a.type === "string" && a.type.length === 1 && a.type !== a.type.toLowerCase()) return true; // upper case: ours reads it, chess.js's hash code throws
  if (member === "setCastlingRights" && a !== "w" && a !== "b") return true; // chess.js sets rights of a colour 'x'
  if (member === "loadPgn" && typeof a === "string") return true; // its own file: texts chess.js's grammar refuses, state after an error
  if ((member === "load" || member === "constructor") && b && typeof b === "object" && b.skipValidation) return true; // chess.js reads garbage, then its engine throws
  return false;
}

const counts = { calls: 0, compared: 0, intended: 0, bothThrow: 0, neitherThrows: 0, dead: 0, byMember: Object.create(null) };
for (let n = 0; n < CALLS; n++) {
  const [fen, moves] = g.pick(POSITIONS);
  const member = g.pick(Object.keys(MEMBERS));
  const arity = g.int(MEMBERS[member] + 2);
  const args = Array.from({ length: arity }, () => g.pick(GARBAGE));
  counts.calls++;
  counts.byMember[member] = (counts.byMember[member] ?? 0) + 1;
  if (intended(member, args)) {
    counts.intended++;
    continue;
  }
  const make = (C) => {
    const c = fen === undefined ? new C() : new C(fen);
    for (const m of moves) c.move(m);
    return c;
  };
  const ours = make(Chess);
  const theirs = make(JsChess);
  const before = state(ours);
  const call = `${member === "constructor" ? "new Chess" : member}(${args.map(show).join(", ")})`;
  const setup = `${fen === undefined ? "new Chess()" : `new Chess(${show(fen)})`}${moves.map((m) => `; move(${show(m)})`).join("")}`;
  const run = (c, C) => (member === "constructor" ? new C(...args).fen() : c[member](...args));
  const o = attempt(() => run(ours, Chess));
  const t = attempt(() => run(theirs, JsChess));
  counts.compared++;
  const said = (x) => (x.ok ? show(plain(x.value)) : `throws ${x.error.constructor.name}: ${x.error.message}`);
  const detail = () => `${setup}; ${call}\n    ours:     ${said(o)}\n    chess.js: ${said(t)}`;
  diffs.record(`${member}: throws when chess.js throws`, o.ok === t.ok, detail);
  if (!o.ok) {
    diffs.record("a call that throws leaves our game unchanged", state(ours) === before, () => `${setup}; ${call}: before ${before}, after ${state(ours)}`);
    if (!t.ok) {
      counts.bothThrow++;
      if (ownError(t.error)) diffs.record(`${member}: chess.js's message`, o.error.message === t.error.message, detail);
      else diffs.record(`${member}: a TypeError where chess.js's engine throws one`, o.error instanceof TypeError || !(t.error instanceof TypeError), detail);
    }
  } else if (t.ok) {
    counts.neitherThrows++;
    // (hash() values differ by design: their classes are compared in games.test.mjs.)
    // A dead position ends our game (SPEC §1; chess.js plays on: intended.test.mjs).
    const dead = (member === "isDraw" || member === "isGameOver") && ours.outcome()?.reason === "dead-position";
    if (dead) counts.dead++;
    else if (member !== "hash") diffs.eq(`${member}: answers as chess.js`, plain(o.value), plain(t.value), () => `${setup}; ${call}`);
    // remove() of a name that is no square: chess.js still runs its after-edit updates (which
    // forget the en passant square); ours leaves the game alone (intended.test.mjs).
    if (member !== "remove" || squareArg(args[0])) {
      const setupTags = member !== "clear";
      // An edit after moves makes the edited position our game's start (chess.js keeps the
      // history: intended.test.mjs): then the positions are compared.
      const [a, b] = EDITS.has(member) && moves.length > 0 ? [position(ours), position(theirs)] : [state(ours, setupTags), state(theirs, setupTags)];
      diffs.eq(`${member}: leaves the game as chess.js's`, a, b, () => `${setup}; ${call}; state`);
    }
  }
}

test(`bad inputs reach what they are for: ${JSON.stringify(counts)}`, () => {
  assert.equal(Object.keys(counts.byMember).length, Object.keys(MEMBERS).length, "some members were never called");
  assert.ok(counts.bothThrow > CALLS / 20 && counts.neitherThrows > CALLS / 4, "too few calls of either kind");
});

for (const category of diffs.categories().sort()) {
  test(category, () => diffs.assertNone(category));
}

test("getCastlingRights looks the colour up as chess.js does: ['b'] is 'b', an object without text is a TypeError", () => {
  const fen = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1";
  for (const color of [["b"], ["w"], "x", 5, Object.create(null)]) {
    const [o, t] = [attempt(() => new Chess(fen).getCastlingRights(color)), attempt(() => new JsChess(fen).getCastlingRights(color))];
    assert.equal(o.ok, t.ok, show(color));
    if (t.ok) assert.deepEqual(o.value, t.value, show(color));
    else assert.ok(o.error instanceof TypeError && t.error instanceof TypeError, show(color));
  }
});
