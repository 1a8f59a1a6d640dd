// "Analyse" in the viewer (SPEC §5, §6; issue 22) with the shipped engine (chess960/engine)
// at small node budgets: the review fills the graph, the judgments and the best-move
// arrows, with progress and Cancel; the engine is fetched only when asked for, by the
// one-file script (beside it, or from engine-src) and by the ESM entry (a dynamic import),
// also from file://; the computer may answer a line the reader tries.
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import { Chess } from "../../pkg/node/index.js";
import { boardPage, click, dist, events, placement, root, shadow, start } from "./helpers.mjs";

const QXG7 = `[White "Careless"]
[Black "Careful"]

1. e4 e5 2. Qg4 d5 3. Qxg7 Bxg7 *`;
// Carlsen–Nakamura, Chess960 (63 plies, variations, comments, clocks).
const CARLSEN = readFileSync(new URL("./fixtures/annotated.pgn", import.meta.url), "utf8").split(/\n(?=\[Event )/)[1];

/** An ESM page: the package's entries through an import map, as an app's bundler would resolve them. */
const ESM_PAGE = (pgn) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ESM</title>
<script type="importmap">{ "imports": { "chess960": "/pkg/index.js", "chess960/engine": "/pkg/engine/index.js" } }</script>
<script type="module">import "/pkg/board/index.js";</script></head>
<body><chess960-board pgn="${pgn.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"></chess960-board></body></html>`;

let env;
before(async () => {
  env = await start({ routes: { "/esm.html": { body: ESM_PAGE(QXG7) } } });
});
after(async () => {
  await env?.close();
});

const engineRequests = () => env.requests.filter((u) => /engine/i.test(u));

/** A viewer over `pgn` whose "Analyse" reviews each position within `nodes`. */
async function viewer(pgn, nodes = 20_000) {
  const page = await boardPage(env, { pgn }, { listen: ["analysis"] });
  await page.evaluate((n) => document.querySelector("chess960-board").board.setAnalysis({ nodes: n }), nodes);
  return page;
}

const statuses = (page) => page.evaluate(() => window.events.filter((e) => e.type === "analysis").map((e) => e.detail.status));
const finished = (page) =>
  page.waitForFunction(() => window.events.some((e) => e.type === "analysis" && /done|failed/.test(e.detail.status)), null, { timeout: 120_000 });

test("a PGN without evaluations offers Analyse: the review fills the graph, marks 3. Qxg7 a blunder (??) and draws the best move", async () => {
  const page = await viewer(QXG7);
  const analyse = shadow(page, '[data-action="analyse"]');
  assert.equal(await analyse.isVisible(), true);
  assert.equal(await shadow(page, "[data-eval-graph]").isVisible(), false, "no graph before");
  await analyse.click();
  await finished(page);
  const seen = await statuses(page);
  assert.deepEqual(seen.filter((s) => s !== "running"), ["loading", "done"], seen.join());
  assert.ok(seen.filter((s) => s === "running").length >= 6, "progress per ply");
  assert.equal(await shadow(page, "[data-eval-graph]").isVisible(), true);
  assert.equal(await shadow(page, "[data-eval-bar]").isVisible(), true);
  assert.equal(await shadow(page, "[data-analysis-progress]").isVisible(), false, "the progress bar goes");
  assert.equal(await analyse.isVisible(), false, "nothing left to analyse");
  const qxg7 = shadow(page, '[data-ply="5"]');
  assert.equal(await qxg7.textContent(), "Qxg7??");
  assert.equal(await qxg7.getAttribute("data-judgment"), "blunder");
  assert.match(await qxg7.getAttribute("title"), /Blunder: best was /);
  assert.equal(await shadow(page, '[data-ply="6"]').getAttribute("data-judgment"), null, "Bxg7 is the best move");
  const review = await page.evaluate(() => document.querySelector("chess960-board").board.review);
  assert.equal(review.length, 6);
  assert.equal(review[4].judgment, "blunder");
  assert.equal(review[5].best.san, "Bxg7");
  // The blunder's colour: lichess's red, darkened to read on a white page.
  const colour = await shadow(page, '[data-ply="5"] .jg').evaluate((e) => getComputedStyle(e).color);
  assert.equal(colour, "rgb(206, 38, 38)");
  // At 3. Qxg7 the board shows the engine's move in the position before it.
  await qxg7.click();
  const best = review[4].best.uci;
  assert.equal(await shadow(page, `[data-arrow="${best.slice(0, 4)}"][data-color="blue"]`).count(), 1, `arrow ${best}`);
  assert.ok(+(await shadow(page, "[data-eval-bar]").getAttribute("aria-valuenow")) < -50, "lost for White");
  const good = review.find((r) => !r.judgment && r.ply !== 5);
  await shadow(page, `[data-ply="${good.ply}"]`).click();
  assert.equal(await shadow(page, "[data-arrow]").count(), 0, `no arrow at ${good.san}, not judged`);
  // Copied, the PGN has the evaluations and the judgment; read again, the graph comes back.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await shadow(page, '[data-action="copy-pgn"]').click();
  await shadow(page, ".status").filter({ hasText: "PGN copied" }).waitFor();
  const pgn = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(pgn, /3\. Qxg7 \$4 \{\[%eval -?\d+(\.\d+)?\]\}/, pgn);
  const again = Chess.fromPgn(pgn).tree().moves;
  assert.deepEqual(again.map((n) => n.san), ["e4", "e5", "Qg4", "d5", "Qxg7", "Bxg7"]);
  assert.ok(again.every((n) => n.eval), "an [%eval] after every move");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("Cancel stops a review: the progress goes, nothing is marked, Analyse is offered again", async () => {
  const page = await viewer(CARLSEN, 400_000);
  await shadow(page, '[data-action="analyse"]').click();
  const progress = shadow(page, "[data-analysis-progress]");
  await progress.waitFor();
  assert.match(await progress.textContent(), /Loading the engine|Analysing: \d+ of 63 moves/);
  await page.waitForFunction(() => window.events.some((e) => e.type === "analysis" && e.detail.status === "running" && e.detail.done >= 1), null, { timeout: 60_000 });
  await shadow(page, '[data-action="cancel-analysis"]').click();
  assert.equal(await progress.isVisible(), false);
  assert.equal(await shadow(page, '[data-action="analyse"]').isVisible(), true);
  assert.equal(await shadow(page, "[data-eval-graph]").isVisible(), false, "the partial review is not shown");
  assert.equal(await shadow(page, "[data-judgment]").count(), 0);
  assert.match(await shadow(page, ".status").textContent(), /cancelled/);
  const count = (await statuses(page)).length;
  await page.waitForTimeout(1500);
  const after = await statuses(page);
  assert.equal(after.length, count, `no progress after Cancel: ${after.slice(count)}`);
  assert.equal(after.at(-1), "cancelled");
  // And it can run again, to its end.
  await page.evaluate(() => document.querySelector("chess960-board").board.setAnalysis({ nodes: 5000 }));
  await shadow(page, '[data-action="analyse"]').click();
  await finished(page);
  assert.equal((await statuses(page)).at(-1), "done");
  assert.equal(await shadow(page, "[data-eval-graph]").isVisible(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("no engine file is fetched for a viewer that is read, stepped and tried; Analyse fetches it (one-file script, beside it)", async () => {
  env.requests.length = 0;
  const page = await boardPage(env, { pgn: QXG7 });
  await shadow(page, '[data-ply="3"]').click();
  await page.keyboard.press("ArrowRight");
  const box = await shadow(page, ".box").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 100);
  await click(page, "b8", "c6"); // a move of the reader's own
  await shadow(page, "[data-trial]").waitFor();
  await shadow(page, '[data-action="back"]').click();
  await page.waitForTimeout(1000);
  assert.deepEqual(engineRequests(), [], "nothing of the engine was requested");
  const scripts = env.requests.filter((u) => u.endsWith(".js"));
  assert.deepEqual(scripts.map((u) => new URL(u).pathname), ["/chess960-board.js"], "the element's script alone");
  await page.evaluate(() => document.querySelector("chess960-board").board.setAnalysis({ nodes: 5000 }));
  await shadow(page, '[data-action="analyse"]').click();
  await shadow(page, "[data-eval-graph]").waitFor({ timeout: 60_000 });
  assert.deepEqual(engineRequests().map((u) => new URL(u).pathname), ["/chess960-engine.js"]);
  await page.close();
  env.requests.length = 0;
});

test("the ESM entry imports chess960/engine only when Analyse is pressed", async () => {
  const page = await env.browser.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  env.requests.length = 0;
  await page.goto(`${env.origin}/esm.html`);
  await page.locator('chess960-board [data-ply="5"]').click();
  await page.waitForTimeout(800);
  assert.deepEqual(engineRequests(), [], "the board's entry alone");
  assert.ok(env.requests.some((u) => u.endsWith("/pkg/board/index.js")));
  await page.evaluate(() => document.querySelector("chess960-board").board.setAnalysis({ nodes: 5000 }));
  await page.locator('chess960-board [data-action="analyse"]').click();
  await page.locator('chess960-board [data-ply="5"][data-judgment="blunder"]').waitFor({ timeout: 60_000 });
  assert.deepEqual(engineRequests().map((u) => new URL(u).pathname), ["/pkg/engine/index.js"]);
  assert.deepEqual(page.errors, []);
  await page.close();
  env.requests.length = 0;
});

test("from file://: the engine script beside the board script, or where engine-src says, runs the review", async () => {
  const dir = mkdtempSync(join(tmpdir(), "chess960-analyse-"));
  try {
    // A blog post saved with the two one-file scripts of the package beside it.
    copyFileSync(join(root, "pkg", "board", "chess960-board.iife.js"), join(dir, "chess960-board.iife.js"));
    copyFileSync(join(root, "pkg", "engine", "chess960-engine.iife.js"), join(dir, "chess960-engine.iife.js"));
    copyFileSync(join(dist, "chess960-engine.js"), join(dir, "elsewhere.js"));
    const post = (attrs) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>post</title>
<script src="chess960-board.iife.js"></script></head>
<body><chess960-board ${attrs} pgn="1. e4 e5 2. Qg4 d5 3. Qxg7 Bxg7 *"></chess960-board></body></html>`;
    writeFileSync(join(dir, "beside.html"), post(""));
    writeFileSync(join(dir, "explicit.html"), post('engine-src="elsewhere.js"'));
    for (const [file, engine] of [["beside.html", "chess960-engine.iife.js"], ["explicit.html", "elsewhere.js"]]) {
      const page = await env.browser.newPage();
      page.errors = [];
      page.on("pageerror", (e) => page.errors.push(e.message));
      const seen = [];
      page.on("request", (r) => seen.push(r.url()));
      await page.goto(pathToFileURL(join(dir, file)).href);
      await page.evaluate(() => document.querySelector("chess960-board").board.setAnalysis({ nodes: 5000 }));
      await page.locator('chess960-board [data-action="analyse"]').click();
      await page.locator('chess960-board [data-ply="5"][data-judgment="blunder"]').waitFor({ timeout: 60_000 });
      assert.ok(seen.some((u) => u === pathToFileURL(join(dir, engine)).href), `${file}: ${seen.join(" ")}`);
      assert.deepEqual(page.errors, [], file);
      await page.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an engine script that cannot be loaded: the reader is told, and Analyse works once engine-src is right", async () => {
  const page = await boardPage(env, { pgn: QXG7, "engine-src": "/nowhere/engine.js" }, { listen: ["analysis"] });
  await shadow(page, '[data-action="analyse"]').click();
  await finished(page);
  assert.match(await shadow(page, ".status").textContent(), /analysis failed.*\/nowhere\/engine\.js/i);
  assert.equal(await shadow(page, '[data-action="analyse"]').isVisible(), true);
  assert.equal(await shadow(page, "[data-error]").count(), 0, "the board stays: only the analysis failed");
  const last = (await events(page, "analysis")).at(-1);
  assert.equal(last.status, "failed");
  // Pointed at the engine, the same button works.
  await page.evaluate(() => {
    const el = document.querySelector("chess960-board");
    el.setAttribute("engine-src", "/chess960-engine.js");
    el.board.setAnalysis({ nodes: 5000 });
  });
  await shadow(page, '[data-action="analyse"]').click();
  await shadow(page, '[data-ply="5"][data-judgment="blunder"]').waitFor({ timeout: 60_000 });
  await page.close();
  env.requests.length = 0;
});

