// `engine.analyse` and `engine.reviewGame` in Node (a worker thread): lines legal,
// distinct and best first in Chess960, mates from White's view, the review of a queen
// blunder, history-aware draws, Chess-9, the caller's thread kept free, stop and abort
// answered at once, bad arguments. Fixed node budgets throughout, except where the
// clock is the behaviour under test.
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

/** A game from SAN moves. */
function play(start, sans) {
  for (const s of sans) start.move(s);
  return start;
}

/** A number from White's view for ordering: mates beyond any centipawns. */
function value(score) {
  return "mate" in score ? Math.sign(score.mate) * (100_000 - Math.abs(score.mate)) : score.cp;
}

/** The median of `samples` (ms): one slow sample on a loaded machine is not the answer time. */
function median(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return s[s.length >> 1];
}

describe("analyse", () => {
  test("multiPv 3 in Chess960: three legal lines with distinct first moves, best first, deepening", async () => {
    const game = play(Chess.chess960(100), ["c4", "c5", "Ng3"]); // Black to move
    const infos = [];
    const a = await engine.analyse(game, { multiPv: 3, nodes: 150_000 }, { onInfo: (i) => infos.push(i) });
    assert.equal(a.lines.length, 3);
    assert.equal(new Set(a.lines.map((l) => l.pv[0])).size, 3, "distinct first moves");
    // Black to move: best first means White's view ascending.
    const values = a.lines.map((l) => value(l.score));
    assert.deepEqual(values, [...values].sort((x, y) => x - y), `best first: ${values}`);
    for (const line of a.lines) {
      assert.ok(line.depth >= 5 && line.pv.length >= 3, JSON.stringify(line));
      // Each line replays on a copy of the game, SAN and UCI alike.
      const copy = Chess.fromPgn(game.pgn());
      const byUci = Chess.fromPgn(game.pgn());
      line.pv.forEach((san, i) => {
        assert.equal(copy.move(san).san, san);
        byUci.move(line.uci[i]);
      });
      assert.equal(byUci.fen(), copy.fen());
    }
    // Streamed: every completed iteration, whole, deeper each time, the last the answer.
    assert.ok(infos.length >= 5);
    infos.forEach((info, i) => {
      assert.equal(info.depth, i + 1);
      assert.equal(info.lines.length, 3);
    });
    assert.deepEqual(infos.at(-1).lines, a.lines);
    assert.equal(a.nodes, 150_000);
  });

  test("a mate in one is { mate: 1 } for White and { mate: -1 } when Black mates", async () => {
    const white = await engine.analyse(new Chess("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), { nodes: 20_000 });
    assert.deepEqual(white.lines[0].score, { mate: 1 });
    assert.deepEqual(white.lines[0].pv, ["Rd8#"]);
    const black = await engine.analyse(new Chess("3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"), { multiPv: 2, nodes: 20_000 });
    assert.deepEqual(black.lines[0].score, { mate: -1 });
    assert.deepEqual(black.lines[0].pv, ["Rd1#"]);
    assert.ok("cp" in black.lines[1].score && black.lines[1].score.cp < -300, JSON.stringify(black.lines[1]));
  });

  test("sees a repetition only the game's history shows, and fewer lines than asked when fewer moves", async () => {
    const g = new Chess("rn1q3k/8/8/8/8/8/PP6/K5N1 w - - 0 1");
    play(g, ["Nf3", "Nc6", "Ng1", "Nb8", "Nh3", "Nc6", "Ng1", "Na5", "Nf3", "Nc6"]);
    const a = await engine.analyse(g, { nodes: 50_000 });
    assert.equal(a.lines[0].pv[0], "Ng1");
    assert.deepEqual(a.lines[0].score, { cp: 0 });
    const forced = await engine.analyse(new Chess("7k/8/8/8/8/8/6q1/7K w - - 0 1"), { multiPv: 5, nodes: 5_000 });
    assert.deepEqual(forced.lines.map((l) => l.pv[0]), ["Kxg2"]);
  });

  test("a Chess-9 game after its swaps", async () => {
    const g = Chess.chess9();
    g.swap("queen");
    g.swap("king");
    play(g, ["e4", "e5"]);
    const a = await engine.analyse(g, { multiPv: 2, nodes: 30_000 });
    assert.equal(a.lines.length, 2);
    for (const l of a.lines) assert.ok(g.moves().includes(l.pv[0]), l.pv[0]);
    await assert.rejects(engine.analyse(Chess.chess9()), /swap phase/);
  });

  test("stop() answers with the last iteration at once; bad arguments throw", async () => {
    const p = engine.analyse(new Chess(), { multiPv: 2, movetime: 20_000 });
    await new Promise((r) => setTimeout(r, 300));
    engine.stop();
    const a = await p;
    assert.equal(a.lines.length, 2);
    assert.ok(a.depth >= 1);
    await assert.rejects(engine.analyse(new Chess(), { multiPv: 0 }), RangeError);
    await assert.rejects(engine.analyse(new Chess(), { multiPv: 6 }), RangeError);
    await assert.rejects(engine.analyse(new Chess(), { multiPv: "3" }), TypeError);
    await assert.rejects(engine.analyse(new Chess(), { nodes: -5 }), RangeError);
    await assert.rejects(engine.analyse({}), TypeError);
    await assert.rejects(engine.analyse(new Chess("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1")), /no legal move/);
  });
});

describe("reviewGame", () => {
  const BLUNDER = ["e4", "e5", "Qg4", "d5", "Qxg7", "Bxg7"];

  test("1. e4 e5 2. Qg4 d5 3. Qxg7 Bxg7: the blunder, the best reply, the lost end", async () => {
    const game = play(new Chess(), BLUNDER);
    const heard = [];
    const review = await engine.reviewGame(game, { nodes: 60_000 }, { onProgress: (p) => heard.push(p) });
    assert.deepEqual(review.map((r) => [r.ply, r.san]), BLUNDER.map((san, i) => [i + 1, san]));
    // Progress per ply, from the end back to the start.
    assert.deepEqual(heard.map((p) => [p.ply.ply, p.done, p.total]), [6, 5, 4, 3, 2, 1].map((ply, i) => [ply, i + 1, 6]));
    const qxg7 = review[4];
    assert.equal(qxg7.judgment, "blunder");
    const bxg7 = review[5];
    assert.deepEqual(bxg7.best, { san: "Bxg7", uci: "f8g7" });
    assert.equal(bxg7.judgment, null);
    const end = bxg7.score;
    assert.ok(("cp" in end && end.cp <= -500) || end.mate < 0, `lost for White: ${JSON.stringify(end)}`);
    for (const r of review) assert.ok(r.best && typeof r.best.san === "string" && r.best.uci.length >= 4, JSON.stringify(r));
  });

  test("a mate ends at { mate: 0 }, the move into it is a blunder; Chess-9 swaps are not plies", async () => {
    const fools = await engine.reviewGame(play(new Chess(), ["f3", "e5", "g4", "Qh4#"]), { nodes: 20_000 });
    assert.deepEqual(fools[3].score, { mate: 0 });
    assert.deepEqual(fools[2].score, { mate: -1 });
    assert.equal(fools[2].judgment, "blunder");
    assert.equal(fools[3].judgment, null);
    const c9 = Chess.chess9();
    c9.swap("king");
    c9.swap("none");
    play(c9, ["d4", "d5", "Nf3"]);
    const review = await engine.reviewGame(c9, { nodes: 10_000 });
    assert.deepEqual(review.map((r) => [r.ply, r.san]), [[1, "d4"], [2, "d5"], [3, "Nf3"]]);
    assert.deepEqual(await engine.reviewGame(Chess.chess9(), { nodes: 1_000 }), []);
  });

  test("the caller's thread keeps running during a review: a 10 ms timer keeps ticking", async () => {
    const game = play(new Chess(), ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"]);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const t0 = performance.now();
    await engine.reviewGame(game, { nodes: 100_000 });
    const ms = performance.now() - t0;
    clearInterval(timer);
    // A blocked thread would tick about once; half the ideal count allows for a loaded machine.
    assert.ok(ms > 200, `the review took ${ms} ms`);
    assert.ok(ticks >= ms / 10 / 2, `${ticks} ticks in ${Math.round(ms)} ms`);
  });

  test("stop() and abort answer within 50 ms (median of five each), and the engine goes on", async () => {
    const game = play(new Chess(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]);
    const stops = [];
    const aborts = [];
    for (let i = 0; i < 5; i++) {
      const heard = [];
      const p = engine.reviewGame(game, { movetime: 400 }, { onProgress: (pr) => heard.push(pr.ply.ply) });
      await new Promise((r) => setTimeout(r, 1_000));
      const t = performance.now();
      engine.stop();
      const partial = await p;
      stops.push(performance.now() - t);
      // What was reviewed so far: the game's last plies, in order.
      assert.deepEqual(partial.map((r) => r.ply), [...heard].sort((a, b) => a - b));
      assert.ok(partial.length < 8 && (partial.length === 0 || partial.at(-1).ply === 8));

      const c = new AbortController();
      const q = engine.reviewGame(game, { movetime: 400 }, { signal: c.signal });
      await new Promise((r) => setTimeout(r, 300));
      const u = performance.now();
      c.abort(new Error("closed"));
      await assert.rejects(q, /closed/);
      aborts.push(performance.now() - u);
    }
    console.log(`review stop ${stops.map((ms) => ms.toFixed(1))} ms; abort ${aborts.map((ms) => ms.toFixed(1))} ms`);
    assert.ok(median(stops) <= 50, `stop: ${stops.map((ms) => ms.toFixed(1))} ms`);
    assert.ok(median(aborts) <= 50, `abort: ${aborts.map((ms) => ms.toFixed(1))} ms`);
    const next = await engine.reviewGame(play(new Chess(), ["e4"]), { nodes: 5_000 });
    assert.equal(next.length, 1);
  });

  test("bad arguments throw TypeError or RangeError", async () => {
    const g = play(new Chess(), ["e4"]);
    await assert.rejects(engine.reviewGame(g, { nodes: 0 }), RangeError);
    await assert.rejects(engine.reviewGame(g, { movetime: "1" }), TypeError);
    await assert.rejects(engine.reviewGame(g, null), TypeError);
    await assert.rejects(engine.reviewGame(g, {}, { onProgress: 3 }), TypeError);
    await assert.rejects(engine.reviewGame("1. e4"), TypeError);
  });
});
