#!/usr/bin/env node
// The levels' Elo labels from the recorded matches (docs/engine.md, "Levels"): prints the
// labels; --matches also prints the table of matches; --write writes js/engine/levels.ts
// and the labels in the app's level selector (www/index.html).
//
//   node scripts/match/levels.mjs [--matches] [--write]
//
// The scale is Stockfish 15.1's UCI_Elo (UCI_LimitStrength). A level that played
// Stockfish is placed from those games: each opponent setting's pooled games give an
// estimate (UCI_Elo + the level's Elo difference), and several settings are combined
// weighted by their inverse variances. A level that did not is chained to the level above
// it: that level's label minus the step between them (their match), the variances added.
// Intervals are 95 %, normal approximations in Elo: the score's standard error (over
// the games, draws counted) carried through the logistic curve's slope.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { elo, eloOf } from "./elo.mjs";

/**
 * Every match of the current levels' settings, as the runner reported it (w, d, l of the
 * level named first). `sf`: Stockfish at that UCI_Elo; `over`: the level above.
 * Matches of identical settings are pooled, whichever build's slot played them (the
 * probes ran the same settings under other level numbers; docs/engine.md says which).
 */
export const MATCHES = [
  // Level 1: 1,200 nodes, depth 3, 6 candidates, temperature 165, loss limit 500.
  { level: 1, over: 2, w: 12, d: 6, l: 42, seed: 462, build: "probe", slots: [6, 2] },
  { level: 1, over: 2, w: 16, d: 7, l: 37, seed: 5012, build: "final" },
  { level: 1, sf: 1350, w: 2, d: 0, l: 58, seed: 5101, build: "final", check: true },
  // Level 2: 1,300 nodes, depth 3, 5 candidates, temperature 160, loss limit 480.
  { level: 2, over: 3, w: 19, d: 2, l: 39, seed: 424, build: "probe", slots: [2, 4] },
  { level: 2, over: 3, w: 19, d: 1, l: 40, seed: 5023, build: "final" },
  { level: 2, sf: 1350, w: 1, d: 1, l: 58, seed: 5201, build: "final", check: true },
  // Level 3: 1,500 nodes, depth 3, 5 candidates, temperature 120, loss limit 400.
  { level: 3, sf: 1350, w: 6, d: 1, l: 23, seed: 92, build: "probe", slots: [2] },
  { level: 3, sf: 1350, w: 1, d: 0, l: 6, seed: 2031, build: "A", stopped: true },
  { level: 3, sf: 1350, w: 6, d: 1, l: 33, seed: 3031, build: "B" },
  { level: 3, over: 4, w: 16, d: 5, l: 19, seed: 2034, build: "A" },
  { level: 3, over: 4, w: 12, d: 1, l: 27, seed: 856, build: "probe", slots: [5, 6] },
  { level: 3, over: 4, w: 10, d: 5, l: 25, seed: 3034, build: "B" },
  // Level 4: 1,500 nodes, depth 3, 5 candidates, temperature 80, loss limit 300 (the old level 3).
  { level: 4, sf: 1350, w: 3, d: 1, l: 6, seed: 301, build: "old", slots: [3] },
  { level: 4, sf: 1350, w: 10, d: 0, l: 20, seed: 91, build: "probe", slots: [1] },
  { level: 4, sf: 1350, w: 12, d: 3, l: 25, seed: 2041, build: "A" },
  { level: 4, sf: 1350, w: 8, d: 3, l: 29, seed: 3041, build: "B" },
  { level: 4, over: 5, w: 4, d: 2, l: 34, seed: 3045, build: "B" },
  // Level 5: 3,000 nodes, depth 4, 4 candidates, temperature 60, loss limit 200 (the old level 4).
  { level: 5, sf: 1350, w: 8, d: 2, l: 10, seed: 411, build: "old", slots: [4] },
  { level: 5, sf: 1400, w: 19, d: 5, l: 16, seed: 3051, build: "probe", slots: [1] },
  { level: 5, sf: 1400, w: 20, d: 2, l: 18, seed: 3051, build: "B" },
  // Level 6: 6,000 nodes, depth 5, 4 candidates, temperature 40, loss limit 130 (the old level 5).
  { level: 6, sf: 1350, w: 5, d: 0, l: 5, seed: 501, build: "old", slots: [5] },
  { level: 6, sf: 1400, w: 28, d: 2, l: 10, seed: 2051, build: "A", slots: [5] },
  { level: 6, sf: 1550, w: 22, d: 0, l: 18, seed: 3061, build: "B" },
  // Level 7: 15,000 nodes, depth 6, 3 candidates, temperature 25, loss limit 80 (the old level 6).
  { level: 7, sf: 1550, w: 28, d: 1, l: 11, seed: 2061, build: "A", slots: [6] },
  { level: 7, sf: 1700, w: 19, d: 2, l: 19, seed: 3071, build: "B" },
  // Level 8: 100,000 nodes, depth 12, 2 candidates, temperature 10, loss limit 30 (unchanged).
  { level: 8, sf: 1850, w: 5, d: 0, l: 5, seed: 811, build: "old", slots: [8] },
  // LEVEL8
  { level: 8, sf: 1850, w: 19, d: 0, l: 11, seed: "3080–3084", runs: 5, build: "B" },
  // Level 9: 300,000 nodes, the plain search (unchanged).
  // LEVEL9
  { level: 9, sf: 2000, w: 3, d: 0, l: 3, seed: "3090–3092", runs: 3, build: "B" },
  { level: 9, sf: 2000, w: 11, d: 4, l: 15, seed: "3093–3107", runs: 15, build: "final" },
  // Level 10: 1,000,000 nodes, the plain search (unchanged); Stockfish at 300,000 nodes.
  { level: 10, sf: 2100, w: 2, d: 0, l: 0, seed: 1010, build: "old", slots: [10], stopped: true },
  // LEVEL10
  { level: 10, sf: 2100, w: 6, d: 1, l: 3, seed: "1100–1104", runs: 5, build: "A" },
  { level: 10, sf: 2100, w: 15, d: 2, l: 11, seed: "1105–1118", runs: 14, build: "final" },
];

