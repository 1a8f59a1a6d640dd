// PGN and comments against chess.js 1.4.0: random games with tags and comments (setComment,
// removeComment, undo) compared as pgn() in several layouts and through the comment API;
// each record read back by both libraries' loadPgn (strict or not, other newlines) from
// chess.js's own text and from ours; hand-made texts in chess.js's permissive forms; and
// real records (the lichess Chess960 games that never castle, whose SAN is standard SAN).
//
// Intended differences (README "Coming from chess.js"): comments belong to moves, not to
// FENs (undo takes a move's comment with it: the games below call getComments() after an
// undo, which makes chess.js forget the undone comments too); PGN syntax errors have our
// messages; loadPgn leaves the game unchanged on error; pgn() writes back the variations
// and NAGs a record had (chess.js drops them).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Chess, splitPgn } from "chess960";
import { Chess as JsChess } from "chess.js";
import { Diffs, PGN_OPTIONS, Pair, SCALE, attempt, moveView, rng, sameMove, show } from "./lib.mjs";

const GAMES = Math.round(120 * SCALE);
const SEED = Number(process.env.CHESSJS_SEED ?? 0x9a7e);
const g = rng(SEED);
const diffs = new Diffs();
const counts = { games: 0, plies: 0, comments: 0, loads: 0, compared: 0, lenient: 0, texts: 0, realGames: 0, afterResult: 0 };

// (A comment with two closing braces is intended.test.mjs's: chess.js keeps the second one,
// which ends the comment early in its pgn(); we turn every one into a bracket.)
const COMMENTS = ["good", "", " spaces  inside ", "with {braces}", "}", "{", "{{", "line\nbreak", "two\r\n\r\nbreaks", "\n", " (1. d4 d5) ", "é ☃", "[%clk 0:01:02]", "a;b", "x".repeat(90), "ends with backslash\\", "quote \" here"];
const TAGS = [["White", "Kasparov, G."], ["Black", "Topalov"], ["Event", "Hoogovens"], ["Date", "1999.01.20"], ["Round", "4"], ["Result", "1-0"], ["ECO", "B07"], ["Annotator", "me"], ["WhiteElo", "2812"], ["Custom", "value"], ["Site", "Wijk aan Zee NED"]];

/**
 * State after loadPgn, compared between the two libraries. `derived`: the record has a tag
 * chess.js keeps as written but we derive from the start (SetUp without FEN, a lower-case
 * fen tag); `annotated`: NAGs, suffixes or variations, which our pgn() writes back.
 */
function compareLoaded(pair, label, { derived = false, annotated = false } = {}) {
  const { ours, theirs, diffs } = pair;
  const r = (call) => () => pair.repro(call);
  diffs.eq(`${label}: fen()`, ours.fen(), theirs.fen(), r("fen()"));
  diffs.eq(`${label}: history({verbose})`, ours.history({ verbose: true }).map(moveView), theirs.history({ verbose: true }).map(moveView), r("history({verbose:true})"));
  if (!derived) diffs.eq(`${label}: getHeaders()`, Object.entries(ours.getHeaders()), Object.entries(theirs.getHeaders()), r("Object.entries(getHeaders())"));
  diffs.eq(`${label}: getComment()`, ours.getComment(), theirs.getComment(), r("getComment()"));
  diffs.eq(`${label}: getComments()`, ours.getComments(), theirs.getComments(), r("getComments()"));
  if (!derived && !annotated) diffs.eq(`${label}: pgn()`, ours.pgn(), theirs.pgn(), r("pgn()"));
  // A record that states its result is over for us (SPEC §1): compared only while it is open.
  if ((ours.getHeaders()["Result"] ?? "*") === "*") diffs.eq(`${label}: isGameOver()`, ours.isGameOver(), theirs.isGameOver(), r("isGameOver()"));
}

