// Installable and offline over http: the manifest (name, icons drawn by us, start_url,
// standalone, theme colour), the service worker precaching every file of the app, and
// after one visit a reload with the network off opens a playable board (the computer
// too: the engine is precached). A new build gets a new cache name.
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { serve } from "../../scripts/serve.mjs";
import { appServer, history, launch, newGame, openApp, play, profile, ready, site } from "./app-helpers.mjs";

let srv;
before(async () => {
  srv = await appServer();
});
after(async () => {
  await srv?.close();
});

test("the manifest makes the app installable: name, our icons, start_url, standalone, theme colour", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    const href = await page.getAttribute('link[rel="manifest"]', "href");
    assert.ok(href, "the page links a manifest");
    const res = await page.request.get(new URL(href, `${srv.origin}/`).href);
    assert.equal(res.status(), 200);
    const m = await res.json();
    assert.ok(m.name && m.short_name);
    assert.equal(m.display, "standalone");
    assert.equal(m.start_url, "./");
    assert.match(m.theme_color, /^#[0-9a-f]{6}$/);
    const sizes = m.icons.map((i) => i.sizes);
    assert.ok(sizes.includes("192x192") && sizes.includes("512x512"), "192 and 512 px icons");
    for (const icon of m.icons) {
      const r = await page.request.get(new URL(icon.src, `${srv.origin}/`).href);
      assert.equal(r.status(), 200, icon.src);
      const body = await r.body();
      if (icon.type === "image/png") {
        assert.equal(body.subarray(1, 4).toString(), "PNG");
        assert.equal(body.readUInt32BE(16), Number(icon.sizes.split("x")[0]), `${icon.src} is ${icon.sizes}`);
      }
    }
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("served over http: the service worker is ready, then offline a reload opens a playable board", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    const page = await openApp(ctx, `${srv.origin}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Every file of the app is in the cache, the lazily loaded engine too.
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const c = await caches.open(keys.find((k) => k.startsWith("chess960-app-")));
      return (await c.keys()).map((r) => new URL(r.url).pathname);
    });
    for (const f of ["/", "/index.html", "/app.js", "/chess960-board.js", "/chess960-engine.js", "/manifest.webmanifest", "/icons/icon-192.png"]) {
      assert.ok(cached.includes(f), `${f} is precached (${cached.join(" ")})`);
    }
    await page.waitForFunction(() => /offline/i.test(document.querySelector("#offline-status")?.textContent ?? ""));
    await ctx.setOffline(true);
    await page.reload();
    await ready(page);
    await newGame(page, { variant: "standard", computer: "b", level: "1" });
    await play(page, "e2e4");
    await page.waitForFunction(() => document.querySelector("chess960-board").game.history().length === 2, null, { timeout: 30_000 });
    assert.equal((await history(page))[0], "e4", "offline: the board plays, and the computer answers");
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});

test("the service worker's cache is named for the content of the files it precaches", () => {
  const sw = readFileSync(join(site, "sw.js"), "utf8");
  assert.match(sw, /chess960-app-/);
  assert.match(sw, /[0-9a-f]{16}/, "a content hash names the cache");
  for (const f of ["index.html", "app.js", "chess960-board.js", "chess960-engine.js", "manifest.webmanifest"]) assert.ok(sw.includes(`"${f}"`), f);
});

test("an update (a new build: a new hash) replaces the old cache", async () => {
  const copy = mkdtempSync(join(tmpdir(), "chess960-site-"));
  cpSync(site, copy, { recursive: true });
  const { server, origin } = await serve({ site: copy, port: 0, host: "127.0.0.1" });
  const p = profile();
  const ctx = await launch(p.dir);
  const names = (page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith("chess960-app-")));
  try {
    const page = await openApp(ctx, `${origin}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const [old] = await names(page);
    assert.ok(old);
    // The next build: another app.js, so another version in sw.js.
    const sw = readFileSync(join(copy, "sw.js"), "utf8");
    const version = /"([0-9a-f]{16})"/.exec(sw);
    assert.ok(version, "sw.js names its version");
    const v = version[1];
    writeFileSync(join(copy, "app.js"), `${readFileSync(join(copy, "app.js"), "utf8")}\n// next build\n`);
    writeFileSync(join(copy, "sw.js"), sw.replaceAll(v, "0123456789abcdef"));
    await page.reload();
    await ready(page);
    // The browser checks sw.js on the navigation, installs the new worker, which takes over.
    const deadline = Date.now() + 30_000;
    let now = await names(page);
    while (!(now.length === 1 && now[0] === "chess960-app-0123456789abcdef") && Date.now() < deadline) {
      await page.waitForTimeout(250);
      now = await names(page);
    }
    assert.deepEqual(now, ["chess960-app-0123456789abcdef"], `the old cache (${old}) is gone, the new one took over`);
    const c = await page.evaluate(async () => {
      const cache = await caches.open("chess960-app-0123456789abcdef");
      const hit = await cache.match(new URL("app.js", location.href).href);
      return hit ? hit.text() : `not cached: ${(await cache.keys()).map((r) => r.url).join(" ")}`;
    });
    assert.match(c, /next build/, "the new files are cached");
  } finally {
    await ctx.close();
    p.drop();
    await new Promise((ok) => server.close(ok));
    rmSync(copy, { recursive: true, force: true });
  }
});
