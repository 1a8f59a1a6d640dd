// The engine entry's shipped types (pkg/engine/*.d.ts) for a strict TypeScript consumer,
// with bundler and Node resolution: every result of bestMove, analyse, reviewGame and
// chooseSwap typed, chess960's `Chess` accepted as the game, wrong uses refused.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// Inside the package, so that "chess960/engine" resolves to it by its own name.
const dir = join(root, "target", "engine-types-test");
after(() => rmSync(dir, { recursive: true, force: true }));

const CONSUMER = `
import { Chess } from "chess960";
import {
  Engine, LEVEL_ELO, type AnalysisLine, type AnalysisResult, type BestMove, type Judgment,
  type LevelElo, type ReviewedPly, type ReviewProgress, type Score, type SwapChoice,
} from "chess960/engine";

const engine: Engine = await Engine.create({ hash: 8 });
const game = new Chess();
const best: BestMove = await engine.bestMove(game, { level: 3 }, { onInfo: (i) => i.pv.join(" ") });
const fen: string = best.move.before;
const a: AnalysisResult = await engine.analyse(game, { multiPv: 3, nodes: 1000 }, { onInfo: (i: AnalysisResult) => i.depth });
const line: AnalysisLine | undefined = a.lines[0];
const score: Score | undefined = line?.score;
const n: number | undefined = score && ("cp" in score ? score.cp : score.mate);
const sans: string[] | undefined = line?.pv;
const review: ReviewedPly[] = await engine.reviewGame(game, { movetime: 100 }, {
  signal: new AbortController().signal,
  onProgress: (p: ReviewProgress) => p.done / p.total + p.ply.ply,
});
const first = review[0];
const judgment: Judgment | null | undefined = first?.judgment;
const bestSan: string | undefined = first?.best?.san;
const swap: SwapChoice = await engine.chooseSwap(Chess.chess9());
// @ts-expect-error: not a judgment
const wrong: Judgment = "good";
// @ts-expect-error: multiPv is a number
await engine.analyse(game, { multiPv: "3" });
// @ts-expect-error: reviewGame has no level
await engine.reviewGame(game, { level: 3 });
const top: LevelElo | undefined = LEVEL_ELO[LEVEL_ELO.length - 1];
const label: string = top ? String(top.level + top.elo + top.low + top.high) + top.from : "";
// @ts-expect-error: the labels are read-only
LEVEL_ELO.push({ level: 11, nodes: 1, elo: 3000, low: 2900, high: 3100, from: "ladder" });
// @ts-expect-error: from is "stockfish" or "ladder"
const source: LevelElo["from"] = "guess";
engine.stop();
engine.terminate();
export { fen, n, sans, judgment, bestSan, swap, wrong, label, source };
`;

test("the engine's .d.ts types a strict consumer (bundler and nodenext resolution)", () => {
  mkdirSync(dir, { recursive: true });
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  for (const [module, resolution, file] of [["esnext", "bundler", "consumer.ts"], ["nodenext", "nodenext", "consumer.mts"]]) {
    writeFileSync(join(dir, file), CONSUMER);
    writeFileSync(join(dir, `tsconfig.${module}.json`), JSON.stringify({
      compilerOptions: {
        noEmit: true, strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true,
        target: "es2022", lib: ["es2022", "dom"], types: [], skipLibCheck: false,
        module, moduleResolution: resolution,
      },
      files: [file],
    }));
    try {
      execFileSync(process.execPath, [tsc, "-p", join(dir, `tsconfig.${module}.json`)], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      assert.fail(`tsc (${module}) rejected the consumer:\n${e.stdout}${e.stderr}`);
    }
  }
});
