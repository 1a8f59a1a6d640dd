// The board on other people's pages: under Trusted Types, beside floats and in narrow
// columns, on light and dark blogs, checked by axe-core (run in the page) for serious
// and critical violations; screenshots of the demo and of a blog page for a person to
// look at (test-results/www/).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import { assertLaidOut, axe, click, dist, settle, shots, start, www } from "./helpers.mjs";
import { treeOf } from "./pgn-tree.mjs";

const PGN = readFileSync(new URL("./fixtures/annotated.pgn", import.meta.url), "utf8");
const escapeHtml = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

const WATCH = `window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.violatedDirective + " " + (e.blockedURI || "inline")));`;
const TRUSTED = "require-trusted-types-for 'script'; trusted-types 'none'";

// A chess blog: a floated picture, text, and three boards (a game to play, a game
// record, an annotated game given to the viewer as a tree).
const BLOG = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>A chess blog</title>
<script src="/chess960-board.js"></script>
<style>
:root{color-scheme:light dark}
body{margin:0;font:17px/1.6 Georgia,serif;background:#fdfcf9;color:#222}
@media (prefers-color-scheme:dark){body{background:#161512;color:#cfcac0}a{color:#8ab4f8}}
main{max-width:760px;margin:0 auto;padding:16px}
figure.float{float:left;width:180px;height:260px;margin:0 18px 10px 0;background:#8a7b66;border-radius:6px}
.narrow{width:240px}
chess960-board{margin:12px 0}
</style></head><body><main>
<h1>Three games</h1>
<figure class="float" aria-label="A photograph"></figure>
<p>A position to try: White to move. Castle, step the king, or promote the pawn.</p>
<chess960-board id="play" fen="r3k3/1P6/8/8/8/8/8/5K1R w K - 0 1"></chess960-board>
<p style="clear:both">The match game, annotated.</p>
<chess960-board id="record" pgn="${escapeHtml(PGN)}"></chess960-board>
<p>The same game in a narrow column.</p>
<div class="narrow"><chess960-board id="tree"></chess960-board></div>
</main></body></html>`;

let env;
before(async () => {
  env = await start({
    routes: {
      "/watch.js": { body: WATCH, type: ".js" },
      "/blog.html": { body: BLOG },
      "/trusted.html": {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TT</title><script src="/watch.js"></script>
<script src="/chess960-board.js"></script></head><body>
<chess960-board id="a" fen="4k3/8/8/8/8/8/8/5K1R w K - 0 1"></chess960-board>
<chess960-board id="b" pgn="${escapeHtml(PGN)}" ply="10"></chess960-board>
<chess960-board id="c" fen="bad fen"></chess960-board></body></html>`,
        headers: { "content-security-policy": TRUSTED },
      },
    },
  });
});
after(async () => {
  await env?.close();
});

async function blog({ width = 1000, height = 900, dark = false } = {}) {
  const page = await env.browser.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  await page.goto(`${env.origin}/blog.html`);
  await page.evaluate((tree) => document.getElementById("tree").board.view(tree), treeOf(PGN));
  await page.locator("#record [data-ply]").first().waitFor();
  return page;
}

test("under Trusted Types (require-trusted-types-for 'script') the board plays, the viewer shows its record, errors show", async () => {
  const page = await env.browser.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  const res = await page.goto(`${env.origin}/trusted.html`);
  assert.equal(res.headers()["content-security-policy"], TRUSTED);
  const a = page.locator("#a");
  await a.locator('[data-square="f1"]').click();
  await a.locator('[data-square="g1"]').click();
  await a.locator('[data-choice="castle"]').click();
  assert.equal(await a.locator('[data-square="g1"]').getAttribute("aria-label"), "white king on g1");
  const b = page.locator("#b");
  assert.equal(await b.locator("[data-ply]").count(), 63);
  assert.equal(await b.locator('[aria-current="true"]').textContent(), "f6");
  await b.locator('[data-action="next"]').click();
  assert.equal(await b.locator('[aria-current="true"]').textContent(), "exf6");
  assert.match(await page.locator("#c .fail").textContent(), /FEN/i);
  assert.deepEqual(await page.evaluate(() => window.violations), []);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(shots, "trusted-types.png"), fullPage: true });
  await page.close();
});

test("axe-core: no serious or critical violation on a blog page with three boards, light and dark, prompt open", async () => {
  for (const dark of [false, true]) {
    const page = await blog({ dark });
    await page.locator("#record [data-ply='12']").click();
    let r = await axe(page);
    assert.deepEqual(r.bad, [], `blog (${dark ? "dark" : "light"})`);
    console.log(`# axe on the blog page (${dark ? "dark" : "light"}): ${r.all.length} violations of any impact (${r.all.map((v) => `${v.id}/${v.impact}`).join(", ") || "none"})`);
    // With the castling prompt open, then the promotion chooser.
    await page.locator('#play [data-square="f1"]').click();
    await page.locator('#play [data-square="g1"]').click();
    assert.equal(await page.locator('#play [data-choice="castle"]').isVisible(), true);
    r = await axe(page);
    assert.deepEqual(r.bad, [], "castling prompt open");
    await page.keyboard.press("Escape");
    await page.locator('#play [data-square="b7"]').click();
    await page.locator('#play [data-square="a8"]').click();
    assert.equal(await page.locator('#play [data-promotion="q"]').isVisible(), true);
    r = await axe(page);
    assert.deepEqual(r.bad, [], "promotion chooser open");
    await page.keyboard.press("Escape");
    await page.close();
  }
});