/** Both libraries read `text`; then their states are compared. */
function loadBoth(text, options, label, kinds) {
  const pair = new Pair(Chess, JsChess, undefined, diffs);
  const call = options === undefined ? `loadPgn(${show(text)})` : `loadPgn(${show(text)}, ${show(options)})`;
  counts.loads++;
  const o = attempt(() => pair.ours.loadPgn(text, options));
  const t = attempt(() => pair.theirs.loadPgn(text, options));
  pair.log.push(call);
  const said = (x) => (x.ok ? "reads it" : `throws ${x.error.message}`);
  const detail = () => `${pair.repro("")}\n    ours: ${said(o)}\n    chess.js: ${said(t)}`;
  if (t.ok) diffs.record(`${label}: loadPgn reads what chess.js reads`, o.ok, detail);
  else if (t.error instanceof Error && t.error.name === "SyntaxError") {
    // chess.js's grammar refuses it: our reader may read it (it is more lenient), and its messages are ours.
    if (o.ok) counts.lenient++;
  } else {
    // chess.js's grammar reads a move glued to the next move number (which its own pgn()
    // writes when it wraps after a comment: `Nd79.`) as far as the digits allow (`Nd7`, `9.`),
    // ours as one bad token: both refuse such a text, sometimes naming another move.
    const glued = (x) => /^Invalid move in PGN: .*\d\.*$/.test(x.error.message);
    const same = !o.ok && (o.error.message === t.error.message || (glued(o) && glued(t)));
    diffs.record(`${label}: loadPgn refuses with chess.js's message`, same, detail);
  }
  if (o.ok && t.ok) {
    counts.compared++;
    compareLoaded(pair, label, kinds);
  }
  return pair;
}

// ---------------------------------------------------------------------------------------
// Random games with comments and tags.

for (let n = 0; n < GAMES; n++) {
  const start = n % 4 === 3 ? "4k3/pp4pp/8/8/8/8/PP4PP/4K3 b - - 3 30" : undefined;
  const pair = new Pair(Chess, JsChess, start, diffs);
  const { ours, theirs } = pair;
  counts.games++;
  const r = (call) => () => pair.repro(call);
  const act = (category, call, f, cmp) => {
    const res = pair.both(category, call, f, cmp);
    pair.log.push(call);
    return res;
  };
  for (const [k, v] of TAGS) if (g.chance(0.3)) act("setHeader(key, value)", `setHeader(${show(k)}, ${show(v)})`, (x) => x.setHeader(k, v), (a, b) => JSON.stringify(Object.entries(a)) === JSON.stringify(Object.entries(b)));
  const plies = g.pick([0, 1, 2, 5, 10, 30, 60, 120]);
  for (let ply = 0; ply <= plies; ply++) {
    if (g.chance(0.35)) {
      const c = g.pick(COMMENTS);
      act("setComment(comment)", `setComment(${show(c)})`, (x) => x.setComment(c));
      counts.comments++;
    }
    if (g.chance(0.05)) act("removeComment()", "removeComment()", (x) => x.removeComment());
    if (g.chance(0.03)) act("deleteComment()", "deleteComment()", (x) => x.deleteComment());
    diffs.eq("getComment()", ours.getComment(), theirs.getComment(), r("getComment()"));
    if (ply === plies || theirs.isGameOver()) break;
    if (ply > 0 && g.chance(0.05)) {
      act("undo()", "undo()", (x) => x.undo(), (a, b) => (a === null && b === null) || sameMove(a, b));
      // chess.js keeps the undone position's comment by its FEN until getComments() prunes it.
      act("getComments() after undo()", "getComments()", (x) => x.getComments());
      continue;
    }
    const m = g.pick(ours.moves({ verbose: true }));
    const res = act("move(san)", `move(${show(m.san)})`, (x) => x.move(m.san), sameMove);
    if (!res.same) break;
    counts.plies++;
  }
  diffs.eq("getComments()", ours.getComments(), theirs.getComments(), r("getComments()"));
  for (const o of PGN_OPTIONS) diffs.eq("pgn(options) with comments", ours.pgn(o), theirs.pgn(o), r(`pgn(${show(o)})`));
  // Read back: chess.js's text and ours, by both libraries.
  const layout = g.pick([undefined, { maxWidth: 40 }, { newline: "\r\n" }, { maxWidth: 20, newline: "<br />" }]);
  const readOptions = layout?.newline === "<br />" ? { newlineChar: "<br />" } : g.pick([undefined, { strict: true }, {}]);
  const theirText = theirs.pgn(layout);
  loadBoth(theirText, readOptions, "loadPgn(chess.js's pgn())");
  loadBoth(ours.pgn(layout), readOptions, "loadPgn(our pgn())");
  // A comment after the result token (chess.js gives it the last position) when that
  // position has none (chess.js would replace it; we keep both, an intended difference).
  if (theirs.getComment() === undefined && g.chance(0.3)) {
    const c = g.pick(COMMENTS.filter((x) => !x.includes("}")));
    const gap = layout?.newline === "<br />" ? " " : g.pick([" ", "\n", "\n\n", "\r\n"]);
    counts.afterResult++;
    loadBoth(`${theirText}${gap}{${c}}`, readOptions, "loadPgn(text with a comment after the result)");
  }
  // The comment API's bulk members, last (they prune and remove).
  const which = g.pick(["removeComments", "deleteComments"]);
  act(`${which}()`, `${which}()`, (x) => x[which]());
  diffs.eq("getComments() after removing them", ours.getComments(), theirs.getComments(), r("getComments()"));
  diffs.eq("pgn() after removing comments", ours.pgn(), theirs.pgn(), r("pgn()"));
}

