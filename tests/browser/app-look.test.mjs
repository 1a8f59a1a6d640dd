// The app as a person sees it, on a laptop (1280×800) and a phone (390×844, touch), light
// and dark: axe-core finds nothing serious or critical in play, in the library and after
// a flag fall; on the phone the moves are made by real touch (CDP touch events, tap-tap).
// Screenshots go to test-results/ (app-<screen>-<device>-<scheme>.png) to be looked at.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { appServer, axe, DESKTOP, launch, newGame, openApp, PHONE, play, profile, sans, shots, tapMoves } from "./app-helpers.mjs";

let srv;
before(async () => {
  srv = await appServer();
});
after(async () => {
  await srv?.close();
});

const BARE = `[Event "Flag"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"]\n\n*`;

for (const [device, options] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  test(`${device}: in play, the library and after a flag fall, light and dark: no serious axe result`, async () => {
    const p = profile();
    const ctx = await launch(p.dir, options);
    const move = device === "phone" ? tapMoves : play;
    try {
      const page = await openApp(ctx, `${srv.origin}/`);
      await newGame(page, { variant: "chess960", computer: "b", level: "1", clock: "5+3" });
      const reply = (n) => page.waitForFunction((k) => document.querySelector("chess960-board").game.history().length >= k, n, { timeout: 30_000 });
      await move(page, "e2e4");
      await reply(2);
      await move(page, "d2d4");
      await reply(4);
      assert.equal((await sans(page)).length, 4, `${device}: moves made by ${device === "phone" ? "touch" : "mouse"}`);
      const found = [];
      const look = async (screen) => {
        for (const scheme of ["light", "dark"]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.waitForTimeout(100);
          await page.screenshot({ path: join(shots, `app-${screen}-${device}-${scheme}.png`) });
          found.push(...(await axe(page)).map((l) => `${screen} ${scheme}: ${l}`));
        }
      };
      await page.evaluate(() => scrollTo(0, 0));
      await look("play");
      await page.click("#tab-library");
      await page.locator("#games li").first().waitFor();
      await look("library");
      // A link opened over an unfinished game: the page asks first.
      await page.click("#tab-play");
      await page.evaluate((h) => (location.hash = h), `pgn=${encodeURIComponent(BARE)}`);
      const ask = page.locator("dialog#ask[open]");
      await ask.waitFor();
      await page.emulateMedia({ colorScheme: "dark" });
      await page.screenshot({ path: join(shots, `app-ask-${device}-dark.png`) });
      found.push(...(await axe(page)).map((l) => `dialog: ${l}`));
      await ask.getByRole("button", { name: "Open the shared game" }).click();
      // The game opens asynchronously and then shows its own clock in the setup card: the
      // custom clock is chosen after that, or the card hides its fields again (a flake in
      // one clean-clone run on the phone).
      await page.waitForFunction(() => document.querySelector("chess960-board").game.fen().startsWith("4k3/8/8/8/8/8/8/3QK3 w"));
      await page.selectOption("#tc", "custom");
      await page.fill("#tc-min", "0.05");
      await page.locator("#tc-min").dispatchEvent("change");
      await move(page, "d1d2", "e8e7");
      await page.waitForFunction(() => document.querySelector("chess960-board").game.outcome() !== null, null, { timeout: 10_000 });
      await page.locator("#status").scrollIntoViewIfNeeded();
      await look("flag");
      assert.deepEqual(found, []);
      assert.deepEqual(page.errors, []);
    } finally {
      await ctx.close();
      p.drop();
    }
  });
}
