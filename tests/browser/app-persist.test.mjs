// Nothing lost: the game in progress comes back after a reload and after the browser is
// closed (same profile), paused with the clocks it had and the same opponent; storage
// failures are said to the player, and the game goes on in memory.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { appServer, fen, launch, newGame, openApp, play, profile, ready, sans } from "./app-helpers.mjs";

let srv;
before(async () => {
  srv = await appServer();
});
after(async () => {
  await srv?.close();
});

/** A clock's text ("4:58", "0:09.3", "1:02:03") in seconds. */
const seconds = (t) => t.split(":").reduce((a, p) => a * 60 + Number(p), 0);
const clocks = async (page) => ({
  top: seconds(await page.textContent("#clock-top")),
  bottom: seconds(await page.textContent("#clock-bottom")),
});

/** Plays a pawn move and waits for the computer's reply. */
async function moveAndReply(page, move) {
  const n = (await sans(page)).length;
  await play(page, move);
  await page.waitForFunction((k) => document.querySelectorAll("#moves .m").length >= k, n + 2, { timeout: 30_000 });
}

test("a reload mid-game restores the position, the clocks (paused) and the opponent", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "chess960", computer: "b", level: "1", clock: "5+3" });
    await moveAndReply(page, "a2a3");
    await moveAndReply(page, "h2h3");
    await page.waitForTimeout(1200); // White's clock runs
    const before = { fen: await fen(page), moves: await sans(page), clocks: await clocks(page) };
    assert.ok(before.clocks.bottom < 300 + 6, "White's clock ran");
    await page.reload();
    await ready(page);
    assert.equal(await fen(page), before.fen);
    assert.deepEqual(await sans(page), before.moves);
    assert.match(await page.textContent(".player[data-side=top] .name"), /Computer \(level 1\)/);
    assert.match(await page.textContent(".player[data-side=bottom] .name"), /You/);
    assert.equal(await page.inputValue("#cpu-side"), "b");
    assert.ok(await page.locator("#paused").isVisible(), "the page says the game is paused");
    assert.match(await page.textContent("#paused"), /Paused/);
    const restored = await clocks(page);
    assert.ok(Math.abs(restored.bottom - before.clocks.bottom) <= 1.5, `White's time kept: ${restored.bottom} vs ${before.clocks.bottom}`);
    assert.equal(restored.top, before.clocks.top, "Black's time kept");
    await page.waitForTimeout(1500);
    assert.deepEqual(await clocks(page), restored, "paused: no clock runs");
    // The first action runs them again: a move, and the computer answers.
    await moveAndReply(page, "b2b3");
    assert.ok(!(await page.locator("#paused").isVisible()));
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("closing the browser and opening it again on the same profile restores the game", async () => {
  const p = profile();
  try {
    let ctx = await launch(p.dir);
    let page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "standard", computer: "w", level: "2", clock: "10+5" });
    await page.waitForFunction(() => document.querySelectorAll("#moves .m").length >= 1, null, { timeout: 30_000 });
    const first = (await sans(page))[0];
    // Black replies with a move that is legal whatever White played: a knight.
    await play(page, "g8f6");
    await page.waitForFunction(() => document.querySelectorAll("#moves .m").length >= 3, null, { timeout: 30_000 });
    const before = { fen: await fen(page), moves: await sans(page) };
    assert.equal(before.moves[0], first);
    await ctx.close();

    ctx = await launch(p.dir);
    page = await openApp(ctx, `${srv.origin}/`);
    assert.equal(await fen(page), before.fen);
    assert.deepEqual(await sans(page), before.moves);
    assert.match(await page.textContent(".player[data-side=top] .name"), /Computer \(level 2\)/);
    assert.equal(await page.getAttribute("#board", "orientation"), "black");
    assert.ok(await page.locator("#paused").isVisible());
    assert.deepEqual(page.errors, []);
    await ctx.close();
  } finally {
    p.drop();
  }
});

