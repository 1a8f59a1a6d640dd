// move()'s hot calls (src/ops.rs `Play`): the move goes into the wasm as a number or as
// bytes in the game's buffer, and the answer is read from a view of the wasm memory.
// That view is made again when the memory grows (growth detaches it): moves played right
// after a growth answer what chess.js answers. Text the buffer does not take (longer than
// it, or not ASCII) goes through the string call, with chess.js's errors
// (tests/chessjs/bad-inputs.test.mjs throws garbage of both kinds at move()).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Chess, wasmMemoryPages } from "chess960";
import { Chess as JsChess } from "chess.js";

/** Makes the wasm memory grow: games are read until it has more pages, then freed. */
function grow() {
  const pages = wasmMemoryPages();
  const kept = [];
  while (wasmMemoryPages() === pages) kept.push(Chess.fromPgn("1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(2500) + "*"));
  for (const g of kept) g.free();
  return wasmMemoryPages() - pages;
}

test("moves played right after the wasm memory grew answer as chess.js's", () => {
  const ours = new Chess();
  const theirs = new JsChess();
  const moves = [{ from: "e2", to: "e4" }, "e5", { from: "g1", to: "f3" }, "Nc6", "Bb5", { from: "a7", to: "a6" }];
  for (const m of moves) {
    assert.ok(grow() > 0);
    assert.deepEqual({ ...ours.move(m) }, { ...theirs.move(m) }, JSON.stringify(m));
    assert.equal(ours.fen(), theirs.fen());
  }
  for (let i = 0; i < moves.length; i++) {
    assert.ok(grow() > 0);
    assert.deepEqual({ ...ours.undo() }, { ...theirs.undo() });
  }
  assert.equal(ours.fen(), theirs.fen());
});

test("text the buffer does not take plays through the string call", () => {
  const ours = new Chess();
  const long = "e4" + "!".repeat(300);
  const theirs = new JsChess();
  assert.deepEqual({ ...ours.move(long) }, { ...theirs.move(long) });
  for (const bad of ["Nf3é", "🙂", "x".repeat(400)]) {
    assert.throws(() => ours.move(bad), { message: `Invalid move: ${bad}` });
    assert.throws(() => theirs.move(bad), { message: `Invalid move: ${bad}` });
  }
  assert.equal(ours.fen(), theirs.fen());
});

// (Chess.free() forgets where the game's buffer was, so that such a move asks for it and
// throws before writing there; whether a stale write would show depends on where the
// allocator puts the next game, so this checks the throws and the games around them.)
test("a freed game's move throws, and the games made around it play on", () => {
  const ours = new Chess();
  const theirs = new JsChess();
  for (const m of ["e4", "e5"]) assert.deepEqual({ ...ours.move(m) }, { ...theirs.move(m) });
  for (let i = 0; i < 50; i++) {
    const gone = new Chess();
    gone.move("d4");
    gone.free();
    // A game made now may take the freed memory.
    const next = new Chess();
    assert.throws(() => gone.move("Nf3"));
    assert.throws(() => gone.move("x".repeat(40)));
    assert.throws(() => gone.move({ from: "g1", to: "f3" }));
    assert.equal(next.move("Nf3").after, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    next.free();
  }
  for (const m of ["Nf3", { from: "b8", to: "c6" }]) assert.deepEqual({ ...ours.move(m) }, { ...theirs.move(m) });
  assert.equal(ours.fen(), theirs.fen());
});
