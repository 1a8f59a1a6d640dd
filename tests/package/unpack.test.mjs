// The inlined builds' wasm transport (scripts/packed-wasm.mjs encodes at build time,
// js/unpack.ts decodes at import, its loop in js/unpack.wat):
//   - round trips: the built wasm, random data of several sizes and alphabets, every byte
//     value, repetitive data, nothing;
//   - anything but an exact encoding throws: characters outside the alphabet, a dangling
//     or bad escape, codes past 255, too much or too little text, a bad order table;
//   - the inlined bundles carry the packed text (not base64) and pkg/index.js runs.
// The decoder is tested as shipped: minified by esbuild.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { ALPHABET, DIRECT, pack } from "../../scripts/packed-wasm.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const code = buildSync({
  entryPoints: [join(root, "js", "unpack.ts")], bundle: true, format: "esm", minify: true, write: false,
}).outputFiles[0].text;
const { unpack } = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
const wasm = readFileSync(join(root, "pkg", "chess960_bg.wasm"));

/** xorshift32: deterministic data, so a failure can be replayed. */
function randomBytes(n, seed, alphabet = 256) {
  let x = seed >>> 0 || 1;
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    b[i] = x % alphabet;
  }
  return b;
}

function roundTrip(bytes) {
  const { text, order } = pack(bytes);
  const out = unpack(text, order, bytes.length);
  assert.ok(out instanceof Uint8Array);
  assert.deepEqual(Buffer.from(out), Buffer.from(bytes));
  return text;
}

describe("round trips", () => {
  test("the built wasm: one or two printable characters a byte, no quote, $ or backslash", () => {
    const text = roundTrip(wasm);
    assert.match(text, /^[ -~]*$/);
    assert.doesNotMatch(text, /["'`$\\]/);
    assert.ok(text.length < wasm.length * 1.2, `${text.length} characters for ${wasm.length} bytes`);
  });
  test("random data of several sizes and alphabets", () => {
    for (const [n, alphabet] of [[1, 256], [2, 2], [100, 256], [4096, 7], [65_536, 256], [200_000, 100]]) {
      roundTrip(randomBytes(n, n * 31 + alphabet, alphabet));
    }
  });
  test("every byte value, repetitive data and nothing", () => {
    roundTrip(Uint8Array.from({ length: 256 }, (_, i) => i));
    roundTrip(Uint8Array.from({ length: 512 }, (_, i) => 255 - (i & 255)));
    roundTrip(new Uint8Array(10_000).fill(0x41));
    roundTrip(new Uint8Array(0));
  });
  test("the decoder in unpack.ts is js/unpack.wat, assembled", async () => {
    const { default: binaryen } = await import("binaryen");
    const mod = binaryen.parseText(readFileSync(join(root, "js", "unpack.wat"), "utf8"));
    assert.ok(mod.validate());
    const built = Buffer.from(mod.emitBinary()).toString("base64");
    const shipped = /const DECODER = "([^"]+)"/.exec(readFileSync(join(root, "js", "unpack.ts"), "utf8"))?.[1];
    assert.equal(shipped, built);
  });
  test("the alphabet: 90 characters, two of them escapes, enough codes for 256 bytes", () => {
    assert.equal(ALPHABET.length, 90);
    assert.equal(DIRECT + 2 * ALPHABET.length >= 256, true);
  });
});

describe("anything but an exact encoding throws", () => {
  const bytes = randomBytes(3000, 7);
  const { text, order } = pack(bytes);
  const corrupt = /the inlined wasm is corrupt/;
  const esc = ALPHABET[DIRECT];
  test("characters outside the alphabet", () => {
    for (const c of ['"', "'", "`", "$", "\\", "\n", "\u00e9", "\u{1F600}", "\u0000", "\u007f"]) {
      assert.throws(() => unpack(text.slice(0, 10) + c + text.slice(11), order, bytes.length), corrupt, JSON.stringify(c));
    }
  });
  test("a dangling escape, an escape before a bad character, codes past 255", () => {
    // The text of `bytes.length - 1` bytes plus an escape with nothing after it.
    const short = pack(bytes.subarray(0, bytes.length - 1));
    assert.throws(() => unpack(short.text + esc, short.order, bytes.length), corrupt);
    assert.throws(() => unpack(short.text + esc + "\\", short.order, bytes.length), corrupt);
    // The second escape with the last alphabet character: code DIRECT + 2 * 90 - 1 > 255.
    const past = ALPHABET[DIRECT + 1] + ALPHABET.at(-1);
    assert.throws(() => unpack(short.text + past, short.order, bytes.length), corrupt);
  });
  test("too much text, too little text, a wrong size", () => {
    assert.throws(() => unpack(text + ALPHABET[0], order, bytes.length), corrupt);
    assert.throws(() => unpack(text + esc, order, bytes.length), corrupt);
    assert.throws(() => unpack(text.slice(0, -1), order, bytes.length), corrupt);
    assert.throws(() => unpack(text, order, bytes.length + 1), corrupt);
    assert.throws(() => unpack(text, order, bytes.length - 1), corrupt);
    assert.throws(() => unpack("", order, 1), corrupt);
  });
  test("a bad order table", () => {
    assert.throws(() => unpack(text, order.slice(2), bytes.length), corrupt);
    assert.throws(() => unpack(text, `${order}00`, bytes.length), corrupt);
    assert.throws(() => unpack(text, `zz${order.slice(2)}`, bytes.length), corrupt);
    assert.throws(() => unpack(text, order.toUpperCase().replace(/[0-9]/g, "a"), bytes.length), corrupt);
  });
  test("random text decodes to some bytes or throws, never anything else", () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const r = randomBytes(1 + (seed % 40), seed, 128);
      const s = String.fromCharCode(...r);
      try {
        const out = unpack(s, order, seed % 50);
        assert.equal(out.length, seed % 50);
      } catch (e) {
        assert.match(String(e), corrupt);
      }
    }
  });
});

describe("the inlined builds", () => {
  const { text } = pack(wasm);
  for (const f of ["pkg/index.js", "pkg/chess960.iife.js", "www/dist/chess960-board.js"]) {
    test(`${f} carries the wasm packed, not as base64`, () => {
      const bundle = readFileSync(join(root, f), "utf8");
      assert.ok(bundle.includes(text.slice(0, 2000)), "the packed wasm is not in the bundle");
      assert.ok(!bundle.includes(wasm.toString("base64").slice(0, 200)), "the wasm's base64 is in the bundle");
    });
  }
  test("pkg/index.js (the browser/bundler entry) unpacks and runs in Node too", async () => {
    const { Chess } = await import(pathToFileURL(join(root, "pkg", "index.js")).href);
    assert.equal(new Chess().moves().length, 20);
    assert.equal(Chess.chess960(0).perft(3), 9006); // BBQNNRKR, tests/data/chess960-startpos.perft
  });
});
