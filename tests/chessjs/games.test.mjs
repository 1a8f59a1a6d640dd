// Random standard games played in both libraries (ours and chess.js 1.4.0), from the start
// and from positions of Marcel van Kervinck's random-game suite: after every ply every
// query member agrees (SAN lists, verbose moves, state, hash classes), the per-square and
// record queries at sampled plies and at the end. Moves go in by SAN, by object, and by
// chess.js's permissive text; undo() and null moves at random. A game stops at its first
// end (where ours also counts a dead position: an intended difference, SPEC §1).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Chess } from "chess960";
import { Chess as JsChess } from "chess.js";
import { Diffs, HashClasses, PGN_OPTIONS, Pair, SCALE, compareQueries, compareRecord, readsAlike, rng, sameMove, show } from "./lib.mjs";

// chess.js costs ~1.5 ms of CPU per compared ply: CI plays short games from many positions
// and some long ones from the start (CHESSJS_SCALE=10 for a soak of ten times as many).
const GAMES = Math.round(400 * SCALE);
const SEED = Number(process.env.CHESSJS_SEED ?? 0x5eed);

const suite = readFileSync(new URL("../data/random.perft", import.meta.url), "utf8");
// (The few that chess.js reads otherwise, with an en passant square no pawn can take, are intended.test.mjs's.)
const STARTS = suite.split("\n").filter((l) => l.startsWith("epd ")).map((l) => l.slice(4).trim()).filter((fen) => readsAlike(Chess, JsChess, fen));

/** Ways to write move `m` (a chess.js Move) that chess.js's `move()` may read, by kind. */
function spellings(m, g) {
  const P = m.piece.toUpperCase();
  const promo = m.promotion ?? "";
  const forms = [
    ["san", m.san],
    ["san", m.san],
    ["san", m.san],
    ["object", { from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) }],
    ["object", { from: m.from, to: m.to, promotion: g.pick(["q", "n", "Q", undefined, 5, null]) }],
    ["object", { to: m.to, from: m.from, extra: 1 }],
    ["lan", m.lan],
    ["long", `${g.pick([P, P.toLowerCase(), ""])}${m.from}${g.pick(["", "-", "x"])}${m.to}${g.pick([promo, promo.toUpperCase(), ""])}`],
    ["decorated", m.san + g.pick(["+", "#", "!", "?", "!?", "?!", "!!", "+!", "#??", "=", " "])],
    ["no-x", m.san.replace("x", "")],
    ["over-disambiguated", m.piece === "p" || m.san.startsWith("O") ? m.san : `${P}${g.pick([m.from[0], m.from[1], m.from])}${m.san.slice(1)}`],
    ["lower-case", m.san.toLowerCase()],
    ["strict", m.san],
    ["strict-permissive", m.lan],
  ];
  if (m.isKingsideCastle()) forms.push(["zeros", "0-0"], ["strict-zeros", "0-0"]);
  if (m.isQueensideCastle()) forms.push(["zeros", "0-0-0"], ["strict-zeros", "0-0-0"]);
  if (m.promotion) forms.push(["promotion-no-equals", m.san.replace("=", "")], ["promotion-lower", m.san.replace(/=./, (s) => s.toLowerCase())]);
  return forms;
}

const diffs = new Diffs();
const hashes = new HashClasses(diffs);
const counts = { games: 0, plies: 0, compared: 0, verbose: 0, full: 0, undos: 0, nullMoves: 0, byForm: {}, ends: {}, deadFirst: 0, countsOff: 0 };
const g = rng(SEED);

