// How the board looks on a page a person reads, light and dark, on a 390×844 phone and a
// 1280×800 desktop: a board to play, a viewer over a record with NAGs ($14, $15 …), a
// Site link and two games (so the chooser shows), and an element with a bad attribute.
// Checks what a reader needs (contrast of links and controls inside the shadow root,
// every NAG glyph drawn by a font the machine has, file letters clear of the pieces) and
// leaves screenshots in test-results/www/look-*.png for a person to look at.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { assertLaidOut, axe, blogPage, contrast, escapeHtml, missingGlyphs, settle, shots, start } from "./helpers.mjs";

const PGN = `[Event "Casual game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2024.03.09"]
[White "Anna"]
[Black "Ben"]
[WhiteElo "1850"]
[BlackElo "1790"]
[Result "1-0"]

1. e4 $1 e5 2. Nf3 Nc6 3. Bb5 $14 { The Spanish. } a6 $6 4. Ba4 Nf6 5. O-O $10 Be7 6. Re1 b5
7. Bb3 d6 $15 (7... O-O 8. c3 $13) 8. c3 O-O $16 9. h3 $17 Nb8 $18 10. d4 $19 Nbd7 $22 11. Nbd2 $32
Bb7 $36 12. Bc2 $40 Re8 $44 13. Nf1 $132 Bf8 $138 14. Ng3 $140 g6 $146 15. a4 $7 c5 $2 16. d5 $3 c4 $4
17. Bg5 $5 h6 18. Be3 1-0

[Event "Second game"]
[White "Ben"]
[Black "Anna"]
[Result "*"]

1. d4 d5 *
`;
// Its own links are themed, the board's are the board's.
const PAGE = blogPage("Look", `main{max-width:1180px;margin:0 auto;padding:12px;display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}
#play{width:min(100%,400px)}
#view{width:min(100%,720px)}
#bad{width:min(100%,300px)}`, `<chess960-board id="play" fen="r3k2r/pP3ppp/8/8/8/8/PPP2PPP/R3K2R w KQkq - 0 1"></chess960-board>
<chess960-board id="view" pgn="${escapeHtml(PGN)}" ply="14"></chess960-board>
<chess960-board id="bad" variant="chess 96"></chess960-board>`);

let env;
before(async () => {
  env = await start({ routes: { "/look.html": { body: PAGE } } });
});
after(async () => {
  await env?.close();
});

const SIZES = [["phone", 390, 844], ["desktop", 1280, 800]];

async function open(name, width, height, dark) {
  const page = name === "phone" ? await env.phonePage("/look.html") : await env.browser.newPage();
  if (name !== "phone") await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  if (name !== "phone") await page.goto(`${env.origin}/look.html`);
  await page.locator("#view [data-ply]").first().waitFor();
  return page;
}

/** Text colour and the colour behind it (the first opaque background up the tree, across the shadow boundary). */
const colours = (page, host, selector) => page.evaluate(([h, sel]) => {
  const el = document.getElementById(h).shadowRoot.querySelector(sel);
  const s = getComputedStyle(el);
  let bg = "rgba(0, 0, 0, 0)";
  for (let p = el; p; p = p.parentElement ?? p.getRootNode().host) {
    const c = getComputedStyle(p).backgroundColor;
    if (!/rgba\(.*, 0\)$/.test(c)) {
      bg = c;
      break;
    }
  }
  return { fg: s.color, bg, scheme: s.colorScheme };
}, [host, selector]);

test("dark and light pages: the Site link and the game chooser read well inside the shadow root", async () => {
  for (const dark of [false, true]) {
    const page = await open("desktop", 1280, 800, dark);
    for (const [sel, what] of [[".event a", "Site link"], ["select", "game chooser"], [".m", "a move"], ["[data-comment]", "a comment"]]) {
      const c = await colours(page, "view", sel);
      const ratio = contrast(c.fg, c.bg);
      assert.ok(ratio >= 4.5, `${dark ? "dark" : "light"} page, ${what}: ${c.fg} on ${c.bg} is ${ratio.toFixed(2)}:1`);
    }
    assert.equal(await page.locator("#view .event a").textContent(), "lichess.org");
    // The chooser's list and the move list's scrollbar are the browser's: drawn in the page's scheme.
    assert.equal((await colours(page, "view", "select")).scheme, dark ? "dark" : "light");
    await page.close();
  }
});

