/**
 * The demo page: a game of standard chess, Chess960 or Chess-9 against
 * yourself, with move list, FEN/PGN export and adjournment. Runs as a classic
 * script after dist/chess960-board.js (global `Chess960`), so it works from file://.
 */
import type * as Api from "./src/script.ts";

declare const Chess960: typeof Api;

type Chess = Api.Chess;
type Variant = "standard" | "chess960" | "chess9";

const ENVELOPE_KEY = "chess960-demo:envelope";

const $ = <T extends HTMLElement>(id: string): T => {
  const e = document.getElementById(id);
  if (!e) throw new Error(`demo: #${id} missing`);
  return e as T;
};

const board = $<Api.Chess960BoardElement>("board");
const statusEl = $("status");
const detailEl = $("detail");
const movesEl = $("moves");
const fenEl = $<HTMLInputElement>("fen");
const posEl = $<HTMLInputElement>("pos");
const sealForm = $<HTMLFormElement>("seal-form");
const sealInput = $<HTMLInputElement>("seal-move");
const drawOffer = $<HTMLInputElement>("seal-draw");
const resumeBtn = $<HTMLButtonElement>("resume");
const variantBtns = [...document.querySelectorAll<HTMLButtonElement>("button[data-variant]")];

let variant: Variant = "chess960";
let adjourned = false;
/** Time used per side (ms), and when the running side's clock started. */
const used = { w: 0, b: 0 };
let since = Date.now();

function game(): Chess {
  const g = board.game;
  if (!g) throw new Error("demo: board has no game");
  return g as unknown as Chess;
}

function fmt(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor(s / 60) % 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm.padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

function running(): boolean {
  const g = game();
  return !adjourned && g.outcome() === null && g.swapChoices().length === 0 && g.history().length > 0;
}

function tickClocks(): void {
  const g = game();
  const live = running() ? Date.now() - since : 0;
  for (const c of ["w", "b"] as const) {
    const el = $(`clock-${c}`);
    el.textContent = fmt(used[c] + (g.turn() === c ? live : 0));
    el.closest(".player")?.classList.toggle("active", g.turn() === c && g.outcome() === null && !adjourned);
  }
}

function chargeClock(color: "w" | "b"): void {
  const now = Date.now();
  if (game().history().length > 1) used[color] += now - since;
  since = now;
}

const REASON: Record<string, string> = {
  checkmate: "checkmate",
  stalemate: "stalemate",
  "threefold-repetition": "threefold repetition",
  "fifty-moves": "the fifty-move rule",
  "insufficient-material": "insufficient material",
  "dead-position": "a dead position",
  resignation: "resignation",
  agreement: "agreement",
  timeout: "time",
  "timeout-insufficient-material": "time out against a side that cannot mate",
  "sealed-move-illegal": "an illegal sealed move",
  "sealed-move-ambiguous": "an ambiguous sealed move",
  "sealed-move-meaningless": "a meaningless sealed move",
};

function describeStart(g: Chess): string {
  const v = g.variant();
  if (v === "chess9") return "Chess-9 (Nonary Chess)";
  const id = g.chess960Id();
  if (v === "chess960" && id !== null) return `Chess960 position #${id} · ${Chess960.chess960Array(id)}`;
  return v === "standard" ? "Standard chess" : "Chess960";
}

function refresh(): void {
  const g = game();
  const o = g.outcome();
  const side = g.turn() === "w" ? "White" : "Black";
  if (adjourned) {
    statusEl.textContent = "Game adjourned";
    detailEl.textContent = "The sealed move is in the envelope. Press Resume to open it.";
  } else if (o) {
    statusEl.textContent = o.winner ? `${o.winner === "w" ? "White" : "Black"} wins` : "Draw";
    detailEl.textContent = `by ${REASON[o.reason] ?? o.reason}`;
  } else if (g.swapChoices().length) {
    // The board says how to choose, under itself: said once.
    statusEl.textContent = `${side} chooses a swap`;
    detailEl.textContent = "Chess-9 (Nonary Chess)";
  } else {
    statusEl.textContent = `${side} to move`;
    detailEl.textContent = g.isCheck() ? `${side} is in check.` : describeStart(g);
  }
  document.body.dataset["turn"] = g.turn();
  fenEl.value = g.fen();
  renderMoves(g);
  tickClocks();
  resumeBtn.disabled = readEnvelope() === null;
  $<HTMLButtonElement>("undo").disabled = adjourned || g.history().length === 0;
  $<HTMLButtonElement>("adjourn").disabled = adjourned || o !== null || g.swapChoices().length > 0;
}

function renderMoves(g: Chess): void {
  const items = g.history({ verbose: true });
  movesEl.replaceChildren();
  // Number the moves from the current FEN back, since the game may not start at move 1.
  const blackMoves = items.filter((i) => !("swap" in i) && i.color === "b").length;
  let n = Number(g.fen().split(" ")[5] ?? "1") - blackMoves;
  let row: HTMLElement | null = null;
  const swaps: string[] = [];
  for (const item of items) {
    if ("swap" in item) {
      const who = item.color === "w" ? "White" : "Black";
      swaps.push(`${who}: ${item.swap === "none" ? "kept" : item.swap === "king" ? "K⇄B" : "Q⇄B"}`);
      continue;
    }
    if (item.color === "w" || !row) {
      row = document.createElement("li");
      const num = document.createElement("span");
      num.className = "n";
      num.textContent = `${n}.`;
      row.appendChild(num);
      if (item.color === "b") row.appendChild(Object.assign(document.createElement("span"), { textContent: "…" }));
      movesEl.appendChild(row);
    }
    const m = document.createElement("span");
    m.className = "m";
    m.textContent = item.san;
    row.appendChild(m);
    if (item.color === "b") {
      row = null;
      n++;
    }
  }
  const last = movesEl.querySelectorAll(".m");
  last[last.length - 1]?.classList.add("cur");
  if (swaps.length) {
    const li = document.createElement("li");
    li.className = "swaps";
    li.textContent = `Swaps — ${swaps.join(", ")}`;
    movesEl.prepend(li);
  }
  if (!items.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = g.swapChoices().length ? "Swap phase: Black chooses first." : "No moves yet.";
    movesEl.appendChild(li);
  }
  movesEl.parentElement?.scrollTo({ top: movesEl.scrollHeight });
}

function newGame(): void {
  let g: Chess;
  if (variant === "chess9") g = Chess960.Chess.chess9();
  else if (variant === "standard") g = new Chess960.Chess();
  else {
    const raw = posEl.value.trim();
    const id = raw === "" ? undefined : Number(raw);
    if (id !== undefined && !(Number.isInteger(id) && id >= 0 && id <= 959)) {
      posEl.setCustomValidity("0 to 959");
      posEl.reportValidity();
      return;
    }
    posEl.setCustomValidity("");
    g = Chess960.Chess.chess960(id);
  }
  start(g);
}

function start(g: Chess): void {
  stopComputer();
  adjourned = false;
  used.w = 0;
  used.b = 0;
  since = Date.now();
  sealForm.hidden = true;
  board.setAttribute("interactive", "true");
  board.game = g;
  refresh();
  void computerTurn();
}

function setVariant(v: Variant): void {
  variant = v;
  for (const b of variantBtns) b.setAttribute("aria-pressed", String(b.dataset["variant"] === v));
  document.body.dataset["variant"] = v;
}

async function copy(text: string, button: HTMLElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const ta = document.createElement("textarea");
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    document.execCommand("copy");
    ta.remove();
  }
  const old = button.textContent;
  button.textContent = "Copied";
  setTimeout(() => (button.textContent = old), 1200);
}

