// Shared set-up of the app's browser tests: the app served over http on 127.0.0.1 by
// scripts/serve.mjs (what `npm start` runs), Debian's Chromium through playwright-core
// with a persistent profile (so that localStorage, IndexedDB and the service worker
// really persist between contexts), and helpers a player's hands would use: clicks,
// real touch (CDP Input.dispatchTouchEvent), the page's dialog.
//
// APP_DIST=dir runs the tests against another build of the page (to show that they
// fail on the demo the app replaced).
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serve } from "../../scripts/serve.mjs";
import { dist, root } from "./helpers.mjs";

export const site = process.env.APP_DIST ?? dist;
export const shots = join(root, "test-results");
export const AXE = join(root, "node_modules", "axe-core", "axe.min.js");
const ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run",
];
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** The app's server: { origin, close }. */
export async function appServer() {
  const { server, origin } = await serve({ site, port: 0, host: "127.0.0.1" });
  mkdirSync(shots, { recursive: true });
  return { origin, close: () => new Promise((ok) => server.close(ok)) };
}

/** A fresh profile directory, removed by `drop()`. */
export function profile() {
  const dir = mkdtempSync(join(tmpdir(), "chess960-app-"));
  return { dir, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A persistent browser context on `dir` (PHONE or DESKTOP options). */
export function launch(dir, options = DESKTOP) {
  return chromium.launchPersistentContext(dir, { executablePath: "/usr/bin/chromium", headless: true, args: ARGS, ...options });
}

/** Opens the app at `url` in `ctx`; waits until the game is restored. Collects page errors. */
export async function openApp(ctx, url) {
  const page = ctx.pages()[0] ?? (await ctx.newPage());
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  await page.goto(url);
  await ready(page);
  return page;
}

export async function ready(page) {
  await page.locator("chess960-board [data-square=e1]").waitFor();
  await page.locator("#moves li").first().waitFor();
  await page.waitForFunction(() => document.body.dataset.ready === "true", null, { timeout: 5000 }).catch(() => {});
}

export const sq = (page, name) => page.locator(`chess960-board [data-square="${name}"]`).first();

/** Moves by clicking from-square then to-square (the mouse). */
export async function play(page, ...moves) {
  for (const m of moves) {
    await sq(page, m.slice(0, 2)).click();
    await sq(page, m.slice(2, 4)).click();
  }
}

/** Taps a square with a real touch (CDP), as a finger does. */
export async function tap(page, name) {
  await sq(page, name).scrollIntoViewIfNeeded();
  const box = await sq(page, name).boundingBox();
  assert.ok(box, `square ${name} is on screen`);
  const cdp = page.cdp ??= await page.context().newCDPSession(page);
  const p = { x: box.x + box.width / 2, y: box.y + box.height / 2, id: 1 };
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [p] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Moves by tapping from-square then to-square (touch). */
export async function tapMoves(page, ...moves) {
  for (const m of moves) {
    await tap(page, m.slice(0, 2));
    await tap(page, m.slice(2, 4));
  }
}

/** Answers the page's question dialog with the button labelled `label`. */
export async function answer(page, label) {
  const d = page.locator("dialog#ask[open]");
  await d.waitFor();
  await d.getByRole("button", { name: label, exact: true }).click();
  await page.locator("dialog#ask[open]").waitFor({ state: "detached" }).catch(() => {});
}

/** Waits until a game opened from the library is on the board (the app shows the play view last). */
export async function opened(page) {
  await page.waitForFunction(() => document.body.dataset.view === "play", null, { timeout: 10_000 });
}

export const fen = (page) => page.evaluate(() => document.querySelector("chess960-board").game.fen());
export const sans = (page) => page.locator("#moves .m").allTextContents();
export const history = (page) => page.evaluate(() => document.querySelector("chess960-board").game.history());

/** Starts a game from the setup card: variant, computer side ("", "w", "b"), level, clock. */
export async function newGame(page, { variant = "standard", computer = "", level = "3", clock = "none", custom } = {}) {
  // Each control only where the page has it (so the tests also run against the old demo).
  const pick = async (sel, v) => {
    if (await page.locator(sel).count()) await page.selectOption(sel, v);
  };
  await pick("#cpu-side", computer);
  await pick("#cpu-level", level);
  await pick("#tc", clock);
  if (custom) {
    await page.fill("#tc-min", String(custom[0]));
    await page.fill("#tc-inc", String(custom[1]));
  }
  await page.click(`button[data-variant="${variant}"]`);
  if (await page.locator("dialog#ask[open]").count()) await answer(page, "Start a new game");
  await page.locator("#moves li").first().waitFor();
}

/** axe-core in the page: serious and critical violations as "rule (impact): target" lines. */
export async function axe(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return result.filter((v) => v.impact === "serious" || v.impact === "critical").flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n}`));
}
