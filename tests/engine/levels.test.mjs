// The levels' Elo labels (`LEVEL_ELO`, js/engine/levels.ts) against what they label: the
// engine's levels (crates/engine/src/levels.rs: as many, the same node budgets, since a
// label holds only for the settings it was measured with), the app's level selector
// (www/index.html shows each label), and the engine entry's accepted levels.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { Chess } from "chess960";
import { Engine, LEVEL_ELO } from "chess960/engine";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The engine's ladder, read from its source: [{ number, nodes }]. */
function ladder() {
  const src = readFileSync(join(root, "crates", "engine", "src", "levels.rs"), "utf8");
  const start = src.indexOf("const LADDER");
  const body = src.slice(start, src.indexOf("];", start));
  const levels = [...body.matchAll(/number:\s*(\d+),\s*nodes:\s*([\d_]+),/g)].map((m) => ({
    number: Number(m[1]),
    nodes: Number(m[2].replaceAll("_", "")),
  }));
  assert.ok(start >= 0 && levels.length > 0, "levels.rs has a LADDER");
  return levels;
}

test("LEVEL_ELO labels every level of the engine, with the node budget it was measured at", () => {
  const levels = ladder();
  assert.equal(LEVEL_ELO.length, levels.length);
  LEVEL_ELO.forEach((l, i) => {
    assert.equal(l.level, i + 1);
    assert.equal(l.level, levels[i].number);
    assert.equal(l.nodes, levels[i].nodes, `level ${l.level}'s nodes changed since it was measured`);
    assert.ok(l.low < l.elo && l.elo < l.high, `level ${l.level}: the estimate lies inside its interval`);
    assert.ok(["stockfish", "ladder"].includes(l.from), `level ${l.level}: ${l.from}`);
    if (i > 0) assert.ok(l.elo > LEVEL_ELO[i - 1].elo, `level ${l.level} is labelled above level ${i}`);
  });
  assert.ok(Object.isFrozen(LEVEL_ELO) && LEVEL_ELO.every((l) => Object.isFrozen(l)));
});

test("the app's level selector shows each level's label", () => {
  const html = readFileSync(join(root, "www", "index.html"), "utf8");
  const select = /<select id="cpu-level">(.*?)<\/select>/s.exec(html);
  assert.ok(select, "www/index.html has the level selector");
  const options = [...select[1].matchAll(/<option value="(\d+)"[^>]*>([^<]*)<\/option>/g)].map((m) => [Number(m[1]), m[2]]);
  assert.deepEqual(
    options,
    LEVEL_ELO.map((l) => [l.level, `${l.level} · about ${l.elo}`]),
  );
});

test("the engine entry plays every labelled level and refuses the next", async () => {
  const engine = await Engine.create({ hash: 8 });
  try {
    const g = new Chess();
    const top = LEVEL_ELO.length;
    const r = await engine.bestMove(g, { level: top, nodes: 2_000 });
    assert.ok(g.moves().includes(r.san));
    await assert.rejects(engine.bestMove(g, { level: top + 1, nodes: 2_000 }), RangeError);
  } finally {
    engine.terminate();
  }
});
