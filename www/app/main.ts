/**
 * The app (www/index.html): play standard chess, Chess960 and Chess-9 offline, against
 * a friend or the computer, on the clock; the game is saved after every move and comes
 * back after a reload; finished and unfinished games go to the library.
 *
 * A classic script after dist/chess960-board.js (global `Chess960`), so that it works
 * from file:// as well as installed from http(s).
 */
import { initAnalysis } from "./analysis.ts";
import { api, colorName, movesOf, type Chess, type Color, type Move, type Variant } from "./api.ts";
import { PRESETS, type TimeControl } from "./clock.ts";
import { ask } from "./dialog.ts";
import { $, copy } from "./dom.ts";
import { exportAll, importPgn, showLibrary } from "./library.ts";
import { registerServiceWorker } from "./offline.ts";
import {
  board, boardMove, boardSwap, changed, checkSealed, exportPgn, humanCanMove, isOver, load,
  onChange, record, resign, resume, S, save, seal, setControl, setOpponent, setOrientation, start, syncClock, tick,
  undo, wake,
} from "./play.ts";
import { gameOf, recordFromPgn, type GameRecord } from "./record.ts";
import { decodeFragment, encodeFragment } from "./share.ts";
import { initSettings } from "./settings.ts";
import { CURRENT, Library, loadCurrent, OLD_ENVELOPE, parseRecord, readLocal, removeLocal } from "./storage.ts";
import { render, showClocks } from "./view.ts";

// ---- setup controls ----

const variantBtns = [...document.querySelectorAll<HTMLButtonElement>("button[data-variant]")];
const posEl = $<HTMLInputElement>("pos");
const cpuSide = $<HTMLSelectElement>("cpu-side");
const cpuLevel = $<HTMLSelectElement>("cpu-level");
const tcEl = $<HTMLSelectElement>("tc");
let variant: Variant = "chess960";

for (const [label, c] of PRESETS) tcEl.append(new Option(c ? label : "No clock", label));
tcEl.append(new Option("Custom…", "custom"));

function pressVariant(v: Variant): void {
  variant = v;
  for (const b of variantBtns) b.setAttribute("aria-pressed", String(b.dataset["variant"] === v));
  document.body.dataset["variant"] = v;
}

/** The time control the setup card says; null for none, undefined when the custom one is wrong. */
function chosenControl(): TimeControl | null | undefined {
  if (tcEl.value !== "custom") return PRESETS.find(([l]) => l === tcEl.value)?.[1] ?? null;
  const min = Number($<HTMLInputElement>("tc-min").value);
  const inc = Number($<HTMLInputElement>("tc-inc").value);
  if (!(min > 0 && min <= 600 && inc >= 0 && inc <= 600)) return undefined;
  return { initialMs: Math.round(min * 60_000), incrementMs: Math.round(inc * 1000) };
}

function showControl(c: TimeControl | null): void {
  const preset = PRESETS.find(([, p]) => (p === null ? c === null : !!c && p.initialMs === c.initialMs && p.incrementMs === c.incrementMs));
  tcEl.value = preset ? preset[0] : "custom";
  if (!preset && c) {
    $<HTMLInputElement>("tc-min").value = String(c.initialMs / 60_000);
    $<HTMLInputElement>("tc-inc").value = String(c.incrementMs / 1000);
  }
  $("tc-custom").hidden = tcEl.value !== "custom";
}

/** The setup card shows the game in play's settings. */
function showSetup(): void {
  const g = S.g;
  pressVariant(g.variant());
  const id = g.chess960Id();
  if (g.variant() === "chess960" && id !== null) posEl.value = String(id);
  cpuSide.value = S.meta.opponent.computer ?? "";
  cpuLevel.value = String(S.meta.opponent.level);
  showControl(S.meta.control);
  $("setup-hint").hidden = true;
}

// ---- leaving a game: never without asking ----

/** Whether the game in play may be left (asked when it is unfinished); saved first. */
async function mayLeave(what: string): Promise<boolean> {
  if (isOver() || (movesOf(S.g).length === 0 && !S.meta.envelope)) return true;
  save();
  if (S.library && !S.libraryPutError) {
    const r = await ask(`${what}?`, "The game in progress is kept in your library, unfinished: you can continue it from there.", [
      { label: what, value: "go", primary: true },
    ]);
    return r === "go";
  }
  const why = S.libraryPutError ?? S.libraryError ?? "it is not available";
  const r = await ask(`${what}?`, `The game in progress will be lost: the library cannot keep it here (${why}). Export its PGN first to keep it.`, [
    { label: "Export PGN, then go on", value: "export", primary: true },
    { label: "Lose the game", value: "go" },
  ]);
  if (r === "export") exportPgn();
  return r !== null;
}

