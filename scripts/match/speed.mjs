#!/usr/bin/env node
// Engine speed, wasm in Node beside native, on the same positions (the UCI binary's
// `bench` set, crates/engine/src/uci.rs): each searched to the same node count from a cleared
// table, so both do the same work. Prints nodes per second by wall clock and by CPU
// time (the machine is shared: CPU time is the steadier measure), and the ratio.
//
//   node scripts/match/speed.mjs [nodes per position, default 300000] [rounds, default 3]
// Needs `npm run build` (pkg/) and `cargo build --release --bin chess960-uci`.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const nodes = Number(process.argv[2] ?? 300_000);
const rounds = Number(process.argv[3] ?? 3);
const { Chess } = await import(join(root, "pkg", "node", "index.js"));
const { Engine } = await import(join(root, "pkg", "engine", "index.js"));
const fens = [...readFileSync(join(root, "src", "engine", "uci.rs"), "utf8").matchAll(/^ {4}"([^"]+\/[^"]+)",$/gm)].map((m) => m[1]);
const uci = join(root, "target", "release", "chess960-uci");

async function wasmRound() {
  let total = 0;
  let wall = 0;
  const cpu0 = process.cpuUsage();
  for (const fen of fens) {
    const engine = await Engine.create({ hash: 16 });
    const t = performance.now();
    const r = await engine.bestMove(new Chess(fen), { nodes });
    wall += performance.now() - t;
    total += r.nodes;
    engine.terminate();
  }
  const cpu = process.cpuUsage(cpu0);
  return { nodes: total, wall: wall / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

const rows = [];
for (let i = 0; i < rounds; i++) {
  const w = await wasmRound();
  let cpuNative = 0;
  let n;
  try {
    const r = execFileSync("bash", ["-c", `TIMEFORMAT='%U %S'; { time echo "bench ${nodes}" | "${uci}" ; } 2>&1`], { encoding: "utf8" });
    const [u, s] = r.trim().split("\n").at(-1).split(" ").map(Number);
    cpuNative = u + s;
    const m = /bench: (\d+) nodes in (\d+) ms/.exec(r);
    n = { nodes: Number(m[1]), wall: Number(m[2]) / 1000 };
  } catch (e) {
    throw new Error(`speed: native bench failed: ${e.message}`);
  }
  rows.push({ w, n: { ...n, cpu: cpuNative } });
  const f = (x) => Math.round(x).toLocaleString("en");
  console.log(
    `round ${i + 1}: wasm ${f(w.nodes / w.wall)} n/s wall, ${f(w.nodes / w.cpu)} n/s CPU | ` +
      `native ${f(n.nodes / n.wall)} n/s wall, ${f(n.nodes / cpuNative)} n/s CPU | ` +
      `ratio ${(w.nodes / w.cpu / (n.nodes / cpuNative)).toFixed(2)} (CPU)`,
  );
}
const sum = (k, s) => rows.reduce((a, r) => a + r[s][k], 0);
const wasmCpu = sum("nodes", "w") / sum("cpu", "w");
const nativeCpu = sum("nodes", "n") / sum("cpu", "n");
console.log(`\nall rounds: wasm ${Math.round(wasmCpu)} n/s, native ${Math.round(nativeCpu)} n/s (CPU time); wasm/native ${(wasmCpu / nativeCpu).toFixed(2)}`);
console.log(`one second of the wasm engine in Node ≈ ${Math.round(wasmCpu / 1000) * 1000} nodes (CPU time; wall clock on this shared machine: ${Math.round(sum("nodes", "w") / sum("wall", "w"))} n/s)`);
