// Against the computer: undo while it thinks cancels its search and leaves the board
// playable (and it does not move afterwards); adjourning is not offered on its turn;
// a sealed move is made on the board, recorded and not shown; it never moves in an
// adjourned game.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { appServer, fen, history, launch, newGame, openApp, play, profile, sans } from "./app-helpers.mjs";

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

const thinking = (page) => page.waitForFunction(() => /thinking/.test(document.querySelector("#cpu-status")?.textContent ?? ""), null, { timeout: 20_000 });

test("undo while the computer thinks cancels its search; the board stays playable; it does not move afterwards", async () => {
  const page = await openApp(ctx, `${srv.origin}/`);
  await newGame(page, { variant: "standard", computer: "b", level: "10" });
  await play(page, "e2e4");
  await thinking(page);
  await page.click("#undo");
  assert.deepEqual(await history(page), [], "the move is taken back");
  assert.equal(await page.getAttribute("#board", "interactive"), "true", "the board is playable");
  assert.doesNotMatch(await page.textContent("#cpu-status"), /thinking/);
  // Level 10 would have moved within this time had its search gone on.
  await page.waitForTimeout(4000);
  assert.deepEqual(await history(page), [], "the cancelled search played nothing");
  // And the game goes on: a move, and (at level 1) the reply.
  await page.selectOption("#cpu-level", "1");
  await play(page, "d2d4");
  await page.waitForFunction(() => document.querySelector("chess960-board").game.history().length === 2, null, { timeout: 30_000 });
  assert.equal((await history(page))[0], "d4");
  assert.deepEqual(page.errors, []);
});

test("a new game (a variant button) while the computer thinks cancels its search; nothing is played in the new game", async () => {
  const page = await openApp(ctx, `${srv.origin}/`);
  await newGame(page, { variant: "standard", computer: "b", level: "10" });
  await play(page, "e2e4");
  await thinking(page);
  await page.click('button[data-variant="chess960"]');
  const d = page.locator("dialog#ask[open]");
  await d.waitFor();
  await d.getByRole("button", { name: "Start a new game" }).click();
  await page.waitForTimeout(4000);
  assert.deepEqual(await history(page), [], "the old search played nothing into the new game");
  assert.equal(await page.evaluate(() => document.querySelector("chess960-board").game.variant()), "chess960");
  assert.equal(await page.getAttribute("#board", "interactive"), "true");
  assert.doesNotMatch(await page.textContent("#cpu-status"), /thinking/);
  assert.deepEqual(page.errors, []);
});

test("adjourn is not offered on the computer's turn", async () => {
  const page = await openApp(ctx, `${srv.origin}/`);
  await newGame(page, { variant: "standard", computer: "w", level: "10" });
  await thinking(page);
  assert.equal(await page.isDisabled("#adjourn"), true, "no adjourning while the computer is to move");
  await page.waitForFunction(() => document.querySelector("chess960-board").game.history().length === 1, null, { timeout: 60_000 });
  assert.equal(await page.isDisabled("#adjourn"), false, "offered on the player's turn");
  assert.deepEqual(page.errors, []);
});

test("sealing by a board move: recorded in the envelope, not shown; the computer does not move while adjourned", async () => {
  const page = await openApp(ctx, `${srv.origin}/`);
  await newGame(page, { variant: "standard", computer: "b", level: "1" });
  await play(page, "e2e4");
  await page.waitForFunction(() => document.querySelector("chess960-board").game.history().length === 2, null, { timeout: 30_000 });
  const before = await fen(page);
  await page.click("#adjourn");
  await page.locator("#seal-form").waitFor();
  await play(page, "g1f3");
  assert.match(await page.textContent("#status"), /Game adjourned/);
  assert.equal(await fen(page), before, "the sealed move is not on the board");
  assert.equal(await page.locator('chess960-board [data-square="g1"]').getAttribute("aria-label"), "white knight on g1");
  assert.equal((await sans(page)).length, 2, "nor in the move list");
  const env = await page.evaluate(() => JSON.parse(localStorage.getItem("chess960-app:current")).envelope);
  assert.equal(env.move, "Nf3");
  assert.equal(env.sealer, "w");
  assert.ok(env.whiteTimeMs > 0 && env.blackTimeMs >= 0, `the envelope carries the times used (${env.whiteTimeMs}, ${env.blackTimeMs})`);
  assert.equal(await page.getAttribute("#board", "interactive"), "false");
  // Adjourned: nothing moves, even after a reload.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === "true");
  await page.waitForTimeout(1500);
  assert.equal(await fen(page), before);
  assert.match(await page.textContent("#status"), /Game adjourned/);
  await page.click("#resume");
  await page.waitForFunction(() => document.querySelector("chess960-board").game.history().length === 4, null, { timeout: 30_000 });
  assert.equal((await history(page))[2], "Nf3", "the sealed move is played on opening, and the computer answers");
  assert.deepEqual(page.errors, []);
});
