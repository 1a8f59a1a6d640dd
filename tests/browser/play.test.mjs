// Playing as a person does: on a 390×844 touch phone (real touch taps, whose clicks the
// browser fires after the tap), with the mouse's right button for arrows and circles,
// on a dark page; moves animate.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { boardPage, click, drag, events, label, placement, settle, shadow, shots, sq, start } from "./helpers.mjs";

let env;
before(async () => {
  env = await start();
});
after(async () => {
  await env?.close();
});

/** A real touch tap in the middle of a square, or of a locator. */
async function tap(page, target) {
  const loc = typeof target === "string" ? sq(page, target) : target;
  const b = await loc.boundingBox();
  assert.ok(b, "on screen");
  await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
  // The click a tap produces comes after the touch events.
  await page.waitForTimeout(120);
}

async function phoneBoard(attrs) {
  const page = await env.phonePage();
  return boardPage(env, attrs, { page });
}

test("phone: tap a7, tap a8 opens the promotion chooser and leaves it open; a tap on the knight promotes", async () => {
  const page = await phoneBoard({ fen: "8/P6k/8/8/8/8/8/K7 w - - 0 1" });
  await tap(page, "a7");
  await tap(page, "a8");
  const knight = shadow(page, '[data-promotion="n"]');
  assert.equal(await knight.isVisible(), true, "the chooser survives the tap that opened it");
  assert.equal(await placement(page), "8/P6k/8/8/8/8/8/K7", "nothing chosen for the player");
  for (const role of ["q", "r", "b", "n"]) {
    const b = await shadow(page, `[data-promotion="${role}"]`).boundingBox();
    assert.ok(b.width >= 44 && b.height >= 44, `${role}: a thumb-sized target (${b.width}×${b.height})`);
  }
  await page.screenshot({ path: join(shots, "phone-promotion.png") });
  await tap(page, knight);
  assert.equal(await label(page, "a8"), "white knight on a8");
  assert.equal((await events(page, "move"))[0].san, "a8=N");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("phone: Chess960 #12 after h3 h6 Bh2 Bh7, tap f1 then g1: the castle prompt stays; both answers work", async () => {
  for (const [choice, king, rook] of [["castle", "g1", "f1"], ["move", "g1", "h1"]]) {
    const page = await phoneBoard({ variant: "chess960", position: "12" });
    await page.evaluate(() => {
      const el = document.querySelector("chess960-board");
      for (const m of ["h3", "h6", "Bh2", "Bh7"]) el.game.move(m);
      el.update();
    });
    await tap(page, "f1");
    await tap(page, "g1");
    const button = shadow(page, `[data-choice="${choice}"]`);
    assert.equal(await button.isVisible(), true, "the prompt survives the tap that opened it");
    assert.equal(await placement(page), "qbnnrk1r/pppppppb/7p/8/8/7P/PPPPPPPB/QBNNRK1R");
    for (const b of await shadow(page, ".card button").all()) {
      const box = await b.boundingBox();
      assert.ok(box.height >= 44, `button ${await b.textContent()} is ${box.height} px high`);
    }
    if (choice === "castle") await page.screenshot({ path: join(shots, "phone-castle-prompt.png") });
    await tap(page, button);
    assert.equal(await label(page, king), "white king on g1");
    assert.match(await label(page, rook), /white rook/);
    assert.equal((await events(page, "move"))[0].san, choice === "castle" ? "O-O" : "Kg1");
    await page.close();
  }
});

test("phone: a tap on the dimmed board closes a prompt; the board plays on", async () => {
  const page = await phoneBoard({ fen: "8/P6k/8/8/8/8/8/K7 w - - 0 1" });
  await tap(page, "a7");
  await tap(page, "a8");
  await tap(page, "h2"); // the dimmed board, away from the four pieces
  assert.equal(await shadow(page, ".ov").isHidden(), true);
  assert.equal(await placement(page), "8/P6k/8/8/8/8/8/K7");
  await tap(page, "a1");
  await tap(page, "b1");
  assert.equal(await label(page, "b1"), "white king on b1");
  await page.close();
});

test("moves animate: one piece for a move, king and rook for castling, none for the dragged piece", async () => {
  const page = await boardPage(env, { fen: "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1" });
  const moving = () => page.evaluate(() =>
    document.querySelector("chess960-board").shadowRoot.getAnimations()
      .map((a) => a.effect.target.closest("[data-square]").dataset.square).sort());
  await click(page, "e1", "h1");
  assert.deepEqual(await moving(), ["f1", "g1"]);
  await settle(page);
  await click(page, "a7", "a6");
  assert.deepEqual(await moving(), ["a6"]);
  await settle(page);
  await drag(page, "b2", "b3");
  assert.deepEqual(await moving(), [], "a dropped piece is already where it goes");
  await drag(page, "e8", "a8");
  assert.deepEqual(await moving(), ["c8", "d8"], "the rook slides, the king on from where it was dropped");
  await page.close();
  const still = await boardPage(env, { animation: "0" });
  await click(still, "e2", "e4");
  assert.deepEqual(await still.evaluate(() => document.querySelector("chess960-board").shadowRoot.getAnimations().length), 0);
  await still.close();
});

test("right-drag draws an arrow, right-click a circle, with lichess's modifier colours; a left click clears them", async () => {
  const page = await boardPage(env, {});
  const centre = async (name) => {
    const b = await sq(page, name).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const rightDrag = async (from, to, modifier) => {
    if (modifier) await page.keyboard.down(modifier);
    await page.mouse.move(...(await centre(from)));
    await page.mouse.down({ button: "right" });
    await page.mouse.move(...(await centre(to)), { steps: 4 });
    await page.mouse.up({ button: "right" });
    if (modifier) await page.keyboard.up(modifier);
  };
  await rightDrag("e2", "e4");
  await rightDrag("g1", "f3", "Shift");
  await rightDrag("d4", "d4", "Alt");
  assert.equal(await shadow(page, '[data-arrow="e2e4"][data-color="green"]').count(), 1);
  assert.equal(await shadow(page, '[data-arrow="g1f3"][data-color="red"]').count(), 1);
  assert.equal(await shadow(page, '[data-circle="d4"][data-color="blue"]').count(), 1);
  assert.deepEqual((await events(page, "shapes")).at(-1), [
    { from: "e2", to: "e4", color: "green" }, { from: "g1", to: "f3", color: "red" }, { from: "d4", color: "blue" },
  ]);
  assert.equal(await page.evaluate(() => document.querySelector("chess960-board").board.shapes.length), 3);
  await settle(page);
  await page.screenshot({ path: join(shots, "drawn-shapes.png") });
  // The same arrow again takes it away.
  await rightDrag("e2", "e4");
  assert.equal(await shadow(page, '[data-arrow="e2e4"]').count(), 0);
  // No context menu got in the way, no move was made.
  assert.equal(await placement(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
  await click(page, "h3");
  assert.equal(await shadow(page, "[data-arrow], [data-circle]").count(), 0);
  await page.close();
});

test("programmatic shapes: setShapes and the shapes attribute; the user's left click keeps them", async () => {
  const page = await boardPage(env, { shapes: "Ge2e4 Rd4" });
  assert.equal(await shadow(page, '[data-arrow="e2e4"][data-color="green"]').count(), 1);
  assert.equal(await shadow(page, '[data-circle="d4"][data-color="red"]').count(), 1);
  // What is painted, in the shapes' 8-unit viewBox (e3's centre is 4.5, 5.5): an arrow is its
  // filled outline, a shaft a sixth of a square wide; a circle a ring in the shape's colour.
  const painted = await page.evaluate(() => {
    const root = document.querySelector("chess960-board").shadowRoot;
    const arrow = root.querySelector('[data-arrow="e2e4"]');
    const circle = root.querySelector('[data-circle="d4"]');
    const at = (x, y) => Object.assign(arrow.ownerSVGElement.createSVGPoint(), { x, y });
    const [a, c] = [getComputedStyle(arrow), getComputedStyle(circle)];
    return {
      arrow: { fill: a.fill, stroke: a.stroke, shaft: arrow.isPointInFill(at(4.5, 5.5)), beside: arrow.isPointInFill(at(4.3, 5.5)) },
      circle: { fill: c.fill, stroke: c.stroke },
    };
  });
  assert.deepEqual(painted, {
    arrow: { fill: "rgb(21, 120, 27)", stroke: "none", shaft: true, beside: false },
    circle: { fill: "none", stroke: "rgb(181, 36, 36)" },
  });
  // A shape with a square that is not one is refused whole (TypeError), the shapes shown stay.
  const refused = await page.evaluate(() => {
    try {
      document.querySelector("chess960-board").board.setShapes([{ from: "c2", to: "c4", color: "blue" }, { from: "zz", to: "e4" }]);
      return "accepted";
    } catch (e) {
      return e.name;
    }
  });
  assert.equal(refused, "TypeError");
  assert.equal(await shadow(page, '[data-arrow="e2e4"]').count(), 1, "the shapes shown before stay");
  await page.evaluate(() => document.querySelector("chess960-board").board.setShapes([
    { from: "c2", to: "c4", color: "blue" }, { from: "f7", color: "yellow" },
  ]));
  assert.equal(await shadow(page, "[data-arrow], [data-circle]").count(), 2);
  assert.equal(await shadow(page, '[data-arrow="c2c4"][data-color="blue"]').count(), 1);
  await click(page, "c2", "c4");
  assert.equal(await shadow(page, '[data-circle="f7"][data-color="yellow"]').count(), 1);
  await page.close();
});

test("on a page with color-scheme: dark the prompt's buttons are readable", async () => {
  const page = await boardPage(env, { fen: "4k3/8/8/8/8/8/8/5K1R w K - 0 1" });
  await page.evaluate(() => {
    document.documentElement.style.cssText = "color-scheme:dark;background:#111;color:#eee";
  });
  await click(page, "f1", "g1");
  await shadow(page, ".card").waitFor();
  const pairs = await page.evaluate(() => {
    const root = document.querySelector("chess960-board").shadowRoot;
    return [...root.querySelectorAll(".card button, .card h2, .card p")].map((e) => {
      const s = getComputedStyle(e);
      let bg = s.backgroundColor;
      for (let p = e; bg === "rgba(0, 0, 0, 0)" && p; p = p.parentElement) bg = getComputedStyle(p).backgroundColor;
      return [e.textContent, s.color, bg];
    });
  });
  const lum = (c) => {
    const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const x = +v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  for (const [text, fg, bg] of pairs) {
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    assert.ok(ratio >= 4.5, `"${text}": ${fg} on ${bg} is ${ratio.toFixed(2)}:1`);
  }
  assert.ok(pairs.some(([t]) => t === "King to g1") && pairs.some(([t]) => t === "Cancel"));
  await page.screenshot({ path: join(shots, "dark-page-prompt.png") });
  await page.close();
});
