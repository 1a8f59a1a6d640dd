/**
 * Taking a game away: the clipboard (with a fallback where the Clipboard API is refused,
 * as a page from file:// or an iframe without the permission may be), a download, and
 * the record's PGN with the engine's evaluations written into it.
 */
import { JUDGMENTS, pgnEvalText, type PlyEval } from "./evals.ts";

/**
 * Puts `text` on the clipboard: the Clipboard API, else the older copy command on a
 * hidden text field inside `root`. False when both were refused.
 */
export async function copyText(text: string, root: ShadowRoot): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.cssText = "position:fixed;top:0;left:0;opacity:0;pointer-events:none";
    root.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** Saves `text` as a file called `name` (a Blob URL: works from file:// too). */
export function download(name: string, text: string, type = "application/x-chess-pgn"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from the tags: "Carlsen-Nakamura-2018.02.13.pgn", else "game.pgn". */
export function fileName(headers: Record<string, string>): string {
  const known = (v: string | undefined): v is string => !!v && !/^[?-]*$/.test(v);
  const parts = [headers["White"], headers["Black"], headers["Date"]?.replace(/\.\?\?/g, "")].filter(known);
  const base = parts.map((p) => p.split(",")[0]?.trim() ?? p).join("-").replace(/[^\p{L}\p{N}.-]+/gu, "_");
  return `${base || "game"}.pgn`;
}

/** A token of PGN movetext as the package's writer lays it out. */
const TOKEN = /\{[^}]*\}|;[^\n]*|\(|\)|\$\d+|[^\s(){};]+/g;
const NOT_A_MOVE = /^(\d+\.+|1-0|0-1|1\/2-1\/2|\*)$/;

/**
 * `pgn` (as `Chess.pgn()` writes it) with `[%eval]` after each mainline move that has a
 * score in `evals` (index = ply), and the judgment's NAG ($6, $2, $4) where the move has
 * no assessment of its own. Written into the text: the package's `Chess` can set a comment
 * only on its current position (chess.js's `setComment`) and `undo()` drops a move's
 * annotations, so the record cannot be annotated ply by ply through its API.
 */
export function pgnWithEvals(pgn: string, evals: ReadonlyArray<PlyEval | undefined>): string {
  const body = pgn.search(/\n\s*\n/);
  const start = body < 0 ? 0 : body;
  const inserts: Array<[number, string]> = [];
  let depth = 0;
  let ply = 0;
  let pending: { at: number; nags: number[] } | null = null;
  const flush = (): void => {
    if (!pending) return;
    const e = evals[ply];
    if (e) {
      let add = "";
      if (e.judgment && !pending.nags.some((n) => n >= 1 && n <= 6)) add += ` $${JUDGMENTS[e.judgment].nag}`;
      if (!("mate" in e.score && e.score.mate === 0)) add += ` {[%eval ${pgnEvalText(e.score)}]}`;
      if (add) inserts.push([pending.at, add]);
    }
    pending = null;
  };
  for (const m of pgn.slice(start).matchAll(TOKEN)) {
    const t = m[0];
    const end = start + (m.index ?? 0) + t.length;
    if (t === "(") depth++;
    else if (t === ")") depth--;
    if (depth !== 0 || t === ")") {
      flush();
      continue;
    }
    if (t.startsWith("$") && pending) {
      pending.nags.push(+t.slice(1));
      pending.at = end;
      continue;
    }
    flush();
    if (t.startsWith("{") || t.startsWith(";") || t.startsWith("$") || NOT_A_MOVE.test(t)) continue;
    ply++;
    pending = { at: end, nags: [] };
  }
  flush();
  let out = pgn;
  for (const [at, text] of inserts.reverse()) out = out.slice(0, at) + text + out.slice(at);
  return out;
}
