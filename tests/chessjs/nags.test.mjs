// The NAG and suffix-annotation API of chess.js's current source (not in 1.4.0, so tested on
// its own): getNags / addNag / setNags / removeNag / removeNags and getSuffixAnnotation /
// setSuffixAnnotation / removeSuffixAnnotation, at the current position or the one a FEN
// names. chess.js keys them by FEN; ours belong to the mainline move that reached the
// position (so undo takes them along, and a FEN the game never reached holds none: the
// intended differences of comments). Suffixes and NAGs are kept apart, as in chess.js;
// pgn() writes both (`e4!? $14`) and loadPgn reads them back.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Chess } from "chess960";
import { rng } from "./lib.mjs";

const SUFFIXES = ["!", "?", "!!", "!?", "?!", "??"];

/** Asserts that `f` throws `type` (with `message`, if given) and leaves `g` as it was. */
function refuses(g, f, type, message) {
  const before = [g.fen(), g.pgn(), JSON.stringify(g.getNags())];
  assert.throws(f, (e) => e instanceof type && (message === undefined || e.message === message));
  assert.deepEqual([g.fen(), g.pgn(), JSON.stringify(g.getNags())], before, "a refused call changed the game");
}

describe("NAGs at the current position", () => {
  test("getNags() is [] until one is added; addNag adds each NAG once, in order", () => {
    const g = new Chess();
    g.move("e4");
    assert.deepEqual(g.getNags(), []);
    g.addNag(14);
    g.addNag(1);
    g.addNag(14);
    assert.deepEqual(g.getNags(), [14, 1]);
  });

  test("getNags() answers a copy: changing it changes nothing", () => {
    const g = new Chess();
    g.move("d4");
    g.addNag(3);
    g.getNags().push(99);
    assert.deepEqual(g.getNags(), [3]);
  });

  test("setNags replaces them with a copy of the array", () => {
    const g = new Chess();
    g.move("e4");
    g.addNag(1);
    const nags = [16, 32];
    g.setNags(nags);
    nags.push(40);
    assert.deepEqual(g.getNags(), [16, 32]);
    g.setNags([]);
    assert.deepEqual(g.getNags(), []);
  });

  test("removeNag says whether it was there; removeNags returns the old ones and leaves none", () => {
    const g = new Chess();
    g.move("e4");
    g.setNags([1, 14]);
    assert.equal(g.removeNag(14), true);
    assert.equal(g.removeNag(14), false);
    assert.equal(g.removeNag(99), false);
    assert.deepEqual(g.getNags(), [1]);
    assert.deepEqual(g.removeNags(), [1]);
    assert.deepEqual(g.getNags(), []);
    assert.deepEqual(g.removeNags(), []);
  });

  test("a NAG that is no number is a TypeError, a number that is no NAG a RangeError; the game is unchanged", () => {
    const g = new Chess();
    g.move("e4");
    g.addNag(1);
    refuses(g, () => g.addNag("1"), TypeError);
    refuses(g, () => g.addNag(null), TypeError);
    refuses(g, () => g.addNag(256), RangeError);
    refuses(g, () => g.addNag(-1), RangeError);
    refuses(g, () => g.addNag(1.5), RangeError);
    refuses(g, () => g.addNag(NaN), RangeError);
    refuses(g, () => g.setNags("1"), TypeError);
    refuses(g, () => g.setNags([2, "3"]), TypeError);
    refuses(g, () => g.setNags([2, 300]), RangeError);
    refuses(g, () => g.removeNag("1"), TypeError);
    assert.deepEqual(g.getNags(), [1]);
  });
});

