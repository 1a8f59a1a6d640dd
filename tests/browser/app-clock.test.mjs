// Clocks: a short custom time control, the side to move's clock runs, a flag fall ends
// the game by timeout (a draw when the other side has a bare king: FIDE 6.9), and the
// times go into the PGN ([%clk] after each move, TimeControl), with the players' names
// and the date.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { appServer, launch, newGame, openApp, play, profile, shots } from "./app-helpers.mjs";

let srv;
let p;
let ctx;
before(async () => {
  srv = await appServer();
  p = profile();
  ctx = await launch(p.dir);
});
after(async () => {
  await ctx?.close();
  p?.drop();
  await srv?.close();
});

const BARE = `[Event "Flag test"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"]

*`;

async function pgnOf(page) {
  const download = page.waitForEvent("download");
  await page.click("#download-pgn");
  return readFileSync(await (await download).path(), "utf8");
}

test("a flag fall against a bare king is a draw (short custom time control)", async () => {
  const page = await openApp(ctx, `${srv.origin}/#pgn=${encodeURIComponent(BARE)}`);
  assert.equal(await page.evaluate(() => document.querySelector("chess960-board").game.fen()), "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  await page.selectOption("#tc", "custom");
  await page.fill("#tc-min", "0.05"); // 3 seconds
  await page.fill("#tc-inc", "0");
  await page.locator("#tc-inc").dispatchEvent("change");
  assert.equal(await page.textContent("#clock-bottom"), "0:03.0");
  await play(page, "d1d2", "e8e7");
  // White's clock runs down; its flag falls; Black has a bare king: a draw.
  await page.waitForFunction(() => document.querySelector("chess960-board").game.outcome() !== null, null, { timeout: 10_000 });
  assert.deepEqual(await page.evaluate(() => document.querySelector("chess960-board").game.outcome()), { winner: null, reason: "timeout-insufficient-material" });
  assert.match(await page.textContent("#status"), /Draw/);
  assert.match(await page.textContent("#detail"), /White's flag fell.*Black cannot mate/);
  assert.equal(await page.textContent("#clock-bottom"), "0:00.0");
  assert.equal(await page.getAttribute("#board", "interactive"), "false");
  await page.screenshot({ path: join(shots, "app-flag-desktop.png") });
  const pgn = await pgnOf(page);
  assert.match(pgn, /\[Result "1\/2-1\/2"\]/);
  assert.match(pgn, /\[TimeControl "3\+0"\]/);
  assert.match(pgn, /\[Termination "time forfeit"\]/);
  assert.match(pgn, /1\. Qd2 \{\[%clk 0:00:0[0-3]\]\} Ke7 \{\[%clk 0:00:0[0-3]\]\} 1\/2-1\/2/);
  // The result survives a reload.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true");
  assert.deepEqual(await page.evaluate(() => document.querySelector("chess960-board").game.outcome()), { winner: null, reason: "timeout-insufficient-material" });
  assert.match(await page.textContent("#status"), /Draw/);
  assert.deepEqual(page.errors, []);
});

test("a flag fall where the other side can mate loses; the side to move's clock is the one that runs", async () => {
  const page = await openApp(ctx, `${srv.origin}/#pgn=${encodeURIComponent(BARE)}`);
  await page.selectOption("#tc", "custom");
  await page.fill("#tc-min", "0.05");
  await page.locator("#tc-min").dispatchEvent("change");
  await play(page, "d1d2");
  // Black to move: only Black's clock runs.
  await page.waitForTimeout(1200);
  assert.equal(await page.textContent("#clock-bottom"), "0:03.0", "White's clock is stopped");
  assert.notEqual(await page.textContent("#clock-top"), "0:03.0", "Black's runs");
  await page.waitForFunction(() => document.querySelector("chess960-board").game.outcome() !== null, null, { timeout: 10_000 });
  assert.deepEqual(await page.evaluate(() => document.querySelector("chess960-board").game.outcome()), { winner: "w", reason: "timeout" });
  assert.match(await page.textContent("#status"), /White wins/);
  assert.match(await page.textContent("#detail"), /Black's flag fell: White wins on time/);
  assert.deepEqual(page.errors, []);
});

test("exported PGN: names, today's date, TimeControl and a [%clk] after each move, with increment", async () => {
  const page = await openApp(ctx, `${srv.origin}/`);
  await newGame(page, { variant: "standard", computer: "b", level: "5", clock: "5+3" });
  await play(page, "e2e4");
  await page.waitForFunction(() => document.querySelector("chess960-board").game.history().length === 2, null, { timeout: 30_000 });
  const pgn = await pgnOf(page);
  const d = new Date();
  const today = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
  assert.match(pgn, /\[White "You"\]/);
  assert.match(pgn, /\[Black "Computer \(level 5\)"\]/);
  assert.match(pgn, new RegExp(`\\[Date "${today.replaceAll(".", "\\.")}"\\]`));
  assert.match(pgn, /\[TimeControl "300\+3"\]/);
  // White's first move before its clock started: 5:00 + 3 s increment.
  assert.match(pgn, /1\. e4 \{\[%clk 0:05:03\]\} \S+ \{\[%clk 0:05:0[0-3]\]\}/);
  assert.deepEqual(page.errors, []);
});
