// `chess960/board` as an app author gets it: `npm pack`, installed into an empty
// project, type-checked with tsc, bundled with Vite beside `import { Chess } from
// "chess960"`, and loaded in Chromium: the board plays, the element is registered,
// and the page made exactly one wasm instance (the app's and the board's core are one).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, test } from "node:test";
import { root, shots, start } from "./helpers.mjs";

const MAIN_TS = `import { Chess, type Move } from "chess960";
import { Board, type Shape } from "chess960/board";

const game = Chess.chess960(518);
const host = document.getElementById("app");
if (!host) throw new Error("no #app");
const board = new Board(host, {
  game,
  onMove: (m: Move) => {
    document.body.dataset["last"] = m.san;
  },
});
const shapes: Shape[] = [{ from: "e2", to: "e4", color: "green" }];
board.setShapes(shapes);
const viewer = document.createElement("chess960-board");
viewer.setAttribute("pgn", "1. e4 e5 2. Nf3 *");
document.body.append(viewer);
const registered: boolean = customElements.get("chess960-board") !== undefined;
document.body.dataset["ready"] = String(registered && viewer.board.record !== null);
`;
const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title></head>
<body><div id="app" style="width:400px"></div><script type="module" src="/src/main.ts"></script></body></html>`;

let app;
let tarball;
let env;
let server;
let origin;
before(async () => {
  app = mkdtempSync(join(tmpdir(), "chess960-app-"));
  const packed = execFileSync("npm", ["pack", "--pack-destination", app, "--silent"], { cwd: root, encoding: "utf8" }).trim().split("\n").at(-1);
  tarball = join(app, packed);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  // The package has no dependencies: the install needs nothing but the tarball.
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", join(app, packed)], { cwd: app, stdio: "pipe" });
  mkdirSync(join(app, "src"));
  writeFileSync(join(app, "src", "main.ts"), MAIN_TS);
  writeFileSync(join(app, "index.html"), HTML);
  env = await start();
});
after(async () => {
  await env?.close();
  await new Promise((ok) => (server ? server.close(ok) : ok()));
  if (app) rmSync(app, { recursive: true, force: true });
});

test("the packed package ships chess960/board: ESM, types, exports map", () => {
  const pkg = join(app, "node_modules", "chess960");
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  assert.deepEqual(manifest.exports["./board"], { types: "./pkg/board/index.d.ts", default: "./pkg/board/index.js" });
  for (const f of ["index.js", "index.d.ts", "board.d.ts", "element.d.ts", "types.d.ts"]) {
    assert.ok(existsSync(join(pkg, "pkg", "board", f)), f);
  }
  const js = readFileSync(join(pkg, "pkg", "board", "index.js"), "utf8");
  assert.match(js, /from"chess960"/, "the core is imported by name");
  assert.doesNotMatch(js, /WebAssembly/, "no second copy of the core");
});

test("chess960/board/iife: the one-file board script is packed, exported, and alone draws a board from file://", async () => {
  const pkg = join(app, "node_modules", "chess960");
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  assert.equal(manifest.exports["./board/iife"], "./pkg/board/chess960-board.iife.js");
  const resolved = execFileSync(process.execPath, ["--input-type=module", "-e", 'console.log(import.meta.resolve("chess960/board/iife"))'], { cwd: app, encoding: "utf8" });
  assert.match(resolved.trim(), /node_modules\/chess960\/pkg\/board\/chess960-board\.iife\.js$/);
  // The tarball unpacked as a blogger would (or a CDN serves it), and a page beside it
  // that loads nothing but that one file.
  const dir = mkdtempSync(join(tmpdir(), "chess960-iife-"));
  try {
    execFileSync("tar", ["-xzf", tarball, "-C", dir]);
    const script = join(dir, "package", "pkg", "board", "chess960-board.iife.js");
    assert.ok(existsSync(script), "in the tarball");
    writeFileSync(join(dir, "post.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>post</title>
<script src="package/pkg/board/chess960-board.iife.js"></script></head><body>
<chess960-board id="play" variant="chess960" position="518"></chess960-board>
<chess960-board id="view" pgn="1. e4 e5 2. Nf3 Nc6 *" ply="last"></chess960-board></body></html>`);
    const page = await env.browser.newPage();
    const errors = [];
    const requests = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(join(dir, "post.html")).href);
    const play = page.locator("#play");
    await play.locator('[data-square="e2"]').waitFor();
    assert.equal(await play.locator("[data-square]").count(), 64);
    assert.equal(await play.locator("[data-square] svg.pc").count(), 32);
    assert.equal(await play.locator('[data-square="e1"]').getAttribute("aria-label"), "white king on e1");
    await play.locator('[data-square="g1"]').click();
    await play.locator('[data-square="f3"]').click();
    assert.equal(await play.locator('[data-square="f3"]').getAttribute("aria-label"), "white knight on f3");
    assert.equal(await page.locator("#view [data-ply]").count(), 4);
    assert.equal(await page.locator('#view [data-square="c6"]').getAttribute("aria-label"), "black knight on c6");
    assert.equal(await page.evaluate(() => typeof window.Chess960.Chess), "function", "the global API");
    assert.deepEqual(requests.filter((u) => !u.startsWith("file:")), [], "nothing fetched from the network");
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an app's TypeScript type-checks against the package's types (tsc --strict)", () => {
  writeFileSync(join(app, "tsconfig.json"), JSON.stringify({
    compilerOptions: {
      target: "ES2022", module: "ESNext", moduleResolution: "Bundler", strict: true, noEmit: true,
      lib: ["ES2022", "DOM", "DOM.Iterable"], types: [], skipLibCheck: false, verbatimModuleSyntax: true,
    },
    include: ["src"],
  }));
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", app], { stdio: "pipe" });
});

