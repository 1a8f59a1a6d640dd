// The viewer for readers (SPEC §5, issue 22) without the engine: [%eval] drawn as a graph
// and a bar, the graph as a way to move through the game, mouse-wheel stepping, trying
// moves from a shown position, copying and downloading the PGN and the FEN.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { Chess } from "../../pkg/node/index.js";
import { boardPage, click, placement, shadow, start } from "./helpers.mjs";

// The Blackburne Shilling trap, with evaluations as lichess writes them (White's view).
const EVAL_PGN = readFileSync(new URL("./fixtures/evals.pgn", import.meta.url), "utf8");

const PLAIN_PGN = `[White "Wendy"]
[Black "Bert"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 *`;

/** The placement after each mainline ply of a PGN (index 0: the start), from the package in Node. */
function placements(pgn) {
  const g = Chess.fromPgn(pgn);
  const moves = g.history({ verbose: true });
  return [moves[0].before, ...moves.map((m) => m.after)].map((f) => f.split(" ")[0]);
}

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

const ply = (page) => page.evaluate(() => document.querySelector("chess960-board").board.ply);

async function viewer(pgn, width = 900) {
  const page = await boardPage(env, { pgn });
  await page.setViewportSize({ width: width + 40, height: 900 });
  await page.evaluate((w) => (document.querySelector("chess960-board").style.width = `${w}px`), width);
  await shadow(page, "[data-ply]").first().waitFor();
  return page;
}

/** Where on the screen the graph draws ply `p` of `n` (its viewBox: x from 0 to 1 over the plies, a margin each side). */
async function graphX(page, p, n) {
  const graph = shadow(page, "[data-eval-graph]");
  const box = await graph.boundingBox();
  const [x0, w] = (await graph.getAttribute("viewBox")).split(" ").map(Number).filter((_, i) => i === 0 || i === 2);
  return { x: box.x + ((p / n - x0) / w) * box.width, y: box.y + box.height / 2 };
}

/** Clicks the graph where ply `p` of `n` is drawn. */
async function clickGraph(page, p, n) {
  const { x, y } = await graphX(page, p, n);
  await page.mouse.click(x, y);
}