for (let n = 0; n < GAMES; n++) {
  // Nine games in ten are short, from a position of the suite (or the start); the tenth is
  // long, from the start, to reach endings, repetitions and the fifty-move rule.
  const long = n % 10 === 9;
  const start = !long && n % 5 !== 0 ? g.pick(STARTS) : undefined;
  const pair = new Pair(Chess, JsChess, start, diffs);
  const { ours, theirs } = pair;
  counts.games++;
  const everyPly = n % 500 === 0; // one game in 500 compares everything at every ply
  const cap = everyPly ? 60 : long ? g.pick([60, 100, 150, 250, 350]) : g.pick([4, 8, 12, 16, 24]);
  for (let ply = 0; ; ply++) {
    // First end: chess.js's isGameOver, or ours (which also ends at a dead position).
    const t = theirs.isGameOver();
    const o = ours.isGameOver();
    const dead = o && !t && ours.outcome()?.reason === "dead-position";
    const last = o || t || ply >= cap;
    // chess.js's verbose moves cost a move generation per move: most plies compare the SAN list.
    // Everything (per square, per piece, the record) at the end of the long games and of one
    // short game in four, and at one ply in a hundred.
    const full = everyPly || (last && (long || n % 4 === 0)) || g.chance(0.01);
    const verbose = full || g.chance(0.1);
    counts.compared++;
    if (full) counts.full++;
    if (verbose) counts.verbose++;
    compareQueries(pair, { full, verbose });
    // (chess.js's pgn() and history() replay the game: all layouts at the end, one now and then.)
    if (full) compareRecord(pair, { pgn: [g.pick(PGN_OPTIONS), ...(last ? [g.pick(PGN_OPTIONS)] : [])] });
    hashes.add(pair);
    if (dead) counts.deadFirst++;
    // Once chess.js's repetition count is off (Pair.countsOff), the draw answers are compared
    // only where the two repetition answers still agree.
    else if (pair.countsOff && ours.isThreefoldRepetition() !== theirs.isThreefoldRepetition()) counts.countsOff++;
    else {
      const after = pair.hadNull ? " after a null move" : "";
      diffs.eq(`isGameOver()${after}`, o, t, () => pair.repro("isGameOver()"));
      diffs.eq(`isDraw()${after}`, ours.isDraw(), theirs.isDraw(), () => pair.repro("isDraw()"));
    }
    if (o || t) {
      const why = dead ? "dead position" : theirs.isCheckmate() ? "checkmate" : theirs.isStalemate() ? "stalemate" : theirs.isInsufficientMaterial() ? "insufficient material" : theirs.isThreefoldRepetition() ? "threefold repetition" : "fifty moves";
      counts.ends[why] = (counts.ends[why] ?? 0) + 1;
    }
    if (last) break;
    if (ply > 0 && g.chance(0.06)) {
      const u = pair.both("undo()", "undo()", (x) => x.undo(), (a, b) => sameMove(a, b) || (a === null && b === null));
      pair.log.push("undo()");
      counts.undos++;
      if (pair.hadNull) pair.countsOff = true;
      if (!u.same || ours.fen() !== theirs.fen()) break;
      continue;
    }
    if (g.chance(0.01)) {
      const input = g.pick([null, "--"]);
      const call = `move(${show(input)})`;
      const r = pair.both("move(null move)", call, (x) => x.move(input), sameMove);
      if (r.t.ok) pair.log.push(call);
      if (!r.same || ours.fen() !== theirs.fen()) break;
      if (r.t.ok) {
        counts.nullMoves++;
        pair.hadNull = true;
      }
      continue;
    }
    // Our verbose list (its SAN list was just compared with chess.js's) chooses the move.
    // Bias toward captures and pawn moves now and then, so that games reach endings.
    const legal = ours.moves({ verbose: true });
    const captures = legal.filter((m) => m.captured || m.piece === "p");
    const m = captures.length > 0 && g.chance(0.3) ? g.pick(captures) : g.pick(legal);
    const [form, input] = g.pick(spellings(m, g));
    counts.byForm[form] = (counts.byForm[form] ?? 0) + 1;
    const strict = form.startsWith("strict");
    const call = strict ? `move(${show(input)}, {strict:true})` : `move(${show(input)})`;
    const r = pair.both(`move(${form})`, call, (x) => (strict ? x.move(input, { strict: true }) : x.move(input)), sameMove);
    if (r.t.ok) pair.log.push(call);
    if (!r.same || ours.fen() !== theirs.fen()) break;
    if (!r.t.ok) {
      // Both refused the spelling: play the SAN.
      ours.move(m.san);
      theirs.move(m.san);
      pair.log.push(`move(${show(m.san)})`);
    }
    counts.plies++;
  }
}