// ---------------------------------------------------------------------------------------
// Hand-made texts: chess.js's permissive forms, tags in odd places, results.

const TEXTS = [
  "",
  "   \n  ",
  "1. e4 e5 2. Nf3 Nc6 *",
  "1. e4 e5 2. Nf3 Nc6",
  "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 1-0",
  "1. e2e4 e7e5 2. g1f3 b8c6 *",
  "1. ng1f3 pe7-e5 2. pe2e4 nb8c6 3. Bf1-c4 Ng8-f6 4. e1g1 Bf8c5 5. d2d4 e5xd4 6. e4e5 *",
  "1. e4 e5 2. Qd1h5 Nb8c6 3. Bf1c4 Ng8f6 4. Qh5xf7# 1-0",
  "1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Ng8 5. h7xg8q Rxg8 *",
  "1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Ng8 5. hxg8=R Rxg8 *",
  "1. Pe2-e4 Pe7-e5 2. Ng1-f3 *",
  "1. e4 e5 2. Ngf3 Nbc6 *",
  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 *",
  "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *",
  "1. e4 {first} e5 {second} 2. Nf3 {third} *",
  "{before} 1. e4 e5 *",
  "1. e4 e5 {a} {b} 2. Nf3 *",
  ["1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *", { annotated: true }],
  ["1. e4 $1 e5 $2 2. Nf3 $14 *", { annotated: true }],
  ["1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", { annotated: true }],
  ["1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5)) 2... Nc6 *", { annotated: true }],
  "1. e4 ; a line comment\ne5 *",
  // Line breaks in comments (each run is one space for chess.js), before the first move,
  // a variation written inside a comment.
  "1. e4 {good\nmove} e5 *",
  "1. e4 {good\n\n  move\n} e5 {\n} *",
  "{before\nthe first move} 1. e4 e5 *",
  "[White \"A\"]\n\n{before} 1. e4 {after\ne4} *",
  "1. e4 {a (1. d4) b} e5 *",
  "1. e4 {see (1. d4\nd5) and\n(1. c4)} e5 {x} *",
  "1. e4 e5 {ends\nhere} 1-0",
  // A comment after the result token: the last position's (chess.js).
  "1. e4 e5 1-0 {after the result}",
  "1. e4 1-0\n\n{multi\nline}",
  "1. e4 e5 1/2-1/2 ; rest of the line\n",
  ["1. e4 (1. d4) 1-0 {after a variation}", { annotated: true }],
  "1. e4 {a} * {}",
  "* {no moves}",
  "[Event \"a\"]\n\n1. e4 e5 0-1 {x}\n",
  "1. e4 * {unterminated",
  "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1",
  "[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1",
  "[Event \"Casual\"]\n\n1. e4 *",
  "[White \"A\"]\n[Black \"B\"]",
  "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *",
  "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *",
  ["[fen \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *", { derived: true }],
  ["[SetUp \"1\"]\n\n1. e4 *", { derived: true }],
  "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 2. e4 *",
  ["[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\"]\n\n2. Nf3 *", { derived: true }],
  "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
  "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0",
  "1. e4 e5 2. Nf9 *",
  "1. e4 e5 2. Ke3 *",
  "1. e4 e5 2. Nf3 -- 3. Nc3 *",
  "1. d4 d5 2. c4 dxc4 3. e3 b5 4. a4 c6 5. axb5 cxb5 6. Qf3 *",
  "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. Bf4 e6 7. h3 Bxf3 8. Qxf3 Bb4 9. Be2 Nd7 10. a3 O-O-O *",
  "1. e4 e5 2. Nf3 Nc6 1/2-1/2",
  "1. e4 e5 2. Nf3 Nc6 1-0 extra",
  "[Event \"a\"] [Site \"b\"] 1. e4 *",
  "[Event \"with \\\"quotes\\\"\"]\n\n1. e4 *",
  "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qxd1 9. Rxd1 Bg4 10. f3 Be6 11. Nc3 Bd6 12. Be3 b6 13. a4 O-O-O 14. a5 Kb7 15. axb6 cxb6 *",
  "1. e4 e5 2. f4 exf4 3. Nf3 g5 4. h4 g4 5. Ne5 Nf6 6. Bc4 d5 7. exd5 Bd6 8. d4 Nh5 9. O-O Qxh4 *",
  "1. a4 b5 2. axb5 c6 3. bxc6 Nf6 4. cxd7+ Nbxd7 5. Rxa7 Rxa7 *",
  "1. e4 f5 2. exf5 g6 3. fxg6 Nf6 4. gxh7 Ng8 5. hxg8=Q Rxg8 *",
  "1. h4 g5 2. hxg5 f6 3. gxf6 e5 4. f7+ Ke7 5. fxg8=N+ Rxg8 6. Rxh7 Kf6 *",
]

