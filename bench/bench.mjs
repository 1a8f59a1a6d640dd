#!/usr/bin/env node
// `npm run bench`: this package beside chess.js and chessops (devDependencies), in one run.
//   perft nodes/s (bulk counting where the library has it), per-call latency of the calls a
//   board makes, and start-up (import + first game) in a fresh Node process.
// Performance is a benchmark, not a test: numbers go in the README with the machine.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { Chess, readPgn, splitPgn } from 'chess960';
import { Chess as ChessJs } from 'chess.js';
import { Chess as Ops } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { perft as opsPerft } from 'chessops/debug';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

const QUICK = process.argv.includes('--quick');
const POS = [
  ['start', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { ours: 6, ops: 5, cj: 4 }],
  ['kiwipete', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', { ours: 5, ops: 4, cj: 3 }],
  ['c960', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', { ours: 5, ops: 4, cj: 0 }],
];

function time(fn) {
  const t = process.hrtime.bigint();
  const r = fn();
  return [r, Number(process.hrtime.bigint() - t) / 1e9];
}

function best(fn, reps) {
  let b = Infinity;
  let r;
  for (let i = 0; i < reps; i++) {
    const [x, s] = time(fn);
    r = x;
    b = Math.min(b, s);
  }
  return [r, b];
}

const perftRows = [];
for (const [name, fen, d] of POS) {
  // Rounds alternate the two libraries and each keeps its best: this host's speed
  // drifts by up to 2× over seconds, and alternating gives both the same chances.
  const reps = QUICK ? 1 : 5;
  const depthOurs = QUICK ? d.ours - 1 : d.ours;
  const g = new Chess(fen);
  const ops = Ops.fromSetup(parseFen(fen).unwrap()).unwrap();
  const depthOps = QUICK ? d.ops - 1 : d.ops;
  let [n1, s1, n2, s2] = [0, Infinity, 0, Infinity];
  for (let i = 0; i < reps; i++) {
    const [a, sa] = time(() => g.perft(depthOurs));
    const [b, sb] = time(() => opsPerft(ops, depthOps, false));
    [n1, s1, n2, s2] = [a, Math.min(s1, sa), b, Math.min(s2, sb)];
  }
  const row = { name, ours: [depthOurs, n1, s1], ops: [depthOps, n2, s2] };
  if (d.cj) {
    const cj = new ChessJs(fen);
    const depthCj = QUICK ? d.cj - 1 : d.cj;
    const [n3, s3] = best(() => cj.perft(depthCj), 1);
    row.cj = [depthCj, n3, s3];
  }
  perftRows.push(row);
}

function perCall(fn, n = 20000) {
  for (let i = 0; i < n; i++) fn();
  let b = Infinity;
  for (let r = 0; r < 3; r++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    b = Math.min(b, Number(process.hrtime.bigint() - t) / 1e3 / n);
  }
  return b;
}

const ours = new Chess();
const cj = new ChessJs();
const ops = Ops.default();
const lat = [
  ['legal destinations', 'dests() -> Map', perCall(() => ours.dests().size),
    'chessops allDests()', perCall(() => ops.allDests().size),
    'chess.js moves({verbose})*', perCall(() => cj.moves({ verbose: true }).length, 2000)],
  ['verbose moves', 'moves({verbose:true})', perCall(() => ours.moves({ verbose: true }).length),
    '', NaN, 'chess.js moves({verbose:true})', perCall(() => cj.moves({ verbose: true }).length, 2000)],
  ['SAN moves', 'moves()', perCall(() => ours.moves().length),
    '', NaN, 'chess.js moves()', perCall(() => cj.moves().length, 5000)],
  ['play + take back', "move('Nf3') + undo()", perCall(() => { ours.move('Nf3'); ours.undo(); }),
    'chessops clone()+play()', perCall(() => { const c = ops.clone(); c.play({ from: 6, to: 21 }); }),
    "chess.js move('Nf3') + undo()", perCall(() => { cj.move('Nf3'); cj.undo(); }, 5000)],
];

// The automatic dead-position check runs inside every move() (the flag isDeadPosition()
// reads is set when the move is played), so it is timed as move(): µs per move over every
// move of the shared PGN games (replayed from their start), of random playouts (seeded;
// until no move, insufficient material or 400 plies) and of random plies in locked
// structures. The check's own share is
// crates/core/benches/dead.rs's native table (cargo bench --bench dead).
const deadCheck = () => {
  // Best of three per move (undo() between, untimed): this host is shared, and a time
  // slice lost to another process (several ms) would otherwise pass for the worst case.
  const time1 = (g, m) => {
    let best = Infinity;
    for (let r = 0; r < 3; r++) {
      const t = process.hrtime.bigint();
      g.move(m);
      best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e3);
      if (r < 2) g.undo();
    }
    return best;
  };
  const data = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'data'); // the shared games
  const games = [];
  for (const f of ['lichess-chess960-games.pgn', 'cutechess-fischerrandom.pgn', 'kokopu-chess960.pgn']) {
    for (const text of splitPgn(readFileSync(join(data, f), 'utf8'))) {
      let g;
      try {
        g = Chess.fromPgn(text);
      } catch { continue; /* a record that does not replay */ }
      const sans = [];
      for (let m = g.undo(); m !== null; m = g.undo()) if ('san' in m) sans.push(m.san);
      for (const san of sans.reverse()) games.push(time1(g, san));
    }
  }
  let seed = 0x2545f491;
  const rnd = (n) => {
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const playouts = [];
  for (let i = 0; i < (QUICK ? 20 : 200); i++) {
    const g = new Chess();
    for (let ply = 0; ply < 400; ply++) {
      const ms = g.moves();
      if (ms.length === 0) break;
      playouts.push(time1(g, ms[rnd(ms.length)]));
      if (g.isInsufficientMaterial()) break;
    }
  }
  // Locked structures: up to 20 random plies from each position of the classified sets
  // (walls, pieces behind them, kings shut in; tests/data), each move timed.
  const locked = [];
  const tests = join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'data');
  for (const f of ['dead-positions.txt', 'cha-test-vectors.txt']) {
    for (const line of readFileSync(join(tests, f), 'utf8').split('\n')) {
      if (line.startsWith('#') || line.length < 4) continue;
      const g = new Chess(line.slice(3));
      for (let ply = 0; ply < (QUICK ? 2 : 20); ply++) {
        const ms = g.moves();
        if (ms.length === 0 || g.isGameOver()) break;
        locked.push(time1(g, ms[rnd(ms.length)]));
      }
    }
  }
  const stats = (t) => {
    const s = [...t].sort((a, b) => a - b);
    const q = (x) => s[Math.floor((s.length - 1) * x)];
    return [s.length, q(0.5), q(0.99), s[s.length - 1], s.reduce((a, b) => a + b, 0) / s.length];
  };
  return [['shared PGN games', stats(games)], ['random playouts', stats(playouts)], ['locked structures', stats(locked)]];
};
const dead = deadCheck();

