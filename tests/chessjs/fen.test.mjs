// validateFen and FEN loading on random mutations of real FENs: ours gives chess.js's
// { ok, error } (our own reading rides along as `cause`), and the constructor and load()
// accept what chess.js accepts and refuse what it refuses, with its message.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Chess, validateFen } from "chess960";
import { Chess as JsChess, validateFen as jsValidateFen } from "chess.js";
import { Diffs, SCALE, attempt, readsAlike, rng, show } from "./lib.mjs";

const MUTATIONS = Math.round(20000 * SCALE);
const g = rng(Number(process.env.CHESSJS_SEED ?? 0xfe4));
const diffs = new Diffs();

const suite = readFileSync(new URL("../data/random.perft", import.meta.url), "utf8");
const FENS = suite.split("\n").filter((l) => l.startsWith("epd ")).map((l) => `${l.slice(4).trim()} ${g.int(60)} ${1 + g.int(80)}`);
FENS.push("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");

const ALPHABET = "pnbrqkPNBRQK12345678/ -wbKQkqacdefgh0936x\t\n.";
/** One random edit of `fen`: a character changed, inserted, removed or doubled, a field dropped, swapped or repeated. */
function mutate(fen) {
  const i = g.int(fen.length + 1);
  const c = g.pick([...ALPHABET]);
  const fields = fen.split(" ");
  switch (g.int(9)) {
    case 0:
      return fen.slice(0, i) + c + fen.slice(i + 1);
    case 1:
      return fen.slice(0, i) + c + fen.slice(i);
    case 2:
      return fen.slice(0, i) + fen.slice(i + 1);
    case 3:
      return fen.slice(0, i) + fen.slice(i, i + 3).repeat(2) + fen.slice(i + 3);
    case 4:
      return fields.filter((_, k) => k !== g.int(fields.length)).join(" ");
    case 5: {
      const [a, b] = [g.int(fields.length), g.int(fields.length)];
      [fields[a], fields[b]] = [fields[b], fields[a]];
      return fields.join(" ");
    }
    case 6:
      return `${fen} ${g.pick(fields)}`;
    case 7:
      // A field replaced by a value that is almost right.
      fields[g.int(fields.length)] = g.pick(["-", "0", "-1", "01", "1.5", "w", "b", "W", "KQkq", "Kk", "KQkqK", "e3", "e6", "e4", "i6", "", "  ", "8", "9", "x"]);
      return fields.join(" ");
    default:
      return fen.replace(/\d/, (d) => g.pick(["1", "2", "7", "8", "9", "0", `${d}${d}`]));
  }
}

let valid = 0;
let xfens = 0;
for (let n = 0; n < MUTATIONS; n++) {
  let fen = g.pick(FENS);
  for (let k = 1 + g.int(3); k > 0; k--) fen = mutate(fen);
  const o = validateFen(fen);
  const t = jsValidateFen(fen);
  if (t.ok) valid++;
  const repro = () => `validateFen(${show(fen)})`;
  diffs.eq("validateFen(fen).ok", o.ok, t.ok, repro);
  diffs.eq("validateFen(fen).error", o.error, t.error, repro);
  if (o.ok) diffs.record("validateFen(fen) has no cause when ok", o.cause === undefined, repro);
  // new Chess(fen) and load(fen) throw exactly when chess.js's do, with its message.
  if (n % 4 === 0) {
    const oc = attempt(() => new Chess(fen));
    const tc = attempt(() => new JsChess(fen));
    // Ours also reads X-FEN and Shredder-FEN castling letters (SPEC §1), which chess.js refuses.
    const xfen = oc.ok && !tc.ok && tc.error.message === "Invalid FEN: castling availability is invalid" && /[a-hA-H]/.test(fen.split(/\s+/)[2] ?? "");
    if (xfen) xfens++;
    else diffs.record("new Chess(fen) throws as chess.js's does", oc.ok === tc.ok && (oc.ok || oc.error.message === tc.error.message), () => `new Chess(${show(fen)}): ours ${oc.ok ? "loads" : oc.error.message}, chess.js ${tc.ok ? "loads" : tc.error.message}`);
    // What both load, both load alike (placement, turn, castling, en passant, counters) unless
    // it is a castling right without its king or rook: intended.test.mjs.
    if (oc.ok && tc.ok && readsAlike(Chess, JsChess, fen)) diffs.eq("new Chess(fen).fen()", oc.value.fen(), tc.value.fen(), () => `new Chess(${show(fen)}).fen()`);
    const ol = attempt(() => new Chess().load(fen, { skipValidation: true }));
    const tl = attempt(() => new JsChess().load(fen, { skipValidation: true }));
    // With skipValidation chess.js reads anything that splits into fields, however broken (it
    // then throws TypeErrors later); ours refuses what it cannot read as a position.
    if (ol.ok) diffs.record("load(fen, {skipValidation}) reads what chess.js reads", tl.ok, () => `load(${show(fen)}, {skipValidation:true}): chess.js throws ${tl.error?.message}`);
  }
}

test(`validateFen compared on ${MUTATIONS} mutated FENs (${valid} valid for chess.js; ${xfens} X-FEN castling fields ours reads)`, () => {
  assert.ok(valid > MUTATIONS / 20, "too few mutations stay valid to compare loading");
});

// An en passant square that no pawn can take (as other tools write one after every double
// step), one a pinned pawn cannot take, and one that can be taken: chess.js keeps the square
// it was given for fen({ forceEnpassantSquare }), the FEN tag and hash(), and so do we.
for (const fen of [
  "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
  "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
  "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
  "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
]) {
  test(`a FEN's en passant square is kept as chess.js keeps it: ${fen}`, () => {
    const ours = new Chess(fen);
    const theirs = new JsChess(fen);
    assert.equal(theirs.fen({ forceEnpassantSquare: true }), fen);
    assert.equal(ours.fen({ forceEnpassantSquare: true }), fen);
    assert.equal(ours.fen(), theirs.fen());
    assert.deepEqual(ours.getHeaders(), theirs.getHeaders());
    assert.equal(ours.pgn(), theirs.pgn());
  });
}

test("a kept en passant square is part of the hash, as in chess.js: the same placement after moves is another position", () => {
  const fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
  for (const game of [new Chess(fen), new JsChess(fen)]) {
    const start = game.hash();
    for (const m of ["Nf3", "Nf6", "Ng1", "Ng8"]) game.move(m);
    assert.equal(game.fen().split(" ").slice(0, 4).join(" "), fen.split(" ").slice(0, 3).join(" ") + " -");
    assert.notEqual(game.hash(), start);
    game.load(fen);
    assert.equal(game.hash(), start);
  }
});

for (const category of diffs.categories().sort()) {
  test(`${category}`, () => diffs.assertNone(category));
}