/** Score fraction, and the Elo difference with its standard error (delta method). */
export function estimate(w, d, l) {
  const n = w + d + l;
  const s = (w + d / 2) / n;
  if (!(n > 0) || s <= 0 || s >= 1) throw new Error(`no finite estimate from +${w} =${d} -${l}`);
  const variance = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n;
  const se = Math.sqrt(variance / n) * (400 / (Math.LN10 * s * (1 - s)));
  return { n, score: s, elo: eloOf(s), se };
}

/** Pools the matches with the same key: summed wins, draws and losses. */
function pool(list, key) {
  const groups = new Map();
  for (const m of list) {
    const k = key(m);
    const g = groups.get(k) ?? { key: k, w: 0, d: 0, l: 0 };
    g.w += m.w;
    g.d += m.d;
    g.l += m.l;
    groups.set(k, g);
  }
  return [...groups.values()];
}

/** The labels: [{ level, nodes, elo, se, from }] for levels 1..count. */
export function labels(matches, count) {
  const out = new Map();
  for (let level = 1; level <= count; level++) {
    const vs = pool(matches.filter((m) => m.level === level && m.sf !== undefined && !m.check), (m) => m.sf);
    if (vs.length === 0) continue;
    // Inverse-variance weighting of the opponent settings' estimates.
    let sw = 0;
    let swx = 0;
    for (const g of vs) {
      const e = estimate(g.w, g.d, g.l);
      sw += 1 / e.se ** 2;
      swx += (g.key + e.elo) / e.se ** 2;
    }
    out.set(level, { level, elo: swx / sw, se: Math.sqrt(1 / sw), from: "stockfish" });
  }
  for (let level = count - 1; level >= 1; level--) {
    if (out.has(level)) continue;
    const above = out.get(level + 1);
    const step = pool(matches.filter((m) => m.level === level && m.over), () => 0)[0];
    if (!above || !step) throw new Error(`level ${level}: no Stockfish games and no match with level ${level + 1}`);
    const e = estimate(step.w, step.d, step.l);
    out.set(level, { level, elo: above.elo + e.elo, se: Math.hypot(above.se, e.se), from: "ladder" });
  }
  return [...out.values()].sort((a, b) => a.level - b.level);
}

