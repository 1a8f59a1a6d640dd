// Where ours differs from chess.js 1.4.0 on purpose (README "Coming from chess.js"): each
// test states our behaviour and checks chess.js's, so that the list stays true. The random
// suites leave these cases out; everything else is compared there.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Chess } from "chess960";
import { Chess as JsChess } from "chess.js";

const CASTLE = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const throwsFrom = (f) => {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail("did not throw");
};

describe("moves", () => {
  test("UCI king-onto-rook castling input is read in every variant (SPEC §1); chess.js refuses it", () => {
    for (const input of ["e1h1", { from: "e1", to: "h1" }]) {
      assert.equal(new Chess(CASTLE).move(input).san, "O-O");
      assert.throws(() => new JsChess(CASTLE).move(input), /Invalid move/);
    }
    assert.equal(new Chess(CASTLE).move({ from: "e1", to: "a1" }).san, "O-O-O");
  });

  test("moves({square}) writes the SAN of moves() (chess.js disambiguates only among that square's moves: `Rd1`, which its move() refuses)", () => {
    const fen = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
    assert.ok(new Chess(fen).moves({ square: "a1" }).includes("Rad1"));
    const theirs = new JsChess(fen);
    assert.ok(theirs.moves({ square: "a1" }).includes("Rd1"));
    assert.ok(theirs.moves({ square: "a1", verbose: true }).some((m) => m.san === "Rad1"));
    assert.throws(() => new JsChess(fen).move("Rd1"), /Invalid move/);
  });

  test("perft(0) is 1, and perft refuses depths above 8 and non-numbers (chess.js: the number of moves; any depth; '2' as 2)", () => {
    assert.equal(new Chess().perft(0), 1);
    assert.equal(new JsChess().perft(0), 20);
    assert.equal(new Chess().perft(2), new JsChess().perft(2));
    assert.throws(() => new Chess().perft(9), RangeError);
    assert.throws(() => new Chess().perft("2"), TypeError);
    assert.equal(new JsChess().perft("2"), 400);
  });
});

describe("game end", () => {
  test("the first result stands: a threefold repetition stays a draw after the next move (chess.js forgets it)", () => {
    const play = (g) => {
      for (const m of "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8".split(" ")) g.move(m);
      assert.ok(g.isThreefoldRepetition() && g.isDraw());
      g.move("e4");
      return [g.isThreefoldRepetition(), g.isDraw(), g.isGameOver()];
    };
    assert.deepEqual(play(new Chess()), [false, true, true]);
    assert.deepEqual(play(new JsChess()), [false, false, false]);
  });

  test("a record read from PGN keeps the result it states (SPEC §1): 1-0 is over for us, not for chess.js", () => {
    const text = "1. e4 e5 1-0";
    const ours = new Chess();
    ours.loadPgn(text);
    const theirs = new JsChess();
    theirs.loadPgn(text);
    assert.deepEqual([ours.isGameOver(), ours.outcome()?.winner], [true, "w"]);
    assert.equal(theirs.isGameOver(), false);
  });

  test("a dead position (a locked pawn wall) is a draw for us (SPEC §1); chess.js plays on", () => {
    const wall = "k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K w - - 0 1";
    assert.equal(new JsChess(wall).isDraw(), false);
    const g = new Chess(wall);
    assert.equal(g.isDraw(), true);
    assert.equal(g.outcome()?.reason, "dead-position");
  });
});

