// The packed package in browsers: `npm pack` of the repo root, unpacked as a consumer's
// node_modules/chess960, then
//   - its .d.ts type-checks a strict TypeScript consumer (bundler and nodenext resolution),
//   - a Vite app importing it builds and runs in headless Chromium with no init call,
//   - the default ESM entry works unbundled from a <script type="module">,
//   - the single-file IIFE build works from a file:// page,
//   - readPgn reads a File from a file input as it reads the file in Node.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, sep } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const tmp = mkdtempSync(join(tmpdir(), "chess960-browser-"));
const app = join(tmp, "app");
const installed = join(app, "node_modules", "chess960");
/** @type {import("playwright-core").Browser} */
let browser;
/** @type {import("node:http").Server} */
let server;
let origin = "";

// What every page computes with the package, into document.body.dataset (as strings).
const probe = `
  const g = new Chess();
  const out = {};
  out.moves = String(g.moves().length);
  out.dests = String(g.dests().size);
  out.fen960 = Chess.chess960(518).fen();
  out.array0 = chess960Array(0);
  const c = new Chess("4k3/8/8/8/8/8/8/R4K1R w HA - 0 1");
  out.resolve = c.resolve("f1", "g1").kind;
  const san = g.move("e4").san;
  out.san = san;
  let error = "none";
  try { g.move("e4"); } catch (e) { error = e instanceof Error ? "Error" : typeof e; }
  out.error = error;
  const n = Chess.chess9();
  out.chess9 = n.turn() + " " + n.swapChoices().join(",");
  Object.assign(document.body.dataset, out);
  document.body.dataset.done = "1";
`;
const expected = {
  moves: "20",
  dests: "10",
  fen960: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  array0: "BBQNNRKR",
  resolve: "ambiguous",
  san: "e4",
  error: "Error",
  chess9: "b king,queen,none",
};

const mime = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".css": "text/css" };
function serve(dir) {
  return createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = normalize(join(dir, path));
    if (file !== dir && !file.startsWith(dir + sep)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": mime[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
}

async function runPage(url) {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  try {
    await page.goto(url);
    await page.waitForSelector("body[data-done]", { state: "attached", timeout: 20_000 }).catch(() => {
      throw new Error(`page never finished: ${problems.join("; ") || "no error reported"}`);
    });
    const data = await page.evaluate(() => ({ ...document.body.dataset }));
    delete data.done;
    assert.deepEqual(problems, []);
    return data;
  } finally {
    await page.close();
  }
}

before(async () => {
  // npm pack of the repo root (pkg/ is built by `npm test` before the tests run).
  const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", tmp], { cwd: root, encoding: "utf8" }));
  const tarball = join(tmp, packed[0].filename);
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);

  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
  server = serve(tmp);
  await new Promise((r) => server.listen(0, "127.0.0.1", () => r(undefined)));
  const address = server.address();
  assert.ok(address !== null && typeof address === "object");
  origin = `http://127.0.0.1:${address.port}`;
});

after(async () => {
  await browser?.close();
  server?.close();
  rmSync(tmp, { recursive: true, force: true });
});

test("npm pack ships the entries, the wasm and the types", () => {
  for (const f of ["package.json", "pkg/index.js", "pkg/index.d.ts", "pkg/node/index.js", "pkg/cjs/index.js", "pkg/cjs/index.d.ts", "pkg/cjs/package.json", "pkg/chess960.iife.js", "pkg/chess960_bg.wasm"]) {
    assert.ok(existsSync(join(installed, f)), `${f} missing from the packed package`);
  }
  // The ESM entry's chunk (readPgn's reader), which pkg/index.js imports on the first call.
  const chunk = /import\("\.\/(chunks\/read-games-\w+\.js)"\)/.exec(readFileSync(join(installed, "pkg", "index.js"), "utf8"))?.[1];
  assert.ok(chunk && existsSync(join(installed, "pkg", chunk)), `pkg/index.js's chunk ${chunk} missing from the packed package`);
  assert.ok(!existsSync(join(installed, "src")), "the Rust sources should not be packed");
});

