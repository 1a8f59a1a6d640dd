// The built package through ESM `import "chess960"` (the package's own exports, Node
// condition): every name of SPEC §2 with real assertions.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, test } from "node:test";
import { inspect } from "node:util";
import { Chess, Move, chess960Array, chess960Id, randomChess960Id, splitPgn } from "chess960";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
// King f1, rooks a1 and h1 with castling rights: f1→g1 is both Kg1 and O-O.
const F1_KING = "4k3/8/8/8/8/8/8/R4K1R w HA - 0 1";
const TWO_KNIGHTS = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"; // Nd2 is ambiguous
const PROMOTION = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
const STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
const BARE_KINGS = "8/8/8/8/8/8/k7/4K3 w - - 0 1";

/** Asserts that `fn` throws an Error and leaves `game` exactly as it was. */
function throwsUnchanged(game, fn, message) {
  const fen = game.fen();
  const history = game.history().join(" ");
  assert.throws(fn, (e) => e instanceof Error && e.message.length > 0, message);
  assert.equal(game.fen(), fen, "the position changed after an error");
  assert.equal(game.history().join(" "), history, "the history changed after an error");
}

const sorted = (a) => [...a].sort();

describe("start positions", () => {
  test("new Chess() is the standard start with 20 moves", () => {
    const g = new Chess();
    assert.equal(g.fen(), START);
    assert.equal(g.variant(), "standard");
    assert.equal(g.turn(), "w");
    assert.equal(g.moves().length, 20);
    assert.deepEqual(g.swapChoices(), []);
  });

  test("new Chess(fen) loads a position; bad FEN throws an Error", () => {
    assert.equal(new Chess(KIWIPETE).fen(), KIWIPETE);
    assert.equal(new Chess(KIWIPETE).moves().length, 48);
    for (const bad of ["", "not a fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "8/8/8/8/8/8/8/8 w - - 0 1"]) {
      assert.throws(() => new Chess(bad), Error, `accepted ${JSON.stringify(bad)}`);
    }
  });

  test("Chess.chess960(518) is the standard array; 0 and 959 are the known arrays", () => {
    const g = Chess.chess960(518);
    assert.equal(g.fen(), START);
    assert.equal(g.variant(), "chess960");
    assert.equal(g.chess960Id(), 518);
    assert.equal(Chess.chess960(0).fen().split(" ")[0], "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR");
    assert.equal(Chess.chess960(0).fen({ shredder: true }).split(" ")[2], "HFhf");
    assert.equal(Chess.chess960(959).fen().split(" ")[0], "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB");
    assert.equal(new Chess().fen({ shredder: true }).split(" ")[2], "HAha");
  });

  test("Chess.chess960() draws a random id; bad ids throw", () => {
    const seen = new Set();
    for (let i = 0; i < 20; i++) {
      const g = Chess.chess960();
      assert.equal(g.variant(), "chess960");
      const id = g.chess960Id();
      assert.ok(Number.isInteger(id) && id >= 0 && id <= 959, `id ${id}`);
      assert.equal(g.fen().split("/")[7].split(" ")[0], chess960Array(id));
      seen.add(id);
      g.free();
    }
    assert.ok(seen.size > 1, "20 random Chess960 games all had the same id");
    for (const bad of [-1, 960, 1.5, Number.NaN]) assert.throws(() => Chess.chess960(bad), Error, `accepted ${bad}`);
  });

  test("Chess.doubleChess960 gives each side its own array", () => {
    const g = Chess.doubleChess960(0, 959);
    const placement = g.fen().split(" ")[0].split("/");
    assert.equal(placement[0], "rkrnnqbb");
    assert.equal(placement[7], "BBQNNRKR");
    assert.ok(g.moves().length > 0);
  });
});

describe("Scharnagl numbering", () => {
  test("known pairs", () => {
    assert.equal(chess960Array(0), "BBQNNRKR");
    assert.equal(chess960Array(518), "RNBQKBNR");
    assert.equal(chess960Array(959), "RKRNNQBB");
    assert.equal(chess960Id("RKRNNQBB"), 959);
    assert.equal(chess960Id("RNBQKBNR"), 518);
    assert.equal(chess960Id("BBQNNRKR"), 0);
  });

  test("all 960 ids round-trip and are distinct", () => {
    const arrays = new Set();
    for (let id = 0; id < 960; id++) {
      const a = chess960Array(id);
      assert.equal(chess960Id(a), id);
      arrays.add(a);
    }
    assert.equal(arrays.size, 960);
  });

  test("non-arrays and bad ids throw Errors", () => {
    for (const bad of ["KRRNNQBB", "RNBQKBN", "RNBQKBNQ", "BRBQKNNR"]) {
      assert.throws(() => chess960Id(bad), Error, bad);
    }
    for (const bad of [-1, 960, 2.5]) assert.throws(() => chess960Array(bad), Error, String(bad));
  });

  test("randomChess960Id is an integer 0..959 and varies", () => {
    const seen = new Set();
    for (let i = 0; i < 200; i++) {
      const id = randomChess960Id();
      assert.ok(Number.isInteger(id) && id >= 0 && id <= 959, `id ${id}`);
      seen.add(id);
    }
    assert.ok(seen.size > 100, `only ${seen.size} distinct ids in 200 draws`);
  });
});

describe("moves", () => {
  test("moves({ verbose: true }) gives chess.js Move instances, before/after/lan when read", () => {
    const moves = new Chess().moves({ verbose: true });
    assert.equal(moves.length, 20);
    const e4 = moves.find((m) => m.san === "e4");
    assert.ok(e4 instanceof Move);
    // Named as chess.js's class is, though the bundle is minified.
    assert.equal(Move.name, "Move");
    assert.match(inspect(e4), /^Move \{/);
    // chess.js's own fields as plain data (its class fields: `captured` and `promotion`
    // own and undefined here); this library's `uci` a getter on the prototype.
    assert.deepEqual({ ...e4 }, {
      color: "w", from: "e2", to: "e4", piece: "p", captured: undefined, promotion: undefined, flags: "b", san: "e4", lan: "e2e4",
      before: START, after: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    });
    assert.equal(e4.uci, "e2e4");
    assert.ok(!Object.hasOwn(e4, "uci"));
    assert.ok(e4.isBigPawn() && !e4.isCapture() && !e4.isPromotion());
    const nf3 = moves.find((m) => m.san === "Nf3");
    assert.deepEqual([nf3.piece, nf3.from, nf3.to, nf3.flags, nf3.lan], ["n", "g1", "f3", "n", "g1f3"]);
  });

  test("moves({ square }) limits to one origin, like chess.js", () => {
    const g = new Chess();
    assert.deepEqual(sorted(g.moves({ square: "e2" })), ["e3", "e4"]);
    assert.deepEqual(sorted(g.moves({ square: "g1", verbose: true }).map((m) => m.to)), ["f3", "h3"]);
    assert.deepEqual(g.moves({ square: "e4" }), []);
  });

  test("dests() is chessground's Map, with both castling inputs", () => {
    const d = new Chess().dests();
    assert.ok(d instanceof Map);
    assert.equal(d.size, 10);
    assert.deepEqual(sorted(d.get("b1")), ["a3", "c3"]);
    assert.deepEqual(sorted(d.get("e2")), ["e3", "e4"]);
    const c = new Chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").dests();
    for (const sq of ["c1", "g1", "a1", "h1"]) assert.ok(c.get("e1").includes(sq), `e1 → ${sq} missing: ${c.get("e1")}`);
  });

  test("move() takes SAN, both UCI castling forms and {from, to}", () => {
    const g = new Chess();
    assert.equal(g.move("e4").san, "e4");
    assert.equal(g.move("e7e5").san, "e5");
    const nf3 = g.move({ from: "g1", to: "f3" });
    assert.equal(nf3.san, "Nf3");
    assert.equal(nf3.piece, "n");
    assert.deepEqual(g.history(), ["e4", "e5", "Nf3"]);
    assert.equal(g.turn(), "b");

    const castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    for (const input of ["O-O", "e1g1", "e1h1", { from: "e1", to: "g1" }, { from: "e1", to: "h1" }]) {
      const m = new Chess(castle).move(input);
      assert.equal(m.san, "O-O", JSON.stringify(input));
      assert.equal(m.castle, "king");
      assert.equal(m.from, "e1");
      assert.equal(m.to, "g1");
      assert.equal(m.rookFrom, "h1");
      assert.equal(m.rookTo, "f1");
      assert.ok(m.flags.includes("k"));
    }
    const long = new Chess(castle).move("O-O-O");
    assert.equal(long.castle, "queen");
    assert.equal(long.rookFrom, "a1");
    assert.equal(long.rookTo, "d1");
  });

  test("UCI output: e1g1 in standard games, king onto rook in Chess960, configurable", () => {
    const castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert.equal(new Chess(castle).move("O-O").uci, "e1g1");
    assert.equal(new Chess(castle).setUciMode("chess960").move("O-O").uci, "e1h1");
    const g = Chess.chess960(518);
    for (const san of ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]) g.move(san);
    assert.equal(g.move("O-O").uci, "e1h1");
  });

  test("undo() answers a new Move equal to the one move() answered, in the UCI mode of the moment", () => {
    // undo() answers a move played by move() from a kept copy (js/chess.ts #kept): a
    // change of the returned object, or of the UCI mode, must not show in it.
    const castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    const g = new Chess(castle);
    const played = g.move("O-O");
    const fields = { ...played };
    played.san = "changed";
    g.setUciMode("chess960");
    const back = g.undo();
    assert.notEqual(back, played);
    assert.deepEqual({ ...back }, fields);
    assert.equal(back.uci, "e1h1");
    assert.equal(back.castle, "king");
    assert.equal(g.fen(), castle);
    // A kept move outlives no edit: after a put, undo() has nothing to take back.
    g.move("O-O");
    g.put({ type: "p", color: "b" }, "a3");
    assert.equal(g.undo(), null);
    // Moves and undos interleaved give chess.js's answers and the positions before.
    const h = new Chess();
    const fens = [h.fen()];
    for (const san of ["e4", "e5", "Nf3", "Nc6", "Bb5"]) {
      h.move(san);
      fens.push(h.fen());
    }
    for (let i = 5; i > 0; i--) {
      const m = h.undo();
      assert.equal(m.before, fens[i - 1]);
      assert.equal(m.after, fens[i]);
      assert.equal(h.fen(), fens[i - 1]);
    }
    assert.equal(h.undo(), null);
    // Past the moves kept in memory (at most 256), undo() asks the core, with the same answers.
    const long = new Chess();
    const answers = [];
    for (let i = 0; i < 600; i++) answers.push({ ...long.move(["Nf3", "Nf6", "Ng1", "Ng8"][i % 4]) });
    for (let i = 599; i >= 0; i--) assert.deepEqual({ ...long.undo() }, answers[i], `undo ${i}`);
    assert.equal(long.undo(), null);
  });

  test("illegal, ambiguous and incomplete moves throw Errors and change nothing", () => {
    const g = new Chess();
    g.move("e4");
    throwsUnchanged(g, () => g.move("e4"), "e4 twice");
    throwsUnchanged(g, () => g.move("Ke2"), "black king to e2");
    throwsUnchanged(g, () => g.move("zz"), "garbage");
    throwsUnchanged(g, () => g.move({ from: "e7", to: "e4" }), "pawn three squares");
    const k = new Chess(TWO_KNIGHTS);
    throwsUnchanged(k, () => k.move("Nd2"), "ambiguous SAN");
    assert.equal(k.move("Nbd2").from, "b1");
    const p = new Chess(PROMOTION);
    throwsUnchanged(p, () => p.move({ from: "e7", to: "e8" }), "promotion without a piece");
    const swap = new Chess();
    throwsUnchanged(swap, () => swap.swap("king"), "swap outside Chess-9");
  });

  test("promotion", () => {
    const p = new Chess(PROMOTION);
    const r = p.resolve("e7", "e8");
    assert.equal(r.kind, "promotion");
    assert.deepEqual(sorted(r.moves.map((m) => m.promotion)), ["b", "n", "q", "r"]);
    const m = p.move({ from: "e7", to: "e8", promotion: "n" });
    assert.equal(m.promotion, "n");
    assert.ok(m.flags.includes("p"));
    assert.equal(m.san, "e8=N");
    assert.equal(new Chess(PROMOTION).move("e8=Q").promotion, "q");
    assert.equal(new Chess(PROMOTION).move("e7e8r").promotion, "r");
  });

  test("undo() returns the last move, then null", () => {
    const g = new Chess();
    g.move("d4");
    const m = g.undo();
    assert.equal(m.san, "d4");
    assert.equal(g.fen(), START);
    assert.equal(g.undo(), null);
  });

  test("history({ verbose: true }) gives Move objects; captures carry `captured`", () => {
    const g = new Chess();
    for (const san of ["e4", "d5", "exd5"]) g.move(san);
    const h = g.history({ verbose: true });
    assert.equal(h.length, 3);
    assert.equal(h[2].captured, "p");
    assert.ok(h[2].flags.includes("c"));
    assert.equal(h[0].flags, "b");
    assert.equal(h[0].captured, undefined);
    assert.equal(h[1].before, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert.equal(h[2].after, g.fen());
  });

  test("perft", () => {
    const g = new Chess();
    assert.equal(g.perft(1), 20);
    assert.equal(g.perft(3), 8902);
    assert.equal(new Chess(KIWIPETE).perft(2), 2039);
  });
});

describe("castling input resolution", () => {
  test("king f1 → g1 with the rook on h1 is ambiguous", () => {
    const g = new Chess(F1_KING);
    const r = g.resolve("f1", "g1");
    assert.equal(r.kind, "ambiguous");
    assert.equal(r.moves.length, 2);
    assert.deepEqual(sorted(r.moves.map((m) => m.san)), ["Kg1", "O-O"]);
    const castle = r.moves.find((m) => m.castle === "king");
    assert.equal(castle.rookFrom, "h1");
    assert.equal(castle.rookTo, "f1");
    throwsUnchanged(g, () => g.move({ from: "f1", to: "g1" }), "ambiguous board input");
  });

  test("king onto its own rook is castling", () => {
    const r = new Chess(F1_KING).resolve("f1", "h1");
    assert.equal(r.kind, "castle");
    assert.equal(r.moves.length, 1);
    assert.equal(r.moves[0].san, "O-O");
  });

  test("ordinary and illegal inputs", () => {
    const g = new Chess();
    const r = g.resolve("e2", "e4");
    assert.equal(r.kind, "move");
    assert.equal(r.moves[0].san, "e4");
    assert.deepEqual(g.resolve("e2", "e5"), { kind: "illegal", moves: [] });
  });

  test("rook-only castling when the king already stands on g1", () => {
    const g = new Chess("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    const r = g.resolve("h1", "f1");
    assert.equal(r.kind, "castle");
    assert.equal(r.moves[0].san, "O-O");
    assert.ok(g.dests().get("h1").includes("f1"));
  });
});

describe("Chess-9", () => {
  test("the swap phase: Black chooses, then White, then White moves", () => {
    const g = Chess.chess9();
    assert.equal(g.variant(), "chess9");
    assert.equal(g.turn(), "b");
    assert.deepEqual(g.swapChoices(), ["king", "queen", "none"]);
    assert.deepEqual(g.swap("king"), { color: "b", swap: "king" });
    assert.equal(g.turn(), "w");
    assert.deepEqual(g.swapChoices(), ["king", "queen", "none"]);
    assert.deepEqual(g.swap("none"), { color: "w", swap: "none" });
    assert.deepEqual(g.swapChoices(), []);
    assert.equal(g.turn(), "w");
    assert.equal(g.fen().split(" ")[0], "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert.equal(g.moves().length, 20);
    assert.deepEqual(g.history(), ["swap:king", "swap:none"]);
    assert.deepEqual(g.history({ verbose: true }), [{ color: "b", swap: "king" }, { color: "w", swap: "none" }]);
    throwsUnchanged(g, () => g.swap("queen"), "a third swap");
    assert.deepEqual(g.undo(), { color: "w", swap: "none" });
    assert.equal(g.turn(), "w");
  });

  test("the queen swap moves Q to f1 and the bishop to d1", () => {
    const g = Chess.chess9();
    g.swap("none");
    g.swap("queen");
    assert.equal(g.fen().split(" ")[0].split("/")[7], "RNBBKQNR");
  });

  test("swap inputs resolve in the swap phase", () => {
    const g = Chess.chess9();
    assert.deepEqual(g.resolve("e8", "c8"), { kind: "swap", moves: [], swap: "king" });
    assert.deepEqual(g.resolve("d8", "f8"), { kind: "swap", moves: [], swap: "queen" });
    assert.deepEqual(g.resolve("e8", "e8"), { kind: "swap", moves: [], swap: "none" });
    assert.ok(g.dests().get("e8").includes("c8"));
    throwsUnchanged(g, () => g.swap("rook"), "bad choice");
  });

  test("a Chess-9 game replays from its PGN", () => {
    const g = Chess.chess9();
    g.swap("queen");
    g.swap("king");
    g.move("e4");
    const replay = Chess.fromPgn(g.pgn());
    assert.equal(replay.variant(), "chess9");
    assert.equal(replay.fen(), g.fen());
  });
});

describe("game end", () => {
  test("checkmate", () => {
    const g = new Chess();
    for (const san of ["f3", "e5", "g4"]) g.move(san);
    assert.equal(g.move("Qh4#").san, "Qh4#");
    assert.equal(g.isCheck(), true);
    assert.equal(g.isCheckmate(), true);
    assert.equal(g.isGameOver(), true);
    assert.equal(g.isDraw(), false);
    assert.deepEqual(g.outcome(), { winner: "b", reason: "checkmate" });
    assert.deepEqual(g.moves(), []);
  });

  test("check", () => {
    const g = new Chess();
    for (const san of ["e4", "f6"]) g.move(san);
    assert.equal(g.move("Qh5+").san, "Qh5+");
    assert.equal(g.isCheck(), true);
    assert.equal(g.isCheckmate(), false);
    assert.equal(g.outcome(), null);
  });

  test("stalemate", () => {
    const g = new Chess(STALEMATE);
    assert.equal(g.isStalemate(), true);
    assert.equal(g.isDraw(), true);
    assert.equal(g.isGameOver(), true);
    assert.deepEqual(g.outcome(), { winner: null, reason: "stalemate" });
  });

  test("insufficient material and mating material", () => {
    const g = new Chess(BARE_KINGS);
    assert.equal(g.isInsufficientMaterial(), true);
    assert.equal(g.isDraw(), true);
    assert.equal(g.hasMatingMaterial("w"), false);
    assert.equal(new Chess().hasMatingMaterial("b"), true);
    const rook = new Chess("8/8/8/8/8/8/k7/4K2R w - - 0 1");
    assert.equal(rook.hasMatingMaterial("w"), true);
    assert.equal(rook.hasMatingMaterial("b"), false);
  });

  test("a dead position ends the game: a locked wall, where a flag fall is a draw", () => {
    const wall = "8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/3n4/8 w - - 0 1";
    const g = new Chess(wall);
    assert.equal(g.isDeadPosition(), false);
    assert.equal(g.hasMatingMaterial("b"), true);
    g.move("Kxd2");
    assert.equal(g.isDeadPosition(), true);
    assert.equal(g.isInsufficientMaterial(), false);
    assert.equal(g.isDraw(), true);
    assert.equal(g.isGameOver(), true);
    assert.deepEqual(g.outcome(), { winner: null, reason: "dead-position" });
    assert.equal(g.hasMatingMaterial("w"), false);
    assert.equal(g.hasMatingMaterial("b"), false);
    // Taken back, the game is live again; a dead position loaded from FEN ends it at once.
    g.undo();
    assert.equal(g.isDeadPosition(), false);
    assert.equal(g.isGameOver(), false);
    const locked = new Chess("8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/8/8 w - - 0 1");
    assert.equal(locked.isDeadPosition(), true);
    assert.deepEqual(locked.outcome(), { winner: null, reason: "dead-position" });
    // Insufficient material is dead too, with its own reason.
    const bare = new Chess(BARE_KINGS);
    assert.equal(bare.isDeadPosition(), true);
    assert.deepEqual(bare.outcome(), { winner: null, reason: "insufficient-material" });
    // King and knight against king and pawn: only a helpmate, a mate all the same.
    const kn = new Chess("8/8/8/4k3/8/8/4p3/4KN2 b - - 0 1");
    assert.equal(kn.hasMatingMaterial("w"), true);
    kn.timeout("b");
    assert.deepEqual(kn.outcome(), { winner: "w", reason: "timeout" });
  });

  test("threefold repetition is applied automatically, moves still listed", () => {
    const g = new Chess();
    for (const san of ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]) g.move(san);
    assert.equal(g.isThreefoldRepetition(), false);
    g.move("Ng8");
    assert.equal(g.isThreefoldRepetition(), true);
    assert.equal(g.isDraw(), true);
    assert.equal(g.isGameOver(), true);
    assert.deepEqual(g.outcome(), { winner: null, reason: "threefold-repetition" });
    assert.equal(g.moves().length, 20);
  });

  test("fifty-move rule", () => {
    const g = new Chess("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert.equal(g.isFiftyMoves(), false);
    g.move("Ra2");
    assert.equal(g.isFiftyMoves(), true);
    assert.deepEqual(g.outcome(), { winner: null, reason: "fifty-moves" });
  });

  test("resignation, agreement and timeout; the first result stands", () => {
    const r = new Chess();
    r.resign("w");
    assert.deepEqual(r.outcome(), { winner: "b", reason: "resignation" });
    assert.equal(r.isGameOver(), true);
    r.drawByAgreement();
    assert.deepEqual(r.outcome(), { winner: "b", reason: "resignation" });
    const a = new Chess();
    a.drawByAgreement();
    assert.deepEqual(a.outcome(), { winner: null, reason: "agreement" });
    const t = new Chess();
    t.timeout("b");
    assert.deepEqual(t.outcome(), { winner: "w", reason: "timeout" });
    const bare = new Chess("8/8/8/8/8/8/k7/4K2R w - - 0 1");
    bare.timeout("w");
    assert.deepEqual(bare.outcome(), { winner: null, reason: "timeout-insufficient-material" });
  });

  // Issue 23: dead-position live, insufficient-material read back.
  test("a game ends for the same reason live and read back from its PGN (Chess.fromPgn, loadPgn)", () => {
    const cases = [
      // Rb7 leaves Black only Kxb7, into bare kings: dead at Rb7, and still after the capture.
      ["k7/8/8/8/8/8/1R6/7K w - - 0 1", ["Rb7", "Kxb7", "Kg2"], "dead-position"],
      ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "f3", "e5", "g4", "Qh4#"], "threefold-repetition"],
      ["4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", ["Kxe2", "Kd7"], "insufficient-material"],
    ];
    for (const [fen, moves, reason] of cases) {
      const live = new Chess(fen);
      for (const m of moves) live.move(m);
      assert.equal(live.outcome()?.reason, reason);
      for (const result of ["*", "1/2-1/2"]) {
        live.setHeader("Result", result);
        const text = live.pgn();
        const loaded = new Chess();
        loaded.loadPgn(text);
        assert.deepEqual([Chess.fromPgn(text).outcome(), loaded.outcome()], [live.outcome(), live.outcome()], `${moves.join(" ")} ${result}`);
      }
    }
  });
});

describe("PGN and headers", () => {
  test("pgn() round-trips through Chess.fromPgn", () => {
    const g = new Chess();
    for (const san of ["e4", "e5", "Nf3", "Nc6"]) g.move(san);
    g.setHeader("White", "Alice");
    assert.equal(g.setHeader("Black", "Bob").White, "Alice");
    assert.equal(g.getHeaders().White, "Alice");
    assert.equal(g.getHeaders().NoSuchTag, undefined);
    const pgn = g.pgn();
    assert.match(pgn, /\[White "Alice"\]/);
    assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6/);
    const back = Chess.fromPgn(pgn);
    assert.equal(back.fen(), g.fen());
    assert.deepEqual(back.history(), ["e4", "e5", "Nf3", "Nc6"]);
    assert.equal(back.getHeaders().Black, "Bob");
  });

  test("Chess960 PGN carries Variant and FEN", () => {
    const g = Chess.chess960(0);
    g.move("g3");
    const pgn = g.pgn();
    assert.match(pgn, /\[Variant "Chess960"\]/);
    assert.match(pgn, /\[SetUp "1"\]/);
    assert.match(pgn, /\[FEN "bbqnnrkr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/BBQNNRKR w [A-Za-z]+ - 0 1"\]/);
    const back = Chess.fromPgn(pgn);
    assert.equal(back.variant(), "chess960");
    assert.equal(back.fen(), g.fen());
  });

  test("bad PGN throws an Error naming the move", () => {
    assert.throws(() => Chess.fromPgn("1. e4 e5 2. Ke3 *"), (e) => e instanceof Error && /Ke3/.test(e.message));
  });

  test("splitPgn splits a multi-game text", () => {
    const one = '[Event "a"]\n\n1. e4 e5 1-0\n';
    const two = '[Event "b"]\n\n1. d4 d5 0-1\n';
    const games = splitPgn(`${one}\n${two}`);
    assert.equal(games.length, 2);
    assert.match(games[0], /Event "a"/);
    assert.match(games[1], /Event "b"/);
    assert.deepEqual(Chess.fromPgn(games[1]).history(), ["d4", "d5"]);
  });

  test("splitPgn keeps every character of every game (astral ones too) and gives [] for none", () => {
    const games = ['[Event "é 😀 𝄞"]\n\n1. e4 {ok 😀} e5 1-0', '[Site "ü"]\n\n1. d4 d5 0-1', "1. c4 *"];
    assert.deepEqual(splitPgn(games.join("\n\n")), games);
    assert.deepEqual(splitPgn(""), []);
    assert.deepEqual(splitPgn(" \n\t"), []);
  });
});

describe("adjournment", () => {
  const opened = (setup, sealed) => {
    const g = new Chess(setup);
    const envelope = g.seal(sealed, { whiteTimeMs: 60_000, blackTimeMs: 50_000, drawOffer: false });
    assert.equal(typeof envelope, "object");
    return Chess.openEnvelope(envelope);
  };

  test("a legal sealed move is applied when the envelope is opened", () => {
    const g = new Chess();
    g.move("e4");
    g.move("e5");
    const envelope = g.seal("Nf3", { whiteTimeMs: 60_000, blackTimeMs: 50_000, drawOffer: true });
    assert.equal(typeof envelope, "object");
    assert.equal(envelope.fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert.equal(envelope.moveNumber, 2);
    assert.equal(envelope.sealer, "w");
    assert.equal(envelope.move, "Nf3");
    assert.equal(envelope.whiteTimeMs, 60_000);
    assert.equal(envelope.blackTimeMs, 50_000);
    assert.equal(envelope.drawOffer, true);
    const json = JSON.stringify(envelope);
    for (const resumed of [Chess.openEnvelope(envelope), Chess.openEnvelope(json)]) {
      assert.equal(resumed.fen().split(" ")[0], "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R");
      assert.equal(resumed.turn(), "b");
      assert.equal(resumed.outcome(), null);
      assert.equal(resumed.getHeaders().DrawOffer, "w");
      assert.deepEqual(resumed.history(), ["e4", "e5", "Nf3"]);
    }
  });

  test("illegal, ambiguous and meaningless sealed moves lose for the sealer", () => {
    assert.deepEqual(opened(START, "Ke2").outcome(), { winner: "b", reason: "sealed-move-illegal" });
    assert.deepEqual(opened(TWO_KNIGHTS, "Nd2").outcome(), { winner: "b", reason: "sealed-move-ambiguous" });
    assert.deepEqual(opened(START, "hello").outcome(), { winner: "b", reason: "sealed-move-meaningless" });
  });

  test("the envelope keeps its key order and any move text through JSON", () => {
    const g = new Chess();
    const envelope = g.seal("e4 \u0000 \"odd\"\n😀", { whiteTimeMs: 1.4, blackTimeMs: 2.6 });
    assert.deepEqual(Object.keys(envelope), [
      "white", "black", "fen", "pgn", "moveNumber", "sealer", "move", "whiteTimeMs", "blackTimeMs", "drawOffer", "resumption",
    ]);
    assert.equal(envelope.move, "e4 \u0000 \"odd\"\n😀");
    assert.deepEqual([envelope.whiteTimeMs, envelope.blackTimeMs, envelope.drawOffer], [1.4, 2.6, false]);
    const resumed = Chess.openEnvelope(JSON.stringify(envelope));
    assert.equal(resumed.getHeaders().SealedMove, envelope.move);
    assert.deepEqual(resumed.outcome(), { winner: "b", reason: "sealed-move-meaningless" });
  });

  test("a broken envelope throws an Error saying what is wrong", () => {
    const good = new Chess().seal("e4");
    const cases = [
      ["{", Error, /not valid JSON/],
      ["[1]", TypeError, /envelope must be an object, got an array/],
      [null, TypeError, /must be an object or its JSON text, got null/],
      [42, TypeError, /must be an object or its JSON text, got a number/],
      [{ ...good, fen: undefined }, TypeError, /envelope.fen must be a string, got undefined/],
      [{ ...good, pgn: 5 }, TypeError, /envelope.pgn must be a string, got a number/],
      [{ ...good, moveNumber: "1" }, TypeError, /envelope.moveNumber must be a number, got a string/],
      [{ ...good, moveNumber: 1.5 }, RangeError, /moveNumber must be a whole number/],
      [{ ...good, sealer: "x" }, Error, /sealer must be "w" or "b"/],
      [{ ...good, sealer: Symbol("w") }, TypeError, /sealer must be a string/],
      [{ ...good, whiteTimeMs: -1 }, RangeError, /'whiteTimeMs' must be a number of milliseconds from 0 to 2\^53/],
      [{ ...good, blackTimeMs: NaN }, RangeError, /'blackTimeMs'/],
      [{ ...good, blackTimeMs: null }, TypeError, /blackTimeMs must be a number, got null/],
      [{ ...good, drawOffer: 0 }, TypeError, /drawOffer must be a boolean/],
      [{ ...good, move: Symbol("e4") }, TypeError, /move must be a string/],
      [{ ...good, move: {} }, TypeError, /move must be a string/],
      [{ ...good, sealer: "b" }, Error, /sealed by black but white is to move/],
      // Forged fields: a NUL cannot shift anything now, each field is its own value.
      [{ ...good, fen: `${good.fen}\0sx\0n1\0sw` }, Error, /envelope position/],
    ];
    for (const [envelope, kind, message] of cases) {
      assert.throws(
        () => Chess.openEnvelope(envelope),
        (e) => e instanceof kind && message.test(e.message) || assert.fail(`${String(message)}: got ${e}`),
      );
    }
    assert.equal(Chess.openEnvelope(good).turn(), "b");
  });

  test("a sealed move that mates decides the game", () => {
    const g = new Chess();
    for (const san of ["f3", "e5", "g4"]) g.move(san);
    assert.deepEqual(Chess.openEnvelope(g.seal("Qh4")).outcome(), { winner: "b", reason: "checkmate" });
  });
});

describe("memory", () => {
  test("free() and Symbol.dispose release the game", () => {
    const g = new Chess();
    g.free();
    assert.throws(() => g.fen());
    const h = new Chess();
    assert.equal(typeof h[Symbol.dispose], "function");
    h[Symbol.dispose]();
    assert.throws(() => h.moves());
  });

  test("load(fen) replaces the game and keeps it on a bad FEN", () => {
    const g = new Chess();
    g.load(KIWIPETE);
    assert.equal(g.fen(), KIWIPETE);
    throwsUnchanged(g, () => g.load("nonsense"), "bad FEN in load");
  });
});

test("the Node entry loads without process.getBuiltinModule (Node before 20.16), and Chess keeps its name", () => {
  assert.equal(Chess.name, "Chess");
  const code = "delete process.getBuiltinModule; const { Chess } = await import('chess960');" +
    " console.log(Chess.name, new Chess().moves().length);";
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: import.meta.dirname, encoding: "utf8",
  });
  assert.equal(out.trim(), "Chess 20");
});

test("decoding cost (diagnostic: prints µs per call)", () => {
  const g = new Chess();
  const time = (fn, n = 20_000) => {
    for (let i = 0; i < 2000; i++) fn();
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    return Number(process.hrtime.bigint() - t) / n / 1000;
  };
  const dests = time(() => g.dests());
  const verbose = time(() => g.moves({ verbose: true }));
  const sans = time(() => g.moves());
  console.log(`# start position: dests() ${dests.toFixed(2)} µs, moves() ${sans.toFixed(2)} µs, moves({verbose}) ${verbose.toFixed(2)} µs`);
  // Loose bounds: a regression guard, not the benchmark (targets are 2 µs and 15 µs).
  assert.ok(dests < 100 && verbose < 300, "decoding is far slower than expected");
});