test("axe-core: no serious or critical violation on the demo (desktop and phone)", async () => {
  for (const [width, height, scheme] of [[1280, 860, "dark"], [390, 844, "light"]]) {
    const page = await env.browser.newPage();
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(pathToFileURL(join(dist, "index.html")).href);
    await page.locator("chess960-board [data-square=e1]").waitFor();
    const r = await axe(page);
    assert.deepEqual(r.bad, [], `demo ${width}×${height} ${scheme}`);
    console.log(`# axe on the demo (${width}×${height}, ${scheme}): ${r.all.length} violations of any impact (${r.all.map((v) => `${v.id}/${v.impact}`).join(", ") || "none"})`);
    await page.close();
  }
});

test("beside a float the board keeps its square and fills the rest of the line; a 240 px column lays out", async () => {
  const page = await blog();
  const fig = await page.locator("figure.float").boundingBox();
  const play = await page.locator("#play .box").boundingBox();
  const main = await page.locator("main").boundingBox();
  assert.ok(play.x >= fig.x + fig.width, `board right of the float (${play.x} vs ${fig.x + fig.width})`);
  assert.ok(Math.abs(play.width - play.height) < 1.5, "square");
  assert.ok(main.x + main.width - 16 - (play.x + play.width) < 2, "to the column's right edge");
  const narrow = await page.locator("#tree").evaluate((el) => {
    const r = el.shadowRoot;
    const box = r.querySelector(".box").getBoundingClientRect();
    const nav = r.querySelector(".nav").getBoundingClientRect();
    const list = r.querySelector(".list").getBoundingClientRect();
    const over = [...r.querySelectorAll(".wrap *")].filter((e) => {
      const b = e.getBoundingClientRect();
      return b.width > 0 && (b.left < box.left - 1 || b.right > box.left + 241);
    }).map((e) => `${e.tagName}.${e.getAttribute("class")} ${Math.round(e.getBoundingClientRect().left - box.left)}+${Math.round(e.getBoundingClientRect().width)}`);
    return { w: box.width, h: box.height, navW: nav.width, listTop: list.top, boxBottom: box.bottom, over };
  });
  assert.ok(Math.abs(narrow.w - 240) < 1 && Math.abs(narrow.h - 240) < 1, JSON.stringify(narrow));
  assert.ok(narrow.listTop >= narrow.boxBottom, "the move list under the board");
  assert.deepEqual(narrow.over, [], "nothing sticks out of the 240 px column");
  for (const b of await page.locator("#tree .nav button").all()) {
    const box = await b.boundingBox();
    assert.ok(box.width >= 44 && box.height >= 44, `nav button ${box.width}×${box.height}`);
  }
  await page.close();
});

test("screenshots: the blog page and the demo, desktop and phone, light and dark", async () => {
  for (const [name, width, height] of [["desktop", 1000, 900], ["phone", 390, 844]]) {
    for (const dark of [false, true]) {
      const scheme = dark ? "dark" : "light";
      const page = await blog({ width, height, dark });
      await page.locator("#record [data-ply='25']").click();
      await page.locator("#tree [data-ply='59']").click();
      await settle(page);
      await assertLaidOut(page, `blog-${name}-${scheme}`);
      await page.screenshot({ path: join(shots, `blog-${name}-${scheme}.png`), fullPage: true });
      await page.close();
      const demo = await env.browser.newPage();
      await demo.setViewportSize({ width, height });
      await demo.emulateMedia({ colorScheme: scheme });
      await demo.goto(pathToFileURL(join(dist, "index.html")).href);
      await demo.click('button[data-variant="standard"]');
      // The app asks before leaving the game the previous round left in progress.
      if (await demo.locator("dialog#ask[open]").waitFor({ timeout: 1000 }).then(() => true, () => false)) {
        await demo.getByRole("button", { name: "Start a new game" }).click();
        // The new game starts on the dialog's close event, a task after the click: wait for
        // it, or the first move lands on the old board.
        await demo.locator("dialog#ask[open]").waitFor({ state: "detached" });
        await demo.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
      }
      for (const [a, b] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) await click(demo, a, b);
      await settle(demo);
      await assertLaidOut(demo, `demo-${name}-${scheme}`);
      await demo.screenshot({ path: join(shots, `demo-${name}-${scheme}.png`), fullPage: name === "phone" });
      await demo.close();
    }
  }
  // The pieces at 32 px and at 90 px squares, side by side.
  const page = await env.browser.newPage();
  await page.setViewportSize({ width: 1000, height: 760 });
  await page.goto(`${env.origin}/fixture.html`);
  await page.evaluate(() => {
    document.body.style.cssText = "display:flex;gap:16px;align-items:start;padding:8px";
    for (const w of [720, 256]) {
      const el = document.createElement("chess960-board");
      el.setAttribute("fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
      el.style.width = `${w}px`;
      document.body.append(el);
    }
  });
  await page.screenshot({ path: join(shots, "pieces-90px-32px.png") });
  assert.equal(await page.locator('chess960-board [data-square="e4"]').first().getAttribute("aria-label"), "white pawn on e4");
  await page.close();
});
