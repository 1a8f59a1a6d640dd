// The terminal command (issue 24): `chess960 pgn stats FILE` and `chess960 pgn check FILE`
// as the package's `bin` runs them, on a file with a bad game in the middle: the counts,
// the place of the bad game, the exit status, `--json`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

const root = new URL("../../", import.meta.url);
const manifest = JSON.parse(readFileSync(new URL("package.json", root), "utf8"));
const bin = new URL(manifest.bin.chess960, root).pathname;
const shared = readFileSync(new URL("tests/data/lichess-chess960-games.pgn", root), "utf8");
const dir = mkdtempSync(join(tmpdir(), "chess960-cli-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });

// The shared games with one illegal move in the 3rd game (its `13. Bxe5` made `13. Bxe9`).
const games = shared.split(/\n\n(?=\[Event )/);
const bad = games[2].replace(/ (\d+)\. (\S+)/, " $1. Qh9");
const text = [games[0], games[1], bad, ...games.slice(3)].join("\n\n");
const file = join(dir, "games.pgn");
writeFileSync(file, text);
const clean = join(dir, "clean.pgn");
writeFileSync(clean, shared);
const badOffset = Buffer.byteLength(text.slice(0, text.indexOf(bad)));
const badLine = text.slice(0, text.indexOf(bad)).split("\n").length;

describe("chess960 pgn", () => {
  test("the package's bin is shipped and runs", () => {
    assert.ok(manifest.files.some((f) => manifest.bin.chess960.startsWith(`./${f}`)), "bin inside the packed files");
    const r = run("--help");
    assert.equal(r.status, 0);
    assert.match(r.stdout, /chess960 pgn stats FILE/);
    assert.equal(run("pgn", "nonsense", file).status, 2);
    assert.equal(run("pgn", "stats", join(dir, "missing.pgn")).status, 2);
  });

  test("stats --json: games, plies, results, variants, the bad game's place", () => {
    const r = run("pgn", "stats", file, "--json");
    assert.equal(r.status, 0, r.stderr);
    const s = JSON.parse(r.stdout);
    assert.equal(s.games, games.length);
    assert.equal(s.errors.length, 1);
    assert.deepEqual({ ...s.errors[0], message: undefined }, { index: 2, offset: badOffset, line: s.errors[0].line, message: undefined });
    assert.ok(s.errors[0].line > badLine && s.errors[0].line < badLine + 30, `line ${s.errors[0].line}`);
    assert.match(s.errors[0].message, /Qh9/);
    assert.equal(Object.values(s.results).reduce((a, b) => a + b, 0), games.length - 1);
    assert.equal(s.variants.Chess960, games.length - 1);
    assert.ok(s.plies > 30000 && s.ms >= 0 && s.bytes === Buffer.byteLength(text));
    // Without --json: the same in words.
    const words = run("pgn", "stats", file);
    assert.match(words.stdout, new RegExp(`${games.length} games`));
    assert.match(words.stdout, new RegExp(`:${s.errors[0].line}: game 3 \\(byte ${badOffset}\\)`));
  });

  test("check: exit status 1 and the list when a game is illegal, 0 when all are legal", () => {
    const r = run("pgn", "check", file);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /game 3 .*Qh9/);
    assert.match(r.stdout, new RegExp(`1 of ${games.length} games cannot be read`));
    const j = run("pgn", "check", file, "--json");
    assert.equal(j.status, 1);
    const out = JSON.parse(j.stdout);
    assert.equal(out.ok, false);
    assert.equal(out.errors[0].offset, badOffset);
    const ok = run("pgn", "check", clean, "--json");
    assert.equal(ok.status, 0, ok.stdout);
    assert.equal(JSON.parse(ok.stdout).ok, true);
    // Standard input.
    const stdin = spawnSync(process.execPath, [bin, "pgn", "check", "-"], { input: text, encoding: "utf8" });
    assert.equal(stdin.status, 1);
    assert.match(stdin.stdout, /game 3/);
  });

  // A terminal through util-linux's `script` (a pseudo-terminal): the bar on standard
  // error, rewritten in place and wiped at the end; none when standard error is a pipe.
  const script = ["/usr/bin/script", "/bin/script"].find((p) => existsSync(p));
  test("a progress bar on a terminal only", { skip: script === undefined && "no script(1) for a pseudo-terminal" }, () => {
    const piped = run("pgn", "stats", file);
    assert.equal(piped.stderr, "");
    const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;
    const tty = spawnSync(script, ["-qec", [process.execPath, bin, "pgn", "stats", file].map(quote).join(" "), "/dev/null"], { encoding: "utf8" });
    assert.equal(tty.status, 0, tty.stdout);
    assert.match(tty.stdout, /\r\[#*\.*\] +\d+ % \d+\.\d MB, [\d,]+ games /);
    const wiped = tty.stdout.lastIndexOf("\r\x1b[K");
    assert.ok(wiped > 0, "the bar is wiped");
    assert.match(tty.stdout.slice(wiped), new RegExp(`^\\r\\x1b\\[K${file.replaceAll(/[.\\/]/g, "\\$&")}: ${games.length} games`));
  });
});