test(`random games reach what they are for: ${JSON.stringify(counts)}`, () => {
  assert.ok(counts.plies > 15 * GAMES, "too few plies played");
  assert.ok(counts.undos > GAMES / 2 && counts.nullMoves > GAMES / 20, "too few undos or null moves");
  assert.ok(Object.keys(counts.byForm).length >= 12, "some spellings of moves were never tried");
  assert.ok((counts.ends.checkmate ?? 0) + (counts.ends.stalemate ?? 0) > 0 && (counts.ends["insufficient material"] ?? 0) > 0, "no game ended");
});

for (const category of diffs.categories().sort()) {
  test(`${category} agrees with chess.js over ${GAMES} random games`, () => diffs.assertNone(category));
}

test("move() strips a SAN's decorations once, as chess.js does: g4+# is no move, g4+ and g4!? are g4", () => {
  for (const [text, plays] of [["e4+#", false], ["e4#+", false], ["e4+", true], ["e4!?", true], ["e4+!", true], ["e4!+", false]]) {
    const [ours, theirs] = [new Chess(), new JsChess()];
    const outcome = (c) => { try { return c.move(text).san; } catch (e) { return e.message; } };
    assert.equal(outcome(ours), outcome(theirs), text);
    assert.equal(outcome(new JsChess()) === "e4", plays, `${text}: chess.js's answer is not what this test expects`);
  }
});

// Issue 23: our Moves once carried own fields chess.js's have not (`uci`, `castle`, …).
test("Move objects are deep-equal to chess.js's, whole (own fields in order, JSON, spread, structuredClone), in random games", () => {
  const r = rng(SEED + 23);
  const whole = (a, b, what) => {
    assert.deepStrictEqual(Object.entries(a), Object.entries(b), what);
    assert.deepStrictEqual({ ...a }, { ...b }, what);
    assert.deepStrictEqual(structuredClone(a), structuredClone(b), what);
    assert.equal(JSON.stringify(a), JSON.stringify(b), what);
  };
  const all = (a, b, what) => {
    assert.equal(a.length, b.length, what);
    a.forEach((m, i) => whole(m, b[i], `${what} [${i}]`));
  };
  let compared = 0;
  for (let n = 0; n < Math.round(20 * SCALE); n++) {
    const start = n % 2 === 0 ? undefined : r.pick(STARTS);
    const [ours, theirs] = [new Chess(start), new JsChess(start)];
    for (let ply = 0; ply < 80 && !theirs.isGameOver(); ply++) {
      const at = `game ${n} ply ${ply} (${theirs.fen()})`;
      all(ours.moves({ verbose: true }), theirs.moves({ verbose: true }), `${at} moves({verbose})`);
      for (const square of ["e1", "e8", r.pick(theirs.moves({ verbose: true })).from]) {
        all(ours.moves({ square, verbose: true }), theirs.moves({ square, verbose: true }), `${at} moves({square:${square},verbose})`);
      }
      for (const piece of ["p", "k", r.pick(["n", "b", "r", "q"])]) {
        all(ours.moves({ piece, verbose: true }), theirs.moves({ piece, verbose: true }), `${at} moves({piece:${piece},verbose})`);
      }
      const san = r.pick(theirs.moves());
      whole(ours.move(san), theirs.move(san), `${at} move(${san})`);
      compared++;
      if (r.chance(0.05)) whole(ours.undo(), theirs.undo(), `${at} undo()`);
    }
    all(ours.history({ verbose: true }), theirs.history({ verbose: true }), `game ${n} history({verbose})`);
  }
  assert.ok(compared > 500, `only ${compared} plies compared`);
});