async function newGame(): Promise<void> {
  let g: Chess;
  if (variant === "chess9") g = api.Chess.chess9();
  else if (variant === "standard") g = new api.Chess();
  else {
    const raw = posEl.value.trim();
    const id = raw === "" ? undefined : Number(raw);
    if (id !== undefined && !(Number.isInteger(id) && id >= 0 && id <= 959)) {
      posEl.setCustomValidity("A position is a number from 0 to 959.");
      posEl.reportValidity();
      return;
    }
    posEl.setCustomValidity("");
    g = api.Chess.chess960(id);
  }
  const control = chosenControl();
  if (control === undefined) {
    const m = $<HTMLInputElement>("tc-min");
    m.setCustomValidity("Minutes from 0.25 to 600, seconds of increment from 0 to 600.");
    m.reportValidity();
    return;
  }
  if (!(await mayLeave("Start a new game"))) {
    showSetup();
    return;
  }
  const side = cpuSide.value === "w" || cpuSide.value === "b" ? cpuSide.value : null;
  start(g, { computer: side, level: Number(cpuLevel.value) }, control);
  showSetup();
  showBoard();
}

/** Brings the board into view (on a phone the setup card is below it). */
function showBoard(): void {
  const stage = document.querySelector(".stage");
  const r = stage?.getBoundingClientRect();
  if (r && (r.top < 0 || r.top > innerHeight / 2)) stage?.scrollIntoView({ block: "start" });
}

for (const b of variantBtns) {
  b.addEventListener("click", () => {
    pressVariant(b.dataset["variant"] as Variant);
    void newGame();
  });
}
$("new").addEventListener("click", () => void newGame());
$("again").addEventListener("click", () => void newGame());
$("random").addEventListener("click", () => {
  posEl.value = String(api.randomChess960Id());
  pressVariant("chess960");
  void newGame();
});
posEl.addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    pressVariant("chess960");
    void newGame();
  }
});
posEl.addEventListener("input", () => posEl.setCustomValidity(""));
$("tc-min").addEventListener("input", (e) => (e.target as HTMLInputElement).setCustomValidity(""));
/** Whether the game in play has begun: the setup card's choices then wait for the next game. */
const begun = (): boolean => movesOf(S.g).length > 0 || S.g.history().length > 0 || isOver();
function pending(): void {
  $("setup-hint").hidden = !begun();
}
tcEl.addEventListener("change", () => {
  $("tc-custom").hidden = tcEl.value !== "custom";
  const c = chosenControl();
  if (c !== undefined && !begun()) setControl(c);
  pending();
});
for (const id of ["tc-min", "tc-inc"]) {
  $(id).addEventListener("change", () => {
    const c = chosenControl();
    if (c !== undefined && !begun()) setControl(c);
    pending();
  });
}
const opponentChanged = (): void => {
  pending();
  if (begun()) return;
  const side = cpuSide.value === "w" || cpuSide.value === "b" ? cpuSide.value : null;
  setOpponent({ computer: side, level: Number(cpuLevel.value) });
  setOrientation(side === "w" ? "b" : "w");
};
cpuSide.addEventListener("change", opponentChanged);
cpuLevel.addEventListener("change", opponentChanged);

// ---- the board ----

board.addEventListener("move", (e) => boardMove((e as CustomEvent<Move>).detail));
board.addEventListener("swap", () => boardSwap());
// The first touch or key on the board after a reload starts the paused clocks.
board.addEventListener("pointerdown", () => {
  if (humanCanMove()) wake();
});
board.addEventListener("keydown", () => {
  if (humanCanMove()) wake();
});
$("continue").addEventListener("click", () => wake());

// ---- tools ----

$("undo").addEventListener("click", () => undo());
$("flip").addEventListener("click", () => setOrientation(S.meta.orientation === "w" ? "b" : "w"));
$("resign").addEventListener("click", async () => {
  const cpu = S.meta.opponent.computer;
  const who: Color = cpu ? (cpu === "w" ? "b" : "w") : S.g.turn();
  const r = await ask(`Resign for ${colorName(who)}?`, `${colorName(who)} loses the game.`, [{ label: "Resign", value: "yes", primary: true }]);
  if (r === "yes") resign(who);
});

