#!/usr/bin/env node
// The review benchmark (issue 22): a 40-move game (the first 80-ply-or-longer game of
// tests/data/lichess-chess960-games.pgn, cut at 80 plies) reviewed with reviewGame's
// defaults, in headless Chromium from a file:// page (the engine's wasm in a Web Worker)
// and in Node (a worker thread). CPU seconds (the machine is shared: the wall clock
// depends on its load) and wall seconds. A benchmark, not a test: the numbers go in
// docs/engine.md.
//
//   node bench/engine-review.mjs [--nodes N] [--runs R]   (after npm run build)
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Chess, splitPgn } from "chess960";
import { Engine } from "chess960/engine";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const nodes = arg("--nodes", undefined);
const runs = arg("--runs", 1);
const options = nodes ? { nodes } : {};

const PLIES = 80;
const texts = splitPgn(readFileSync(join(root, "tests", "data", "lichess-chess960-games.pgn"), "utf8"));
let game;
for (const text of texts) {
  const g = Chess.fromPgn(text);
  if (g.history().length < PLIES) continue;
  while (g.history().length > PLIES) g.undo();
  game = g;
  break;
}
const pgn = game.pgn();
console.log(`game: ${game.getHeaders().Site ?? "?"}, ${PLIES} plies, Chess960; options ${JSON.stringify(options)}`);
console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);

/** CPU seconds of this process's descendants whose command line has `mark` (Linux /proc):
 * the Chromium renderer that runs the page and its worker. The machine is shared, so the
 * wall clock says little; the CPU time is the wasm's own. */
function cpuOf(mark) {
  const parent = new Map();
  const stats = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(pid, fields[1]);
      stats.set(pid, { ticks: Number(fields[11]) + Number(fields[12]), cmd: readFileSync(`/proc/${pid}/cmdline`, "utf8") });
    } catch {
      // gone meanwhile
    }
  }
  const mine = (pid) => {
    for (let p = pid; p && p !== "0" && p !== "1"; p = parent.get(p)) if (p === String(process.pid)) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, s] of stats) if (mine(pid) && s.cmd.includes(mark)) ticks += s.ticks;
  return ticks / 100; // USER_HZ
}

function summary(where, ms, review, cpu) {
  const grades = { inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const r of review) if (r.judgment) grades[r.judgment]++;
  console.log(
    `${where}: ${cpu.toFixed(1)} s CPU (${(ms / 1000).toFixed(1)} s wall) for ${review.length} plies; ` +
      `${grades.inaccuracy} inaccuracies, ${grades.mistake} mistakes, ${grades.blunder} blunders`,
  );
}

// Chromium, from a file:// page with the classic scripts, as a blog page would load them.
const dir = mkdtempSync(join(os.tmpdir(), "chess960-review-bench-"));
copyFileSync(join(root, "pkg", "chess960.iife.js"), join(dir, "chess960.iife.js"));
copyFileSync(join(root, "pkg", "engine", "chess960-engine.iife.js"), join(dir, "chess960-engine.iife.js"));
writeFileSync(
  join(dir, "index.html"),
  `<!doctype html><meta charset="utf-8"><script src="chess960.iife.js"></script><script src="chess960-engine.iife.js"></script>`,
);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(join(dir, "index.html")).href);
  for (let run = 0; run < runs; run++) {
    const cpu0 = cpuOf("--type=renderer");
    const { ms, review } = await page.evaluate(
      async ({ pgn, options }) => {
        const engine = await Chess960Engine.Engine.create();
        const t0 = performance.now();
        const review = await engine.reviewGame(Chess960.Chess.fromPgn(pgn), options);
        const ms = performance.now() - t0;
        engine.terminate();
        return { ms, review };
      },
      { pgn, options },
    );
    summary("Chromium", ms, review, cpuOf("--type=renderer") - cpu0);
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}

for (let run = 0; run < runs; run++) {
  const engine = await Engine.create();
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const review = await engine.reviewGame(Chess.fromPgn(pgn), options);
  const cpu = process.cpuUsage(cpu0);
  summary("Node", performance.now() - t0, review, (cpu.user + cpu.system) / 1e6);
  engine.terminate();
}
console.log(`load after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