test("every NAG glyph of the move list is drawn by a font this machine has (no empty boxes)", async () => {
  const page = await open("desktop", 1280, 800, false);
  const missing = await missingGlyphs(page, "view", ".m, .vm");
  assert.deepEqual(missing, [], `characters no font draws: ${missing.map((c) => `U+${c.codePointAt(0).toString(16)}`)}`);
  assert.equal(await page.locator('#view [data-ply="5"]').textContent(), "Bb5+=");
  assert.equal(await page.locator('#view [data-ply="5"]').getAttribute("title"), "White is slightly better");
  assert.equal(await page.locator('#view [data-ply="14"]').textContent(), "d6=+");
  await page.close();
});

test("the file letters of rank 1 are clear of the pieces standing there", async () => {
  for (const [name, width, height] of SIZES) {
    const page = await open(name, width, height, false);
    // Each letter's box and the painted box of the piece on its square (the king on e1, the rooks …).
    const overlaps = await page.evaluate(() => {
      const root = document.getElementById("play").shadowRoot;
      return [...root.querySelectorAll(".cf")].flatMap((letter) => {
        // The letter's own box (its advance and line height), not its span's, which is a square wide.
        const range = document.createRange();
        range.selectNodeContents(letter);
        const l = range.getBoundingClientRect();
        const svg = root.querySelector(`[data-square="${letter.textContent}1"] .pc`);
        if (!svg) return [];
        // Points across the letter's box (1 px in from its edges), in the piece's own
        // coordinates: any that the piece paints (fill or outline) is a letter under it.
        const toPiece = svg.getScreenCTM().inverse();
        const paths = [...svg.querySelectorAll("path")];
        let hits = 0;
        for (let i = 0; i <= 6; i++) {
          for (let j = 0; j <= 6; j++) {
            const pt = new DOMPoint(l.left + 1 + ((l.width - 2) * i) / 6, l.top + 1 + ((l.height - 2) * j) / 6).matrixTransform(toPiece);
            const p = Object.assign(svg.createSVGPoint(), { x: pt.x, y: pt.y });
            if (paths.some((e) => e.isPointInFill(p) || e.isPointInStroke(p))) hits++;
          }
        }
        return hits ? [`${letter.textContent}: ${hits} of 49 points of the letter under the piece`] : [];
      });
    });
    assert.deepEqual(overlaps, [], `${name}: letters under a piece`);
    await page.close();
  }
});

test("axe-core: no serious or critical violation, phone and desktop, light and dark, with the chooser open", async () => {
  for (const [name, width, height] of SIZES) {
    for (const dark of [false, true]) {
      const where = `${name} ${dark ? "dark" : "light"}`;
      const page = await open(name, width, height, dark);
      let r = await axe(page);
      assert.deepEqual(r.bad, [], where);
      console.log(`# axe (${where}): ${r.all.length} violations of any impact (${r.all.map((v) => `${v.id}/${v.impact}`).join(", ") || "none"})`);
      await page.locator('#play [data-square="b7"]').click();
      await page.locator('#play [data-square="a8"]').click();
      await page.locator('#play [data-promotion="q"]').waitFor();
      r = await axe(page);
      assert.deepEqual(r.bad, [], `${where}, promotion chooser open`);
      await page.close();
    }
  }
});

test("screenshots: phone and desktop, light and dark (test-results/www/look-*.png)", async () => {
  for (const [name, width, height] of SIZES) {
    for (const dark of [false, true]) {
      const page = await open(name, width, height, dark);
      // The promotion chooser open on the board to play.
      await page.locator('#play [data-square="b7"]').click();
      await page.locator('#play [data-square="a8"]').click();
      await page.locator('#play [data-promotion="q"]').waitFor();
      await settle(page);
      await assertLaidOut(page, `look-${name}-${dark ? "dark" : "light"}`);
      await page.screenshot({ path: join(shots, `look-${name}-${dark ? "dark" : "light"}.png`), fullPage: true });
      await page.close();
    }
  }
});