// Adjourning: the sealed move is made on the board (seal()), or typed and checked first.
const sealInput = $<HTMLInputElement>("seal-move");
const sealCheck = $("seal-check");
const sealSubmit = $<HTMLButtonElement>("seal-submit");
function checkTyped(): void {
  const why = checkSealed(sealInput.value);
  sealSubmit.disabled = why !== null;
  sealCheck.className = why === null ? "ok" : why ? "bad" : "";
  sealCheck.textContent = why === null ? `${sealInput.value.trim()} is legal: it can be sealed.` : why;
}
$("adjourn").addEventListener("click", () => {
  if (S.sealing) {
    S.sealing = false;
  } else {
    wake();
    S.sealing = true;
    sealInput.value = "";
    checkTyped();
  }
  changed();
  if (S.sealing) $("seal-form").scrollIntoView({ block: "nearest" });
});
$("seal-cancel").addEventListener("click", () => {
  S.sealing = false;
  changed();
});
sealInput.addEventListener("input", checkTyped);
$("seal-form").addEventListener("submit", (e) => {
  e.preventDefault();
  if (checkSealed(sealInput.value) !== null) return checkTyped();
  const err = seal(sealInput.value.trim(), $<HTMLInputElement>("seal-draw").checked);
  if (err) {
    sealCheck.className = "bad";
    sealCheck.textContent = err;
  }
});
$("resume").addEventListener("click", () => {
  const err = resume();
  if (err) $("detail").textContent = err;
});

// ---- review: the move list is clickable ----

function showPly(n: number): void {
  const total = movesOf(S.g).length;
  if (n >= total || n < 0) return backToGame();
  const copyOf = api.Chess.fromPgn(S.g.pgn());
  while (movesOf(copyOf).length > n) copyOf.undo();
  S.review = n;
  board.game = copyOf;
  changed();
}

function backToGame(): void {
  if (S.review === null) return;
  S.review = null;
  board.game = S.g;
  changed();
}

$("moves").addEventListener("click", (e) => {
  const b = (e.target as Element).closest<HTMLElement>("[data-ply]");
  if (b) showPly(Number(b.dataset["ply"]));
});
$("moves").addEventListener("keydown", (e) => {
  if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
  e.preventDefault();
  const at = S.review ?? movesOf(S.g).length;
  showPly(at + (e.key === "ArrowLeft" ? -1 : 1));
  $("moves").querySelector<HTMLElement>(`[data-ply="${Math.max(1, S.review ?? movesOf(S.g).length)}"]`)?.focus();
});
$("review-prev").addEventListener("click", () => showPly((S.review ?? movesOf(S.g).length) - 1));
$("review-next").addEventListener("click", () => showPly((S.review ?? 0) + 1));
$("review-back").addEventListener("click", backToGame);
initAnalysis(showPly);

// ---- share and export ----

$("copy-fen").addEventListener("click", (e) => void copy(board.fen, e.currentTarget as HTMLElement));
$("copy-pgn").addEventListener("click", (e) => void copy(record().pgn, e.currentTarget as HTMLElement));
$("download-pgn").addEventListener("click", () => exportPgn());
$("notice-export").addEventListener("click", () => exportPgn());
$("notice-close").addEventListener("click", () => {
  const box = $("notice");
  box.dataset["dismissed"] = $("notice-text").textContent ?? "";
  box.hidden = true;
});
$("share").addEventListener("click", async (e) => {
  const btn = e.currentTarget as HTMLElement;
  const url = `${location.href.split("#")[0]}#${await encodeFragment(record().pgn)}`;
  const out = $<HTMLInputElement>("share-url");
  out.value = url;
  out.hidden = false;
  await copy(url, btn);
});

/** Opens the game a link carries (its PGN in the fragment); the game in play stays in the library. */
async function openShared(): Promise<boolean> {
  let pgn: string | null;
  try {
    pgn = await decodeFragment(location.hash);
  } catch (err) {
    $("detail").textContent = `This link's game could not be read: ${err instanceof Error ? err.message : String(err)}`;
    return false;
  }
  if (pgn === null) return false;
  history.replaceState(null, "", location.href.split("#")[0]);
  let rec: GameRecord;
  try {
    rec = recordFromPgn(api.Chess.fromPgn(pgn));
  } catch (err) {
    $("detail").textContent = `This link's game could not be read: ${err instanceof Error ? err.message : String(err)}`;
    return false;
  }
  if (!(await mayLeave("Open the shared game"))) return true;
  load(rec, true);
  save();
  showSetup();
  $("cpu-status").textContent = "Opened the game from the link.";
  return true;
}
window.addEventListener("hashchange", () => void openShared());

// ---- library ----

