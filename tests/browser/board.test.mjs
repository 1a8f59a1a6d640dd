// The board widget driven like a person would: real clicks, drags and keys in
// headless Chromium, every rule answered by the wasm core.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { join } from "node:path";
import { boardPage, click, drag, events, fen, label, placement, settle, shadow, shots, sq, start } from "./helpers.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

const CASTLING = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

test("king to g1 and king onto h1 both castle short", async () => {
  for (const [how, to] of [["drag", "g1"], ["click", "h1"]]) {
    const page = await boardPage(env, { fen: CASTLING });
    if (how === "drag") await drag(page, "e1", to);
    else await click(page, "e1", to);
    assert.equal(await placement(page), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1", `${how} e1-${to}`);
    const [m] = await events(page, "move");
    assert.equal(m.san, "O-O");
    assert.equal(m.castle, "king");
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test("king to c1 and king onto a1 both castle long", async () => {
  for (const [how, to] of [["click", "c1"], ["drag", "a1"]]) {
    const page = await boardPage(env, { fen: CASTLING });
    if (how === "drag") await drag(page, "e1", to);
    else await click(page, "e1", to);
    assert.equal(await placement(page), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R", `${how} e1-${to}`);
    assert.equal((await events(page, "move"))[0].san, "O-O-O");
    await page.close();
  }
});

test("black castles both ways too, and the board can be flipped", async () => {
  const page = await boardPage(env, { fen: CASTLING.replace(" w ", " b "), orientation: "black" });
  const first = await page.locator("chess960-board [data-square]").first().getAttribute("data-square");
  assert.equal(first, "h1", "black at the bottom: h1 is the first square in reading order");
  await drag(page, "e8", "h8");
  assert.equal(await placement(page), "r4rk1/pppppppp/8/8/8/8/PPPPPPPP/R3K2R");
  await page.close();
});

test("while the king is held the rook's landing square is previewed", async () => {
  const page = await boardPage(env, { fen: CASTLING });
  await click(page, "e1");
  assert.equal(await sq(page, "f1").locator(".prev").count(), 1);
  assert.equal(await sq(page, "d1").locator(".prev").count(), 1);
  assert.match(await label(page, "g1"), /legal move/);
  assert.match(await label(page, "h1"), /legal move/);
  await page.close();
});

test("rook-only castling: Chess960 king on g1, rook h1 to f1", async () => {
  const page = await boardPage(env, { fen: "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1" });
  await drag(page, "h1", "f1");
  assert.equal(await placement(page), "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1");
  const [m] = await events(page, "move");
  assert.equal(m.san, "O-O");
  await page.close();
});

test("rook-only castling: Chess-9 style king on c1, rook a1 to d1", async () => {
  const page = await boardPage(env, { fen: "4k3/8/8/8/8/8/8/R1K4R w KQ - 0 1" });
  await click(page, "a1", "d1");
  assert.equal(await placement(page), "4k3/8/8/8/8/8/8/2KR3R");
  assert.equal((await events(page, "move"))[0].san, "O-O-O");
  await page.close();
});

test("an ambiguous king move asks: castle or move", async () => {
  // King f1, rook h1: f1-g1 is both a king step and O-O.
  for (const choice of ["castle", "move"]) {
    const page = await boardPage(env, { fen: "4k3/8/8/8/8/8/8/5K1R w K - 0 1" });
    await drag(page, "f1", "g1");
    const button = shadow(page, `[data-choice="${choice}"]`);
    await button.waitFor();
    assert.equal(await placement(page), "4k3/8/8/8/8/8/8/5K1R", "nothing moves before the answer");
    await button.click();
    const expected = choice === "castle" ? "4k3/8/8/8/8/8/8/5RK1" : "4k3/8/8/8/8/8/8/6KR";
    assert.equal(await placement(page), expected, choice);
    await page.close();
  }
});

test("a pawn reaching the last rank asks for the piece", async () => {
  const page = await boardPage(env, { fen: "1n5k/P7/8/8/8/8/8/K7 w - - 0 1" });
  await drag(page, "a7", "a8");
  await shadow(page, '[data-promotion="n"]').click();
  assert.equal(await label(page, "a8"), "white knight on a8");
  assert.equal((await events(page, "move"))[0].promotion, "n");
  await page.close();
  const p2 = await boardPage(env, { fen: "1n5k/P7/8/8/8/8/8/K7 w - - 0 1" });
  await click(p2, "a7", "b8");
  await shadow(p2, '[data-promotion="q"]').click();
  assert.equal(await label(p2, "b8"), "white queen on b8");
  await p2.close();
});

test("en passant", async () => {
  const page = await boardPage(env, { fen: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2" });
  await click(page, "e5", "d6");
  assert.equal(await placement(page), "4k3/8/3P4/8/8/8/8/4K3");
  assert.equal(await label(page, "d5"), "d5");
  await page.close();
});

test("Chess-9 swap phase: Black then White, by drag, click and pressing the king", async () => {
  const page = await boardPage(env, { variant: "chess9" });
  assert.match(await shadow(page, ".cap").textContent(), /Black chooses/);
  await page.screenshot({ path: join(shots, "chess9-swap-phase.png") });
  // Black: king onto the c8 bishop, by clicks.
  await click(page, "e8", "c8");
  assert.equal((await placement(page)).split("/")[0], "rnkqbbnr");
  assert.match(await shadow(page, ".cap").textContent(), /White chooses/);
  // White: queen onto the f1 bishop, by drag.
  await drag(page, "d1", "f1");
  assert.equal((await placement(page)).split("/")[7], "RNBBKQNR");
  assert.deepEqual(
    (await events(page, "swap")).map((s) => `${s.color} ${s.choice}`),
    ["b king", "w queen"],
  );
  assert.equal(await shadow(page, ".bar").isHidden(), true, "no swap text once play starts");
  await drag(page, "e2", "e4");
  assert.equal((await events(page, "move"))[0].san, "e4");
  await page.close();

  // Both press the king: click twice (Black), drop on its own square (White).
  const p2 = await boardPage(env, { variant: "chess9" });
  await click(p2, "e8", "e8");
  const a = await sq(p2, "e1").boundingBox();
  await p2.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await p2.mouse.down();
  await p2.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 8, { steps: 3 });
  await p2.mouse.move(a.x + a.width / 2, a.y + a.height / 2, { steps: 3 });
  await p2.mouse.up();
  assert.deepEqual((await events(p2, "swap")).map((s) => s.choice), ["none", "none"]);
  assert.equal(await placement(p2), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  assert.equal(await p2.evaluate(() => document.querySelector("chess960-board").game.turn()), "w");
  await p2.close();
});

test("checkmate is shown under the board, not over it, and fires gameover", async () => {
  const page = await boardPage(env, {});
  await drag(page, "f2", "f3");
  await drag(page, "e7", "e5");
  await click(page, "g2", "g4");
  await click(page, "d8", "h4");
  const end = shadow(page, '.cap[data-outcome="checkmate"]');
  await end.waitFor();
  assert.match(await end.textContent(), /Checkmate · Black wins/);
  assert.deepEqual(await events(page, "gameover"), [{ winner: "b", reason: "checkmate" }]);
  assert.match(await label(page, "e1"), /in check/);
  // Nothing covers the final position: the result is below the board's box.
  const box = await shadow(page, ".box").boundingBox();
  const cap = await end.boundingBox();
  assert.ok(cap.y >= box.y + box.height - 1, `caption below the board (${cap.y} vs ${box.y + box.height})`);
  assert.equal(await shadow(page, ".ov").isHidden(), true);
  await settle(page);
  await page.screenshot({ path: join(shots, "checkmate.png") });
  // Play has stopped.
  await click(page, "a2", "a3");
  assert.equal((await events(page, "move")).length, 4);
  await page.close();
});

test("stalemate is shown under the board", async () => {
  const page = await boardPage(env, { fen: "7k/8/6Q1/8/8/8/8/K7 w - - 0 1" });
  await drag(page, "g6", "f7");
  await shadow(page, '.cap[data-outcome="stalemate"]').waitFor();
  assert.match(await shadow(page, ".cap").textContent(), /Stalemate · Draw/);
  assert.equal((await events(page, "gameover"))[0].winner, null);
  await page.close();
});

test("a dead position (a locked pawn wall) is shown under the board", async () => {
  const page = await boardPage(env, { fen: "8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/3n4/8 w - - 0 1" });
  await drag(page, "d3", "d2");
  await shadow(page, '.cap[data-outcome="dead-position"]').waitFor();
  assert.match(await shadow(page, ".cap").textContent(), /Dead position · Draw/);
  assert.deepEqual(await events(page, "gameover"), [{ winner: null, reason: "dead-position" }]);
  await page.close();
});

test("PGN viewer steps with buttons, arrow keys and clicks on the move list", async () => {
  const page = await boardPage(env, { pgn: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *" });
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  const current = () => shadow(page, '[aria-current="true"]').textContent();
  await shadow(page, '[data-action="next"]').click();
  assert.equal(await label(page, "e4"), "white pawn on e4");
  assert.equal(await current(), "e4");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  assert.equal(await label(page, "f3"), "white knight on f3");
  assert.equal(await current(), "Nf3");
  await page.keyboard.press("End");
  assert.equal(await label(page, "b5"), "white bishop on b5");
  assert.equal(await label(page, "a6"), "black pawn on a6");
  assert.equal(await shadow(page, '[data-action="next"]').getAttribute("aria-disabled"), "true");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await label(page, "a6"), "a6");
  await shadow(page, '[data-ply="4"]').click();
  assert.equal(await label(page, "c6"), "black knight on c6");
  assert.equal(await label(page, "b5"), "b5");
  await shadow(page, '[data-action="start"]').click();
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  // A move on the viewer is the reader's own line (SPEC §5), never the record's.
  await click(page, "e2", "e4");
  assert.equal(await label(page, "e4"), "white pawn on e4");
  assert.equal(await shadow(page, "[data-trial]").count(), 1);
  assert.equal(await shadow(page, "[data-ply]").count(), 6);
  await shadow(page, '[data-action="back"]').click();
  assert.equal(await label(page, "e4"), "e4");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("viewer mode over a game object (Board.setGame with viewer), Chess-9 swaps made before the start", async () => {
  const page = await boardPage(env, {});
  await page.evaluate(() => {
    const g = Chess960.Chess.chess9();
    g.swap("king");
    g.swap("none");
    for (const m of ["e4", "e5", "Nf3"]) g.move(m);
    document.querySelector("chess960-board").board.setGame(g, true);
  });
  // The record starts from the array after the swaps (Black's king and bishop swapped).
  assert.equal(await placement(page), "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  await shadow(page, '[data-action="end"]').click();
  assert.equal(await label(page, "f3"), "white knight on f3");
  assert.equal(await shadow(page, '[aria-current="true"]').textContent(), "Nf3");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await label(page, "f3"), "f3");
  await page.keyboard.press("Home");
  assert.equal(await label(page, "c8"), "black king on c8");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("a bad FEN shows the error in place of the board, not a board to play on", async () => {
  const page = await boardPage(env, { fen: "not a fen" }, { listen: ["error"] });
  const fail = shadow(page, ".fail");
  await fail.waitFor();
  assert.match(await fail.textContent(), /FEN/i);
  assert.equal(await shadow(page, ".box").isHidden(), true);
  assert.equal(await page.locator("chess960-board [data-square]").first().isVisible(), false);
  assert.equal((await events(page, "error")).length, 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("PGN from a script child, Chess960 tags, castling in the record", async () => {
  const pgn = [
    '[Variant "Chess960"]',
    '[SetUp "1"]',
    '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]',
    "",
    "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. O-O *",
  ].join("\n");
  const page = await boardPage(env, {}, { inner: `<script type="application/x-chess-pgn">${pgn}</script>` });
  await shadow(page, '[data-action="end"]').click({ timeout: 5000 });
  assert.equal(await placement(page), "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1");
  assert.equal(await shadow(page, '[aria-current="true"]').textContent(), "O-O");
  await page.close();
});

test("keyboard-only play: focus, arrows, Enter", async () => {
  const page = await boardPage(env, {});
  await sq(page, "g1").focus();
  await page.keyboard.press("Enter");
  assert.match(await label(page, "g1"), /white knight on g1, selected/);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press(" ");
  assert.equal(await label(page, "f3"), "white knight on f3");
  assert.equal(await shadow(page, "[aria-live]").textContent(), "White: Nf3");
  // Tab reaches the board: exactly one square is in the tab order.
  assert.equal(await page.locator('chess960-board [data-square][tabindex="0"]').count(), 1);
  await page.close();
});

test("touch: tap, tap", async () => {
  const ctx = env.browser;
  const page = await boardPage(env, {});
  const cdp = await ctx.newCDPSession(page);
  const tap = async (name) => {
    const b = await sq(page, name).boundingBox();
    const point = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  };
  await tap("d2");
  await tap("d4");
  assert.equal(await label(page, "d4"), "white pawn on d4");
  await page.close();
});

test("fen attribute and property, orientation, events carry the move", async () => {
  const page = await boardPage(env, { fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1" });
  await page.evaluate(() => {
    document.querySelector("chess960-board").fen = "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1";
  });
  assert.equal(await label(page, "d2"), "white pawn on d2");
  assert.equal(await label(page, "e2"), "e2");
  await drag(page, "d2", "d4");
  const [m] = await events(page, "move");
  assert.deepEqual(
    { from: m.from, to: m.to, piece: m.piece, color: m.color, san: m.san, flags: m.flags },
    { from: "d2", to: "d4", piece: "p", color: "w", san: "d4", flags: "b" },
  );
  assert.match(await fen(page), / b - d3 0 1$|^4k3\/8\/8\/8\/3P4\/8\/8\/4K3 b/);
  await page.evaluate(() => document.querySelector("chess960-board").setAttribute("orientation", "black"));
  assert.equal(await page.locator("chess960-board [data-square]").first().getAttribute("data-square"), "h1");
  await page.close();
});

test("illegal input changes nothing; interactive=false locks the board", async () => {
  const page = await boardPage(env, {});
  await drag(page, "e2", "e5");
  await click(page, "g1", "g3");
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  await page.evaluate(() => document.querySelector("chess960-board").setAttribute("interactive", "false"));
  await click(page, "e2", "e4");
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  assert.deepEqual(await events(page, "move"), []);
  await page.close();
});

test("a drag released off the board puts the piece back", async () => {
  const page = await boardPage(env, {});
  const a = await sq(page, "e2").boundingBox();
  const host = await page.locator("chess960-board").boundingBox();
  assert.ok(a && host, "the board is on screen");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 6, a.y + a.height / 2 + 6, { steps: 2 });
  // Off the board (below it): the board keeps the pointer, so it sees the release.
  await page.mouse.move(a.x + a.width / 2, host.y + host.height + 60, { steps: 5 });
  await page.mouse.up();
  assert.equal(await shadow(page, ".drag").isHidden(), true, "no piece left hanging");
  assert.equal(await label(page, "e2"), "white pawn on e2", "nothing stays selected");
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  await page.close();
});

test("the Board class takes its options (coordinates, viewer, orientation)", async () => {
  const page = await boardPage(env, {});
  const seen = await page.evaluate(() => {
    const host = document.createElement("div");
    document.body.appendChild(host);
    const game = new Chess960.Chess();
    game.move("e4");
    new Chess960.Board(host, { game, coordinates: false, viewer: true, orientation: "b" });
    const root = host.shadowRoot;
    return {
      coordinates: root.querySelectorAll(".cr, .cf").length,
      nav: !!root.querySelector(".nav [data-action=next]"),
      first: root.querySelector("[data-square]").dataset.square,
      e4: root.querySelector('[data-square="e4"]').getAttribute("aria-label"),
    };
  });
  assert.deepEqual(seen, { coordinates: 0, nav: true, first: "h1", e4: "e4" });
  assert.deepEqual(page.errors, []);
  await page.close();
});
