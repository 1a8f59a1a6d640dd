// How the viewer for readers looks on a blog page, light and dark, on a 390×844 phone and a
// 1280×800 desktop: one viewer with [%eval] (graph and bar), one analysed by the engine
// (judgments, the best-move arrow, the tools). axe-core finds no serious or critical
// violation, the judgment glyphs and the tools read at 4.5:1 or more, and the screenshots
// test-results/www/reader-{phone,desktop}-{light,dark}.png (and reader-try-*.png) are left for a person to look at.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { axe, blogPage, contrast, escapeHtml, missingGlyphs, settle, shots, start } from "./helpers.mjs";

const EVALS = readFileSync(new URL("./fixtures/evals.pgn", import.meta.url), "utf8");
const PLAIN = `[Event "Club game"]
[Date "2024.05.04"]
[White "Careless"]
[Black "Careful"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5 6. Bb5+ c6 7. dxc6 bxc6 8. Qf3 cxb5 *`;
const PAGE = blogPage("Viewer", `main{max-width:1180px;margin:0 auto;padding:12px;display:grid;gap:24px}
chess960-board{width:min(100%,820px)}`, `<h1>Two games</h1>
<chess960-board id="evals" pgn="${escapeHtml(EVALS)}" ply="9"></chess960-board>
<chess960-board id="plain" pgn="${escapeHtml(PLAIN)}" ply="9"></chess960-board>`);

let env;
before(async () => {
  env = await start({ routes: { "/viewer.html": { body: PAGE } } });
});
after(async () => {
  await env?.close();
});

/** The page at a size and scheme, the second viewer analysed (small budget) and shown at 8... cxb5. */
async function open(name, width, height, dark) {
  const page = name === "phone" ? await env.phonePage("/viewer.html") : await env.browser.newPage();
  if (name !== "phone") await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: dark ? "dark" : "light" });
  if (name !== "phone") await page.goto(`${env.origin}/viewer.html`);
  await page.locator("#plain [data-ply]").first().waitFor();
  await page.evaluate(() => document.getElementById("plain").board.setAnalysis({ nodes: 8000 }));
  await page.locator('#plain [data-action="analyse"]').click();
  await page.locator("#plain [data-judgment]").first().waitFor({ timeout: 60_000 });
  await page.locator("#plain [data-analysis-progress]").waitFor({ state: "hidden", timeout: 60_000 });
  return page;
}

/** Every element matching `selector` in the host's shadow root: its text colour and the first opaque background behind it. */
const colours = (page, host, selector) => page.evaluate(([h, sel]) => {
  return [...document.getElementById(h).shadowRoot.querySelectorAll(sel)].filter((e) => e.getClientRects().length).map((el) => {
    let bg = "rgb(255, 255, 255)";
    for (let p = el; p; p = p.parentElement ?? p.getRootNode().host) {
      const c = getComputedStyle(p).backgroundColor;
      if (!/rgba\(.*, 0\)$/.test(c) && !/rgba\(128, 128, 128/.test(c)) {
        bg = c;
        break;
      }
    }
    return { text: el.textContent, fg: getComputedStyle(el).color, bg };
  });
}, [host, selector]);

for (const [name, width, height] of [["phone", 390, 844], ["desktop", 1280, 800]]) {
  for (const dark of [false, true]) {
    const scheme = dark ? "dark" : "light";
    test(`${name}, ${scheme}: the graph, the bar, the judgments and the tools read well; axe finds nothing serious`, async () => {
      const page = await open(name, width, height, dark);
      // A judged move shown: its best move drawn; the graph and the bar beside.
      const judged = page.locator("#plain [data-judgment]").last();
      await judged.click();
      assert.equal(await page.locator('#plain [data-arrow][data-color="blue"]').count(), 1);
      for (const id of ["evals", "plain"]) {
        assert.equal(await page.locator(`#${id} [data-eval-graph]`).isVisible(), true, `${id}: graph`);
        assert.equal(await page.locator(`#${id} [data-eval-bar]`).isVisible(), true, `${id}: bar`);
      }
      const seen = [
        ...(await colours(page, "plain", "[data-judgment]:not([aria-current]) .jg")),
        ...(await colours(page, "plain", ".tool, .gcap, .status")),
      ];
      assert.ok(seen.some((c) => /\?/.test(c.text)), "judgment glyphs were checked");
      for (const c of seen) {
        const ratio = contrast(c.fg, c.bg);
        assert.ok(ratio >= 4.5, `${scheme} page, "${c.text}": ${c.fg} on ${c.bg} is ${ratio.toFixed(2)}:1`);
      }
      // Every character shown (glyphs, the graph's caption, the tools, the status) is in a font the machine has.
      const missing = await missingGlyphs(page, "plain", ".m, .vm, .gcap, .tool, .status");
      assert.deepEqual(missing, [], `characters no font draws: ${missing.map((c) => `U+${c.codePointAt(0).toString(16)}`)}`);
      const { bad } = await axe(page);
      assert.deepEqual(bad, [], bad.join("\n"));
      await settle(page);
      await page.screenshot({ path: join(shots, `reader-${name}-${scheme}.png`), fullPage: true });
      // A line the reader tries, with the tools it brings.
      await page.locator('#evals [data-square="d7"]').click();
      await page.locator('#evals [data-square="d6"]').click();
      await page.locator("#evals [data-trial]").waitFor();
      const axeTry = await axe(page);
      assert.deepEqual(axeTry.bad, [], axeTry.bad.join("\n"));
      await settle(page);
      await page.locator("#evals").screenshot({ path: join(shots, `reader-try-${name}-${scheme}.png`) });
      assert.deepEqual(page.errors ?? [], []);
      await page.close();
    });
  }
}
