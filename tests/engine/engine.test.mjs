// `chess960/engine` in Node (a worker thread): mates found at fixed nodes in all three
// variants, every level legal, history-aware draws, the swap choice, stop() while busy,
// abort, errors. The engine searches with node limits here, never against the clock,
// except where the clock is the behaviour under test.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Chess } from "chess960";
import { Engine } from "chess960/engine";

/** @type {Engine} */
let engine;
before(async () => {
  engine = await Engine.create({ hash: 8 });
});
after(() => engine.terminate());

const MATES = [
  // [fen, mate in n, first move (SAN) when unique]
  ["6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "Rd8#"],
  ["8/8/2kp4/4p3/K1P5/8/1q6/8 b - - 2 48", 2, null],
  ["R2Q4/7p/1p2kpp1/4q3/1Pr1P3/6PP/P4PK1/1B6 w - - 7 39", 3, null],
  // Chess960: mate by castling (O-O-O: king b1→c1, rook a1→d1), and from lichess games.
  ["2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1", 1, "O-O-O#"],
  ["nk6/p1pQ4/p3p3/5P2/4N3/1N3P2/1PPP1B1P/1RK5 w Q - 1 19", 2, null],
  ["rk1n1q1r/p1p2bbp/1pn1pNp1/4N1B1/4Q2P/6P1/PPP3B1/2KR3R w - - 11 20", 3, null],
];

describe("bestMove", () => {
  test("finds mates in one to three at fixed nodes, standard and Chess960", async () => {
    for (const [fen, n, san] of MATES) {
      const g = new Chess(fen);
      const r = await engine.bestMove(g, { nodes: 200_000 });
      assert.deepEqual(r.score, { mate: n }, fen);
      if (san) assert.equal(r.san, san, fen);
      assert.equal(r.pv.length, 2 * n - 1, fen);
      for (const uci of r.pv) g.move(uci);
      assert.ok(g.isCheckmate(), `${fen}: the line mates`);
    }
  });

  test("mates by rook-only castling, the king on c1 as after a Chess-9 king swap", async () => {
    // The king on c1 castles queenside by moving only the rook (a1→d1).
    const g = new Chess("2rkr3/2p1p3/8/8/8/8/8/R1K5 w A - 0 1");
    const r = await engine.bestMove(g, { nodes: 50_000 });
    assert.equal(r.san, "O-O-O#");
    assert.deepEqual(r.score, { mate: 1 });
    // By UCI or SAN: the Move object of a rook-only castling has from === to ("c1"),
    // which move({from, to}) reads as no move (reported to the core's owner).
    g.move(r.uci);
    assert.ok(g.isCheckmate());
  });

  test("returns the game's move object and a consistent record", async () => {
    const g = Chess.chess960(0);
    const r = await engine.bestMove(g, { nodes: 20_000 });
    const legal = g.moves({ verbose: true });
    assert.ok(legal.some((m) => m.san === r.move.san && m.uci === r.move.uci), "one of moves({verbose: true})");
    assert.equal(r.san, r.move.san);
    assert.equal(r.pv[0], r.uci);
    assert.ok(r.depth >= 1 && r.nodes > 0 && r.nodes <= 20_000);
    assert.equal(typeof r.score.cp, "number");
    assert.equal(g.move(r.move).san, r.san);
  });

  test("every level answers a legal move in every variant", async () => {
    const c9 = Chess.chess9();
    c9.swap("queen");
    c9.swap("king");
    for (let level = 1; level <= 10; level++) {
      for (const start of [new Chess(), Chess.chess960(959), c9]) {
        const g = Chess.fromPgn(start.pgn());
        for (let ply = 0; ply < 2; ply++) {
          // Level 10's own budget is a million nodes; capped here to keep CI fast.
          const r = await engine.bestMove(g, level === 10 ? { level, nodes: 30_000 } : { level });
          assert.ok(g.moves().includes(r.san), `level ${level}: ${r.san}`);
          g.move(r.san);
        }
      }
    }
  });

  test("sees a repetition draw that only the game's history shows", async () => {
    // A knight against queen and rook: lost, but Ng1 repeats a position for the third time.
    const g = new Chess("rn1q3k/8/8/8/8/8/PP6/K5N1 w - - 0 1");
    for (const m of ["Nf3", "Nc6", "Ng1", "Nb8", "Nh3", "Nc6", "Ng1", "Na5", "Nf3", "Nc6"]) g.move(m);
    const r = await engine.bestMove(g, { nodes: 50_000 });
    assert.equal(r.san, "Ng1");
    assert.deepEqual(r.score, { cp: 0 });
  });

  test("onInfo reports each iteration, deepening", async () => {
    const depths = [];
    const r = await engine.bestMove(new Chess(), { depth: 6 }, { onInfo: (i) => depths.push(i.depth) });
    assert.deepEqual(depths, [1, 2, 3, 4, 5, 6]);
    assert.equal(r.depth, 6);
  });
});

describe("stop, abort and errors", () => {
  test("stop() answers a busy search at once with a legal move (median of five within 50 ms), and the engine goes on", async () => {
    // Timed from the caller's side, five times: on a loaded machine one sample can wait
    // for the scheduler, and the median is what a user sees.
    const times = [];
    for (let i = 0; i < 5; i++) {
      const g = new Chess();
      let infos = 0;
      const p = engine.bestMove(g, { movetime: 20_000 }, { onInfo: () => infos++ });
      await new Promise((r) => setTimeout(r, 300));
      const t = performance.now();
      engine.stop();
      const r = await p;
      times.push(performance.now() - t);
      assert.ok(infos > 0);
      assert.ok(g.moves().includes(r.san));
    }
    const median = [...times].sort((a, b) => a - b)[2];
    assert.ok(median <= 50, `stop took ${times.map((ms) => ms.toFixed(1))} ms`);
    // The recycled worker answers the next search.
    const next = await engine.bestMove(new Chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), { nodes: 10_000 });
    assert.equal(next.san, "Rd8#");
  });

  test("an aborted signal rejects with its reason", async () => {
    const c = new AbortController();
    const p = engine.bestMove(new Chess(), { movetime: 20_000 }, { signal: c.signal });
    setTimeout(() => c.abort(new Error("no longer wanted")), 100);
    await assert.rejects(p, /no longer wanted/);
    const r = await engine.bestMove(new Chess(), { nodes: 1_000 });
    assert.ok(r.san);
  });

  test("a second search while one runs is refused; bad arguments throw TypeError or RangeError", async () => {
    const p = engine.bestMove(new Chess(), { nodes: 200_000 });
    await assert.rejects(engine.bestMove(new Chess(), { nodes: 10 }), /already running/);
    await p;
    await assert.rejects(engine.bestMove({}), TypeError);
    await assert.rejects(engine.bestMove(new Chess(), { level: 0 }), RangeError);
    await assert.rejects(engine.bestMove(new Chess(), { level: 11 }), RangeError);
    await assert.rejects(engine.bestMove(new Chess(), { level: "5" }), TypeError);
    await assert.rejects(engine.bestMove(new Chess(), { movetime: -1 }), RangeError);
    await assert.rejects(engine.bestMove(new Chess(), { nodes: Number.NaN }), RangeError);
    await assert.rejects(Engine.create({ hash: 0 }), RangeError);
    const mated = new Chess("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    await assert.rejects(engine.bestMove(mated), /no legal move/);
    await assert.rejects(engine.bestMove(Chess.chess9()), /swap phase/);
  });

  test("terminate() ends the engine", async () => {
    const e = await Engine.create({ hash: 1 });
    const p = e.bestMove(new Chess(), { movetime: 10_000 });
    e.terminate();
    await assert.rejects(p, /terminated/);
    await assert.rejects(e.bestMove(new Chess()), /terminated/);
  });
});

describe("chooseSwap", () => {
  test("chooses for Black, then White, in the swap phase only", async () => {
    const g = Chess.chess9();
    const black = await engine.chooseSwap(g, { nodes: 2_000 });
    assert.ok(["king", "queen", "none"].includes(black));
    g.swap(black);
    const white = await engine.chooseSwap(g, { nodes: 2_000 });
    assert.ok(["king", "queen", "none"].includes(white));
    g.swap(white);
    await assert.rejects(engine.chooseSwap(g), /not in the Chess-9 swap phase/);
    assert.ok(["king", "queen", "none"].includes(await engine.chooseSwap(Chess.chess9(), { level: 1 })));
  });
});
