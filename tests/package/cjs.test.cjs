// The built package through CommonJS `require("chess960")` (the Node `require` condition).
const assert = require("node:assert/strict");
const { test } = require("node:test");
const chess960 = require("chess960");

const { Chess, chess960Array, chess960Id, randomChess960Id, splitPgn } = chess960;

test("require() gives the whole API, initialised synchronously", () => {
  for (const name of ["Chess", "chess960Array", "chess960Id", "randomChess960Id", "splitPgn"]) {
    assert.equal(typeof chess960[name], "function", name);
  }
  const g = new Chess();
  assert.equal(g.moves().length, 20);
  assert.equal(g.dests().size, 10);
  assert.equal(Chess.chess960(518).fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assert.equal(chess960Array(0), "BBQNNRKR");
  assert.equal(chess960Id("RKRNNQBB"), 959);
  const id = randomChess960Id();
  assert.ok(Number.isInteger(id) && id >= 0 && id <= 959);
  assert.equal(splitPgn('[Event "a"]\n\n1. e4 *\n').length, 1);
});

test("errors from the core are Errors and leave the game unchanged", () => {
  const g = new Chess();
  const fen = g.fen();
  assert.throws(() => g.move("e5"), Error);
  assert.equal(g.fen(), fen);
  assert.throws(() => new Chess("x"), Error);
});

test("Chess-9 and castling resolution through require()", () => {
  const g = Chess.chess9();
  assert.equal(g.turn(), "b");
  assert.deepEqual(g.swapChoices(), ["king", "queen", "none"]);
  g.swap("king");
  assert.equal(g.turn(), "w");
  assert.equal(new Chess("4k3/8/8/8/8/8/8/R4K1R w HA - 0 1").resolve("f1", "g1").kind, "ambiguous");
});
