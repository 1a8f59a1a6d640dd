/**
 * The library view: the games kept on this device (players, result, date), to reopen,
 * continue, export or delete; and imports from PGN files or pasted text (every game in
 * them). The store is storage.ts's IndexedDB `Library`.
 */
import { api } from "./api.ts";
import { ask } from "./dialog.ts";
import { $, download, el } from "./dom.ts";
import { fileName, S } from "./play.ts";
import { recordFromPgn, type GameRecord } from "./record.ts";

const status = (text: string): void => {
  $("library-status").textContent = text;
};

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

const moves = (plies: number): string => {
  const n = Math.ceil(plies / 2);
  return n === 1 ? "1 move" : `${n} moves`;
};

const VARIANT: Record<string, string> = { standard: "Standard", chess960: "Chess960", chess9: "Chess-9" };

/** Shows the list; `open` continues or reviews a game. */
export async function showLibrary(open: (rec: GameRecord) => void): Promise<void> {
  const list = $("games");
  if (!S.library) {
    list.replaceChildren();
    status(`The library is not available here: ${S.libraryError ?? "it is still opening"}. Your game in progress is still saved for a reload when the browser allows it.`);
    return;
  }
  let games: GameRecord[];
  try {
    games = await S.library.all();
  } catch (err) {
    status(`The library could not be read: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  status(games.length ? `${games.length} game${games.length === 1 ? "" : "s"}` : "No games yet: games you play are kept here.");
  list.replaceChildren(...games.map((g) => row(g, open)));
}

function row(rec: GameRecord, open: (rec: GameRecord) => void): HTMLElement {
  const current = rec.id === S.meta.id;
  const state = rec.envelope ? "adjourned" : rec.over ? rec.result.replace("1/2-1/2", "½-½") : "unfinished";
  const openBtn = current
    ? el("span", { class: "now" }, "Playing now")
    : el("button", { type: "button", class: "btn", "data-action": "open" }, rec.over ? "Review" : "Continue");
  openBtn.addEventListener("click", () => {
    if (!current) open(rec);
  });
  const pgnBtn = el("button", { type: "button", class: "btn", "data-action": "export", "aria-label": `Export ${rec.white} – ${rec.black} as PGN` }, "PGN");
  pgnBtn.addEventListener("click", () => download(fileName(rec), rec.pgn));
  const del = el("button", { type: "button", class: "btn", "data-action": "delete", "aria-label": `Delete ${rec.white} – ${rec.black}` }, "Delete");
  del.disabled = current;
  del.addEventListener("click", async () => {
    const yes = await ask("Delete this game?", `${rec.white} – ${rec.black}, ${when(rec.created)}. It cannot be brought back (export its PGN first if you want to keep it).`, [
      { label: "Delete", value: "delete", primary: true },
    ]);
    if (yes !== "delete" || !S.library) return;
    try {
      await S.library.delete(rec.id);
      item.remove();
      status("Deleted.");
    } catch (err) {
      status(`Could not delete: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  const item = el("li", { class: current ? "current" : "", "data-id": rec.id },
    el("div", { class: "who" }, `${rec.white} – ${rec.black}`, el("span", { class: "res" }, state)),
    el("div", { class: "meta" }, `${VARIANT[rec.variant] ?? rec.variant} · ${moves(rec.plies)} · ${when(rec.created)}`),
    el("div", { class: "acts" }, openBtn, pgnBtn, del),
  );
  return item;
}

/** Adds every game of `text` to the library; returns what happened, in a sentence. */
export async function importPgn(text: string): Promise<string> {
  if (!S.library) return `Nothing imported: the library is not available here (${S.libraryError ?? "unknown reason"}).`;
  const parts = api.splitPgn(text);
  let ok = 0;
  const bad: string[] = [];
  for (const [i, t] of parts.entries()) {
    try {
      const g = api.Chess.fromPgn(t);
      await S.library.put(recordFromPgn(g));
      g.free();
      ok++;
    } catch (err) {
      bad.push(`game ${i + 1}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (!parts.length) return "No game found in that text.";
  return `Imported ${ok} game${ok === 1 ? "" : "s"}.${bad.length ? ` Not imported: ${bad.join("; ")}.` : ""}`;
}

/** Every game of the library as one PGN file. */
export async function exportAll(): Promise<void> {
  if (!S.library) {
    status(`The library is not available here: ${S.libraryError ?? ""}`);
    return;
  }
  const games = await S.library.all();
  if (!games.length) {
    status("No games to export.");
    return;
  }
  download(`chess960-library-${new Date().toISOString().slice(0, 10)}.pgn`, games.map((g) => g.pgn.trim()).join("\n\n") + "\n");
}