describe("positions and editing", () => {
  test("a FEN castling right whose king or rook is absent is dropped on load (chess.js keeps the letter)", () => {
    const fen = "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1";
    assert.equal(new Chess(fen).fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert.equal(new JsChess(fen).fen(), fen);
  });

  test("a FEN en passant square with no pawn in front of it is dropped (chess.js keeps it, and its fen() then puts a pawn there)", () => {
    // d6 names a pawn that just moved d7-d5, but d5 is empty.
    const fen = "rnbqkbnr/ppp1pppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 1";
    const ours = new Chess(fen);
    assert.equal(ours.fen({ forceEnpassantSquare: true }), fen.replace(" d6 ", " - "));
    assert.deepEqual(ours.moves().filter((m) => m.includes("x")), []);
    const theirs = new JsChess(fen);
    assert.deepEqual(theirs.moves().filter((m) => m.includes("x")), ["exd6"]);
    // chess.js's fen() tries the capture and undoes it, restoring the pawn it "took" on d5.
    assert.equal(theirs.fen(), "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 1");
  });

  test("X-FEN and Shredder-FEN castling letters are read (SPEC §1); chess.js refuses them", () => {
    assert.equal(new Chess("4k3/8/8/8/8/8/8/R3K1R1 w G - 0 1").fen(), "4k3/8/8/8/8/8/8/R3K1R1 w K - 0 1");
    assert.throws(() => new JsChess("4k3/8/8/8/8/8/8/R3K1R1 w G - 0 1"), /castling availability is invalid/);
  });

  test("an edit makes the edited position the game's start: the history is dropped (chess.js keeps it and undoes onto the edited board)", () => {
    const ours = new Chess();
    ours.move("e4");
    ours.put({ type: "q", color: "w" }, "d3");
    assert.deepEqual([ours.history(), ours.undo()], [[], null]);
    const theirs = new JsChess();
    theirs.move("e4");
    theirs.put({ type: "q", color: "w" }, "d3");
    assert.deepEqual(theirs.history(), ["e4"]);
    theirs.undo();
    assert.equal(theirs.fen(), "rnbqkbnr/pppppppp/8/8/8/3Q4/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  });

  test("setCastlingRights is such an edit: SetUp/FEN then give the edited start (chess.js's stay as they were)", () => {
    const ours = new Chess(CASTLE);
    ours.setCastlingRights("w", { k: false });
    assert.equal(ours.getHeaders()["FEN"], "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    const theirs = new JsChess(CASTLE);
    theirs.setCastlingRights("w", { k: false });
    assert.equal(theirs.getHeaders()["FEN"], CASTLE);
  });

  test("remove() of a name that is no square changes nothing (chess.js still forgets the en passant square)", () => {
    const fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    const ours = new Chess(fen);
    assert.equal(ours.remove("z9"), undefined);
    assert.equal(ours.fen(), fen);
    const theirs = new JsChess(fen);
    theirs.remove("z9");
    assert.equal(theirs.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
  });

  test("put() reads an upper-case type as lower case (chess.js's hash code throws a TypeError on it)", () => {
    const g = new Chess();
    assert.equal(g.put({ type: "N", color: "w" }, "e4"), true);
    assert.deepEqual(g.get("e4"), { type: "n", color: "w" });
    assert.ok(g.moves().length > 0);
    assert.throws(() => new JsChess().put({ type: "N", color: "w" }, "e4"), TypeError);
  });

  test("a pawn on the first or eighth rank (put, or load with skipValidation) leaves a game that still lists moves (chess.js's move generator throws)", () => {
    const g = new Chess();
    g.put({ type: "p", color: "w" }, "a8");
    assert.equal(g.moves().length, 20);
    const theirs = new JsChess();
    theirs.put({ type: "p", color: "w" }, "a8");
    assert.throws(() => theirs.moves(), TypeError);
  });

  test("names of Object.prototype's members are no squares (chess.js finds them in its square table)", () => {
    for (const name of ["toString", "constructor", "hasOwnProperty", "valueOf"]) {
      assert.equal(new Chess().squareColor(name), null);
      assert.equal(new Chess().get(name), undefined);
      assert.equal(new Chess().put({ type: "q", color: "w" }, name), false);
    }
    assert.equal(new JsChess().squareColor("toString"), "light");
  });

  test("a query never changes the game: history() after a null move leaves the repetition count alone (chess.js's replay loses a repetition)", () => {
    const moves = ["e4", "--", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"];
    const play = (Lib, query) => {
      const g = new Lib();
      moves.forEach((m, i) => {
        if (query && i === 6) g.history();
        g.move(m);
      });
      return g.isThreefoldRepetition();
    };
    assert.deepEqual([play(Chess, false), play(Chess, true)], [true, true]);
    assert.deepEqual([play(JsChess, false), play(JsChess, true)], [true, false]);
  });

  test("hash() after undoing a null move is the position's hash again (chess.js's is off by the side-to-move key from then on)", () => {
    const ours = new Chess();
    const h0 = ours.hash();
    ours.move("--");
    assert.notEqual(ours.hash(), h0);
    ours.undo();
    assert.equal(ours.hash(), h0);
    const theirs = new JsChess();
    const t0 = theirs.hash();
    theirs.move("--");
    theirs.undo();
    assert.notEqual(theirs.hash(), t0);
  });
});

describe("records", () => {
  test("comments belong to moves: undo takes a move's comment with it (chess.js keeps it under the FEN and shows it again)", () => {
    const run = (g) => {
      g.move("e4");
      g.setComment("x");
      g.undo();
      g.move("e4");
      return g.getComment();
    };
    assert.equal(run(new Chess()), undefined);
    assert.equal(run(new JsChess()), "x");
  });

  test("two lines reaching one FEN keep their own comments (chess.js's comment for the FEN shows in the other line)", () => {
    const run = (g) => {
      for (const m of ["Nf3", "Nf6", "Nc3"]) g.move(m);
      g.setComment("after Nc3");
      g.undo();
      g.undo();
      g.undo();
      for (const m of ["Nc3", "Nf6", "Nf3"]) g.move(m);
      return g.getComment();
    };
    assert.equal(run(new Chess()), undefined);
    assert.equal(run(new JsChess()), "after Nc3");
  });

  test("setComment turns every '}' into ']' (chess.js only the first, which then ends the comment early in its pgn())", () => {
    const ours = new Chess();
    ours.setComment("a {b} {c}");
    assert.equal(ours.getComment(), "a [b] {c]");
    const back = new Chess();
    back.loadPgn(ours.pgn());
    assert.equal(back.getComment(), "a [b] {c]");
    const theirs = new JsChess();
    theirs.setComment("a {b} {c}");
    assert.equal(theirs.getComment(), "a [b] {c}");
    assert.throws(() => new JsChess().loadPgn(theirs.pgn()));
  });

  test("setHeader refuses SetUp/FEN/Variant/Chess9Swaps (derived from the start) and names or values PGN cannot write; chess.js stores them", () => {
    for (const [k, v] of [["SetUp", "1"], ["FEN", "8/8/8/8/8/8/8/8 w - - 0 1"], ["Variant", "Chess960"], ["Chess9Swaps", "black:none white:none"], ["Bad Name", "x"], ["Event", "a\nb"]]) {
      assert.throws(() => new Chess().setHeader(k, v), Error, k);
      assert.equal(new JsChess().setHeader(k, v)[k], v);
    }
  });

  test("a tag value that is not a string is kept as its text (chess.js keeps the value itself)", () => {
    assert.equal(new Chess().setHeader("WhiteElo", 2800)["WhiteElo"], "2800");
    assert.equal(new JsChess().setHeader("WhiteElo", 2800)["WhiteElo"], 2800);
  });

  test("tag values are escaped in pgn() (chess.js writes the quote as is, breaking the tag)", () => {
    const ours = new Chess();
    ours.setHeader("Event", 'a "q" \\ b');
    assert.match(ours.pgn(), /^\[Event "a \\"q\\" \\\\ b"\]$/m);
    const back = new Chess();
    back.loadPgn(ours.pgn());
    assert.equal(back.getHeaders()["Event"], 'a "q" \\ b');
    const theirs = new JsChess();
    theirs.setHeader("Event", 'a "q" \\ b');
    assert.match(theirs.pgn(), /^\[Event "a "q" \\ b"\]$/m);
  });

  test("a PGN syntax error has our message (chess.js's is peggy's); an illegal move has chess.js's, ours as the cause", () => {
    const e = throwsFrom(() => new Chess().loadPgn("1. e4 {unclosed"));
    assert.match(e.message, /never closed/);
    assert.equal(throwsFrom(() => new JsChess().loadPgn("1. e4 {unclosed")).name, "SyntaxError");
    const m = throwsFrom(() => new Chess().loadPgn("1. e4 e5 2. Ke3 *"));
    assert.equal(m.message, throwsFrom(() => new JsChess().loadPgn("1. e4 e5 2. Ke3 *")).message);
    assert.ok(m.cause instanceof Error);
  });

  test("loadPgn leaves the game unchanged on error (chess.js leaves it half-loaded)", () => {
    const text = '[Event "X"]\n\n1. e4 e5 2. Ke3 *';
    const ours = new Chess();
    ours.move("d4");
    assert.throws(() => ours.loadPgn(text));
    assert.deepEqual([ours.history(), ours.getHeaders()["Event"]], [["d4"], "?"]);
    const theirs = new JsChess();
    theirs.move("d4");
    assert.throws(() => theirs.loadPgn(text));
    assert.deepEqual([theirs.history(), theirs.getHeaders()["Event"]], [["e4", "e5"], "X"]);
  });

  test("a move number glued to a move without its dot is refused (chess.js reads `dxc33` as dxc3 and the number 3)", () => {
    const text = "1. e4 e5 2. f4 d5 3. fxe5 d4 4. c4 dxc33 *";
    assert.throws(() => new Chess().loadPgn(text), { message: "Invalid move in PGN: dxc33" });
    const theirs = new JsChess();
    theirs.loadPgn(text);
    assert.equal(theirs.history().at(-1), "dxc3");
  });

  test("loadPgn reads what chess.js's grammar refuses: two comments in a row, null moves, text after the result, tag names with '_'", () => {
    for (const [text, want] of [["1. e4 {a} {b} e5 *", ["e4", "e5"]], ["1. e4 -- 2. d4 *", ["e4", "--", "d4"]], ["1. e4 e5 1-0 extra", ["e4", "e5"]], ['[White_Elo "2000"]\n\n1. e4 *', ["e4"]]]) {
      const g = new Chess();
      g.loadPgn(text);
      assert.deepEqual(g.history(), want, text);
      assert.throws(() => new JsChess().loadPgn(text), { name: "SyntaxError" }, text);
    }
  });

  test("a comment after the result joins the last move's comments (chess.js keeps only the one after the result)", () => {
    const text = "1. e4 e5 {before} 1-0 {after}";
    const ours = new Chess();
    ours.loadPgn(text);
    assert.deepEqual(ours.getComments().map((c) => c.comment), ["before after"]);
    assert.match(ours.pgn(), /\n1\. e4 e5 \{before\} \{after\} 1-0$/);
    const theirs = new JsChess();
    theirs.loadPgn(text);
    assert.deepEqual(theirs.getComments().map((c) => c.comment), ["after"]);
  });

  test("pgn() writes back the suffixes, NAGs and variations a record had (chess.js drops them)", () => {
    const text = "1. e4!? $14 (1. d4) e5 *";
    const ours = new Chess();
    ours.loadPgn(text);
    assert.match(ours.pgn(), /\n1\. e4!\? \$14 \(1\. d4\) 1\.\.\. e5 \*$/);
    const theirs = new JsChess();
    theirs.loadPgn(text);
    assert.match(theirs.pgn(), /\n1\. e4 e5 \*$/);
  });

  test("SetUp and FEN follow the start: SetUp without FEN is dropped, a lower-case fen tag becomes FEN (chess.js keeps both as written)", () => {
    const a = new Chess();
    a.loadPgn('[SetUp "1"]\n\n1. e4 *');
    assert.equal(a.getHeaders()["SetUp"], undefined);
    const b = new Chess();
    b.loadPgn('[fen "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 *');
    assert.deepEqual([b.getHeaders()["FEN"], b.getHeaders()["fen"]], ["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", undefined]);
    const c = new JsChess();
    c.loadPgn('[fen "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 *');
    assert.equal(c.getHeaders()["fen"], "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  });

  test("PGN variations nested more than 100 deep are refused with an Error naming the limit (chess.js reads them, and overflows its stack past a few thousand)", () => {
    const SAN = ["e4", "d4", "c4", "Nf3", "b3", "g3", "f4", "Nc3"];
    const nested = (depth) => `${Array.from({ length: depth }, (_, i) => `1. ${SAN[i % SAN.length]} (`).join("")}1. a4${")".repeat(depth)} *`;
    assert.deepEqual(Chess.fromPgn(nested(100)).history(), ["e4"]);
    assert.throws(() => new Chess().loadPgn(nested(101)), { message: /nested too deeply.*at most 100 levels/ });
    const theirs = new JsChess();
    theirs.loadPgn(nested(101));
    assert.deepEqual(theirs.history(), ["e4"]);
    assert.throws(() => new JsChess().loadPgn(nested(100_000)), RangeError);
  });

  test("pgn({maxWidth}) below 0 writes one line (chess.js puts every token on a line of its own)", () => {
    const run = (g) => {
      g.move("e4");
      g.move("e5");
      return g.pgn({ maxWidth: -1 }).split("\n").slice(-2);
    };
    assert.deepEqual(run(new Chess()), ["", "1. e4 e5 *"]);
    assert.deepEqual(run(new JsChess()), ["1. e4 e5", "*"]);
  });
});