for (const entry of TEXTS) {
  const [t, kinds] = typeof entry === "string" ? [entry, {}] : entry;
  for (const options of [undefined, { strict: true }]) {
    counts.texts++;
    loadBoth(t, options, "loadPgn(text)", kinds);
  }
  counts.texts++;
  loadBoth(t.replace(/\n/g, "\r\n"), undefined, "loadPgn(CRLF text)", kinds);
  counts.texts++;
  loadBoth(t.replace(/\n/g, "|"), { newlineChar: "\\|" }, "loadPgn(text, {newlineChar})", kinds);
}

// chess.js's own pgn({ maxWidth: 40 }) of a game with comments, which glues two move numbers
// to the moves before them (`cxd45.`, `Nc69.`): its grammar reads `cxd45` and `Nc6`, and its
// permissive reading takes `cxd45` for cxd4 (not strictly). Our pgn() writes the same text and
// reads it back.
const GLUED = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d4 {xxxxxxxxxxxxxxxxxxxxxxxxx} c5\n{xxxxxxxxxxxxxxxxxxxxxxxxx} 2. Be3 e6\n3. Bd2 Qa5 4. e4 {a b c} cxd45. Na3 Qb4\n{a b c} 6. Bd3 Ke7 7. h3 {a b c} Qc4\n8. e5 Nc69. Nf3\n{xxxxxxxxxxxxxxxxxxxxxxxxx} f5 {a b c} *";
for (const options of [undefined, { strict: true }]) loadBoth(GLUED, options, "loadPgn(text with glued move numbers)");

test("our pgn({maxWidth}) glues move numbers as chess.js does and loadPgn reads it back", () => {
  const ours = new Chess();
  ours.loadPgn(GLUED);
  assert.equal(ours.history().length, 18);
  assert.equal(ours.history()[7], "cxd4");
  const text = ours.pgn({ maxWidth: 40 });
  assert.equal(text, GLUED);
  const again = new Chess();
  again.loadPgn(text);
  assert.deepEqual(again.history(), ours.history());
  assert.deepEqual(again.getComments(), ours.getComments());
  assert.throws(() => again.loadPgn(text, { strict: true }), { message: "Invalid move in PGN: cxd45" });
});

// ---------------------------------------------------------------------------------------
// Real records: lichess Chess960 games that never castle (their SAN is standard SAN, and
// chess.js replays them from their FEN). Compared: the moves, the squares, the comments.