async function openFromLibrary(rec: GameRecord): Promise<void> {
  if (!(await mayLeave("Open another game"))) return;
  try {
    gameOf(rec).free();
  } catch (err) {
    $("library-status").textContent = `This game could not be read: ${err instanceof Error ? err.message : String(err)}`;
    return;
  }
  load(rec, true);
  save();
  showSetup();
  view("play");
}

function view(v: "play" | "library"): void {
  document.body.dataset["view"] = v;
  $("tab-play").setAttribute("aria-pressed", String(v === "play"));
  $("tab-library").setAttribute("aria-pressed", String(v === "library"));
  $("library").hidden = v !== "library";
  $("play").hidden = v !== "play";
  if (v === "library") void showLibrary((r) => void openFromLibrary(r));
}
$("tab-play").addEventListener("click", () => view("play"));
$("tab-library").addEventListener("click", () => view("library"));
$("export-all").addEventListener("click", () => void exportAll());
const fileInput = $<HTMLInputElement>("import-file");
$("import-choose").addEventListener("click", () => fileInput.click());
fileInput.addEventListener("change", async () => {
  const texts = await Promise.all([...(fileInput.files ?? [])].map((f) => f.text()));
  fileInput.value = "";
  const said = await importPgn(texts.join("\n\n"));
  await showLibrary((r) => void openFromLibrary(r));
  $("library-status").textContent = said;
});
$("import-paste").addEventListener("click", async () => {
  const ta = $<HTMLTextAreaElement>("import-text");
  const said = await importPgn(ta.value);
  if (/^Imported [1-9]/.test(said)) ta.value = "";
  await showLibrary((r) => void openFromLibrary(r));
  $("library-status").textContent = said;
});

// ---- start-up: the game comes back as it was ----

onChange(render);
initSettings((text) => ($("offline-status").textContent = text));
registerServiceWorker((text) => ($("offline-status").textContent = text));
setInterval(() => {
  tick();
  showClocks();
}, 100);
// Saved when the page is hidden or closed (the clocks as they stand), besides after every move.
addEventListener("pagehide", () => save());
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") save();
});

// The same game played on in another tab: this tab follows it (paused), so that neither
// tab's next save throws away the other's moves.
addEventListener("storage", (e) => {
  if (e.key !== CURRENT) return;
  const rec = parseRecord(e.newValue);
  if (!rec || rec.id !== S.meta.id || rec.pgn === record().pgn) return;
  try {
    load(rec, true);
    showSetup();
    $("cpu-status").textContent = "This game went on in another tab: here it is as it stands.";
  } catch {
    // A record this tab cannot read: it keeps its own.
  }
});

/** The game to show at start: the one in progress here, else the library's latest unfinished one. */
async function restore(): Promise<void> {
  const { rec, error } = loadCurrent();
  let latest: GameRecord | null = null;
  if (S.library) {
    try {
      latest = (await S.library.all())[0] ?? null;
    } catch {
      latest = null;
    }
  }
  let pick = rec;
  if (latest && !latest.over && (!pick || latest.updated > pick.updated)) pick = latest;
  if (pick) {
    try {
      load(pick, true);
      if (S.paused) $("cpu-status").textContent = "";
      showSetup();
      return;
    } catch (err) {
      $("detail").textContent = `The saved game could not be read (${err instanceof Error ? err.message : String(err)}).`;
    }
  } else if (error) {
    S.saveError = error;
  }
  // The demo page kept a sealed envelope: it comes back as an adjourned game.
  const old = readLocal(OLD_ENVELOPE);
  if (old) {
    try {
      const env = JSON.parse(old) as NonNullable<GameRecord["envelope"]>;
      const g = api.Chess.fromPgn(env.pgn);
      const r = recordFromPgn(g);
      r.envelope = env;
      r.clocks = [[env.whiteTimeMs, env.blackTimeMs]];
      load(r, false);
      save();
      removeLocal(OLD_ENVELOPE);
      showSetup();
      return;
    } catch {
      removeLocal(OLD_ENVELOPE);
    }
  }
  pressVariant("chess960");
  tcEl.value = "none";
  start(api.Chess.chess960(), { computer: null, level: 3 }, null);
  showSetup();
}

async function main(): Promise<void> {
  try {
    S.library = await Library.open();
    // Asks the browser not to evict the library under storage pressure (granted to
    // installed apps; a refusal changes nothing else).
    void navigator.storage?.persist?.().catch(() => false);
  } catch (err) {
    S.libraryError = err instanceof Error ? err.message : String(err);
  }
  // The game in progress first, so that a shared link opened over it asks before leaving it.
  await restore();
  await openShared();
  syncClock();
  changed();
  document.body.dataset["ready"] = "true"; // the game is restored (tests wait for it)
}

void main();
