// Shared set-up of the widget's browser tests: a tiny static server on 127.0.0.1
// over www/dist (built by `npm run build`), and Debian's Chromium driven by
// playwright-core, headless, with a fresh profile. Every request the browser makes
// is recorded: `close()` fails when one left 127.0.0.1 (the widget uses no network).
import assert from "node:assert/strict";
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const www = join(root, "www");
export const dist = join(www, "dist");
export const shots = join(root, "test-results", "www");

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };
/** URLs that are not network access: this server, files, inline data. */
const LOCAL = /^(file|data|blob|about):/;
const FIXTURE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Board</title>
<script src="/chess960-board.js"></script>
<style>body{margin:0;padding:16px;font:14px system-ui}chess960-board{width:min(480px,100%)}</style>
</head><body></body></html>`;

const ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run",
];

/**
 * Starts the server and the browser; returns { origin, browser, requests, close }.
 * `routes` adds pages: path → { body, type (an extension), headers }. `/pkg/…`
 * serves the built package.
 */
export async function start({ routes = {} } = {}) {
  assert.ok(existsSync(join(dist, "chess960-board.js")), "www/dist is missing: run `npm run build` first");
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    if (path === "/fixture.html") {
      res.writeHead(200, { "content-type": TYPES[".html"] }).end(FIXTURE);
      return;
    }
    if (path === "/favicon.ico") {
      res.writeHead(204).end();
      return;
    }
    const route = routes[path];
    if (route) {
      res.writeHead(200, { "content-type": TYPES[route.type ?? ".html"], ...route.headers }).end(route.body);
      return;
    }
    const base = path.startsWith("/pkg/") ? join(root, "pkg") : dist;
    const file = normalize(join(base, path === "/" ? "index.html" : path.replace(/^\/pkg\//, "/")));
    if (!file.startsWith(base + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const profile = mkdtempSync(join(tmpdir(), "chess960-www-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ARGS,
    viewport: { width: 900, height: 800 },
  });
  mkdirSync(shots, { recursive: true });
  const requests = [];
  browser.on("request", (r) => requests.push(r.url()));
  let mobile = null;
  return {
    origin,
    browser,
    requests,
    /** A page in a touch phone's context (390×844, touch, mobile viewport), at `path`. */
    async phonePage(path = "/fixture.html") {
      if (!mobile) {
        mobile = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ARGS });
      }
      const ctx = await mobile.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
      ctx.on("request", (r) => requests.push(r.url()));
      const page = await ctx.newPage();
      page.errors = [];
      page.on("pageerror", (e) => page.errors.push(e.message));
      await page.goto(`${origin}${path}`);
      return page;
    },
    async close() {
      await mobile?.close();
      await browser.close();
      await new Promise((ok) => server.close(ok));
      rmSync(profile, { recursive: true, force: true });
      const away = requests.filter((u) => !/^http:\/\/127\.0\.0\.1:\d+\//.test(u) && !LOCAL.test(u));
      assert.deepEqual(away, [], "requests that left 127.0.0.1");
      assert.ok(requests.length > 0, "requests were recorded");
    },
  };
}

/**
 * A page with one board: `attrs` are the element's attributes. Collects page
 * errors into `page.errors`.
 */
export async function boardPage(env, attrs = {}, options = {}) {
  let page = options.page;
  if (!page) {
    page = await env.browser.newPage();
    page.errors = [];
    page.on("pageerror", (e) => page.errors.push(e.message));
    await page.goto(`${env.origin}/fixture.html`);
  }
  await page.evaluate(([a, inner, listen]) => {
    const el = document.createElement("chess960-board");
    for (const [k, v] of Object.entries(a)) el.setAttribute(k, v);
    if (inner) el.innerHTML = inner;
    window.events = [];
    for (const t of ["move", "gameover", "swap", "shapes", ...listen]) {
      // A Move's extras (uci, castle, rookFrom, rookTo) are prototype getters, which the
      // copy page.evaluate makes would drop: they are copied in as plain fields here.
      el.addEventListener(t, (e) => {
        const d = e.detail;
        const extras = d && typeof d === "object" && "uci" in d ? { uci: d.uci, castle: d.castle, rookFrom: d.rookFrom, rookTo: d.rookTo } : {};
        window.events.push({ type: t, detail: Object.keys(extras).length ? { ...d, ...extras } : d });
      });
    }
    document.body.appendChild(el);
  }, [attrs, options.inner ?? "", options.listen ?? []]);
  return page;
}

/** The locator of a square of the (first) board. */
export function sq(page, name) {
  return page.locator(`chess960-board [data-square="${name}"]`);
}

export async function click(page, ...names) {
  for (const n of names) await sq(page, n).click();
}

/** Drags with real pointer events, in a few steps. */
export async function drag(page, from, to) {
  const a = await sq(page, from).boundingBox();
  const b = await sq(page, to).boundingBox();
  assert.ok(a && b, "squares are on screen");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 6, a.y + a.height / 2 + 6, { steps: 2 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

export const fen = (page) => page.evaluate(() => document.querySelector("chess960-board").fen);
export const placement = async (page) => (await fen(page)).split(" ")[0];
export const label = (page, name) => sq(page, name).getAttribute("aria-label");
export const events = (page, type) =>
  page.evaluate((t) => window.events.filter((e) => e.type === t).map((e) => e.detail), type);
export const shadow = (page, selector) => page.locator(`chess960-board ${selector}`);

/** axe-core in the page: the serious and critical violations, as "rule: target" lines. */
export async function axe(page) {
  await page.addScriptTag({ path: join(root, "node_modules", "axe-core", "axe.min.js") });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  const bad = result.filter((v) => v.impact === "serious" || v.impact === "critical");
  return { all: result, bad: bad.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n}`)) };
}

