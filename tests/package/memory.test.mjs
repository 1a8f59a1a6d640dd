// Memory and limits (issue 17): kept games and long records grow memory and time
// linearly, status queries cost the same on a long game as on a short one, and input
// that would exhaust memory is refused with an Error while the instance keeps working.
// Times and wasm memory are printed; the assertions allow this host's noise.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Chess, wasmMemoryPages } from "chess960";

const MB = (pages) => `${((pages * 65536) / 1048576).toFixed(1)} MiB`;
const shuffle = (plies) => "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(Math.ceil(plies / 4)) + "*";

describe("memory", () => {
  test("100,000 kept games: each batch of 25,000 costs about the same (no growth a page at a time)", () => {
    const kept = [];
    const times = [];
    for (let batch = 0; batch < 4; batch++) {
      const t = performance.now();
      for (let i = 0; i < 25_000; i++) {
        const g = new Chess();
        g.move("e4");
        kept.push(g);
      }
      times.push(performance.now() - t);
      console.log(`# batch ${batch + 1}: ${times[batch].toFixed(0)} ms, wasm memory ${MB(wasmMemoryPages())}`);
    }
    // Growth one page at a time made the 4th batch ~10x the 1st (1.1 s, then 5.3, 9.3,
    // 10.9 s); linear growth keeps them within noise.
    assert.ok(times[3] < 4 * Math.max(times[0], 50), `batches took ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
    for (const g of kept) g.free();
  });

  test("long records: time grows linearly with the plies, status stays O(1)", () => {
    const sizes = [25_000, 50_000, 100_000, 199_996];
    const times = [];
    let long;
    for (const n of sizes) {
      const text = shuffle(n);
      const t = performance.now();
      const g = Chess.fromPgn(text);
      times.push(performance.now() - t);
      assert.equal(g.history().length, n);
      console.log(`# fromPgn of ${n} plies: ${times.at(-1).toFixed(0)} ms, wasm memory ${MB(wasmMemoryPages())}`);
      if (n === sizes.at(-1)) long = g;
      else g.free();
    }
    // 8x the plies: linear is 8x the time; the old quadratic growth was ~26x.
    assert.ok(times[3] < 16 * times[0] + 50, `times ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
    const short = new Chess();
    const cost = (g) => {
      const t = performance.now();
      for (let i = 0; i < 2000; i++) g.isGameOver() + g.isThreefoldRepetition() + g.isDraw();
      return (performance.now() - t) / 2000;
    };
    cost(short);
    const [a, b] = [cost(short), cost(long)];
    console.log(`# status queries: ${(a * 1000).toFixed(2)} µs on a new game, ${(b * 1000).toFixed(2)} µs after 199,996 plies`);
    assert.ok(b < 10 * a + 0.01, "status queries cost more on a long game");
    long.free();
  });

  test("a record too long to keep is refused with an Error; the instance keeps working", () => {
    for (const plies of [1_000_000, 6_000_000]) {
      const t = performance.now();
      assert.throws(() => Chess.fromPgn(shuffle(plies)), (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && /too long/.test(e.message));
      console.log(`# ${plies} plies refused in ${(performance.now() - t).toFixed(0)} ms, wasm memory ${MB(wasmMemoryPages())}`);
    }
    assert.throws(() => new Chess().loadPgn("x".repeat(70 << 20)), RangeError);
    const g = new Chess();
    g.move("e4");
    assert.equal(g.moves().length, 20);
  });
});

describe("arguments are checked, not coerced", () => {
  test("wrong types are TypeErrors, numbers out of range RangeErrors", () => {
    for (const bad of [null, "", false, [], true, "0x10", "5"]) {
      assert.throws(() => Chess.chess960(bad), TypeError, `chess960(${JSON.stringify(bad)})`);
    }
    for (const bad of [960, -1, 1.5, NaN, Infinity]) assert.throws(() => Chess.chess960(bad), RangeError);
    const g = new Chess();
    for (const bad of [null, "2", undefined, {}]) assert.throws(() => g.perft(bad), TypeError);
    for (const bad of [9, 12, -1, 0.5]) assert.throws(() => g.perft(bad), RangeError, `perft(${bad})`);
    assert.equal(g.perft(3), 8902);
    for (const t of ["5", null, []]) assert.throws(() => g.seal("e4", { whiteTimeMs: t }), TypeError);
    assert.throws(() => g.seal("e4", { whiteTimeMs: 1e300 }), RangeError);
    assert.throws(() => g.seal("e4", { drawOffer: "yes" }), TypeError);
  });
});
