#!/usr/bin/env node
// The match runner: two UCI engines play game pairs (the same start, colours swapped)
// from random Chess960 arrays and the nine Chess-9 starts, at fixed nodes; the games are
// refereed by our own core (the built package), and the result is an Elo difference with
// a 95 % interval, and a PGN file.
//
//   npm run match -- [options]
//     --a CMD            first engine (default: target/release/chess960-uci)
//     --a-option K=V     UCI option for the first engine (repeatable)
//     --b CMD            second engine (default: /usr/games/stockfish)
//     --b-option K=V     UCI option for the second engine (repeatable)
//     --nodes N          nodes per move for both (default 100000); --a-nodes, --b-nodes
//     --games N          games, rounded up to whole pairs (default 100)
//     --variant V        chess960 | chess9 | standard | mixed (default mixed: three
//                        Chess960 pairs to one Chess-9 pair)
//     --seed S           start positions' seed (default 1)
//     --concurrency C    games at once (default 1; each runs its own two processes)
//     --pgn FILE         write the games (default: none)
//     --max-moves N      adjudicate a draw after N moves (default 200)
//     --json FILE        append a one-line JSON summary
// Adjudication: a game is given to a side when both engines' scores agree it is ahead
// by 1000 cp or more for 4 moves each; a draw when both report |score| <= 10 for 8 moves
// each after move 40 (cutechess's usual rules). Everything else is played out.
//
// Run long matches niced (`nice -n 10 npm run match -- ...`): the machine is shared.
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { elo } from "./match/elo.mjs";
import { UciEngine } from "./match/uci.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkgEntry = join(root, "pkg", "node", "index.js");
if (!existsSync(pkgEntry)) {
  console.error("match: the package is not built (npm run build)");
  process.exit(1);
}
const { Chess } = await import(pkgEntry);

function parseArgs(argv) {
  const o = {
    a: join(root, "target", "release", "chess960-uci"),
    b: "/usr/games/stockfish",
    aOptions: [],
    bOptions: [],
    nodes: 100_000,
    aNodes: null,
    bNodes: null,
    games: 100,
    variant: "mixed",
    seed: 1,
    concurrency: 1,
    pgn: null,
    maxMoves: 200,
    json: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const val = argv[i + 1];
    const take = () => {
      if (val === undefined) throw new Error(`match: ${key} needs a value`);
      i++;
      return val;
    };
    const option = (v) => {
      const eq = v.indexOf("=");
      if (eq < 1) throw new Error(`match: ${key} wants NAME=VALUE, got ${v}`);
      return [v.slice(0, eq), v.slice(eq + 1)];
    };
    switch (key) {
      case "--a": o.a = take(); break;
      case "--b": o.b = take(); break;
      case "--a-option": o.aOptions.push(option(take())); break;
      case "--b-option": o.bOptions.push(option(take())); break;
      case "--nodes": o.nodes = Number(take()); break;
      case "--a-nodes": o.aNodes = Number(take()); break;
      case "--b-nodes": o.bNodes = Number(take()); break;
      case "--games": o.games = Number(take()); break;
      case "--variant": o.variant = take(); break;
      case "--seed": o.seed = Number(take()); break;
      case "--concurrency": o.concurrency = Number(take()); break;
      case "--pgn": o.pgn = take(); break;
      case "--max-moves": o.maxMoves = Number(take()); break;
      case "--json": o.json = take(); break;
      default: throw new Error(`match: unknown option ${key} (see the comment at the top of scripts/match.mjs)`);
    }
  }
  if (!["chess960", "chess9", "standard", "mixed"].includes(o.variant)) throw new Error(`match: bad --variant ${o.variant}`);
  for (const k of ["nodes", "games", "concurrency", "maxMoves"]) {
    if (!(Number.isInteger(o[k]) && o[k] > 0)) throw new Error(`match: --${k} must be a positive integer`);
  }
  o.aNodes ??= o.nodes;
  o.bNodes ??= o.nodes;
  return o;
}

/** Mulberry32: the start positions' reproducible random numbers. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SWAPS = ["king", "queen", "none"];

/** The start of pair `k`: a fresh game (swaps made for Chess-9) and its description. */
function startOf(variant, k, random) {
  const kind = variant === "mixed" ? (k % 4 === 3 ? "chess9" : "chess960") : variant;
  if (kind === "standard") return { make: () => new Chess(), label: "standard" };
  if (kind === "chess9") {
    const b = SWAPS[Math.floor(random() * 3)];
    const w = SWAPS[Math.floor(random() * 3)];
    return {
      make: () => {
        const g = Chess.chess9();
        g.swap(b);
        g.swap(w);
        return g;
      },
      label: `chess9 black:${b} white:${w}`,
    };
  }
  const id = Math.floor(random() * 960);
  return { make: () => Chess.chess960(id), label: `chess960 #${id}` };
}

const ADJ_WIN = 1000;
const ADJ_WIN_PLIES = 8; // 4 moves each
const ADJ_DRAW = 10;
const ADJ_DRAW_PLIES = 16; // 8 moves each
const ADJ_DRAW_AFTER_PLY = 80;

/**
 * Plays one game; `white` and `black` are {engine, nodes, label}. Returns the result
 * ("1-0", "0-1", "1/2-1/2"), the reason and the PGN.
 */
