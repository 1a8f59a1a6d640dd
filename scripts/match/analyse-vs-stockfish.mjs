#!/usr/bin/env node
// A sanity check of analyse() and reviewGame() against Stockfish 15.1 at fixed nodes
// (not a test; its numbers are in docs/engine.md):
//   A. positions (the UCI bench's, and two tactical ones): our three lines (multiPv 3)
//      beside Stockfish's MultiPV 3, both at the same nodes;
//   B. the review benchmark's game (bench/engine-review.mjs): our evaluation of every
//      position beside Stockfish's, both at the review's nodes: the scale of our
//      centipawns against Stockfish's (a least-squares slope), best moves that agree,
//      and the moves each engine's evaluations grade by lichess's rules.
//
//   node scripts/match/analyse-vs-stockfish.mjs [--nodes 1000000] [--review-nodes 150000]
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Chess, splitPgn } from "chess960";
import { Engine } from "chess960/engine";
import { UciEngine } from "./uci.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const NODES = arg("--nodes", 1_000_000);
const REVIEW_NODES = arg("--review-nodes", 150_000);
/** Part B over the first `--games` games of 80 plies or more (each cut at 80 plies). */
const GAMES = arg("--games", 1);
const LINES = !process.argv.includes("--review-only");

const uciSrc = readFileSync(join(root, "crates", "engine", "src", "uci.rs"), "utf8");
const BENCH = [...uciSrc.split("BENCH_FENS")[1].split("];")[0].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
const POSITIONS = [
  ...BENCH,
  // Before 3. Qxg7?? of the review test, and a Chess960 middlegame with a tactic.
  "rnbqkbnr/ppp2ppp/8/3pp3/4P1Q1/8/PPPP1PPP/RNB1KBNR w KQkq d6 0 3",
  "rk1n1q1r/p1p2bbp/1pn1pNp1/4N1B1/4Q2P/6P1/PPP3B1/2KR3R w - - 11 20",
];

/** A score from White's view, as a number for comparison: mates as ±(100000 − moves). */
const value = (s) => ("mate" in s ? Math.sign(s.mate || 1) * (100_000 - Math.abs(s.mate)) : s.cp);
const text = (s) => ("mate" in s ? `#${s.mate}` : (s.cp > 0 ? "+" : "") + s.cp);

/** Stockfish's lines at `nodes`: the last complete set of MultiPV lines, White's view. */
async function stockfishLines(sf, fen, moves, nodes, multipv) {
  sf.send(`setoption name MultiPV value ${multipv}`);
  sf.send(`position fen ${fen}${moves.length ? ` moves ${moves.join(" ")}` : ""}`);
  sf.send(`go nodes ${nodes}`);
  const lines = await sf.until((l) => l.startsWith("bestmove"));
  const byPv = new Map();
  for (const l of lines) {
    const m = / multipv (\d+) score (cp|mate) (-?\d+).* pv (.*)$/.exec(l);
    if (!m || / (upperbound|lowerbound) /.test(l)) continue;
    byPv.set(Number(m[1]), { kind: m[2], n: Number(m[3]), pv: m[4].split(" ") });
  }
  const black = fen.split(" ")[1] === "b" ? moves.length % 2 === 0 : moves.length % 2 === 1;
  return [...byPv.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, l]) => ({ score: { [l.kind]: black ? -l.n : l.n }, pv: l.pv }));
}

/** `uci` (either castling notation) as SAN in `game`. */
function san(game, uci) {
  const g = Chess.fromPgn(game.pgn());
  try {
    return g.move(uci).san;
  } catch {
    return uci;
  }
}

const sf = new UciEngine("/usr/games/stockfish");
const sfName = await sf.init([
  ["Threads", 1],
  ["Hash", 16],
  ["UCI_Chess960", "true"],
]);
const engine = await Engine.create({ hash: 16 });
if (LINES) {
console.log(`A. three lines at ${NODES.toLocaleString("en")} nodes each, ours beside ${sfName}'s (White's view)\n`);
console.log("| position | ours | Stockfish | our best in its three |");
console.log("|---|---|---|---|");
let agree = 0;
for (const fen of POSITIONS) {
  const game = new Chess(fen);
  const ours = await engine.analyse(game, { multiPv: 3, nodes: NODES });
  sf.send("ucinewgame");
  const theirs = await stockfishLines(sf, fen, [], NODES, 3);
  const theirSans = theirs.map((l) => san(game, l.pv[0]));
  const at = theirSans.indexOf(ours.lines[0].pv[0]);
  if (at === 0) agree++;
  const show = (ls, sans) => ls.map((l, i) => `${sans[i]} ${text(l.score)}`).join(", ");
  console.log(
    `| \`${fen}\` | ${show(ours.lines, ours.lines.map((l) => l.pv[0]))} | ${show(theirs, theirSans)} | ${at < 0 ? "no" : `yes, its ${at + 1}${["st", "nd", "rd"][at]}`} |`,
  );
}
console.log(`\nsame best move: ${agree} of ${POSITIONS.length}\n`);
}

