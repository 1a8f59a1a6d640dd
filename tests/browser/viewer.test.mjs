// The PGN viewer as a blog reader uses it, over a real annotated record
// (fixtures/annotated.pgn: comments, variations, NAGs, [%cal], [%csl], [%clk], three
// games, the last one broken). The record's tree comes from chessops (pgn-tree.mjs)
// until the core's own Chess.prototype.tree() is on main; the element's `pgn`
// attribute path is tested too (mainline only until then).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { assertLaidOut, boardPage, events, label, placement, settle, shadow, shots, sq, start, www } from "./helpers.mjs";
import { treeOf } from "./pgn-tree.mjs";

const PGN = readFileSync(new URL("./fixtures/annotated.pgn", import.meta.url), "utf8");
const TREE = treeOf(PGN);

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

/** A page with one board viewing the annotated game through `board.view(tree)`. */
async function viewer(width = 900) {
  const page = await boardPage(env, {});
  await page.setViewportSize({ width: width + 40, height: 900 });
  await page.evaluate(([tree, w]) => {
    const el = document.querySelector("chess960-board");
    el.style.width = `${w}px`;
    el.board.view(tree);
  }, [TREE, width]);
  return page;
}

const current = (page) => shadow(page, '[aria-current="true"]');

test("players with titles, ratings and the result; event, round, site and date", async () => {
  const page = await viewer();
  const white = shadow(page, '[data-player="white"]');
  const black = shadow(page, '[data-player="black"]');
  assert.match(await white.textContent(), /GM\s*Carlsen, Magnus\s*\(2834\)\s*1/);
  assert.match(await black.textContent(), /GM\s*Nakamura, Hikaru\s*\(2787\)\s*0/);
  // White at the bottom, as the board is oriented; flipping swaps the rows.
  assert.ok((await white.boundingBox()).y > (await black.boundingBox()).y);
  await shadow(page, '[data-action="flip"]').click();
  assert.ok((await white.boundingBox()).y < (await black.boundingBox()).y, "flipped: White on top");
  assert.equal(await page.locator("chess960-board [data-square]").first().getAttribute("data-square"), "h1");
  const head = await shadow(page, ".event").textContent();
  assert.match(head, /Nakamura - Carlsen Chess960 Match · round 9 · Høvikodden, Bærum NOR · 13 Feb 2018/);
  assert.match(await shadow(page, ".result").textContent(), /1–0|1-0/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the move list: numbers, every mainline ply clickable, NAG glyphs, comments, variations", async () => {
  const page = await viewer();
  assert.equal(await shadow(page, "[data-ply]").count(), 63);
  assert.equal(await shadow(page, '[data-ply="8"]').textContent(), "Nd5!?");
  assert.equal(await shadow(page, '[data-ply="14"]').textContent(), "Nxe3?!");
  assert.equal(await shadow(page, '[data-ply="59"]').textContent(), "Bxb5!!");
  assert.equal(await shadow(page, '[data-ply="45"]').textContent(), "e4±");
  assert.equal(await shadow(page, '[data-ply="8"]').getAttribute("title"), "interesting move");
  const comments = await shadow(page, "[data-comment]").allTextContents();
  assert.ok(comments.includes("Carlsen grabs space on the queenside at once."), comments.join(" | "));
  assert.ok(comments.includes("Safer, but passive."), "a comment inside a variation");
  assert.ok(comments[0].startsWith("Position 'QRKNBBNR'"), "the game's opening comment first");
  assert.ok(comments.every((c) => !c.includes("[%")), "commands are not shown as text");
  // Variations: 3. b4 b5; 4... Ng8 5. d4 d6; 4... Ne4?! 5. Nf3 with 5. d3 Ng5 inside it.
  const lines = await shadow(page, ".moves > .int > [data-variation]").allTextContents();
  assert.deepEqual(lines.map((l) => l.replace(/\s+/g, " ").trim()), [
    "3. b4 b5",
    "4… Ng8 5. d4 d6 Safer, but passive.",
    "4… Ne4?! 5. Nf3 5. d3 Ng5",
  ]);
  // Clicking a mainline move shows its position, with the last move marked.
  await shadow(page, '[data-ply="25"]').click(); // 13. O-O: king c1→g1, rook h1→f1
  assert.equal(await label(page, "g1"), "white king on g1");
  assert.equal(await label(page, "f1"), "white rook on f1");
  assert.match(await sq(page, "c1").getAttribute("class"), /\blast\b/);
  assert.equal(await current(page).textContent(), "O-O");
  // Clicking a variation move shows the variation's position.
  await shadow(page, "[data-variation] button").filter({ hasText: "Ng5" }).click();
  assert.equal(await label(page, "g5"), "black knight on g5");
  assert.equal(await label(page, "d3"), "white pawn on d3");
  assert.equal(await page.evaluate(() => document.querySelector("chess960-board").board.ply), null);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("arrow keys step along the line shown, into and out of a variation", async () => {
  const page = await viewer();
  await shadow(page, '[data-ply="1"]').click();
  await page.keyboard.press("ArrowRight");
  assert.equal(await current(page).textContent(), "e6");
  await page.keyboard.press("ArrowDown"); // to the end
  assert.equal(await current(page).textContent(), "a6+−");
  assert.equal(await page.evaluate(() => document.querySelector("chess960-board").board.ply), 63);
  assert.equal(await label(page, "a6"), "white pawn on a6");
  await page.keyboard.press("ArrowUp"); // to the start
  assert.equal(await placement(page), "qrknbbnr/pppppppp/8/8/8/8/PPPPPPPP/QRKNBBNR");
  // Into the variation 4... Ng8 5. d4 d6 and along it.
  await shadow(page, "[data-variation] button").filter({ hasText: "Ng8" }).click();
  await page.keyboard.press("ArrowRight");
  assert.equal(await current(page).textContent(), "5. d4");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight"); // the variation ends at d6
  assert.equal(await current(page).textContent(), "d6");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft"); // back before the branch: 4. e5
  assert.equal(await current(page).textContent(), "e5");
  await page.keyboard.press("f");
  assert.equal(await page.locator("chess960-board [data-square]").first().getAttribute("data-square"), "h1");
  await page.close();
});

test("[%cal] and [%csl] are drawn for the move shown; [%clk] clocks follow the moves", async () => {
  const page = await viewer();
  // The opening comment's shapes at the start.
  assert.equal(await shadow(page, '[data-arrow="a1h8"][data-color="green"]').count(), 1);
  assert.equal(await shadow(page, '[data-circle="a1"]').count(), 1);
  await shadow(page, '[data-ply="14"]').click(); // 7... Nxe3 [%csl Rf6,Gf1]
  assert.equal(await shadow(page, '[data-circle="f6"][data-color="red"]').count(), 1);
  assert.equal(await shadow(page, '[data-circle="f1"][data-color="green"]').count(), 1);
  assert.equal(await shadow(page, "[data-arrow]").count(), 0);
  assert.equal(await shadow(page, '[data-player="white"] .clock').textContent(), "9:49"); // 7. Ne3 {[%clk 0:09:49.0]}
  assert.equal(await shadow(page, '[data-player="black"] .clock').textContent(), "8:57"); // 7... Nxe3 {[%clk 0:08:57.3]}
  await shadow(page, '[data-ply="59"]').click(); // 30. Bxb5 [%cal Gb5c6,Ra7a8]
  assert.equal(await shadow(page, '[data-arrow="b5c6"][data-color="green"]').count(), 1);
  assert.equal(await shadow(page, '[data-arrow="a7a8"][data-color="red"]').count(), 1);
  assert.equal(await shadow(page, '[data-player="white"] .clock').textContent(), "1:36");
  await page.keyboard.press("ArrowRight");
  assert.equal(await shadow(page, "[data-arrow]").count(), 0, "the next move has no arrows");
  await settle(page);
  await page.screenshot({ path: join(shots, "viewer-arrows.png") });
  await page.close();
});

test("viewer steps animate; a castling step moves both king and rook", async () => {
  const page = await viewer();
  await shadow(page, '[data-ply="24"]').click();
  await settle(page);
  const running = await page.evaluate(() => {
    const b = document.querySelector("chess960-board");
    b.board.goto(25); // 13. O-O
    return b.shadowRoot.getAnimations().map((a) => a.effect.target.closest("[data-square]").dataset.square).sort();
  });
  assert.deepEqual(running, ["f1", "g1"]);
  await page.close();
});

test("wide: the move list beside the board; narrow: below it", async () => {
  const wide = await viewer(900);
  const b1 = await wide.locator("chess960-board .box").boundingBox();
  const l1 = await wide.locator("chess960-board .list").boundingBox();
  assert.ok(l1.x >= b1.x + b1.width, "list right of the board");
  assert.ok(Math.abs(l1.height - b1.height) < b1.height * 0.5 + 200, "list about the board's height");
  await wide.close();
  const narrow = await viewer(340);
  const b2 = await narrow.locator("chess960-board .box").boundingBox();
  const l2 = await narrow.locator("chess960-board .list").boundingBox();
  assert.ok(l2.y >= b2.y + b2.height, "list under the board");
  assert.ok(Math.abs(b2.width - 340) < 2, `board fills the column (${b2.width})`);
  await narrow.close();
});

test("the pgn attribute: several games offer a chooser; a bad record shows its error in place of the board", async () => {
  const page = await boardPage(env, { pgn: PGN }, { listen: ["error"] });
  const chooser = shadow(page, 'select[aria-label="Game"]');
  assert.deepEqual(await chooser.locator("option").allTextContents(), [
    "1. Carlsen, Magnus – Nakamura, Hikaru 1-0",
    "2. Morphy, Paul – Duke Karl / Count Isouard 1-0",
    "3. Nobody – Nobody",
  ]);
  assert.equal(await placement(page), "qrknbbnr/pppppppp/8/8/8/8/PPPPPPPP/QRKNBBNR");
  assert.equal(await shadow(page, "[data-ply]").count(), 63);
  await chooser.selectOption({ index: 1 });
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  assert.match(await shadow(page, '[data-player="white"]').textContent(), /Morphy, Paul/);
  await shadow(page, '[data-action="end"]').click();
  assert.equal(await shadow(page, '[aria-current="true"]').textContent(), "Rd8#");
  await chooser.selectOption({ index: 2 });
  const fail = shadow(page, ".fail");
  await fail.waitFor();
  assert.match(await fail.textContent(), /Ke3/);
  assert.equal(await shadow(page, ".box").isHidden(), true, "no fake board");
  assert.equal(await shadow(page, ".list").isHidden(), true);
  assert.equal(await chooser.isVisible(), true, "the reader can pick another game");
  assert.equal((await events(page, "error")).length, 1);
  await chooser.selectOption({ index: 0 });
  assert.equal(await shadow(page, ".box").isVisible(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a PGN that is not one shows the error, not a standard board", async () => {
  const page = await boardPage(env, { pgn: "1. e4 e5 2. Qh9 *" }, { listen: ["error"] });
  await shadow(page, ".fail").waitFor();
  assert.match(await shadow(page, ".fail").textContent(), /Qh9/);
  assert.equal(await shadow(page, ".box").isHidden(), true);
  assert.equal((await events(page, "error")).length, 1);
  await page.close();
});

test("the src attribute loads a PGN file; ply=last opens at the end", async () => {
  const page = await boardPage(env, {});
  await page.route("**/games.pgn", (r) => r.fulfill({ body: PGN, contentType: "application/x-chess-pgn" }));
  await page.evaluate(() => {
    const el = document.querySelector("chess960-board");
    el.setAttribute("ply", "last");
    el.setAttribute("src", "/games.pgn");
  });
  await shadow(page, '[data-ply="63"][aria-current="true"]').waitFor();
  assert.equal(await label(page, "a6"), "white pawn on a6");
  await page.close();
});

test("with the core's tree (Chess.prototype.tree), the pgn attribute shows comments and variations", async () => {
  const page = await boardPage(env, { pgn: PGN });
  const fromCore = await shadow(page, "[data-comment]").allTextContents();
  const viaChessops = TREE.comments.length + TREE.moves.reduce((n, m) => n + m.comments.length, 0);
  assert.ok(fromCore.length >= viaChessops, `${fromCore.length} comments shown`);
  assert.equal(await shadow(page, ".moves > .int > [data-variation]").count(), 3);
  await page.close();
});

test("screenshots of the viewer: desktop and phone, light and dark", async () => {
  for (const [name, width, dark] of [["desktop-light", 900, false], ["desktop-dark", 900, true], ["phone-light", 350, false], ["phone-dark", 350, true]]) {
    const page = await viewer(width);
    if (dark) await page.evaluate(() => { document.documentElement.style.cssText = "color-scheme:dark;background:#161512;color:#c8c8c8"; });
    if (width < 400) await page.setViewportSize({ width: 390, height: 844 });
    await shadow(page, '[data-ply="47"]').click();
    await settle(page);
    await assertLaidOut(page, `viewer-${name}`);
    await page.screenshot({ path: join(shots, `viewer-${name}.png`), fullPage: true });
    await page.close();
  }
});

test("the chessops-built tree the viewer tests use agrees with the core's chess.tree()", async () => {
  const { Chess, splitPgn } = await import(join(www, "..", "pkg", "node", "index.js"));
  const core = Chess.fromPgn(splitPgn(PGN)[0]).tree();
  const pick = (n) => ({
    ply: n.ply, moveNumber: n.moveNumber, color: n.color, san: n.san, from: n.from, to: n.to,
    placement: n.fen.split(" ")[0], comments: n.comments, startingComments: n.startingComments, nags: n.nags,
    arrows: n.arrows, circles: n.circles, clock: n.clock, variations: n.variations.map((v) => v.map(pick)),
  });
  assert.deepEqual(core.moves.map(pick), TREE.moves.map(pick));
  assert.deepEqual([core.comments, core.arrows, core.circles, core.result], [TREE.comments, TREE.arrows, TREE.circles, TREE.result]);
  assert.equal(core.startFen.split(" ")[0], TREE.startFen.split(" ")[0]);
});