// Bulk PGN (issue 24): the shared games' text (one string, in memory) read, every mainline
// move replayed and checked, games and plies per second. Rounds alternate the readers and
// each keeps its best. chess.js reads no Chess960 (its loadPgn refuses the X-FEN/Shredder
// castling of these games' FEN tags): it is timed on the games it reads, and says how many.
const pgnBench = async () => {
  const text = ['lichess-chess960-games.pgn', 'cutechess-fischerrandom.pgn', 'kokopu-chess960.pgn']
    .map((f) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'tests', 'data', f), 'utf8').trimEnd())
    .join('\n\n');
  const texts = splitPgn(text);
  const cjTexts = texts.filter((t) => { try { new ChessJs().loadPgn(t); return true; } catch { return false; } });
  const readers = [
    ['`readPgn(text, {mainlineOnly})`', async () => {
      let [g, p] = [0, 0];
      for await (const it of readPgn(text, { mainlineOnly: true })) { g++; p += it.moves?.length ?? 0; }
      return [g, p];
    }],
    ['`readPgn(text)` (the game\'s text kept for `tree()`/`game()`)', async () => {
      let [g, p] = [0, 0];
      for await (const it of readPgn(text)) { g++; p += it.moves?.length ?? 0; }
      return [g, p];
    }],
    ['`readPgn(text, {headersOnly})`', async () => {
      let [g, p] = [0, 0];
      for await (const it of readPgn(text, { headersOnly: true })) { g++; p += it.moves?.length ?? 0; }
      return [g, p];
    }],
    ['`splitPgn` + `Chess.fromPgn` a game', () => {
      let [g, p] = [0, 0];
      for (const t of texts) { const c = Chess.fromPgn(t); g++; p += c.history().length; c.free(); }
      return [g, p];
    }],
    ['chessops `parsePgn` + `parseSan` + `play`', () => {
      let [g, p] = [0, 0];
      for (const game of parsePgn(text)) {
        g++;
        const start = startingPosition(game.headers);
        if (start.isErr) continue;
        const pos = start.value;
        for (const node of game.moves.mainline()) {
          const m = parseSan(pos, node.san);
          if (!m) break;
          pos.play(m);
          p++;
        }
      }
      return [g, p];
    }],
    [`chess.js \`loadPgn\` a game (${cjTexts.length} of ${texts.length} games)`, () => {
      let [g, p] = [0, 0];
      const c = new ChessJs();
      for (const t of cjTexts) { c.loadPgn(t); g++; p += c.history().length; }
      return [g, p];
    }],
  ];
  const out = readers.map(([name]) => ({ name, s: Infinity, g: 0, p: 0 }));
  for (let r = 0; r < (QUICK ? 1 : 5); r++) {
    for (const [i, [, read]] of readers.entries()) {
      if (r > 1 && i === readers.length - 1) continue; // chess.js: two rounds (seconds each)
      const t = process.hrtime.bigint();
      const [g, p] = await read();
      const sec = Number(process.hrtime.bigint() - t) / 1e9;
      Object.assign(out[i], { s: Math.min(out[i].s, sec), g, p });
    }
  }
  return { bytes: Buffer.byteLength(text), rows: out };
};
const pgn = await pgnBench();

