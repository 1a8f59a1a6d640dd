// The library (play, finish, reopen, continue, export, import, delete), review from the
// move list, and share links that open the game in a fresh browser.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { answer, appServer, fen, launch, newGame, openApp, opened, play, profile, sans, shots } from "./app-helpers.mjs";

let srv;
before(async () => {
  srv = await appServer();
});
after(async () => {
  await srv?.close();
});

const rows = (page) => page.locator("#games li");

test("library round trip: play and finish, reopen, continue an unfinished game, export, import, delete", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "standard" });
    await play(page, "f2f3", "e7e5", "g2g4", "d8h4");
    assert.match(await page.textContent("#status"), /Black wins/);
    const mate = await fen(page);
    // Another game, left unfinished.
    await newGame(page, { variant: "standard" });
    await play(page, "d2d4");
    await page.click("#tab-library");
    await rows(page).first().waitFor();
    assert.equal(await rows(page).count(), 2);
    const finished = rows(page).filter({ hasText: "0-1" });
    assert.match(await finished.textContent(), /White – Black/);
    assert.match(await finished.textContent(), /Standard · 2 moves/);
    assert.match(await rows(page).filter({ hasText: "unfinished" }).textContent(), /Standard · 1 move ·/);
    await page.screenshot({ path: join(shots, "app-library-desktop.png") });
    // Export one game.
    const download = page.waitForEvent("download");
    await finished.locator('[data-action="export"]').click();
    const exported = readFileSync(await (await download).path(), "utf8");
    assert.match(exported, /\[Result "0-1"\]/);
    assert.match(exported, /1\. f3 e5 2\. g4 Qh4# 0-1/);
    // Reopen it: the game in play (unfinished) is kept, after asking.
    await finished.locator('[data-action="open"]').click();
    await answer(page, "Open another game");
    await opened(page);
    assert.equal(await fen(page), mate);
    assert.deepEqual(await sans(page), ["f3", "e5", "g4", "Qh4#"]);
    assert.equal(await page.getAttribute("#board", "interactive"), "false");
    // Continue the unfinished one.
    await page.click("#tab-library");
    await rows(page).first().waitFor();
    await rows(page).filter({ hasText: "unfinished" }).locator('[data-action="open"]').click();
    assert.deepEqual(await sans(page), ["d4"]);
    await play(page, "d7d5");
    assert.deepEqual(await sans(page), ["d4", "d5"]);
    // Import: pasted text with a good game and a bad one, then a file with two games.
    await page.click("#tab-library");
    await page.fill("#import-text", `[White "Anna"]\n[Black "Ben"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[White "X"]\n[Black "Y"]\n\n1. e4 Ke7 Ke2 *\n`);
    await page.click("#import-paste");
    await page.waitForFunction(() => /Imported/.test(document.querySelector("#library-status").textContent));
    assert.match(await page.textContent("#library-status"), /Imported 1 game\. Not imported: game 2: /);
    assert.equal(await rows(page).count(), 3);
    assert.match(await rows(page).filter({ hasText: "Anna" }).textContent(), /Anna – Ben.*1-0/);
    const file = join(p.dir, "two.pgn");
    writeFileSync(file, `${exported}\n\n[White "C"]\n[Black "D"]\n[Result "*"]\n\n1. d4 Nf6 *\n`);
    await page.setInputFiles("#import-file", file);
    await page.waitForFunction(() => /Imported 2 games/.test(document.querySelector("#library-status").textContent));
    assert.equal(await rows(page).count(), 5);
    // Delete one, after asking.
    await rows(page).filter({ hasText: "C – D" }).locator('[data-action="delete"]').click();
    await answer(page, "Delete");
    await page.waitForFunction(() => document.querySelectorAll("#games li").length === 4);
    // Reopen the imported game: its moves and result.
    await rows(page).filter({ hasText: "Anna" }).locator('[data-action="open"]').click();
    await answer(page, "Open another game");
    await opened(page);
    assert.deepEqual(await sans(page), ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
    assert.match(await page.textContent("#status"), /White wins/);
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("review: a move in the list shows its position read-only; back to the game plays on", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "standard" });
    await play(page, "e2e4", "e7e5", "g1f3");
    const live = await fen(page);
    await page.click('#moves [data-ply="1"]');
    assert.equal(await fen(page), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert.equal(await page.getAttribute("#board", "interactive"), "false");
    assert.ok(await page.locator("#review-bar").isVisible());
    assert.equal(await page.textContent("#review-text"), "1. e4 (move 1 of 3)");
    await page.click("#review-next");
    assert.match(await fen(page), /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3/);
    await page.click("#review-back");
    assert.equal(await fen(page), live);
    assert.equal(await page.getAttribute("#board", "interactive"), "true");
    await page.click('#moves [data-ply="2"]');
    await page.click('#moves [data-ply="3"]'); // the last move: back to the game
    assert.equal(await fen(page), live);
    assert.ok(!(await page.locator("#review-bar").isVisible()));
    await play(page, "b8c6");
    assert.deepEqual(await sans(page), ["e4", "e5", "Nf3", "Nc6"]);
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("a share link opens the game in a fresh browser", async () => {
  const a = profile();
  const b = profile();
  const ctxA = await launch(a.dir);
  const ctxB = await launch(b.dir);
  try {
    const page = await openApp(ctxA, `${srv.origin}/`);
    await newGame(page, { variant: "chess960" });
    const start = await fen(page);
    await play(page, "a2a4", "h7h5", "b2b3");
    await page.click("#share");
    await page.locator("#share-url").waitFor(); // written once the PGN is compressed
    const url = await page.inputValue("#share-url");
    assert.ok(url.startsWith(`${srv.origin}/#`), url);
    const other = await openApp(ctxB, url);
    assert.deepEqual(await sans(other), ["a4", "h5", "b3"]);
    assert.equal(await fen(other), await fen(page));
    assert.equal(await other.evaluate(() => location.hash), "", "the link's fragment is cleared once read");
    const back = await other.evaluate(() => {
      const g = document.querySelector("chess960-board").game;
      while (g.history().length) g.undo();
      const f = g.fen();
      return f;
    });
    assert.equal(back, start, "the same Chess960 start");
    assert.deepEqual(other.errors, []);
  } finally {
    await ctxA.close();
    await ctxB.close();
    a.drop();
    b.drop();
  }
});