test("storage that fails (full, blocked) is said; the game goes on in memory and can be exported", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    await ctx.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("full", "QuotaExceededError");
      };
      IDBFactory.prototype.open = () => {
        throw new DOMException("blocked", "SecurityError");
      };
    });
    const page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "standard" });
    await play(page, "e2e4", "e7e5");
    assert.deepEqual(await sans(page), ["e4", "e5"]);
    const notice = page.locator("#notice");
    await notice.waitFor();
    assert.match(await notice.textContent(), /not saved .*storage for this page is full.*kept in this tab only.*export/i);
    const download = page.waitForEvent("download");
    await page.click("#notice-export");
    const file = await (await download).path();
    const { readFileSync } = await import("node:fs");
    assert.match(readFileSync(file, "utf8"), /1\. e4 e5/);
    // Leaving it asks, and says it would be lost.
    await page.click('button[data-variant="chess960"]');
    const dialog = page.locator("dialog#ask[open]");
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /will be lost/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    assert.deepEqual(await sans(page), ["e4", "e5"], "cancel keeps the game");
    await page.click("#tab-library");
    assert.match(await page.textContent("#library-status"), /not available here/);
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("board size, colours, coordinates and sound are remembered", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    let page = await openApp(ctx, `${srv.origin}/`);
    const width = async () => (await page.locator("#board").boundingBox()).width;
    const wide = await width();
    await page.locator("#set-size").fill("2"); // 320 px
    await page.selectOption("#set-theme", "green");
    await page.uncheck("#set-coords");
    await page.uncheck("#set-sound");
    assert.ok((await width()) <= 320 && (await width()) < wide, "the board is smaller");
    await page.reload();
    await ready(page);
    assert.equal(await page.inputValue("#set-size"), "2");
    assert.ok((await width()) <= 320);
    assert.equal(await page.getAttribute("#board", "theme"), "green");
    assert.equal(await page.getAttribute("#board", "coordinates"), "false");
    assert.equal(await page.isChecked("#set-sound"), false);
    assert.equal(await page.isChecked("#set-coords"), false);
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("the same game in two tabs: moves made in one appear in the other, none is lost", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const a = await openApp(ctx, `${srv.origin}/`);
    await newGame(a, { variant: "standard" });
    await play(a, "e2e4");
    const b = await ctx.newPage();
    b.errors = [];
    b.on("pageerror", (e) => b.errors.push(e.message));
    await b.goto(`${srv.origin}/`);
    await ready(b);
    assert.deepEqual(await sans(b), ["e4"]);
    await play(b, "e7e5");
    await a.waitForFunction(() => document.querySelectorAll("#moves .m").length === 2);
    assert.deepEqual(await sans(a), ["e4", "e5"]);
    await play(a, "g1f3");
    await b.waitForFunction(() => document.querySelectorAll("#moves .m").length === 3);
    await b.reload();
    await ready(b);
    assert.deepEqual(await sans(b), ["e4", "e5", "Nf3"]);
    assert.deepEqual([...a.errors, ...b.errors], []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("without IndexedDB (blocked) the page says the library cannot keep games; the game in progress still survives a reload", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    await ctx.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException("blocked", "SecurityError");
      };
    });
    const page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "standard" });
    await play(page, "d2d4");
    assert.match(await page.textContent("#notice"), /library cannot keep games here \(this browser does not let the page store data/);
    await page.reload();
    await ready(page);
    assert.deepEqual(await sans(page), ["d4"]);
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("a tab that crashes right after a move keeps it", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "standard" });
    await play(page, "c2c4", "e7e5");
    const cdp = await ctx.newCDPSession(page);
    const crashed = page.waitForEvent("crash");
    cdp.send("Page.crash").catch(() => {});
    await crashed;
    const again = await ctx.newPage();
    await again.goto(`${srv.origin}/`);
    await ready(again);
    assert.deepEqual(await sans(again), ["c4", "e5"]);
  } finally {
    await ctx.close();
    p.drop();
  }
});