test("Node can import chess960/board (server-side rendering): the class exists, nothing registers", () => {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e",
    'const m = await import("chess960/board"); const c = await import("chess960"); console.log(typeof m.Board, typeof m.Chess960BoardElement, new c.Chess().fen().split(" ")[0])'],
  { cwd: app, encoding: "utf8" });
  assert.equal(out.trim(), "function function rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
});

test("bundled with Vite, the board plays in Chromium with one wasm instance for the app and the board", async () => {
  const { build } = await import("vite");
  await build({ root: app, logLevel: "silent", build: { outDir: join(app, "dist"), emptyOutDir: true } });
  const assets = join(app, "dist", "assets");
  const bundle = readdirSync(assets).filter((f) => f.endsWith(".js")).map((f) => readFileSync(join(assets, f), "utf8")).join("\n");
  // A piece of the core's inlined wasm (packed as printable text, scripts/packed-wasm.mjs),
  // from the middle of pkg/index.js: it is in the app's bundle exactly once.
  const core = readFileSync(join(root, "pkg", "index.js"), "utf8");
  let at = core.length >> 1;
  while (/[\\"'`$]/.test(core.slice(at, at + 48))) at++;
  const copies = bundle.split(core.slice(at, at + 48)).length - 1;
  assert.equal(copies, 1, "one copy of the core in the bundle");
  const base = join(app, "dist");
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const file = normalize(join(base, path === "/" ? "index.html" : path));
    if (!file.startsWith(base + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const type = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" }[extname(file)] ?? "application/octet-stream";
    res.writeHead(200, { "content-type": type });
    createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  origin = `http://127.0.0.1:${server.address().port}`;
  const page = await env.browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  // Every wasm instance the page makes, by its exports (the packed-wasm decoder,
  // js/unpack.ts, has two: its memory and its decode function).
  await page.addInitScript(() => {
    window.wasmInstances = [];
    const Instance = WebAssembly.Instance;
    WebAssembly.Instance = function (module, imports) {
      window.wasmInstances.push(WebAssembly.Module.exports(module).length);
      return new Instance(module, imports);
    };
    const instantiate = WebAssembly.instantiate;
    WebAssembly.instantiate = (...a) => {
      window.wasmInstances.push(-1);
      return instantiate(...a);
    };
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.body.dataset.ready);
  assert.equal(await page.evaluate(() => document.body.dataset.ready), "true");
  await page.locator('#app [data-square="e2"]').click();
  await page.locator('#app [data-square="e4"]').click();
  assert.equal(await page.evaluate(() => document.body.dataset.last), "e4");
  assert.equal(await page.locator('#app [data-arrow="e2e4"]').count(), 1);
  assert.equal(await page.locator("chess960-board [data-ply]").count(), 3);
  const instances = await page.evaluate(() => window.wasmInstances);
  assert.equal(instances.filter((n) => n !== 2).length, 1, `one core instance (exports per instance: ${instances})`);
  await page.screenshot({ path: join(shots, "vite-app.png") });
  assert.deepEqual(errors, []);
  await page.close();
});
