// Sounds are made in the page with Web Audio (no file is fetched): a move, a capture, a
// check and the end of a game each make one; the mute switch silences them.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { appServer, launch, newGame, openApp, play, profile } from "./app-helpers.mjs";

let srv;
before(async () => {
  srv = await appServer();
});
after(async () => {
  await srv?.close();
});

test("moves, captures, checks and the end sound; muted, nothing sounds; no audio file is fetched", async () => {
  const p = profile();
  const ctx = await launch(p.dir);
  try {
    // Counts what the page asks Web Audio to play: knocks (noise) and notes (oscillators).
    await ctx.addInitScript(() => {
      window.sounds = { knocks: 0, notes: 0 };
      const knock = AudioBufferSourceNode.prototype.start;
      AudioBufferSourceNode.prototype.start = function (...a) {
        window.sounds.knocks++;
        return knock.apply(this, a);
      };
      const note = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...a) {
        window.sounds.notes++;
        return note.apply(this, a);
      };
    });
    const requests = [];
    ctx.on("request", (r) => requests.push(r.url()));
    const page = await openApp(ctx, `${srv.origin}/`);
    await newGame(page, { variant: "standard" });
    const sounds = () => page.evaluate(() => ({ ...window.sounds }));
    await play(page, "e2e4");
    assert.deepEqual(await sounds(), { knocks: 1, notes: 0 }, "a move: one knock");
    await play(page, "d7d5", "e4d5");
    assert.deepEqual(await sounds(), { knocks: 4, notes: 0 }, "a capture: two knocks");
    await play(page, "d8d5", "b1c3", "d5e5");
    assert.deepEqual(await sounds(), { knocks: 8, notes: 1 }, "a check: a knock and a note");
    await page.uncheck("#set-sound");
    await play(page, "g1e2");
    assert.deepEqual(await sounds(), { knocks: 8, notes: 1 }, "muted");
    await page.check("#set-sound");
    await page.click("#resign");
    await page.getByRole("button", { name: "Resign", exact: true }).last().click();
    // The dialog's close event, which carries the answer, comes a task after the click.
    await page.waitForFunction(() => /wins/.test(document.querySelector("#status").textContent), null, { timeout: 5_000 });
    assert.deepEqual(await sounds(), { knocks: 8, notes: 4 }, "the end: three notes");
    assert.deepEqual(requests.filter((u) => /\.(mp3|ogg|wav|m4a)$/.test(u)), []);
    assert.deepEqual(page.errors, []);
  } finally {
    await ctx.close();
    p.drop();
  }
});