test("the shipped .d.ts types a strict TypeScript consumer", () => {
  const consumer = `
import { Chess, chess960Array, chess960Id, randomChess960Id, splitPgn, type Move, type Outcome, type Resolution, type SwapRecord } from "chess960";
const g: Chess = new Chess();
const sans: string[] = g.moves();
const verbose: Move[] = g.moves({ verbose: true });
const from: Move[] = g.moves({ square: "e2", verbose: true });
const dests: Map<string, string[]> = g.dests();
const r: Resolution = g.resolve("e1", "g1");
const kind: "move" | "castle" | "promotion" | "ambiguous" | "swap" | "illegal" = r.kind;
const m: Move = g.move({ from: "e2", to: "e4" });
const castle: "king" | "queen" | undefined = m.castle;
const u: Move | SwapRecord | null = g.undo();
const o: Outcome | null = g.outcome();
const w: "w" | "b" | null | undefined = o?.winner;
const n: number = g.perft(1) + chess960Id(chess960Array(randomChess960Id()));
const games: string[] = splitPgn(g.pgn());
const c9 = Chess.chess9();
const s: SwapRecord = c9.swap("king");
// @ts-expect-error: not a swap choice
c9.swap("rook");
// @ts-expect-error: moves() without verbose gives strings
const bad: Move[] = g.moves();
const env = g.seal("e4", { whiteTimeMs: 1, blackTimeMs: 2, drawOffer: false });
Chess.openEnvelope(env).free();
export { sans, verbose, from, dests, kind, castle, u, w, n, games, s, bad };
`;
  writeFileSync(join(app, "consumer.ts"), consumer);
  writeFileSync(join(app, "consumer.mts"), consumer);
  writeFileSync(join(app, "consumer.cts"), consumer); // resolved through the `require` condition
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const check = (name, module, file) => {
    writeFileSync(join(app, name), JSON.stringify({
      compilerOptions: {
        noEmit: true, strict: true, exactOptionalPropertyTypes: true, target: "es2022",
        // No esnext.disposable here: the .d.ts must bring what it needs itself.
        lib: ["es2022", "dom"], types: [], skipLibCheck: false,
        module, moduleResolution: module === "esnext" ? "bundler" : "nodenext",
      },
      files: [file],
    }));
    try {
      execFileSync(process.execPath, [tsc, "-p", join(app, name)], { cwd: app, encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      assert.fail(`tsc (${module}) rejected the consumer:\n${e.stdout}${e.stderr}`);
    }
  };
  check("tsconfig.bundler.json", "esnext", "consumer.ts");
  check("tsconfig.nodenext.json", "nodenext", "consumer.mts");
  check("tsconfig.nodenext-cjs.json", "nodenext", "consumer.cts");
});

test("a Vite app that imports the package runs in Chromium with no init call", async () => {
  writeFileSync(join(app, "index.html"), `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>vite</title></head><body><script type="module" src="./main.js"></script></body></html>\n`);
  writeFileSync(join(app, "main.js"), `import { Chess, chess960Array } from "chess960";\n${probe}`);
  const { build } = await import("vite");
  await build({ root: app, base: "./", logLevel: "error", configFile: false, build: { outDir: join(app, "dist"), emptyOutDir: true } });
  const assets = readdirSync(join(app, "dist", "assets"));
  assert.ok(assets.some((f) => f.endsWith(".js")), `no JS in the Vite build: ${assets.join(", ")}`);
  assert.deepEqual(await runPage(`${origin}/app/dist/index.html`), expected);
});

test("the default ESM entry runs unbundled from <script type=module>", async () => {
  const dir = join(tmp, "esm");
  mkdirSync(dir, { recursive: true });
  // The ESM entry and its chunks (readPgn's reader is one, loaded on the first call).
  copyFileSync(join(installed, "pkg", "index.js"), join(dir, "chess960.js"));
  mkdirSync(join(dir, "chunks"));
  for (const f of readdirSync(join(installed, "pkg", "chunks"))) copyFileSync(join(installed, "pkg", "chunks", f), join(dir, "chunks", f));
  writeFileSync(join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body><script type="module">
import { Chess, chess960Array } from "./chess960.js";
${probe}
</script></body>`);
  assert.deepEqual(await runPage(`${origin}/esm/index.html`), expected);
});

test("the single-file IIFE build runs from a file:// page", async () => {
  const dir = join(tmp, "iife");
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(installed, "pkg", "chess960.iife.js"), join(dir, "chess960.iife.js"));
  writeFileSync(join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body><script src="chess960.iife.js"></script><script>
const { Chess, chess960Array } = Chess960;
${probe}
</script></body>`);
  assert.deepEqual(await runPage(pathToFileURL(join(dir, "index.html")).href), expected);
});

test("readPgn reads a File from a file input in Chromium, game by game, as in Node", async () => {
  const dir = join(tmp, "file");
  mkdirSync(dir, { recursive: true });
  // The ESM entry and its chunks (readPgn's reader is one, loaded on the first call).
  copyFileSync(join(installed, "pkg", "index.js"), join(dir, "chess960.js"));
  mkdirSync(join(dir, "chunks"));
  for (const f of readdirSync(join(installed, "pkg", "chunks"))) copyFileSync(join(installed, "pkg", "chunks", f), join(dir, "chunks", f));
  // The shared games with multi-byte characters in a tag and an illegal game in the middle.
  const shared = readFileSync(join(root, "tests", "data", "lichess-chess960-games.pgn"), "utf8").trimEnd();
  const middle = shared.indexOf("\n\n[Event ", shared.length >> 1);
  const text = `[Event "Café 𝄞"]\n\n1. e4 e5 *\n\n${shared.slice(0, middle)}\n\n[Event "bad"]\n\n1. e4 e5 2. Ke3 *${shared.slice(middle)}\n`;
  const file = join(dir, "games.pgn");
  writeFileSync(file, text);
  writeFileSync(join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><body><input type="file"><script type="module">
import { readPgn } from "./chess960.js";
document.querySelector("input").addEventListener("change", async (e) => {
  const out = { games: 0, plies: 0, first: "", errors: [] };
  for await (const g of readPgn(e.target.files[0], { mainlineOnly: true })) {
    if (out.games++ === 0) out.first = g.headers.Event;
    if (g.error) out.errors.push([g.index, g.offset, g.line, g.error.line]);
    else out.plies += g.moves.length;
  }
  document.body.dataset.result = JSON.stringify(out);
  document.body.dataset.done = "1";
});
document.body.dataset.ready = "1";
</script></body>`);
  const want = { games: 0, plies: 0, first: "", errors: [] };
  const { readPgn } = await import("chess960");
  for await (const g of readPgn(file, { mainlineOnly: true })) {
    if (want.games++ === 0) want.first = g.headers.Event;
    if (g.error) want.errors.push([g.index, g.offset, g.line, g.error.line]);
    else want.plies += g.moves.length;
  }
  assert.equal(want.errors.length, 1);
  assert.equal(want.first, "Café 𝄞");
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/file/index.html`);
    await page.waitForSelector("body[data-ready]", { state: "attached" });
    await page.setInputFiles("input", file);
    await page.waitForSelector("body[data-done]", { state: "attached", timeout: 60_000 });
    assert.deepEqual(JSON.parse(await page.evaluate(() => document.body.dataset.result ?? "")), want);
  } finally {
    await page.close();
  }
});