test("trying moves: the computer answers when asked (off by default); back to the game leaves the record as it was", async () => {
  const page = await viewer(QXG7);
  await shadow(page, '[data-ply="2"]').click();
  const before = await page.evaluate(() => document.querySelector("chess960-board").board.record.moves.map((n) => n.san));
  await click(page, "g1", "f3");
  const line = shadow(page, "[data-trial]");
  await line.waitFor();
  await page.waitForTimeout(1200);
  assert.equal(await line.locator("[data-try]").count(), 1, "no answer unless asked");
  await shadow(page, '[data-action="reply"]').click();
  assert.equal(await shadow(page, '[data-action="reply"]').getAttribute("aria-pressed"), "true");
  await line.locator('[data-try="2"]').waitFor({ timeout: 30_000 });
  assert.match(await line.textContent(), /2\. Nf3 \S+/);
  const fen = await page.evaluate(() => document.querySelector("chess960-board").fen);
  assert.equal(fen.split(" ")[1], "w", "White to move again after the computer's reply");
  await shadow(page, '[data-action="back"]').click();
  assert.equal(await shadow(page, "[data-trial]").count(), 0);
  assert.equal(await page.evaluate(() => document.querySelector("chess960-board").board.ply), 2);
  assert.equal(await placement(page), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR");
  const after = await page.evaluate(() => document.querySelector("chess960-board").board.record.moves.map((n) => n.san));
  assert.deepEqual(after, before);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a viewer given only a tree (Board.view) analyses its mainline and copies it with the evaluations", async () => {
  const page = await boardPage(env, {}, { listen: ["analysis"] });
  await page.evaluate((pgn) => {
    const board = document.querySelector("chess960-board").board;
    board.view(Chess960.Chess.fromPgn(pgn).tree());
    board.setAnalysis({ nodes: 5000 });
  }, QXG7.replace("2. Qg4", "2. Qg4 { bold } $6"));
  await shadow(page, '[data-action="analyse"]').click();
  await finished(page);
  assert.equal(await shadow(page, '[data-ply="5"]').getAttribute("data-judgment"), "blunder");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await shadow(page, '[data-action="copy-pgn"]').click();
  await shadow(page, ".status").filter({ hasText: "PGN copied" }).waitFor();
  const pgn = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(pgn, /\[White "Careless"\]/);
  assert.match(pgn, /2\. Qg4 \$6 \{\[%eval -?[\d.]+\]\} \{bold\}/, pgn);
  assert.equal(Chess.fromPgn(pgn).tree().moves.filter((n) => n.eval).length, 6);
  assert.deepEqual(page.errors, []);
  await page.close();
});