// B. The review benchmark's game (and the next ones with --games).
const PLIES = 80;
const games = [];
for (const t of splitPgn(readFileSync(join(root, "tests", "data", "lichess-chess960-games.pgn"), "utf8"))) {
  const g = Chess.fromPgn(t);
  if (g.history().length < PLIES) continue;
  while (g.history().length > PLIES) g.undo();
  games.push(g);
  if (games.length === GAMES) break;
}

// Lichess's grades from White's-view evaluations before and after a move by `white`.
const wc = (cp) => 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
function grade(before, after, white) {
  const pov = (s) => (white ? s : "mate" in s ? { mate: -s.mate } : { cp: -s.cp });
  const b = pov(before);
  const a = pov(after);
  const byCp = (cp) => (cp > 999 ? "inaccuracy" : cp > 700 ? "mistake" : "blunder");
  if ("cp" in b && "cp" in a) {
    const drop = wc(b.cp) - wc(a.cp);
    return drop >= 0.3 ? "blunder" : drop >= 0.2 ? "mistake" : drop >= 0.1 ? "inaccuracy" : null;
  }
  if ("cp" in b && a.mate < 0) return byCp(-b.cp);
  if (b.mate > 0 && "cp" in a) return byCp(a.cp);
  if (b.mate > 0 && a.mate < 0) return byCp(0);
  return null;
}

let sxy = 0;
let sxx = 0;
let n = 0;
let sameBest = 0;
let plies = 0;
const counts = { ours: { inaccuracy: 0, mistake: 0, blunder: 0 }, sf: { inaccuracy: 0, mistake: 0, blunder: 0 } };
let bothFlagged = 0;
for (const game of games) {
  const history = game.history({ verbose: true });
  const start = history[0].before;
  const moves = history.map((m) => m.from + (m.rookFrom ?? m.to) + (m.promotion ?? ""));
  const review = await engine.reviewGame(game, { nodes: REVIEW_NODES });
  sf.send("ucinewgame");
  const sfEval = []; // White's view of the position after each ply (index 0: the start)
  const sfBest = [];
  for (let ply = 0; ply <= PLIES; ply++) {
    const g = new Chess(start);
    for (const m of moves.slice(0, ply)) g.move(m);
    if (g.moves().length === 0) {
      sfEval.push(g.isCheckmate() ? { mate: 0 } : { cp: 0 });
      sfBest.push(null);
      continue;
    }
    const [top] = await stockfishLines(sf, start, moves.slice(0, ply), REVIEW_NODES, 1);
    sfEval.push(top.score);
    sfBest.push(san(g, top.pv[0]));
  }
  console.log(`B. ${game.getHeaders().Site}, ${PLIES} plies, both at ${REVIEW_NODES.toLocaleString("en")} nodes a position`);
  for (const r of review) {
    plies++;
    const ours = r.score;
    const theirs = sfEval[r.ply];
    if ("cp" in ours && "cp" in theirs && Math.abs(theirs.cp) < 800 && Math.abs(ours.cp) < 800) {
      sxy += ours.cp * theirs.cp;
      sxx += theirs.cp * theirs.cp;
      n++;
    }
    if (r.best?.san === sfBest[r.ply - 1]) sameBest++;
    const white = (r.ply % 2 === 1) === (start.split(" ")[1] === "w");
    // Stockfish's grade, with the engine's own choice not graded, as ours.
    const sfGrade = r.san === sfBest[r.ply - 1] ? null : grade(sfEval[r.ply - 1], theirs, white);
    if (r.judgment) counts.ours[r.judgment]++;
    if (sfGrade) counts.sf[sfGrade]++;
    if (r.judgment && sfGrade) bothFlagged++;
    if (r.judgment || sfGrade) console.log(`  ${r.ply} ${r.san}: ours ${r.judgment ?? "-"} (${text(ours)}), Stockfish ${sfGrade ?? "-"} (${text(theirs)})`);
  }
}
await sf.quit();
engine.terminate();
console.log(`\n${games.length} game(s), ${plies} plies, both engines at ${REVIEW_NODES.toLocaleString("en")} nodes a position`);
console.log(`our centipawns = ${(sxy / sxx).toFixed(2)} × Stockfish's (least squares through 0, ${n} positions within ±800 cp)`);
console.log(`same best move before the ply: ${sameBest} of ${plies}`);
console.log(`grades, ours: ${JSON.stringify(counts.ours)}; from Stockfish's evaluations: ${JSON.stringify(counts.sf)}; graded by both: ${bothFlagged}`);