const round10 = (x) => Math.round(x / 10) * 10;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  // The node budgets from the engine's ladder (the labels hold at these).
  const rs = readFileSync(join(root, "crates", "engine", "src", "levels.rs"), "utf8");
  const NODES = [...rs.slice(rs.indexOf("const LADDER")).matchAll(/nodes:\s*([\d_]+),/g)]
    .slice(0, 10)
    .map((m) => Number(m[1].replaceAll("_", "")));
  const rows = labels(MATCHES, NODES.length).map((r) => ({
    level: r.level,
    nodes: NODES[r.level - 1],
    elo: round10(r.elo),
    low: round10(r.elo - 1.959964 * r.se),
    high: round10(r.elo + 1.959964 * r.se),
    from: r.from,
    games: MATCHES.filter((m) => m.level === r.level && (r.from === "stockfish" ? m.sf && !m.check : m.over)).reduce((a, m) => a + m.w + m.d + m.l, 0),
  }));
  console.log("| level | nodes | Elo (95 %) | from | games |\n|---:|---:|---:|---|---:|");
  for (const r of rows) {
    console.log(`| ${r.level} | ${r.nodes.toLocaleString("en")} | ${r.elo} (${r.low} to ${r.high}) | ${r.from} | ${r.games} |`);
  }
  if (process.argv.includes("--matches")) {
    // docs/engine.md's table of matches: one row a match (chunked runs as one row).
    const BUILD = {
      final: "this",
      A: "ladder A",
      B: "ladder B",
      probe: "probe",
      old: "before",
    };
    console.log("\n| level | build (level option) | opponent | `npm run match -- …` | games | result | Elo (95 %) |\n|---:|---|---|---|---:|---|---:|");
    for (const m of MATCHES) {
      const n = m.w + m.d + m.l;
      const e = elo(m.w, m.d, m.l);
      const slot = m.slots ? ` (Level=${m.slots.join(" v ")})` : "";
      const nodes = NODES[m.level - 1];
      let cmd;
      if (m.sf && m.level === 10) {
        cmd = `--a-option Level=10 --b-option UCI_LimitStrength=true --b-option UCI_Elo=${m.sf} --a-nodes 1000000 --b-nodes 300000`;
      } else if (m.sf) {
        cmd = `--a-option Level=${m.slots?.[0] ?? m.level} --b-option UCI_LimitStrength=true --b-option UCI_Elo=${m.sf} --nodes ${nodes}`;
      } else {
        const [a, b] = m.slots ?? [m.level, m.over];
        cmd = `--a-option Level=${a} --b <same> --b-option Level=${b} --nodes 10000000`;
      }
      const games = m.runs ? `--games ${n / m.runs} --seed ${m.seed}` : `--games ${n} --seed ${m.seed}`;
      const against = m.sf ? `Stockfish UCI_Elo ${m.sf}${m.check ? " (check)" : ""}` : `level ${m.over}`;
      const est = m.sf
        ? `${Math.round(m.sf + e.elo)} (${Math.round(m.sf + e.low)} to ${Math.round(m.sf + e.high)})`
        : `${Math.round(e.elo)} (${Math.round(e.low)} to ${Math.round(e.high)}) v level ${m.over}`;
      const runs = m.runs ? ` in ${m.runs} runs` : "";
      const stopped = m.stopped ? " (stopped)" : "";
      console.log(
        `| ${m.level} | ${BUILD[m.build]}${slot} | ${against} | \`${cmd} ${games}\`${runs} | ${n}${stopped} | +${m.w} =${m.d} −${m.l} | ${est} |`,
      );
    }
  }
  if (process.argv.includes("--write")) {
    const lines = rows.map(
      (r) => `  { level: ${r.level}, nodes: ${r.nodes}, elo: ${r.elo}, low: ${r.low}, high: ${r.high}, from: "${r.from}" },`,
    );
    writeFileSync(
      join(root, "js", "engine", "levels.ts"),
      `// Generated by scripts/match/levels.mjs from the matches in docs/engine.md ("Levels"); do not edit.

/** One level's measured strength. */
export interface LevelElo {
  /** 1 (weakest) to 10. */
  readonly level: number;
  /** The level's node budget a move: the label holds at this budget (native or wasm alike). */
  readonly nodes: number;
  /**
   * Elo on Stockfish 15.1's \`UCI_Elo\` scale (its UCI_LimitStrength, which its authors
   * calibrated against CCRL-rated engines at 60+0.6 and have recalibrated since), rounded
   * to 10.
   */
  readonly elo: number;
  /** The 95 % interval's ends. */
  readonly low: number;
  readonly high: number;
  /**
   * \`"stockfish"\`: from the level's own games against Stockfish; \`"ladder"\`: below
   * Stockfish's floor (UCI_Elo 1350), the level above's label minus the level's match
   * against it (self-play, which tends to widen steps).
   */
  readonly from: "stockfish" | "ladder";
}

const LEVELS: LevelElo[] = [
${lines.join("\n")}
];

/** Each level's Elo with its 95 % interval, levels 1 to 10 in order. */
export const LEVEL_ELO: readonly LevelElo[] = Object.freeze(LEVELS.map((l) => Object.freeze(l)));
`,
    );
    // The app's level selector: "N · about ELO", level 3 the default as before.
    const html = join(root, "www", "index.html");
    const page = readFileSync(html, "utf8");
    const options = rows
      .map((r) => `<option value="${r.level}"${r.level === 3 ? " selected" : ""}>${r.level} · about ${r.elo}</option>`)
      .join("");
    const next = page.replace(/(<select id="cpu-level">).*?(<\/select>)/s, `$1${options}$2`);
    if (next === page && !page.includes(options)) throw new Error("www/index.html: no level selector");
    writeFileSync(html, next);
    console.log("wrote js/engine/levels.ts and www/index.html's level selector");
  }
}
