// The widget and the package under a strict Content-Security-Policy, in Chromium:
//   script-src 'self' 'wasm-unsafe-eval' (no 'unsafe-eval', no inline script) and
//   style-src 'self' (no 'unsafe-inline': the board's styles are a constructable
//   stylesheet), default-src 'self'.
// The board plays with no violation reported; without 'wasm-unsafe-eval' it shows a
// message saying so instead of an empty box. The built bundles contain no eval or
// Function constructor.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { dist, root, shots, sq, start } from "./helpers.mjs";

export const STRICT = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const NO_WASM = "default-src 'self'; script-src 'self'; style-src 'self'";

// Loaded first by every page: records CSP violations (a 'self' script, so allowed).
const WATCH = `window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.violations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});`;
// The page's own script: plays through the package's ESM entry, under the policy.
const PKG_PROBE = `import { Chess, chess960Array } from "/pkg/index.js";
const g = new Chess();
g.move("e4");
document.body.dataset.result = [g.moves().length, g.fen().split(" ")[0], chess960Array(0)].join(" ");`;

const html = (head, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>CSP</title><script src="/watch.js"></script>${head}</head><body>${body}</body></html>`;
const BOARD = html('<script src="/chess960-board.js"></script>', '<chess960-board variant="standard"></chess960-board>');
const csp = (policy, body) => ({ body, headers: { "content-security-policy": policy } });

let env;
before(async () => {
  env = await start({
    routes: {
      "/watch.js": { body: WATCH, type: ".js" },
      "/pkg-probe.js": { body: PKG_PROBE, type: ".js" },
      "/strict.html": csp(STRICT, BOARD),
      "/no-wasm.html": csp(NO_WASM, BOARD),
      "/pkg.html": csp(STRICT, html('<script type="module" src="/pkg-probe.js"></script>', "")),
      "/pkg-iife.html": csp(STRICT, html("", '<script src="/pkg/chess960.iife.js"></script><script src="/pkg-iife.js"></script>')),
      "/pkg-iife.js": {
        type: ".js",
        body: 'const g = new Chess960.Chess(); g.move("d4"); document.body.dataset.result = g.fen().split(" ")[0];',
      },
    },
  });
});
after(async () => {
  await env?.close();
});

/** Opens a page, recording page errors and console errors. */
async function open(path) {
  const page = await env.browser.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") page.errors.push(m.text());
  });
  page.on("response", (r) => { if (r.status() >= 400) page.errors.push(`${r.status()} ${r.url()}`); });
  const res = await page.goto(`${env.origin}${path}`);
  assert.ok(res?.headers()["content-security-policy"], "served with a CSP header");
  return page;
}
const violations = (page) => page.evaluate(() => window.violations);

test("under script-src 'self' 'wasm-unsafe-eval' and style-src 'self' the board plays", async () => {
  const page = await open("/strict.html");
  await sq(page, "e2").click();
  await sq(page, "e4").click();
  assert.equal(await page.evaluate(() => document.querySelector("chess960-board").fen),
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // The styles applied: the board is a square grid with coloured squares.
  const box = await page.locator("chess960-board").boundingBox();
  assert.ok(box && box.height > box.width * 0.95, `board is laid out (${JSON.stringify(box)})`);
  const bg = await sq(page, "a1").evaluate((e) => getComputedStyle(e).backgroundColor);
  assert.equal(bg, "rgb(180, 138, 102)", "dark squares styled");
  await page.screenshot({ path: join(shots, "csp-strict.png") });
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("without 'wasm-unsafe-eval' the element shows why instead of a blank box", async () => {
  const page = await open("/no-wasm.html");
  const alert = page.locator("chess960-board [role=alert]");
  await alert.waitFor();
  const text = await alert.textContent();
  assert.match(text ?? "", /Content-Security-Policy blocks WebAssembly/);
  assert.match(text ?? "", /'wasm-unsafe-eval'/);
  const box = await alert.boundingBox();
  assert.ok(box && box.width > 100 && box.height > 100, "the message is visible");
  assert.equal(await page.evaluate(() => typeof customElements.get("chess960-board")), "function");
  assert.equal(await page.evaluate(() => Chess960.coreError), text);
  await page.screenshot({ path: join(shots, "csp-no-wasm.png") });
  // The browser reports the blocked compile itself; nothing else is refused.
  const seen = await violations(page);
  assert.ok(seen.length > 0 && seen.every((v) => v.startsWith("script-src")), JSON.stringify(seen));
  assert.deepEqual(page.errors.filter((e) => !/unsafe-eval|WebAssembly/i.test(e)), []);
  await page.close();
});

test("pkg/index.js (ESM, inlined wasm) runs from a module script under the strict CSP", async () => {
  const page = await open("/pkg.html");
  await page.waitForFunction(() => document.body.dataset.result);
  assert.equal(await page.evaluate(() => document.body.dataset.result),
    "20 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR BBQNNRKR");
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("pkg/chess960.iife.js runs from a classic script under the strict CSP", async () => {
  const page = await open("/pkg-iife.html");
  await page.waitForFunction(() => document.body.dataset.result);
  assert.equal(await page.evaluate(() => document.body.dataset.result), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR");
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the built bundles use no eval and no Function constructor", () => {
  const files = [
    join(dist, "chess960-board.js"), join(dist, "app.js"), join(dist, "sw.js"), join(root, "pkg", "index.js"),
    join(root, "pkg", "chess960.iife.js"), join(root, "pkg", "node", "index.js"), join(root, "pkg", "cjs", "index.js"),
  ];
  for (const f of files) {
    const text = readFileSync(f, "utf8");
    assert.doesNotMatch(text, /\beval\s*\(/, `${f}: eval(`);
    assert.doesNotMatch(text, /\bFunction\s*\(/, `${f}: Function(`);
    assert.doesNotMatch(text, /set(Timeout|Interval)\(\s*["'`]/, `${f}: string timer`);
  }
});