/** Waits until no animation runs in the page's boards (moves slide for ~200 ms). */
export async function settle(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll("chess960-board")].every((b) => !b.shadowRoot || b.shadowRoot.getAnimations().length === 0)
  );
}

export const escapeHtml = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * A blog page with the element's script that turns dark with the reader's setting and
 * says nothing of color-scheme, as many do: `css` for its own layout, `body` inside <main>.
 */
export function blogPage(title, css, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<script src="/chess960-board.js"></script>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#fff;color:#1f1f1f}
@media (prefers-color-scheme:dark){body{background:rgb(22,24,26);color:#e3e3e3}}
${css}
</style></head><body><main>
${body}
</main></body></html>`;
}

/** WCAG contrast of two computed colours ("rgb(…)" or, for a color-mix(), "color(srgb 0.66 0.76 0.88)"), the background opaque. */
export function contrast(fg, bg) {
  const lum = (c) => {
    const scale = c.startsWith("color(srgb") ? 1 : 255;
    const [r, g, b] = c.replace("color(srgb", "").match(/[\d.]+/g).slice(0, 3).map((v) => {
      const x = +v / scale;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}

/**
 * The characters of the text in `selector` (inside the shadow root of the element with id
 * `host`) that no font of this machine draws: drawn in that text's font, such a character
 * inks the same box as a private-use one.
 */
export const missingGlyphs = (page, host, selector) => page.evaluate(([h, sel]) => {
  const root = document.getElementById(h).shadowRoot;
  const c = document.createElement("canvas");
  c.width = 120;
  c.height = 60;
  const x = c.getContext("2d");
  const els = [...root.querySelectorAll(sel)];
  const font = getComputedStyle(els[0]).font;
  const ink = (ch) => {
    x.clearRect(0, 0, 120, 60);
    x.font = font.replace(/\d+(\.\d+)?px/, "40px");
    x.fillText(ch, 5, 45);
    return x.getImageData(0, 0, 120, 60).data.filter((_, i) => i % 4 === 3).join();
  };
  const box = ink("\uE000");
  const text = els.map((e) => e.textContent).join("");
  return [...new Set(text)].filter((ch) => ch.trim() && ink(ch) === box);
}, [host, selector]);

/**
 * What a screenshot should show, asserted before it is taken: the page does not scroll
 * sideways (nothing wider than the viewport), and every board in it is drawn: 64 squares
 * of one size, the board inside the viewport's width.
 */
export async function assertLaidOut(page, what) {
  const r = await page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement;
    const boards = [...document.querySelectorAll("chess960-board")].map((el) => {
      const squares = [...(el.shadowRoot ?? el).querySelectorAll("[data-square]")].map((q) => q.getBoundingClientRect());
      const box = el.getBoundingClientRect();
      const widths = squares.map((q) => q.width);
      return { n: squares.length, sizes: new Set(widths.map(Math.round)).size, minWidth: Math.min(...widths), maxWidth: Math.max(0, ...widths), left: box.left, right: box.right };
    });
    return { overflow: doc.scrollWidth - doc.clientWidth, width: innerWidth, boards };
  });
  assert.ok(r.overflow <= 1, `${what}: the page scrolls sideways by ${r.overflow} px`);
  for (const [i, b] of r.boards.entries()) {
    if (b.n === 0 || b.maxWidth === 0) continue; // not drawn as a board (its error state, hidden)
    assert.equal(b.n, 64, `${what}: board ${i} has ${b.n} squares`);
    assert.ok(b.sizes <= 2 && b.minWidth >= 8, `${what}: board ${i}'s squares are not of one size, at least 8 px`);
    assert.ok(b.left >= -1 && b.right <= r.width + 1, `${what}: board ${i} leaves the viewport (${Math.round(b.left)}..${Math.round(b.right)} of ${r.width})`);
  }
}