function readEnvelope(): Api.Envelope | null {
  try {
    const s = localStorage.getItem(ENVELOPE_KEY);
    return s ? (JSON.parse(s) as Api.Envelope) : null;
  } catch {
    return null;
  }
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

// ---- wiring ----

for (const b of variantBtns) {
  b.addEventListener("click", () => {
    setVariant(b.dataset["variant"] as Variant);
    newGame();
  });
}
$("new").addEventListener("click", newGame);
$("random").addEventListener("click", () => {
  posEl.value = String(Chess960.randomChess960Id());
  setVariant("chess960");
  newGame();
});
posEl.addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    setVariant("chess960");
    newGame();
  }
});
$("undo").addEventListener("click", () => {
  const g = game();
  if (g.undo()) {
    since = Date.now();
    board.update();
    refresh();
  }
});
$("flip").addEventListener("click", () => {
  const next = board.getAttribute("orientation") === "black" ? "white" : "black";
  board.setAttribute("orientation", next);
  document.body.dataset["orientation"] = next;
});
$("copy-fen").addEventListener("click", (e) => void copy(game().fen(), e.currentTarget as HTMLElement));
$("copy-pgn").addEventListener("click", (e) => void copy(game().pgn(), e.currentTarget as HTMLElement));

$("adjourn").addEventListener("click", () => {
  sealForm.hidden = !sealForm.hidden;
  const side = game().turn() === "w" ? "White" : "Black";
  $("seal-who").textContent = side;
  if (!sealForm.hidden) sealInput.focus();
});
$("seal-cancel").addEventListener("click", () => (sealForm.hidden = true));
sealForm.addEventListener("submit", (e) => {
  e.preventDefault();
  const g = game();
  const text = sealInput.value.trim();
  if (!text) return;
  chargeClock(g.turn());
  try {
    const env = g.seal(text, { whiteTimeMs: used.w, blackTimeMs: used.b, drawOffer: drawOffer.checked });
    localStorage.setItem(ENVELOPE_KEY, JSON.stringify(env));
  } catch (err) {
    sealInput.setCustomValidity(err instanceof Error ? err.message : String(err));
    sealInput.reportValidity();
    return;
  }
  sealInput.value = "";
  sealForm.hidden = true;
  adjourned = true;
  board.setAttribute("interactive", "false");
  refresh();
});
sealInput.addEventListener("input", () => sealInput.setCustomValidity(""));

