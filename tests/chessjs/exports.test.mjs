// chess.js 1.4's exports, ours under the same names: the constants equal, every public
// member of its Chess and Move there, Move a class whose instances the game answers with,
// shaped like chess.js's (own enumerable fields in chess.js's order, then ours).
import assert from "node:assert/strict";
import { test } from "node:test";
import * as ours from "chess960";
import * as theirs from "chess.js";

const CONSTANTS = ["WHITE", "BLACK", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "SQUARES", "DEFAULT_POSITION", "SEVEN_TAG_ROSTER"];

test("every export of chess.js 1.4 is exported under its name", () => {
  // (`default` is Node's view of chess.js's CommonJS module, not an export of chess.js.)
  const missing = Object.keys(theirs).filter((k) => k !== "default" && !(k in ours));
  assert.deepEqual(missing, []);
});

test("the constants equal chess.js's, in its order", () => {
  for (const k of CONSTANTS) {
    assert.deepEqual(ours[k], theirs[k], k);
    if (typeof theirs[k] === "object") assert.deepEqual(Object.keys(ours[k]), Object.keys(theirs[k]), `${k}: order`);
  }
});

test("xoroshiro128 yields chess.js's numbers for a seed", () => {
  const a = ours.xoroshiro128(0xa187eb39cdcaed8f31c4b365b102e01en);
  const b = theirs.xoroshiro128(0xa187eb39cdcaed8f31c4b365b102e01en);
  for (let i = 0; i < 100; i++) assert.equal(a(), b());
});

test("every public member of chess.js's Chess is a member of ours", () => {
  const names = Object.getOwnPropertyNames(theirs.Chess.prototype).filter((n) => !n.startsWith("_") && n !== "constructor");
  assert.ok(names.length > 40);
  const missing = names.filter((n) => typeof ours.Chess.prototype[n] !== "function");
  assert.deepEqual(missing, []);
});

test("Move is a class with chess.js's methods; moves, history, move() and undo() answer instances", () => {
  assert.equal(typeof ours.Move, "function");
  assert.match(Function.prototype.toString.call(ours.Move), /^class\b/);
  for (const n of Object.getOwnPropertyNames(theirs.Move.prototype)) assert.equal(typeof ours.Move.prototype[n], "function", n);
  const g = new ours.Chess();
  const played = g.move("e4");
  assert.ok(played instanceof ours.Move);
  assert.ok(g.moves({ verbose: true }).every((m) => m instanceof ours.Move));
  assert.ok(g.moves({ square: "e7", verbose: true }).every((m) => m instanceof ours.Move));
  assert.ok(g.history({ verbose: true })[0] instanceof ours.Move);
  assert.ok(g.undo() instanceof ours.Move);
});

test("a Move's own enumerable fields are exactly chess.js's, in its order: spread, keys, clones and JSON equal", () => {
  for (const [fen, san] of [
    [undefined, "e4"],
    ["4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q+"],
    ["r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "O-O"],
    ["4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6"],
  ]) {
    const mine = (fen ? new ours.Chess(fen) : new ours.Chess()).move(san);
    const his = (fen ? new theirs.Chess(fen) : new theirs.Chess()).move(san);
    assert.deepEqual(Object.keys(mine), Object.keys(his), san);
    assert.deepStrictEqual({ ...mine }, { ...his }, `${san}: spread`);
    assert.deepStrictEqual(structuredClone(mine), structuredClone(his), `${san}: structuredClone`);
    assert.equal(JSON.stringify(mine), JSON.stringify(his), `${san}: JSON`);
    // Ours are on the prototype.
    if (san === "O-O") assert.deepEqual([mine.uci, mine.castle, mine.rookFrom, mine.rookTo], ["e1g1", "king", "h1", "f1"]);
  }
});

test("isPromotion({from, to}) answers as chess.js's current source (its 1.4.0 moves as the reference)", () => {
  // chess.js after 1.4.0: `_moves({ square: from, piece: 'p' }).some((m) => m.to === Ox88[to] && m.promotion)`.
  const reference = (g, { from, to }) => g.moves({ square: from, piece: "p", verbose: true }).some((m) => m.to === to && m.promotion !== undefined);
  const fens = [
    "8/1PQ2pk1/3p2p1/3qp3/8/4P3/7p/2K5 w - - 0 56",
    "8/1PQ2pk1/3p2p1/3qp3/8/4P3/7p/2K5 b - - 0 56",
    "r2qk2r/pR1nppbp/3p1np1/1BpP4/4PPb1/2N2N2/P1PB2PP/3QK2R w Kkq - 2 12",
    "2r1k3/4bp2/p2p2p1/1p2p1P1/3qB3/5Q2/PPP2P2/1K5R w - - 0 25",
    "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
  ];
  const squares = ["b7", "b8", "c8", "a8", "h2", "h1", "g1", "e4", "e5", "h8", "a7", "c7", "B7", "B8", "x9", ""];
  let promotions = 0;
  for (const fen of fens) {
    const [o, t] = [new ours.Chess(fen), new theirs.Chess(fen)];
    for (const from of [...squares, undefined]) {
      for (const to of squares) {
        const want = reference(t, { from, to });
        assert.equal(o.isPromotion({ from, to }), want, `${fen}: isPromotion(${from}, ${to})`);
        if (want) promotions++;
      }
    }
  }
  assert.ok(promotions >= 8, `only ${promotions} promotions`);
  // chess.js's own tests of it.
  assert.equal(new ours.Chess(fens[0]).isPromotion({ from: "b7", to: "b8" }), true);
  assert.equal(new ours.Chess(fens[0]).isPromotion({ from: "b7", to: "c8" }), false);
  assert.equal(new ours.Chess(fens[2]).isPromotion({ from: "e4", to: "e5" }), false);
  assert.equal(new ours.Chess(fens[3]).isPromotion({ from: "h1", to: "h8" }), false);
});

test("a Move's after can be assigned, as chess.js's field can", () => {
  const m = new ours.Chess().move("d4");
  m.after = "changed";
  assert.equal(m.after, "changed");
  assert.deepEqual(Object.keys(m).filter((k) => k === "after"), ["after"]);
});

test("validateFen answers chess.js's shape", () => {
  assert.deepEqual(ours.validateFen(ours.DEFAULT_POSITION), theirs.validateFen(theirs.DEFAULT_POSITION));
  const bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
  const o = ours.validateFen(bad);
  assert.deepEqual({ ok: o.ok, error: o.error }, theirs.validateFen(bad));
});