describe("suffix annotations", () => {
  test("set, get and remove each of chess.js's six suffixes", () => {
    const g = new Chess();
    g.move("e4");
    assert.equal(g.getSuffixAnnotation(), undefined);
    for (const s of SUFFIXES) {
      g.setSuffixAnnotation(s);
      assert.equal(g.getSuffixAnnotation(), s);
    }
    assert.equal(g.removeSuffixAnnotation(), "??");
    assert.equal(g.getSuffixAnnotation(), undefined);
    assert.equal(g.removeSuffixAnnotation(), undefined);
  });

  test("anything else throws chess.js's `Invalid suffix: …` and changes nothing", () => {
    const g = new Chess();
    g.move("e4");
    g.setSuffixAnnotation("!");
    for (const bad of ["", "!!!", "x", "+", "$1", "! ", undefined, null, 1]) {
      refuses(g, () => g.setSuffixAnnotation(bad), Error, `Invalid suffix: ${bad}`);
    }
    assert.equal(g.getSuffixAnnotation(), "!");
  });

  test("suffixes and NAGs are apart, as in chess.js: a suffix adds no NAG, and pgn() writes both", () => {
    const g = new Chess();
    g.move("e4");
    g.setSuffixAnnotation("!?");
    g.addNag(14);
    assert.deepEqual(g.getNags(), [14]);
    g.move("e5");
    g.setSuffixAnnotation("?");
    assert.match(g.pgn(), /\n1\. e4!\? \$14 e5\? \*$/);
  });
});

describe("by FEN", () => {
  test("a FEN of the mainline names the position after that move (or the start)", () => {
    const g = new Chess();
    const start = g.fen();
    const afterE4 = g.move("e4").after;
    g.move("e5");
    g.addNag(1, afterE4);
    g.setSuffixAnnotation("!!", afterE4);
    g.setNags([18], start);
    assert.deepEqual(g.getNags(afterE4), [1]);
    assert.equal(g.getSuffixAnnotation(afterE4), "!!");
    assert.deepEqual(g.getNags(start), [18]);
    assert.deepEqual(g.getNags(), []);
    assert.deepEqual(g.removeNags(afterE4), [1]);
    assert.equal(g.removeSuffixAnnotation(afterE4), "!!");
    assert.equal(g.removeNag(18, start), true);
  });

  test("intended: a FEN the game never reached holds nothing (chess.js would keep it under that FEN)", () => {
    const g = new Chess();
    g.move("e4");
    const elsewhere = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    g.addNag(3, elsewhere);
    g.setSuffixAnnotation("!", elsewhere);
    assert.deepEqual(g.getNags(elsewhere), []);
    assert.equal(g.getSuffixAnnotation(elsewhere), undefined);
    assert.equal(g.removeNag(3, elsewhere), false);
    assert.deepEqual(g.getNags(), []);
  });

  test("intended: undo takes the move's NAGs and suffix with it (chess.js keeps them under the FEN)", () => {
    const g = new Chess();
    g.move("e4");
    g.addNag(1);
    g.setSuffixAnnotation("!");
    g.undo();
    g.move("e4");
    assert.deepEqual(g.getNags(), []);
    assert.equal(g.getSuffixAnnotation(), undefined);
  });
});

test("random annotations survive pgn() and loadPgn, at every position of the game", () => {
  const r = rng(0x9a9);
  let annotated = 0;
  for (let n = 0; n < 40; n++) {
    const g = new Chess();
    const want = [];
    for (let ply = 0; ply < 40 && !g.isGameOver(); ply++) {
      const m = g.move(r.pick(g.moves()));
      const nags = r.chance(0.3) ? [...new Set([r.int(256), r.int(20)])] : [];
      const suffix = r.chance(0.3) ? r.pick(SUFFIXES) : undefined;
      if (nags.length > 0) g.setNags(nags);
      if (suffix !== undefined) g.setSuffixAnnotation(suffix);
      if (nags.length > 0 || suffix !== undefined) annotated++;
      want.push({ fen: m.after, nags, suffix });
    }
    for (const text of [g.pgn(), g.pgn({ maxWidth: 30 })]) {
      const back = new Chess();
      back.loadPgn(text);
      for (const w of want) {
        assert.deepEqual(back.getNags(w.fen), w.nags, `NAGs at ${w.fen} after reading ${text}`);
        assert.equal(back.getSuffixAnnotation(w.fen), w.suffix, `suffix at ${w.fen} after reading ${text}`);
      }
      assert.equal(back.pgn(), g.pgn());
    }
  }
  assert.ok(annotated > 200, `only ${annotated} annotated moves`);
});