resumeBtn.addEventListener("click", () => {
  const env = readEnvelope();
  if (!env) return;
  let g: Chess;
  try {
    g = Chess960.Chess.openEnvelope(env);
  } catch (err) {
    detailEl.textContent = err instanceof Error ? err.message : String(err);
    return;
  }
  localStorage.removeItem(ENVELOPE_KEY);
  start(g);
  used.w = num(env["whiteTimeMs"]);
  used.b = num(env["blackTimeMs"]);
  const v = g.variant();
  setVariant(v === "chess9" ? "chess9" : v === "standard" ? "standard" : "chess960");
  refresh();
});

board.addEventListener("move", (e) => {
  const m = (e as CustomEvent<Api.Move>).detail;
  chargeClock(m.color);
  refresh();
});
board.addEventListener("swap", () => refresh());
board.addEventListener("gameover", () => refresh());

// ---- play the computer: chess960/engine, loaded on first use (a classic script, so
// that it also works from file://); it thinks in a worker, the page stays responsive ----

interface EngineLike {
  bestMove(g: Chess, o: { level: number }): Promise<{ san: string }>;
  chooseSwap(g: Chess, o: { level: number }): Promise<Api.SwapChoice>;
  stop(): void;
}
const cpuSide = $<HTMLSelectElement>("cpu-side");
const cpuLevel = $<HTMLSelectElement>("cpu-level");
const cpuStatus = $("cpu-status");
/** Beside this script (dist/), whether the page is www/index.html or dist/index.html. */
const ENGINE_URL = new URL("chess960-engine.js", (document.currentScript as HTMLScriptElement | null)?.src ?? location.href).href;
let engine: Promise<EngineLike> | null = null;
/** Bumped to drop the answer of a search that no longer applies. */
let thinking = 0;

function loadEngine(): Promise<EngineLike> {
  engine ??= new Promise<EngineLike>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = ENGINE_URL;
    s.onload = () => {
      const api = (window as unknown as { Chess960Engine: { Engine: { create(): Promise<EngineLike> } } }).Chess960Engine;
      api.Engine.create().then(resolve, reject);
    };
    s.onerror = () => reject(new Error(`could not load ${ENGINE_URL}`));
    document.head.append(s);
  });
  return engine;
}

function stopComputer(): void {
  thinking++;
  void engine?.then((e) => e.stop());
}

async function computerTurn(): Promise<void> {
  const g = game();
  if (!cpuSide.value || adjourned || g.outcome() || g.turn() !== cpuSide.value) return;
  const mine = ++thinking;
  const level = Number(cpuLevel.value);
  cpuStatus.textContent = `The computer (level ${level}) is thinking…`;
  board.setAttribute("interactive", "false");
  try {
    const e = await loadEngine();
    if (g.swapChoices().length) {
      const choice = await e.chooseSwap(g, { level });
      if (mine !== thinking) return;
      g.swap(choice);
    } else {
      const r = await e.bestMove(g, { level });
      if (mine !== thinking) return;
      chargeClock(g.turn());
      g.move(r.san);
    }
    board.update();
    refresh();
  } catch (err) {
    cpuStatus.textContent = err instanceof Error ? err.message : String(err);
    return;
  } finally {
    if (mine === thinking) board.setAttribute("interactive", adjourned ? "false" : "true");
  }
  cpuStatus.textContent = "";
  void computerTurn();
}

cpuSide.addEventListener("change", () => {
  stopComputer();
  cpuStatus.textContent = "";
  board.setAttribute("interactive", adjourned ? "false" : "true");
  void computerTurn();
});
// Undo takes back the computer's reply too, so that it is the player's turn again.
$("undo").addEventListener("click", () => {
  stopComputer();
  const g = game();
  if (cpuSide.value && g.turn() === cpuSide.value && g.history().length > 0) {
    g.undo();
    board.update();
    refresh();
  }
  void computerTurn();
});
board.addEventListener("move", () => void computerTurn());
board.addEventListener("swap", () => void computerTurn());

setInterval(tickClocks, 1000);
setVariant((document.body.dataset["variant"] as Variant | undefined) ?? "chess960");
newGame();