test("[%eval] is drawn: a graph beside the move list and a bar beside the board, following the ply shown; a record without evaluations has neither", async () => {
  const page = await viewer(EVAL_PGN);
  const graph = shadow(page, "[data-eval-graph]");
  const bar = shadow(page, "[data-eval-bar]");
  assert.equal(await graph.isVisible(), true, "the graph is shown");
  assert.equal(await bar.isVisible(), true, "the bar is shown");
  assert.equal(await graph.evaluate((e) => e.tagName.toLowerCase()), "svg");
  // The bar stands at the board's left, as tall as the board.
  const b = await shadow(page, ".box").boundingBox();
  const r = await bar.boundingBox();
  assert.ok(r.x + r.width <= b.x + 1 && r.x + r.width > b.x - 20, `bar at the board's left (${r.x}+${r.width} vs ${b.x})`);
  assert.ok(Math.abs(r.height - b.height) < 2, `bar as tall as the board (${r.height} vs ${b.height})`);
  // White's area: its top follows the scores (higher where White is better).
  const area = await shadow(page, "[data-eval-graph] .gw").getAttribute("d");
  assert.match(area, /^M/);
  await shadow(page, '[data-ply="8"]').click(); // 4... Qg5, +0.40
  assert.ok(+(await bar.getAttribute("aria-valuenow")) > 0, "White a little better");
  assert.match(await bar.getAttribute("aria-valuetext"), /^\+0\.40/);
  await shadow(page, '[data-ply="9"]').click(); // 5. Nxf7, −5.20
  assert.ok(+(await bar.getAttribute("aria-valuenow")) < -70, "Black winning (−5.2: −74 on the winning-chances scale)");
  await shadow(page, '[data-ply="13"]').click(); // 7. Be2, #-1
  assert.equal(await bar.getAttribute("aria-valuenow"), "-100", "a mate at the edge");
  assert.match(await shadow(page, ".gcap").textContent(), /7\. Be2: #−1/);
  assert.equal(await graph.getAttribute("aria-valuenow"), "13");
  // White's share of the bar (it slides there): none after a mate for Black.
  await page.waitForFunction(() => {
    const w = document.querySelector("chess960-board").shadowRoot.querySelector(".evw");
    return w.getBoundingClientRect().height < 0.01 * w.parentElement.getBoundingClientRect().height;
  }, null, { timeout: 3000 });
  assert.deepEqual(page.errors, []);
  await page.close();
  const plain = await viewer(PLAIN_PGN);
  assert.equal(await shadow(plain, "[data-eval-graph]").isVisible(), false);
  assert.equal(await shadow(plain, "[data-eval-bar]").isVisible(), false);
  await plain.close();
});

test("clicking the graph jumps to the ply under the pointer; dragging along it moves through the game", async () => {
  const page = await viewer(EVAL_PGN);
  const at = placements(EVAL_PGN);
  await clickGraph(page, 9, 14);
  assert.equal(await ply(page), 9);
  assert.equal(await shadow(page, '[data-ply="9"]').getAttribute("aria-current"), "true");
  assert.equal(await placement(page), at[9]);
  await clickGraph(page, 3, 14);
  assert.equal(await ply(page), 3);
  assert.equal(await shadow(page, '[data-ply="3"]').getAttribute("aria-current"), "true");
  assert.equal(await placement(page), at[3]);
  // A drag from ply 2 to ply 12.
  const from = await graphX(page, 2, 14);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  assert.equal(await ply(page), 2);
  const to = await graphX(page, 12, 14);
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  assert.equal(await ply(page), 12);
  assert.equal(await placement(page), at[12]);
  assert.equal(await shadow(page, '[data-ply="12"]').getAttribute("aria-current"), "true");
  // The graph's marker follows the keyboard too.
  await page.keyboard.press("ArrowLeft");
  assert.equal(await shadow(page, "[data-eval-graph]").getAttribute("aria-valuenow"), "11");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a phone: a tap on the graph jumps; the bar and the graph fit a 390 px screen", async () => {
  const page = await env.phonePage();
  await boardPage(env, { pgn: EVAL_PGN }, { page });
  await shadow(page, "[data-ply]").first().waitFor();
  const at = await graphX(page, 10, 14);
  await page.touchscreen.tap(at.x, at.y);
  assert.equal(await ply(page), 10);
  assert.equal(await placement(page), placements(EVAL_PGN)[10]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling (${width})`);
  await page.close();
});

test("the mouse wheel over the viewer steps one ply per notch; elsewhere, and past the game's end, it scrolls the page", async () => {
  const page = await viewer(EVAL_PGN);
  await page.evaluate(() => {
    document.body.style.minHeight = "3000px";
    window.scrollTo(0, 0);
  });
  const at = placements(EVAL_PGN);
  const box = await shadow(page, ".box").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 1; i <= 3; i++) {
    await page.mouse.wheel(0, 100);
    await page.waitForFunction((n) => document.querySelector("chess960-board").board.ply === n, i);
  }
  assert.equal(await placement(page), at[3]);
  await page.mouse.wheel(0, -100);
  await page.waitForFunction(() => document.querySelector("chess960-board").board.ply === 2);
  // A touchpad's small deltas add up to one step.
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 20);
  await page.waitForFunction(() => document.querySelector("chess960-board").board.ply === 3);
  assert.equal(await page.evaluate(() => window.scrollY), 0, "the page did not scroll while the wheel stepped");
  // Over the move list too.
  const list = await shadow(page, ".scroll").boundingBox();
  await page.mouse.move(list.x + 20, list.y + 20);
  await page.mouse.wheel(0, 100);
  await page.waitForFunction(() => document.querySelector("chess960-board").board.ply === 4);
  // Past the end the wheel is the page's again.
  await page.evaluate(() => document.querySelector("chess960-board").board.goto(Infinity));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, 100);
  await page.waitForFunction(() => window.scrollY > 0);
  assert.equal(await ply(page), 14);
  // Outside the viewer the page scrolls and the game stays.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.querySelector("chess960-board").board.goto(5));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 400);
  await page.mouse.wheel(0, 100);
  await page.waitForFunction(() => window.scrollY > 0);
  assert.equal(await ply(page), 5);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("trying moves: a side line from the shown position, shown as such; back to the game leaves the record unchanged", async () => {
  const page = await viewer(EVAL_PGN);
  const at = placements(EVAL_PGN);
  const recordOf = () => page.evaluate(() => {
    const el = document.querySelector("chess960-board");
    return JSON.stringify([el.board.record, el.game.pgn()]);
  });
  const before = await recordOf();
  await shadow(page, '[data-ply="6"]').click(); // 3... Nd4
  await click(page, "f3", "d4"); // 4. Nxd4 instead of 4. Nxe5
  const line = shadow(page, "[data-trial]");
  await line.waitFor();
  assert.match(await line.textContent(), /4\. Nxd4/);
  assert.equal(await ply(page), null, "not a ply of the record");
  assert.equal(await shadow(page, '[aria-current="true"][data-ply]').count(), 0, "no record move is current");
  await click(page, "e5", "d4"); // 4... exd4
  assert.match(await line.textContent(), /4\. Nxd4 exd4/);
  assert.equal(await placement(page), "r1bqkbnr/pppp1ppp/8/8/2BpP3/8/PPPP1PPP/RNBQK2R");
  // The line sits in the move list right after the move it starts from.
  const order = await page.evaluate(() => {
    const root = document.querySelector("chess960-board").shadowRoot;
    const all = [...root.querySelectorAll("[data-ply], [data-trial]")];
    return all.map((e) => e.dataset.ply ?? "trial").slice(4, 8);
  });
  assert.deepEqual(order, ["5", "6", "trial", "7"]);
  // The keys step inside the line; a move played back in it replaces what followed.
  await page.keyboard.press("ArrowLeft");
  assert.equal(await line.locator('[aria-current="true"]').textContent(), "4. Nxd4");
  await click(page, "d8", "g5"); // 4... Qg5 instead
  assert.match(await line.textContent(), /4\. Nxd4 Qg5/);
  assert.doesNotMatch(await line.textContent(), /exd4/);
  // Back to the game: the record's position, the line gone, the record as it was.
  await shadow(page, '[data-action="back"]').click();
  assert.equal(await line.count(), 0);
  assert.equal(await ply(page), 6);
  assert.equal(await placement(page), at[6]);
  assert.equal(await recordOf(), before);
  assert.equal(await shadow(page, "[data-ply]").count(), 14);
  // A record move clicked during a try leaves it too.
  await click(page, "f3", "g5");
  await line.waitFor();
  await shadow(page, '[data-ply="10"]').click();
  assert.equal(await line.count(), 0);
  assert.equal(await placement(page), at[10]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("copy and download: the PGN (with its [%eval]) and the FEN of the position shown, each said when done", async () => {
  const page = await viewer(EVAL_PGN);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await shadow(page, '[data-action="copy-pgn"]').click();
  const status = shadow(page, ".status");
  await status.filter({ hasText: "PGN copied to the clipboard." }).waitFor();
  assert.equal(await status.isVisible(), true);
  const pgn = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(pgn, /\[White "Wendy"\]/);
  assert.match(pgn, /5\. Nxf7 \{\s*\[%eval -5\.2\]\s*\}/);
  assert.match(pgn, /\[%eval #-1\]/);
  await shadow(page, '[data-ply="9"]').click();
  await shadow(page, '[data-action="copy-fen"]').click();
  await status.filter({ hasText: "FEN copied" }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), Chess.fromPgn(EVAL_PGN).history({ verbose: true })[8].after);
  // In a tried line, the FEN is the line's.
  await click(page, "g5", "g2");
  await shadow(page, '[data-action="copy-fen"]').click();
  await page.waitForFunction(async () => (await navigator.clipboard.readText()).startsWith("r1b1kbnr/pppp1Npp/8/8/2BnP3/8/PPPP1PqP/RNBQK2R"));
  await shadow(page, '[data-action="back"]').click();
  const [file] = await Promise.all([page.waitForEvent("download"), shadow(page, '[data-action="download-pgn"]').click()]);
  assert.equal(file.suggestedFilename(), "Wendy-Bert.pgn");
  assert.equal(readFileSync(await file.path(), "utf8"), pgn);
  await status.filter({ hasText: "Wendy-Bert.pgn" }).waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("copying where the clipboard is refused: the text is selected in place for the reader to copy", async () => {
  const page = await viewer(PLAIN_PGN);
  await page.evaluate(() => {
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new DOMException("no", "NotAllowedError")) } });
    document.execCommand = () => false;
  });
  await shadow(page, '[data-action="copy-pgn"]').click();
  const manual = shadow(page, "textarea.manual");
  await manual.waitFor();
  assert.match(await manual.inputValue(), /1\. e4 e5 2\. Nf3 Nc6/);
  assert.match(await shadow(page, ".status").textContent(), /not allowed.*selected/);
  const selected = await manual.evaluate((t) => t.selectionEnd - t.selectionStart);
  assert.equal(selected, (await manual.inputValue()).length, "all of it selected");
  await page.close();
});
