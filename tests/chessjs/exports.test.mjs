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

test("a Move's own enumerable fields are chess.js's, in its order, then ours: spread, keys and clones see them all", () => {
  for (const [fen, san] of [
    [undefined, "e4"],
    ["4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q+"],
    ["r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "O-O"],
    ["4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6"],
  ]) {
    const mine = (fen ? new ours.Chess(fen) : new ours.Chess()).move(san);
    const his = (fen ? new theirs.Chess(fen) : new theirs.Chess()).move(san);
    const keys = Object.keys(his);
    assert.deepEqual(Object.keys(mine).slice(0, keys.length), keys, san);
    const extra = Object.keys(mine).slice(keys.length);
    assert.ok(extra.every((k) => ["uci", "castle", "rookFrom", "rookTo"].includes(k)), `${san}: ${extra}`);
    const plain = (m) => Object.fromEntries(keys.map((k) => [k, m[k]]));
    assert.deepEqual(plain({ ...mine }), plain({ ...his }), `${san}: spread`);
    assert.deepEqual(plain(structuredClone(mine)), plain(structuredClone(his)), `${san}: structuredClone`);
    // JSON: chess.js's text, then our fields.
    assert.ok(JSON.stringify(mine).startsWith(JSON.stringify(his).slice(0, -1)), `${san}: JSON ${JSON.stringify(mine)}`);
  }
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