// Start-up in a fresh process: import + first game + first moves().
// Start-up in a fresh process: import + first game + first moves. Node's ESM loader costs
// several ms on its first dynamic import of anything, so the child warms it with an empty
// module first and times only what the library itself costs.
const startup = (what) => {
  const make = {
    ours: "const {Chess}=await import('chess960'); const g=new Chess(); g.moves();",
    'chess.js': "const {Chess}=await import('chess.js'); const g=new Chess(); g.moves();",
    chessops: "const {Chess}=await import('chessops/chess'); const g=Chess.default(); g.allDests();",
  }[what];
  const code = `await import('data:text/javascript,'); const t=performance.now(); ${make} console.log(performance.now()-t)`;
  const runs = [];
  for (let i = 0; i < 7; i++) {
    runs.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' })));
  }
  return Math.min(...runs);
};
const st = { ours: startup('ours'), cj: startup('chess.js'), ops: startup('chessops') };

// Download: gzip -9 of what a page loads. Ours as built; the others bundled and minified
// by esbuild from the same entry points the benchmark imports.
const here = dirname(fileURLToPath(import.meta.url));
const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const bundled = async (contents) => {
  const r = await esbuild.build({
    stdin: { contents, resolveDir: here }, bundle: true, minify: true, write: false,
    format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], logLevel: 'silent',
  });
  return gz(r.outputFiles[0].contents);
};
const pkgDir = join(here, '..', 'pkg');
const size = {
  wasm: gz(readFileSync(join(pkgDir, 'chess960_bg.wasm'))),
  nodeJs: gz(readFileSync(join(pkgDir, 'node', 'index.js'))),
  inlined: gz(readFileSync(join(pkgDir, 'index.js'))),
  cj: await bundled("export { Chess } from 'chess.js';"),
  ops: await bundled("export { Chess } from 'chessops/chess'; export { parseFen, makeFen } from 'chessops/fen'; export { makeSan, parseSan } from 'chessops/san'; export { parsePgn } from 'chessops/pgn';"),
};

