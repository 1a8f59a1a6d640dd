// A finger on a 390×844 phone (touch, mobile viewport), driven with real touch input:
// the Chrome DevTools Protocol's Input.dispatchTouchEvent (touchStart, several
// touchMoves, touchEnd), the events a touchscreen sends, not synthetic clicks. The
// page is made taller than the screen, so a gesture the board does not claim would
// scroll it: every drag checks that `window.scrollY` stayed where it was.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { boardPage, events, label, placement, shadow, shots, sq, start } from "./helpers.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

/** A phone page with one board (attributes `attrs`), 3000 px tall, scrolled to the top. */
async function phoneBoard(attrs) {
  const page = await boardPage(env, attrs, { page: await env.phonePage() });
  await page.evaluate(() => {
    document.body.style.minHeight = "3000px";
    window.scrollTo(0, 0);
  });
  page.cdp = await page.context().newCDPSession(page);
  return page;
}

/** The centre of a square (or a locator), in CSS px of the viewport. */
async function centre(page, target) {
  const b = await (typeof target === "string" ? sq(page, target) : target).boundingBox();
  assert.ok(b, "on screen");
  return [b.x + b.width / 2, b.y + b.height / 2];
}

const touch = (page, type, points) => page.cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });

/** A finger put down on `from`, slid to `to` in `steps` moves, lifted. */
async function touchDrag(page, from, to, steps = 10) {
  const [x0, y0] = await centre(page, from);
  const [x1, y1] = await centre(page, to);
  await touch(page, "touchStart", [{ x: x0, y: y0 }]);
  for (let i = 1; i <= steps; i++) {
    await touch(page, "touchMove", [{ x: x0 + ((x1 - x0) * i) / steps, y: y0 + ((y1 - y0) * i) / steps }]);
  }
  await touch(page, "touchEnd", []);
  // Let the page handle what the gesture left (a click, a scroll).
  await page.waitForTimeout(250);
}

/** A tap: down and up on the same spot; the browser makes the click from it. */
async function touchTap(page, target) {
  const [x, y] = await centre(page, target);
  await touch(page, "touchStart", [{ x, y }]);
  await touch(page, "touchEnd", []);
  await page.waitForTimeout(150);
}

const scrollY = (page) => page.evaluate(() => window.scrollY);

test("phone: a finger drags d2 to d4; the page does not scroll", async () => {
  const page = await phoneBoard({ variant: "standard" });
  await touchDrag(page, "d2", "d4");
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
  assert.deepEqual((await events(page, "move")).map((m) => m.san), ["d4"]);
  assert.equal(await scrollY(page), 0, "the page stayed where it was");
  // And a knight on the other side, with the board the other way round.
  await touchDrag(page, "g8", "f6");
  assert.equal(await label(page, "f6"), "black knight on f6");
  assert.equal(await scrollY(page), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("phone: the squares with a piece to move claim the gesture (touch-action: none); other swipes scroll the page", async () => {
  const page = await phoneBoard({ variant: "standard" });
  const touchAction = (name) => sq(page, name).evaluate((e) => getComputedStyle(e).touchAction);
  assert.equal(await touchAction("e2"), "none", "a white pawn, White to move");
  assert.equal(await touchAction("g1"), "none");
  // A swipe up from an empty square is the page's: it scrolls.
  await touchDrag(page, "e3", "e6");
  assert.ok((await scrollY(page)) > 20, `scrolled ${await scrollY(page)} px`);
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  await page.close();
});

test("phone: tap-tap by finger still plays", async () => {
  const page = await phoneBoard({ variant: "standard" });
  await touchTap(page, "e2");
  await touchTap(page, "e4");
  assert.equal(await label(page, "e4"), "white pawn on e4");
  assert.deepEqual((await events(page, "move")).map((m) => m.san), ["e4"]);
  assert.equal(await scrollY(page), 0);
  await page.close();
});

test("phone: the king dragged onto its rook castles (O-O and O-O-O)", async () => {
  const page = await phoneBoard({ fen: "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1" });
  await touchDrag(page, "e1", "h1");
  assert.equal(await placement(page), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1");
  await touchDrag(page, "e8", "a8");
  assert.equal(await placement(page), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1");
  assert.deepEqual((await events(page, "move")).map((m) => m.san), ["O-O", "O-O-O"]);
  assert.equal(await scrollY(page), 0);
  await page.close();
});

test("phone: promotion by finger drag; the chooser stays open after the gesture, a tap on the knight promotes", async () => {
  const page = await phoneBoard({ fen: "8/P6k/8/8/8/8/8/K7 w - - 0 1" });
  await touchDrag(page, "a7", "a8");
  const knight = shadow(page, '[data-promotion="n"]');
  assert.equal(await knight.isVisible(), true, "the chooser survives the drag that opened it");
  assert.equal(await placement(page), "8/P6k/8/8/8/8/8/K7", "nothing chosen for the player");
  await page.screenshot({ path: join(shots, "phone-touch-promotion.png") });
  await touchTap(page, knight);
  assert.equal(await label(page, "a8"), "white knight on a8");
  assert.deepEqual((await events(page, "move")).map((m) => m.san), ["a8=N"]);
  assert.equal(await scrollY(page), 0);
  // A chooser opened by a tap-tap also stays, and takes the next tap.
  const again = await phoneBoard({ fen: "8/P6k/8/8/8/8/8/K7 w - - 0 1" });
  await touchTap(again, "a7");
  await touchTap(again, "a8");
  await again.waitForTimeout(200);
  assert.equal(await shadow(again, '[data-promotion="q"]').isVisible(), true, "the chooser survives the tap that opened it");
  await touchTap(again, shadow(again, '[data-promotion="q"]'));
  assert.equal(await label(again, "a8"), "white queen on a8");
  await again.close();
  await page.close();
});

test("phone: a viewer board and a locked board leave the page's scrolling alone", async () => {
  for (const attrs of [{ pgn: "1. e4 e5 2. Nf3 Nc6 *" }, { variant: "standard", interactive: "false" }]) {
    const page = await phoneBoard(attrs);
    assert.equal(await sq(page, "e2").evaluate((e) => getComputedStyle(e).touchAction), "auto", JSON.stringify(attrs));
    await touchDrag(page, "e2", "e5");
    assert.ok((await scrollY(page)) > 20, `${JSON.stringify(attrs)}: scrolled ${await scrollY(page)} px`);
    await page.close();
  }
});
