// "Analyse" after a game in the app (SPEC §8 "Review", §6 reviewGame; issue 22): the
// engine and the analysis's script are fetched only when asked for; the review fills the
// viewer's evaluation graph (one point per ply, a click jumps the board there), marks the
// blunder in the move list and draws the engine's move; it is kept with the game (a
// reload shows it again without the engine, the PGN carries [%eval] and the NAGs, and a
// link to that PGN shows them); Cancel, a new game and opening another game stop a
// running review and the board stays playable (the computer, on the same engine, still
// answers); a reopened library game and an imported one can be analysed; axe finds
// nothing serious on a laptop and a phone, light and dark, with screenshots of each
// (test-results/app-analysis-<device>-<scheme>.png).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { pathToFileURL } from "node:url";
import { Chess } from "../../pkg/node/index.js";
import { answer, appServer, axe, DESKTOP, fen, history, launch, newGame, openApp, opened, PHONE, play, profile, ready, shots, site, tapMoves } from "./app-helpers.mjs";

let srv;
before(async () => {
  srv = await appServer();
});
after(async () => {
  await srv?.close();
});

/** 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: seven plies, Black's third move a blunder (mate in one). */
const MATE = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
const SANS = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];

/** The app's requests for the engine and the analysis's script. */
function watch(page) {
  const seen = [];
  page.on("request", (r) => {
    if (/chess960-engine|app-analysis/.test(r.url())) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

/** Limits the review to `nodes` per position (the card's data-nodes). */
const limit = (page, nodes) => page.evaluate((n) => (document.querySelector("#analysis").dataset.nodes = String(n)), nodes);
const analysed = (page) => page.waitForFunction(() => /White: .*Black: /.test(document.querySelector("#analysis-note")?.textContent ?? ""), null, { timeout: 120_000 });
const saved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("chess960-app:current")));

/** The FEN after the first `n` moves of the mate. */
function fenAfter(n) {
  const g = new Chess();
  for (const s of SANS.slice(0, n)) g.move(s);
  return g.fen();
}

/** The graph's points: its path is M…V y0 L p1 … L pn L x1,y V100Z, one point per ply known. */
async function points(page) {
  const d = await page.locator("[data-eval-graph] path.gw").getAttribute("d");
  return d.split("L").length - 2;
}

/** Presses the graph where ply `ply` of `plies` is drawn (graph.ts: 1.5 % of room at either end). */
async function clickGraph(page, ply, plies) {
  const box = await page.locator("[data-eval-graph]").boundingBox();
  const x = box.x + ((ply / plies + 0.015) / 1.03) * box.width;
  await page.mouse.click(x, box.y + box.height / 2);
}

test("Analyse after a mate: graph with one point per ply, the blunder marked, arrows, a click on the graph jumps; kept after a reload and in the PGN", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    const seen = watch(page);
    await newGame(page, { variant: "standard" });
    assert.equal(await page.locator("#analysis").isVisible(), false, "no analysis card during a game");
    await play(page, ...MATE);
    assert.match(await page.textContent("#status"), /White wins/);
    assert.equal(await page.locator("#analyse").isVisible(), true, "Analyse is offered after the game");
    assert.equal(await page.locator("[data-eval-graph]").count(), 0, "no graph before");
    assert.deepEqual(seen, [], "neither the engine nor the analysis's script is fetched before Analyse");

    await limit(page, 20_000);
    await page.click("#analyse");
    await page.locator("#analysis-progress").waitFor();
    await analysed(page);
    assert.deepEqual([...new Set(seen)].sort(), ["/app-analysis.js", "/chess960-engine.js"]);
    assert.equal(await page.locator("#analysis-progress").isVisible(), false, "the progress goes");
    assert.equal(await page.locator("#analyse").isVisible(), false, "nothing left to analyse");
    assert.equal(await page.locator("[data-eval-graph]").isVisible(), true);
    assert.equal(await page.locator("[data-eval-bar]").isVisible(), true, "the bar beside the board");
    assert.equal(await points(page), 7, "one point per ply");
    assert.equal(await page.getAttribute("[data-eval-graph]", "aria-valuemax"), "7");
    const nf6 = page.locator('#moves [data-ply="6"]');
    assert.equal(await nf6.textContent(), "Nf6??");
    assert.equal(await nf6.getAttribute("data-judgment"), "blunder");
    assert.match(await nf6.getAttribute("aria-label"), /Nf6, blunder: best was /);
    assert.equal(await page.locator('#moves [data-ply="7"]').getAttribute("data-judgment"), null, "the mate is no mistake");
    assert.ok(await page.locator("[data-eval-graph] .gdot.blunder").count() >= 1, "a red dot on the graph");
    assert.match(await page.textContent("#analysis-note"), /Black: 1 blunder/);
    // The blunder's colour: lichess's red, darkened to read on a light card and lightened on a dark one.
    const red = () => page.locator('#moves [data-ply="6"] .jg').evaluate((e) => getComputedStyle(e).color);
    await page.emulateMedia({ colorScheme: "light" });
    assert.equal(await red(), "rgb(206, 38, 38)");
    await page.emulateMedia({ colorScheme: "dark" });
    assert.equal(await red(), "rgb(239, 123, 123)");

    // A click on the graph jumps the board to that ply.
    await clickGraph(page, 2, 7);
    assert.equal(await fen(page), fenAfter(2), "the board shows the position after 1… e5");
    assert.match(await page.textContent("#review-text"), /1… e5 \(move 2 of 7\)/);
    assert.equal(await page.getAttribute("[data-eval-graph]", "aria-valuenow"), "2");
    await clickGraph(page, 5, 7);
    assert.equal(await fen(page), fenAfter(5));
    // At the blunder the board shows the engine's move in the position before it.
    const rec = await saved(page);
    assert.equal(rec.review.length, 7);
    assert.equal(rec.review[5].judgment, "blunder");
    const best = rec.review[5].best.uci;
    await nf6.click();
    assert.equal(await fen(page), fenAfter(6));
    assert.equal(await page.locator(`chess960-board [data-arrow="${best.slice(0, 4)}"][data-color="blue"]`).count(), 1, `arrow ${best}`);
    assert.match(await page.textContent("#analysis .gcap"), /3… Nf6: #1 · Blunder \(best /);
    await page.click("#review-back");
    assert.equal(await page.locator("chess960-board [data-arrow]").count(), 0, "no arrow where nothing was judged");

    // Kept with the game: the record and its PGN ([%eval], the blunder's $4).
    assert.match(rec.pgn, /3\. Bc4 \{\[%eval [^\]]+\]\} Nf6 \$4 \{\[%eval #1\]\} 4\. Qxf7# 1-0/);
    const download = page.waitForEvent("download");
    await page.click("#download-pgn");
    const file = readFileSync(await (await download).path(), "utf8");
    assert.match(file, /Nf6 \$4 \{\[%eval #1\]\}/, "the exported PGN carries the review");
    assert.equal(Chess.fromPgn(file).history().join(" "), SANS.join(" "), "and reads back");

    // A reload shows the analysis again, without fetching the engine.
    seen.length = 0;
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.ready === "true");
    await page.locator("[data-eval-graph]").waitFor();
    assert.equal(await points(page), 7);
    assert.equal(await page.locator('#moves [data-ply="6"]').textContent(), "Nf6??");
    assert.equal(await page.locator("#analyse").isVisible(), false);
    assert.match(await page.textContent("#analysis-note"), /Black: 1 blunder/);
    assert.deepEqual(seen, ["/app-analysis.js"], "only the analysis's script, not the engine");
    await page.click('#moves [data-ply="6"]');
    assert.equal(await page.locator(`chess960-board [data-arrow="${best.slice(0, 4)}"]`).count(), 1, "the arrow too");

    // The exported PGN opened as a link (a new game of the app): its [%eval] and NAGs are shown, nothing analysed.
    seen.length = 0;
    await page.evaluate((h) => (location.hash = h), `pgn=${encodeURIComponent(file)}`);
    await page.waitForFunction(() => /link/.test(document.querySelector("#cpu-status").textContent));
    assert.notEqual((await saved(page)).id, rec.id, "another game");
    assert.equal((await saved(page)).review ?? null, null, "without the engine's review");
    await page.locator("[data-eval-graph]").waitFor();
    assert.equal(await points(page), 6, "the six [%eval] (the mate has none)");
    assert.equal(await page.locator('#moves [data-ply="6"]').textContent(), "Nf6??");
    assert.equal(await page.locator("#analyse").isVisible(), false, "nothing to analyse");
    assert.deepEqual(seen, [], "no engine");
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("Cancel stops the review; a new game stops it too and the board stays playable, the computer answering on the same engine; a reopened library game can be analysed", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "standard" });
    await play(page, ...MATE);
    // Positions searched long enough that the review is still running when cancelled.
    await limit(page, 5_000_000);
    await page.click("#analyse");
    await page.waitForFunction(() => /Analysing: \d+ of 7/.test(document.querySelector("#analysis-text").textContent), null, { timeout: 60_000 });
    await page.click("#analysis-cancel");
    assert.equal(await page.locator("#analysis-progress").isVisible(), false);
    assert.equal(await page.textContent("#analysis-note"), "Analysis cancelled.");
    assert.equal(await page.locator("#analyse").isVisible(), true, "Analyse is offered again");
    assert.equal(await page.locator("[data-eval-graph]").isVisible(), false, "no half-done graph");
    assert.equal(await page.locator("#moves [data-judgment]").count(), 0);
    assert.equal((await saved(page)).review ?? null, null, "nothing saved");

    // Again, and a new game (against the computer) while it runs.
    await page.click("#analyse");
    await page.waitForFunction(() => /Analysing/.test(document.querySelector("#analysis-text").textContent), null, { timeout: 60_000 });
    await newGame(page, { variant: "standard", computer: "b", level: "1" });
    assert.equal(await page.locator("#analysis").isVisible(), false, "the new game has no analysis");
    assert.equal(await page.getAttribute("#board", "interactive"), "true", "the board is playable");
    await play(page, "e2e4");
    await page.waitForFunction(() => document.querySelector("chess960-board").game.history().length === 2, null, { timeout: 30_000 });
    assert.equal((await history(page))[0], "e4", "the computer answered: the engine is free again");
    await page.waitForTimeout(500);
    assert.equal((await saved(page)).review ?? null, null, "the cancelled review wrote nothing into the new game");

    // The finished game, reopened from the library: opening another game stops its review.
    const open = async (hasText) => {
      await page.click("#tab-library");
      const row = page.locator("#games li").filter({ hasText });
      await row.waitFor();
      await row.locator('[data-action="open"]').click();
    };
    await open("1-0");
    await answer(page, "Open another game");
    await opened(page);
    assert.equal(await page.locator("#analyse").isVisible(), true, "a reopened finished game offers Analyse");
    await page.click("#analyse");
    await page.waitForFunction(() => /Analysing/.test(document.querySelector("#analysis-text").textContent), null, { timeout: 60_000 });
    await open("unfinished");
    assert.equal((await history(page)).length, 2, "the unfinished game is in play");
    assert.equal(await page.locator("#analysis").isVisible(), false);
    assert.equal(await page.getAttribute("#board", "interactive"), "true");
    await page.waitForTimeout(500);
    assert.equal((await saved(page)).review ?? null, null);
    // And analysed to the end there.
    await open("1-0");
    await answer(page, "Open another game");
    await opened(page);
    await limit(page, 20_000);
    await page.click("#analyse");
    await analysed(page);
    assert.equal(await page.locator('#moves [data-ply="6"]').getAttribute("data-judgment"), "blunder");
    await open("unfinished");
    assert.equal(await page.locator("[data-eval-bar]").isVisible(), false, "no bar beside a game in play");
    await page.click("#tab-library");
    await page.locator("#games li").first().waitFor();
    const kept = await page.evaluate(() => new Promise((ok, no) => {
      const r = indexedDB.open("chess960-app");
      r.onerror = () => no(r.error);
      r.onsuccess = () => {
        const db = r.result;
        const all = db.transaction(db.objectStoreNames[0]).objectStore(db.objectStoreNames[0]).getAll();
        all.onsuccess = () => ok(all.result.filter((g) => g.result === "1-0").map((g) => g.review?.length ?? 0));
      };
    }));
    assert.deepEqual(kept, [7], "the library keeps the review with the game");
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("an imported game that ended by resignation is analysed from the library; its result stays", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    await page.click("#tab-library");
    await page.fill("#import-text", `[White "Anna"]\n[Black "Ben"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 1-0\n`);
    await page.click("#import-paste");
    const row = page.locator("#games li").filter({ hasText: "Anna" });
    await row.waitFor();
    await row.locator('[data-action="open"]').click();
    assert.match(await page.textContent("#status"), /White wins/);
    assert.equal(await page.isDisabled("#undo"), true, "a finished game is not undone (so no undo meets a review)");
    assert.equal(await page.locator("#analyse").isVisible(), true);
    await limit(page, 20_000);
    await page.click("#analyse");
    await analysed(page);
    assert.equal(await points(page), 6);
    assert.equal(await page.locator('#moves [data-ply="6"]').getAttribute("data-judgment"), "blunder", "3… Nf6?? allows mate");
    const rec = await saved(page);
    assert.equal(rec.review.length, 6);
    assert.match(rec.pgn, /\[Result "1-0"\]/);
    assert.match(rec.pgn, /Nf6 \$4 \{\[%eval #1\]\} 1-0/);
    assert.match(await page.textContent("#status"), /White wins/, "still won by resignation");
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("from file:// (no server): Analyse loads the engine and the analysis's script beside the page and grades the game", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, pathToFileURL(join(site, "index.html")).href);
    const seen = watch(page);
    await newGame(page, { variant: "standard" });
    await play(page, ...MATE);
    await limit(page, 20_000);
    await page.click("#analyse");
    await analysed(page);
    assert.ok(seen.length >= 2 && seen.every((u) => /\/(chess960-engine|app-analysis)\.js$/.test(u)), seen.join());
    assert.equal(await points(page), 7);
    assert.equal(await page.locator('#moves [data-ply="6"]').getAttribute("data-judgment"), "blunder");
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("offline after one visit: the service worker precached the analysis's script and the engine, and Analyse works", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => /offline/i.test(document.querySelector("#offline-status")?.textContent ?? ""));
    await ctx.setOffline(true);
    await page.reload();
    await ready(page);
    await newGame(page, { variant: "standard" });
    await play(page, ...MATE);
    await limit(page, 20_000);
    await page.click("#analyse");
    await analysed(page);
    assert.equal(await points(page), 7);
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

for (const [device, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`${device}: after analysis, light and dark: no serious axe result; the graph jumps by ${device === "phone" ? "touch" : "mouse"}`, async () => {
    const p = profile();
    const ctx = await launch(p.dir, options);
    try {
      const page = await openApp(ctx, `${srv.origin}/`);
      await newGame(page, { variant: "standard" });
      if (device === "phone") await tapMoves(page, ...MATE);
      else await play(page, ...MATE);
      await limit(page, 20_000);
      await page.click("#analyse");
      await analysed(page);
      if (device === "phone") {
        // A tap on the graph (a real touch) jumps the board.
        const box = await page.locator("[data-eval-graph]").boundingBox();
        const cdp = await ctx.newCDPSession(page);
        const pt = { x: box.x + ((6 / 7 + 0.015) / 1.03) * box.width, y: box.y + box.height / 2, id: 1 };
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [pt] });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        await page.waitForFunction(() => /move 6 of 7/.test(document.querySelector("#review-text").textContent));
        // The board and the graph are both in view (the card comes under the board on a phone).
        const board = await page.locator("chess960-board").boundingBox();
        const graph = await page.locator("[data-eval-graph]").boundingBox();
        assert.ok(graph.y > board.y, "the graph is under the board");
        assert.ok(graph.y + graph.height - board.y < 844, `board and graph fit one screen (${Math.round(graph.y + graph.height - board.y)} px)`);
      } else {
        await clickGraph(page, 6, 7);
        await page.waitForFunction(() => /move 6 of 7/.test(document.querySelector("#review-text").textContent));
      }
      assert.equal(await fen(page), fenAfter(6));
      const found = [];
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(150);
        if (device === "phone") await page.locator("chess960-board").evaluate((e) => e.scrollIntoView({ block: "start" }));
        await page.screenshot({ path: join(shots, `app-analysis-${device}-${scheme}.png`), fullPage: device === "desktop" });
        found.push(...(await axe(page)).map((l) => `${scheme}: ${l}`));
      }
      // Laid out: nothing sideways.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll");
      assert.deepEqual(found, []);
      assert.deepEqual(page.errors, []);
    } finally {
      await ctx.close();
      p.drop();
    }
  });
}