const mnps = ([, n, s]) => (n / s / 1e6).toFixed(2);
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`# ${new Date().toISOString()} | ${os.cpus().length} cpu ${cpu} | node ${process.version}`);
console.log('\n## perft, million nodes per second (depth, bulk counting where available)\n');
console.log('| position | chess960 (wasm) | chessops | chess.js | chess960 / chessops |');
console.log('|---|---:|---:|---:|---:|');
for (const r of perftRows) {
  const cjs = r.cj ? `${mnps(r.cj)} (d${r.cj[0]})` : 'n/a (no Chess960)';
  const ratio = (r.ours[1] / r.ours[2]) / (r.ops[1] / r.ops[2]);
  console.log(`| ${r.name} | ${mnps(r.ours)} (d${r.ours[0]}) | ${mnps(r.ops)} (d${r.ops[0]}) | ${cjs} | ${ratio.toFixed(0)}× |`);
}
console.log('\n## per call on the start position, µs (best of 3 rounds)\n');
console.log('| call | chess960 | µs | chessops | µs | chess.js | µs |');
console.log('|---|---|---:|---|---:|---|---:|');
for (const [what, a, x, b, y, c, z] of lat) {
  const f = (v) => (Number.isNaN(v) ? '' : v.toFixed(2));
  console.log(`| ${what} | \`${a}\` | ${f(x)} | ${b ? `\`${b}\`` : ''} | ${f(y)} | \`${c}\` | ${f(z)} |`);
}
console.log('\n## move() with its automatic dead-position check, µs per move (SAN in; best of 3; the check alone: cargo bench --bench dead)\n');
console.log('| positions | n | median | p99 | worst | mean |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, [n, med, p99, worst, mean]] of dead) {
  console.log(`| ${name} | ${n} | ${med.toFixed(2)} | ${p99.toFixed(1)} | ${worst.toFixed(0)} | ${mean.toFixed(2)} |`);
}
console.log(`\n## bulk PGN: the shared games (${(pgn.bytes / 1e3).toFixed(0)} kB), read, every mainline move replayed and checked (best of 5; chess.js 2)\n`);
console.log('| reader | games | plies | ms | games/s | M plies/s | µs/ply | vs chessops |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const opsRow = pgn.rows.find((r) => r.name.startsWith('chessops'));
for (const r of pgn.rows) {
  const vs = r.p > 0 ? `${(opsRow.s / opsRow.p / (r.s / r.p)).toFixed(2)}×` : '';
  console.log(`| ${r.name} | ${r.g} | ${r.p} | ${(r.s * 1e3).toFixed(1)} | ${Math.round(r.g / r.s).toLocaleString('en-US')} | ${r.p ? (r.p / r.s / 1e6).toFixed(2) : ''} | ${r.p ? ((r.s / r.p) * 1e6).toFixed(2) : ''} | ${vs} |`);
}
console.log('\n## start-up: import + first game + first legal moves, fresh process, ms (best of 7; Node\'s loader warmed first)\n');
console.log(`| chess960 | ${st.ours.toFixed(1)} | chessops | ${st.ops.toFixed(1)} | chess.js | ${st.cj.toFixed(1)} |`);
const kb = (n) => (n / 1000).toFixed(1); // KB = 1000 bytes, as the build prints
console.log('\n## download, KB gzip -9\n');
console.log('| chess960 wasm | + Node JS | single file (wasm inlined) | chessops (chess, fen, san, pgn; bundled) | chess.js (bundled) |');
console.log('|---:|---:|---:|---:|---:|');
console.log(`| ${kb(size.wasm)} | ${kb(size.nodeJs)} | ${kb(size.inlined)} | ${kb(size.ops)} | ${kb(size.cj)} |`);
console.log('\n* chess.js has no destinations-only call; its verbose moves are the nearest.');
