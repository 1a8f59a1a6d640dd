// The element's events are typed for a consumer (SPEC §5): a TypeScript file that
// imports "chess960/board" from the built package (pkg/board/*.d.ts, through the
// package's "exports") compiles under tsc --strict with `e.detail.san` and the other
// details, and `@ts-expect-error` lines prove the details are not `any`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { root } from "./helpers.mjs";

const CONSUMER = `import type { Move } from "chess960";
import { Board, type Chess960BoardEventMap } from "chess960/board";

const el = document.createElement("chess960-board");
el.addEventListener("move", (e) => {
  const san: string = e.detail.san;
  const m: Move = e.detail;
  console.log(san.toUpperCase(), m.from, e.detail.to);
});
el.addEventListener("gameover", (e) => {
  const winner: "w" | "b" | null = e.detail.winner;
  console.log(winner, e.detail.reason);
});
el.addEventListener("swap", (e) => console.log(e.detail.color, e.detail.choice));
el.addEventListener("shapes", (e) => console.log(e.detail.map((s) => s.from)));
// The element's error is its CustomEvent<string>, not the window's ErrorEvent.
el.addEventListener("error", (e) => console.log(e.detail.length));
// The DOM's own events keep their types; \`this\` is the element.
el.addEventListener("click", function (e) {
  console.log(e.clientX, this.fen);
});
const onMove = (e: Chess960BoardEventMap["move"]): void => console.log(e.detail.lan);
el.addEventListener("move", onMove);
el.removeEventListener("move", onMove);
// Found by its tag, and any element that hosts a Board.
document.querySelector("chess960-board")?.addEventListener("move", (e) => console.log(e.detail.san));
const host = document.createElement("div");
new Board(host);
host.addEventListener("move", (e) => console.log(e.detail.san));
host.addEventListener("gameover", (e) => console.log(e.detail.winner));
// A review's progress and end ("Analyse"), with the engine's types.
el.addEventListener("analysis", (e) => {
  const status: "loading" | "running" | "done" | "cancelled" | "failed" = e.detail.status;
  const blunder: boolean = e.detail.review?.[0]?.judgment === "blunder";
  console.log(status, e.detail.done, e.detail.total, blunder);
});
host.addEventListener("analysis", (e) => console.log(e.detail.done));
// @ts-expect-error: an analysis detail has no san
el.addEventListener("analysis", (e) => console.log(e.detail.san));
// @ts-expect-error: a Move has no such field (the detail is typed, not any)
el.addEventListener("move", (e) => console.log(e.detail.nope));
// @ts-expect-error: an error's detail is a string
el.addEventListener("error", (e) => console.log(e.detail.san));
`;

test("a consumer's addEventListener('move', (e) => e.detail.san) compiles under tsc --strict against pkg/board's .d.ts", () => {
  assert.ok(existsSync(join(root, "pkg", "board", "index.d.ts")), "pkg/board is built (npm run build)");
  const dir = mkdtempSync(join(tmpdir(), "chess960-types-"));
  try {
    // The package as an app sees it: node_modules/chess960 is this repository (its
    // package.json "exports" name pkg/board/index.d.ts for "chess960/board").
    mkdirSync(join(dir, "node_modules"));
    symlinkSync(root, join(dir, "node_modules", "chess960"), "dir");
    writeFileSync(join(dir, "main.ts"), CONSUMER);
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: {
        target: "ES2022", module: "ESNext", moduleResolution: "Bundler", strict: true, noEmit: true,
        lib: ["ES2022", "DOM", "DOM.Iterable"], types: [], skipLibCheck: false, verbatimModuleSyntax: true,
      },
      files: ["main.ts"],
    }));
    const r = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", dir], { encoding: "utf8" });
    assert.equal(r.status, 0, `tsc --strict:\n${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
