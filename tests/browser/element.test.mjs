// The element never pretends (SPEC §5): an attribute value it cannot honour shows the
// error in place of the board ([data-error], text naming the attribute and the value)
// and fires `error`; a wrong value given to a property or method throws (TypeError, or
// RangeError for an index out of range) and leaves the board exactly as it was.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import { boardPage, click, dist, events, fen, label, placement, shadow, shots, start } from "./helpers.mjs";

const START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
const TWO_GAMES = '[White "A"]\n\n1. e4 e5 *\n\n[White "B"]\n\n1. d4 d5 2. c4 *\n';

let env;
before(async () => {
  env = await start({
    routes: {
      "/games.pgn": { body: TWO_GAMES },
      // The element in the page's HTML with a PGN child: upgraded as soon as it is parsed,
      // before its child is. Errors are caught on their way down (capture).
      "/parsed.html": {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parsed</title>
<script src="/chess960-board.js"></script>
<script>window.errors = []; document.addEventListener("error", (e) => window.errors.push(String(e.detail)), true);</script>
</head><body><chess960-board><script type="application/x-chess-pgn">
[White "Morphy"]
[Black "Duke Karl / Count Isouard"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 *
</script></chess960-board></body></html>`,
      },
    },
  });
});
after(async () => {
  await env?.close();
});

/** What the element shows: the error's text (null when none) and how many squares are visible. */
const shown = (page) => page.evaluate(() => {
  const root = document.querySelector("chess960-board").shadowRoot;
  const err = root.querySelector("[data-error]");
  const box = root.querySelector(".box");
  return {
    error: err && !err.hidden && err.getClientRects().length ? err.textContent : null,
    board: !!box && box.getClientRects().length > 0,
  };
});

const BAD = [
  [{ variant: "xyz" }, /variant="xyz".*standard, chess960 or chess9/],
  [{ variant: "chess 96" }, /variant="chess 96"/],
  [{ position: "9999" }, /position="9999".*0 to 959/],
  [{ position: "-1" }, /position="-1"/],
  [{ position: "12x" }, /position="12x"/],
  [{ position: "1.5" }, /position="1.5"/],
  [{ variant: "standard", position: "12" }, /position="12".*standard/],
  [{ variant: "chess9", position: "12" }, /position="12".*chess9/i],
  [{ fen: "bad fen" }, /fen="bad fen"|FEN/],
  [{ fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1", position: "3" }, /position.*fen|fen.*position/],
  [{ pgn: "1. e4 e5 2. Qh9 *" }, /Qh9/],
  [{ orientation: "up" }, /orientation="up".*white or black/],
  [{ interactive: "maybe" }, /interactive="maybe"/],
  [{ coordinates: "nope" }, /coordinates="nope"/],
  [{ theme: "red" }, /theme="red".*brown, green or blue/],
  [{ shapes: "xyz" }, /shapes="xyz"/],
  [{ shapes: "Ge2e4 Rd9" }, /Rd9/],
  [{ animation: "fast" }, /animation="fast"/],
  [{ pgn: "1. e4 e5 *", ply: "abc" }, /ply="abc"/],
  [{ pgn: "1. e4 e5 *", ply: "9" }, /ply="9".*2/],
  [{ pgn: "1. e4 e5 *", analysis: "maybe" }, /analysis="maybe".*true or false/],
  [{ pgn: "1. e4 e5 *", "engine-src": "http://[engine" }, /engine-src="http:\/\/\[engine" is not a URL/],
];

test("every attribute value the element cannot honour shows its error in place of the board and fires error", async () => {
  for (const [attrs, text] of BAD) {
    const page = await boardPage(env, attrs, { listen: ["error"] });
    const what = JSON.stringify(attrs);
    await shadow(page, "[data-error]").waitFor({ timeout: 3000 }).catch(() => {});
    const s = await shown(page);
    assert.match(s.error ?? "(no error shown)", text, what);
    assert.equal(s.board, false, `${what}: no board pretends to be the game`);
    const errs = await events(page, "error");
    assert.equal(errs.length, 1, `${what}: one error event`);
    assert.equal(errs[0], s.error, `${what}: the event carries the text shown`);
    assert.deepEqual(page.errors, [], what);
    await page.close();
  }
});

test("a src that fails says why; from file:// it says the page needs http(s)", async () => {
  const page = await boardPage(env, { src: "/missing.pgn" }, { listen: ["error"] });
  await shadow(page, "[data-error]").waitFor();
  assert.match((await shown(page)).error, /Could not load \/missing\.pgn: 404/);
  assert.equal((await events(page, "error")).length, 1);
  await page.close();
  // A blog post saved to disk: the page and the PGN beside it, opened from file://.
  const dir = mkdtempSync(join(tmpdir(), "chess960-file-"));
  try {
    writeFileSync(join(dir, "games.pgn"), TWO_GAMES);
    writeFileSync(join(dir, "post.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>post</title>
<script src="${pathToFileURL(join(dist, "chess960-board.js")).href}"></script></head>
<body><chess960-board src="games.pgn"></chess960-board></body></html>`);
    const local = await env.browser.newPage();
    await local.goto(pathToFileURL(join(dir, "post.html")).href);
    await local.locator("chess960-board [data-error]").waitFor();
    const text = await local.locator("chess960-board [data-error]").textContent();
    assert.match(text, /games\.pgn/);
    assert.match(text, /http/, `the reader learns what to do: ${text}`);
    await local.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("variant spellings of a PGN Variant tag are accepted in any case; the board plays that variant", async () => {
  for (const [value, variant] of [
    ["Chess960", "chess960"], ["CHESS-960", "chess960"], ["Fischer Random", "chess960"], ["960", "chess960"],
    ["Chess-9", "chess9"], ["nonary", "chess9"], ["Standard", "standard"], ["", "standard"],
  ]) {
    const page = await boardPage(env, { variant: value });
    assert.equal(await page.evaluate(() => document.querySelector("chess960-board").game.variant()), variant, value);
    assert.equal((await shown(page)).error, null, value);
    await page.close();
  }
  const page = await boardPage(env, { variant: "chess960", position: "0" });
  assert.equal(await placement(page), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR");
  await page.close();
});

test("a corrected attribute brings the board back; an orientation typo keeps the game in progress", async () => {
  const page = await boardPage(env, { variant: "xyz" }, { listen: ["error"] });
  assert.match((await shown(page)).error, /xyz/);
  await page.evaluate(() => document.querySelector("chess960-board").setAttribute("variant", "chess9"));
  assert.deepEqual(await shown(page), { error: null, board: true });
  assert.deepEqual(await page.evaluate(() => document.querySelector("chess960-board").game.swapChoices()), ["king", "queen", "none"]);
  await page.close();

  const game = await boardPage(env, {}, { listen: ["error"] });
  await click(game, "e2", "e4");
  await game.evaluate(() => document.querySelector("chess960-board").setAttribute("orientation", "up"));
  assert.match((await shown(game)).error, /orientation="up"/);
  assert.equal((await events(game, "error")).length, 1);
  await game.evaluate(() => document.querySelector("chess960-board").setAttribute("orientation", "black"));
  assert.deepEqual(await shown(game), { error: null, board: true });
  assert.equal(await game.locator("chess960-board [data-square]").first().getAttribute("data-square"), "h1");
  assert.equal(await label(game, "e4"), "white pawn on e4", "the game in progress is still there");
  await click(game, "e7", "e5");
  assert.equal(await label(game, "e5"), "black pawn on e5");
  assert.deepEqual(game.errors, []);
  await game.close();
});

/**
 * Runs `code` (a function body with `el`, `board` and `Chess960` in scope) in the page
 * and returns what it threw: { name, message }, or null.
 */
const thrown = (page, code) => page.evaluate((body) => {
  const el = document.querySelector("chess960-board");
  try {
    new Function("el", "board", "Chess960", body)(el, el.board, window.Chess960);
    return null;
  } catch (e) {
    return { name: e.name, message: e.message };
  }
}, code);

test("wrong values given to the element's properties and the board's methods throw and change nothing", async () => {
  const cases = [
    ["el.game = null", "TypeError"],
    ['el.game = "x"', "TypeError"],
    ["el.game = {}", "TypeError"],
    ["board.setGame(5)", "TypeError"],
    ['board.setGame(new Chess960.Chess(), "yes")', "TypeError"],
    ["board.view(null)", "TypeError"],
    ["board.view({ moves: 3 })", "TypeError"],
    ['board.view({ headers: {}, startFen: "8/8/8/8/8/8/8/8 w - - 0 1", comments: [], arrows: [], circles: [], result: "*", moves: [{ san: "e4" }] })', "TypeError"],
    ["board.loadPgn(5)", "TypeError"],
    ['board.loadPgn("1. e4 *", 99)', "RangeError"],
    ['board.loadPgn("1. e4 *", -1)', "RangeError"],
    ['board.loadPgn("1. e4 *", "0")', "TypeError"],
    ["el.fen = 5", "TypeError"],
    ['el.fen = "bad fen"', "Error"],
    ['board.setOrientation("up")', "TypeError"],
    ['board.setInteractive("yes")', "TypeError"],
    ["board.setCoordinates(1)", "TypeError"],
    ['board.setAnimation("fast")', "TypeError"],
    ["board.setAnimation(-5)", "RangeError"],
    ['board.setShapes("Ge2e4")', "TypeError"],
    ['board.setShapes([{ from: "zz", to: "e4" }])', "TypeError"],
    ['board.setShapes([{ from: "e2", to: "e4", color: "pink" }])', "TypeError"],
    ['board.goto("x")', "TypeError"],
    ["board.notice(5)", "TypeError"],
    ["board.showError(null)", "TypeError"],
    ["new Chess960.Board(null)", "TypeError"],
    ['new Chess960.Board(document.createElement("div"), { orientation: "up" })', "TypeError"],
    ['new Chess960.Board(document.createElement("div"), { game: "x" })', "TypeError"],
    ['new Chess960.Board(document.createElement("div"), { analysis: "yes" })', "TypeError"],
    ['new Chess960.Board(document.createElement("div"), { engineSrc: 5 })', "TypeError"],
    ['board.setAnalysis("yes")', "TypeError"],
    ['board.setAnalysis({ nodes: "5000" })', "TypeError"],
    ["board.setAnalysis({ nodes: -1 })", "RangeError"],
    ["board.setEngineSource(5)", "TypeError"],
    ["board.analyse(5)", "TypeError"],
    ["board.analyse({ movetime: 0 })", "RangeError"],
  ];
  const page = await boardPage(env, {});
  await click(page, "e2", "e4");
  const before = await fen(page);
  for (const [code, name] of cases) {
    const err = await thrown(page, code);
    assert.equal(err?.name, name, `${code} throws ${name} (got ${JSON.stringify(err)})`);
    assert.ok(err.message.length > 10, `${code}: a message that says what was wrong: ${err.message}`);
    assert.equal(await fen(page), before, `${code} left the position`);
    assert.deepEqual(await shown(page), { error: null, board: true }, `${code} left the board shown`);
  }
  // The board plays on, with the same game object.
  await click(page, "e7", "e5");
  assert.equal(await label(page, "e5"), "black pawn on e5");
  assert.deepEqual((await events(page, "move")).map((m) => m.san), ["e4", "e5"]);
  assert.equal(await page.evaluate(() => document.querySelector("chess960-board").game.history().join(" ")), "e4 e5");
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("in viewer mode too: loadPgn with a game that is not there throws RangeError and the viewer stays where it was", async () => {
  const page = await boardPage(env, { pgn: TWO_GAMES, ply: "2" }, { listen: ["error"] });
  const where = async () => ({ fen: await fen(page), current: await shadow(page, '[aria-current="true"]').textContent() });
  const at = await where();
  assert.equal(at.current, "e5");
  for (const [code, name] of [
    [`board.loadPgn(${JSON.stringify(TWO_GAMES)}, 2)`, "RangeError"],
    ["board.loadPgn(null)", "TypeError"],
    ["board.view(null)", "TypeError"],
    ['board.goto("last")', "TypeError"],
    ["board.goto(-1)", "RangeError"],
  ]) {
    const err = await thrown(page, code);
    assert.equal(err?.name, name, `${code} (got ${JSON.stringify(err)})`);
    assert.deepEqual(await where(), at, `${code} left the viewer`);
  }
  assert.equal(await shadow(page, "select option").count(), 2, "the chooser still offers both games");
  await shadow(page, '[data-action="start"]').click();
  assert.equal(await placement(page), START, "the viewer still steps");
  assert.deepEqual(await events(page, "error"), []);
  await page.close();
});

test("game 2 of a file is shown by loadPgn(text, 1) and by the src attribute with the chooser", async () => {
  const page = await boardPage(env, { src: "/games.pgn" }, { listen: ["error"] });
  await shadow(page, "select").waitFor();
  await page.evaluate((t) => document.querySelector("chess960-board").board.loadPgn(t, 1), TWO_GAMES);
  assert.equal(await shadow(page, "[data-ply]").count(), 3);
  assert.deepEqual(await events(page, "error"), []);
  await page.screenshot({ path: join(shots, "element-two-games.png") });
  assert.equal(await placement(page), START);
  await page.close();
});

test("a PGN child is read when the parser adds it, when a script adds it later, and when its text changes", async () => {
  const parsed = await env.browser.newPage();
  await parsed.goto(`${env.origin}/parsed.html`);
  await parsed.locator("chess960-board [data-ply]").first().waitFor();
  assert.equal(await parsed.locator("chess960-board [data-ply]").count(), 14);
  assert.deepEqual(await parsed.evaluate(() => window.errors), [], "no error for a PGN read in pieces");
  await parsed.close();

  const page = await boardPage(env, {}, { listen: ["error"] });
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.type = "application/x-chess-pgn";
    s.textContent = "1. e4 e5 *";
    document.querySelector("chess960-board").append(s);
  });
  await shadow(page, "[data-ply]").first().waitFor();
  assert.equal(await shadow(page, "[data-ply]").count(), 2);
  await page.evaluate(() => {
    document.querySelector("chess960-board script").textContent = "1. d4 d5 2. c4 *";
  });
  await page.waitForFunction(() => document.querySelector("chess960-board").shadowRoot.querySelectorAll("[data-ply]").length === 3);
  assert.equal(await shadow(page, '[data-ply="3"]').textContent(), "c4");
  // Other children (a caption, say) change nothing.
  await page.evaluate(() => document.querySelector("chess960-board").append(document.createElement("p")));
  assert.equal(await shadow(page, "[data-ply]").count(), 3);
  assert.deepEqual(await events(page, "error"), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});
