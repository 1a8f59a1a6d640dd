// `npx chess960 pgn stats FILE` and `npx chess960 pgn check FILE`: a PGN file read game by
// game with readPgn (a file bigger than memory too), a progress bar on a terminal
// (stderr), `--json` for scripts. Built into pkg/cli/index.js (the package's `bin`).
import { createReadStream, readFileSync, statSync } from "node:fs";
import { initSync } from "./raw.js";
import { readPgn, type PgnErrorItem } from "./read.js";

// The wasm beside the bundle (pkg/chess960_bg.wasm), as the Node entry reads it. Here
// rather than through js/node.ts: the package marks its modules free of side effects, so
// a bundle that imports the entry would leave its initialisation out.
initSync({ module: readFileSync(new URL("../chess960_bg.wasm", import.meta.url)) });

const USAGE = `usage: chess960 pgn stats FILE [--json] [--strict]
       chess960 pgn check FILE [--json] [--strict]

  stats  games, plies, results, variants, the games that could not be read (with their
         line and byte offset) and the time taken
  check  every game replayed: exit status 0 when all are legal, 1 with the list when not
  FILE   a PGN file, or - for standard input
  --json  one JSON object on standard output
  --strict  chess.js's strict reading of moves and of SetUp/FEN`;

/** What a run found. */
interface Report {
  file: string;
  games: number;
  plies: number;
  bytes: number;
  results: Record<string, number>;
  variants: Record<string, number>;
  errors: { index: number; offset: number; line: number; message: string }[];
  ms: number;
}

function fail(message: string): never {
  process.stderr.write(`chess960: ${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(args: string[]): Promise<number> {
  const flags = new Set(args.filter((a) => a.startsWith("--")));
  const words = args.filter((a) => !a.startsWith("--"));
  if (flags.has("--help") || words.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return words.length === 0 && !flags.has("--help") ? 2 : 0;
  }
  for (const f of flags) if (!["--json", "--strict", "--help"].includes(f)) fail(`unknown option ${f}`);
  const [group, command, file, ...extra] = words;
  if (group !== "pgn" || (command !== "stats" && command !== "check") || file === undefined || extra.length > 0) {
    fail(`unknown command: ${words.join(" ")}`);
  }
  const json = flags.has("--json");
  let size = 0;
  let source: AsyncIterable<Uint8Array | string>;
  if (file === "-") {
    source = process.stdin;
  } else {
    try {
      size = statSync(file).size;
    } catch (e) {
      process.stderr.write(`chess960: cannot read ${file}: ${(e as Error).message}\n`);
      return 2;
    }
    source = createReadStream(file);
  }
  const bar = progress(size);
  const report: Report = { file, games: 0, plies: 0, bytes: 0, results: {}, variants: {}, errors: [], ms: 0 };
  const start = performance.now();
  try {
    for await (const item of readPgn(source, { mainlineOnly: true, strict: flags.has("--strict"), onProgress: (b) => bar.show(b, report.games) })) {
      report.games++;
      if (item.error !== undefined) {
        report.errors.push(place(item));
        continue;
      }
      report.plies += item.moves?.length ?? 0;
      const result = item.result ?? "*";
      report.results[result] = (report.results[result] ?? 0) + 1;
      const variant = item.headers["Variant"] ?? "Standard";
      report.variants[variant] = (report.variants[variant] ?? 0) + 1;
    }
  } catch (e) {
    bar.done();
    process.stderr.write(`chess960: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  bar.done();
  report.ms = Math.round(performance.now() - start);
  report.bytes = bar.bytes;
  if (json) {
    const out = command === "check" ? { file, games: report.games, ok: report.errors.length === 0, errors: report.errors, ms: report.ms } : report;
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else if (command === "check") {
    for (const e of report.errors) process.stdout.write(`${file}:${e.line}: game ${e.index + 1} (byte ${e.offset}): ${e.message}\n`);
    const n = report.errors.length;
    process.stdout.write(n === 0 ? `${file}: ${report.games} games, all legal\n` : `${file}: ${n} of ${report.games} games cannot be read\n`);
  } else {
    process.stdout.write(text(report));
  }
  return report.errors.length > 0 && command === "check" ? 1 : 0;
}

function place(item: PgnErrorItem): Report["errors"][number] {
  return { index: item.index, offset: item.offset, line: item.error.line, message: item.error.message };
}

function text(r: Report): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const share = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${n(v)}`)
      .join(", ");
  const secs = r.ms / 1000;
  const lines = [
    `${r.file}: ${n(r.games)} games, ${n(r.plies)} plies, ${n(r.bytes)} bytes in ${secs.toFixed(2)} s` +
      (secs > 0 ? ` (${n(Math.round(r.games / secs))} games/s, ${n(Math.round(r.plies / secs))} plies/s)` : ""),
    `results: ${share(r.results) || "none"}`,
    `variants: ${share(r.variants) || "none"}`,
    `errors: ${r.errors.length === 0 ? "none" : n(r.errors.length)}`,
    ...r.errors.map((e) => `  ${r.file}:${e.line}: game ${e.index + 1} (byte ${e.offset}): ${e.message}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** A progress bar on standard error when it is a terminal (nothing otherwise). */
function progress(size: number): { show(bytes: number, games: number): void; done(): void; bytes: number } {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  let shown = false;
  const state = {
    bytes: 0,
    show(bytes: number, games: number) {
      state.bytes = bytes;
      const now = performance.now();
      if (!tty || now - last < 100) return;
      last = now;
      shown = true;
      const width = 30;
      const frac = size > 0 ? Math.min(1, bytes / size) : 0;
      const fill = Math.round(frac * width);
      const pct = size > 0 ? `${(100 * frac).toFixed(0).padStart(3)} %` : "";
      process.stderr.write(`\r[${"#".repeat(fill)}${".".repeat(width - fill)}] ${pct} ${(bytes / 1e6).toFixed(1)} MB, ${games.toLocaleString("en-US")} games `);
    },
    done() {
      if (shown) process.stderr.write("\r\x1b[K");
    },
  };
  return state;
}

process.exitCode = await main(process.argv.slice(2));