const lichess = splitPgn(readFileSync(new URL("../data/lichess-chess960-games.pgn", import.meta.url), "utf8"));
const noCastling = lichess.filter((t) => !/O-O/.test(t.replace(/\{[^}]*\}/g, "")));
for (const text of noCastling.slice(0, Math.round(60 * SCALE))) {
  counts.realGames++;
  const ours = new Chess();
  const theirs = new JsChess();
  const o = attempt(() => ours.loadPgn(text));
  const t = attempt(() => theirs.loadPgn(text));
  const site = /\[Site "([^"]*)"\]/.exec(text)?.[1] ?? "?";
  const repro = (call) => () => `${site}: ${call}`;
  diffs.record("real records: loadPgn", o.ok === t.ok, repro(`loadPgn: ours ${o.ok ? "reads" : o.error.message}, chess.js ${t.ok ? "reads" : t.error.message}`));
  if (!o.ok || !t.ok) continue;
  diffs.eq("real records: history()", ours.history(), theirs.history(), repro("history()"));
  diffs.eq("real records: board()", ours.board(), theirs.board(), repro("board()"));
  diffs.eq("real records: comments", ours.getComments().map((c) => c.comment), theirs.getComments().map((c) => c.comment), repro("getComments()"));
}

test(`PGN records reach what they are for: ${JSON.stringify(counts)}`, () => {
  // Each random game is read back twice (chess.js's text and ours). About a fifth of those
  // texts neither library reads: chess.js's pgn() glues a move number to the move before it
  // after a comment when it wraps a line (`{x} Rh64.`), and its reader then refuses its own text.
  assert.ok(counts.comments > 5 * GAMES && counts.compared > 1.5 * GAMES, "too few comments or records read by both");
  assert.ok(counts.realGames >= Math.min(noCastling.length, 50 * SCALE), "too few real records");
  assert.ok(counts.afterResult > 0.05 * GAMES, "too few comments after a result");
});

for (const category of diffs.categories().sort()) {
  test(`${category} agrees with chess.js`, () => diffs.assertNone(category));
}

// Issue 23: a comment read from PGN kept its line breaks (chess.js makes each run a space).
test("a comment read from PGN has each run of line breaks as one space, as in chess.js: getComments(), getComment(), pgn() agree", () => {
  const cases = [
    ["1. e4 {good\nmove}"],
    ["{before\nthe first move} 1. e4 {a\r\n\r\nb} e5 {last\n} *"],
    ["[White \"A\"]\r\n\r\n{x\r\ny} 1. e4 {see (1. d4\r\nd5)} *"],
    ["[White \"A\"]|{x|y} 1. e4 {good|move} e5 *", { newlineChar: "\\|" }],
    ["[White \"A\"]<br />1. e4 {good<br /><br />move} *", { newlineChar: "<br />" }],
  ];
  for (const [text, options] of cases) {
    const [ours, theirs] = [new Chess(), new JsChess()];
    ours.loadPgn(text, options);
    theirs.loadPgn(text, options);
    assert.deepEqual(ours.getComments(), theirs.getComments(), text);
    assert.equal(ours.getComment(), theirs.getComment(), text);
    assert.equal(ours.pgn(), theirs.pgn(), text);
  }
  const g = new Chess();
  g.loadPgn("1. e4 {good\nmove}");
  assert.equal(g.getComment(), "good move");
  assert.match(g.pgn(), /1\. e4 \{good move\} \*$/);
});

// Issue 23: `1. e4!+` was read as 1. e4; chess.js's grammar refuses a check sign after a glyph.
test("loadPgn refuses a check sign after an assessment glyph (`e4!+`), as chess.js does, and leaves the game unchanged", () => {
  for (const text of ["1. e4!+", "1. e4?# e5 *", "1. f3 e5 2. g4 Qh4!# 0-1", "1. e4 (1. d4!?+) e5 *"]) {
    for (const options of [undefined, { strict: true }]) {
      const theirs = new JsChess();
      assert.throws(() => theirs.loadPgn(text, options), { name: "SyntaxError" }, text);
      const ours = new Chess();
      ours.move("d4");
      const e = throwsFrom(() => ours.loadPgn(text, options));
      assert.match(e.message, /^Invalid move in PGN: \S+[!?][+#]$/, text);
      assert.match(e.cause.message, /: not SAN$/, text);
      assert.deepEqual(ours.history(), ["d4"], text);
    }
  }
  assert.equal(throwsFrom(() => new Chess().loadPgn("1. e4!+")).message, "Invalid move in PGN: e4!+");
  // The glyph after the check sign is SAN's order: read by both.
  for (const Lib of [Chess, JsChess]) {
    const g = new Lib();
    g.loadPgn("1. f3 e5 2. g4 Qh4#! 0-1");
    assert.equal(g.history().at(-1), "Qh4#");
  }
});

function throwsFrom(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail("did not throw");
}