async function playGame(start, white, black, opts, round) {
  const g = start.make();
  const fen = g.fen();
  const moves = [];
  // Scores from White's point of view, one per ply, for adjudication.
  const scores = [];
  let result = null;
  let reason = "";
  for (const e of [white.engine, black.engine]) {
    e.send("ucinewgame");
    await e.ready();
  }
  while (result === null) {
    if (g.isGameOver()) {
      const o = g.outcome();
      result = o.winner === "w" ? "1-0" : o.winner === "b" ? "0-1" : "1/2-1/2";
      reason = o.reason;
      break;
    }
    if (moves.length >= 2 * opts.maxMoves) {
      result = "1/2-1/2";
      reason = "move limit";
      break;
    }
    const side = g.turn() === "w" ? white : black;
    const { move, score } = await side.engine.go(fen, moves, `nodes ${side.nodes}`);
    try {
      const m = g.move(move);
      moves.push(m.uci);
    } catch {
      result = g.turn() === "w" ? "0-1" : "1-0";
      reason = `illegal move ${move} by ${side.label}`;
      break;
    }
    scores.push(score === null ? null : g.turn() === "b" ? score : -score);
    const recent = (n) => (scores.length >= n ? scores.slice(-n) : null);
    const win = recent(ADJ_WIN_PLIES);
    if (win?.every((s) => s !== null && s >= ADJ_WIN)) [result, reason] = ["1-0", "adjudication"];
    else if (win?.every((s) => s !== null && s <= -ADJ_WIN)) [result, reason] = ["0-1", "adjudication"];
    const draw = recent(ADJ_DRAW_PLIES);
    if (!result && moves.length >= ADJ_DRAW_AFTER_PLY && draw?.every((s) => s !== null && Math.abs(s) <= ADJ_DRAW)) {
      [result, reason] = ["1/2-1/2", "adjudication"];
    }
  }
  g.setHeader("Event", "chess960 match");
  g.setHeader("Round", String(round));
  g.setHeader("White", white.label);
  g.setHeader("Black", black.label);
  g.setHeader("Result", result);
  g.setHeader("Termination", reason);
  g.setHeader("Start", start.label);
  let pgn = g.pgn();
  // The record's result is the match's, also where a rule of the game did not end it.
  pgn = pgn.replace(/\[Result "[^"]*"\]/, `[Result "${result}"]`).replace(/(\*|1-0|0-1|1\/2-1\/2)\s*$/, `${result}\n`);
  return { result, reason, pgn, plies: moves.length };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const pairs = Math.ceil(opts.games / 2);
  const random = rng(opts.seed);
  const starts = Array.from({ length: pairs }, (_, k) => startOf(opts.variant, k, random));
  const aLabel = `A ${opts.a.split("/").pop()} ${opts.aOptions.map((o) => o.join("=")).join(" ")} nodes=${opts.aNodes}`.trim();
  const bLabel = `B ${opts.b.split("/").pop()} ${opts.bOptions.map((o) => o.join("=")).join(" ")} nodes=${opts.bNodes}`.trim();
  const ucioptions = (list) => [["UCI_Chess960", "true"], ...list];
  let w = 0;
  let d = 0;
  let l = 0;
  const pgns = [];
  let next = 0;
  const started = Date.now();
  console.log(`match: ${aLabel}\n   vs: ${bLabel}\n   ${pairs * 2} games, ${opts.variant}, seed ${opts.seed}`);

  async function runner() {
    const a = new UciEngine(opts.a);
    const b = new UciEngine(opts.b);
    await a.init(ucioptions(opts.aOptions));
    await b.init(ucioptions(opts.bOptions));
    const A = { engine: a, nodes: opts.aNodes, label: aLabel };
    const B = { engine: b, nodes: opts.bNodes, label: bLabel };
    while (next < pairs * 2) {
      const i = next++;
      const start = starts[Math.floor(i / 2)];
      const aWhite = i % 2 === 0;
      const game = await playGame(start, aWhite ? A : B, aWhite ? B : A, opts, i + 1);
      const aScore = game.result === "1/2-1/2" ? 0.5 : (game.result === "1-0") === aWhite ? 1 : 0;
      if (aScore === 1) w++;
      else if (aScore === 0) l++;
      else d++;
      pgns[i] = game.pgn;
      const e = elo(w, d, l);
      console.log(
        `game ${String(i + 1).padStart(4)} ${start.label.padEnd(28)} A ${aWhite ? "white" : "black"} ${game.result.padEnd(7)} ` +
          `${game.reason.padEnd(22)} ${String(game.plies).padStart(3)} plies | A +${w} =${d} -${l} ` +
          `${(100 * e.score).toFixed(1)} % Elo ${e.elo.toFixed(0)} [${e.low.toFixed(0)}, ${e.high.toFixed(0)}]`,
      );
      if (opts.pgn) writeFileSync(opts.pgn, pgns.filter(Boolean).join("\n"));
    }
    await a.quit();
    await b.quit();
  }

  await Promise.all(Array.from({ length: opts.concurrency }, runner));
  const e = elo(w, d, l);
  const n = w + d + l;
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  const summary = {
    a: aLabel, b: bLabel, games: n, wins: w, draws: d, losses: l, score: e.score,
    elo: Math.round(e.elo), low: Math.round(e.low), high: Math.round(e.high), variant: opts.variant,
    seed: opts.seed, minutes: Number(minutes), command: `npm run match -- ${process.argv.slice(2).join(" ")}`,
  };
  console.log(
    `\nresult: A +${w} =${d} -${l} of ${n}: ${(100 * e.score).toFixed(1)} %, ` +
      `Elo ${e.elo.toFixed(0)} (95 % interval ${e.low.toFixed(0)} to ${e.high.toFixed(0)}) in ${minutes} min`,
  );
  if (opts.json) appendFileSync(opts.json, `${JSON.stringify(summary)}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
