/** The page shows the game in play: status, players and clocks, move list, buttons, notices. */
import { evals, renderAnalysis } from "./analysis.ts";
import { api, colorName, movesOf, other, type Chess, type Color } from "./api.ts";
import { formatClock } from "./clock.ts";
import { $, el } from "./dom.ts";
import { board, canAdjourn, canUndo, computerToMove, humanCanMove, isOver, remaining, S, thinking } from "./play.ts";
import { playerName } from "./record.ts";
import { JUDGMENTS } from "../src/evals.ts";

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
  if (v === "chess960" && id !== null) return `Chess960 position #${id} · ${api.chess960Array(id)}`;
  return v === "standard" ? "Standard chess" : "Chess960";
}

const set = (id: string, text: string): void => {
  const e = $(id);
  if (e.textContent !== text) e.textContent = text;
};

function status(): void {
  const g = S.g;
  const o = g.outcome();
  const side = colorName(g.turn());
  let title: string;
  let detail: string;
  if (S.meta.envelope) {
    title = "Game adjourned";
    detail = `${colorName(S.meta.envelope.sealer)} sealed a move. Press Resume to open the envelope and play on.`;
  } else if (o) {
    title = o.winner ? `${colorName(o.winner)} wins` : "Draw";
    detail = `by ${REASON[o.reason] ?? o.reason}`;
    const f = S.flagged;
    if (o.reason.startsWith("timeout") && f) {
      detail = o.winner
        ? `${colorName(f)}'s flag fell: ${colorName(o.winner)} wins on time.`
        : `${colorName(f)}'s flag fell, but ${colorName(other(f))} cannot mate: a draw.`;
    }
  } else if (S.sealing) {
    title = `${side} seals a move`;
    detail = "Make the move on the board, or type it below. It stays hidden until Resume.";
  } else if (g.swapChoices().length) {
    title = `${side} chooses a swap`;
    detail = "Chess-9 (Nonary Chess)";
  } else {
    title = `${side} to move`;
    detail = g.isCheck() ? `${side} is in check.` : describeStart(g);
  }
  set("status", title);
  set("detail", detail);
  const cpu = S.meta.opponent;
  set("cpu-status", S.cpuNote || (thinking() && cpu.computer ? `The computer (level ${cpu.level}) is thinking…` : ""));
  $("paused").hidden = !S.paused;
  $("again").hidden = !o;
  set("paused-text", computerToMove()
    ? "Paused after a reload. Press Continue and the computer moves, its clock running."
    : "Paused after a reload: your clock runs again at your first move.");
  if (o || S.meta.envelope) delete document.body.dataset["turn"];
  else document.body.dataset["turn"] = g.turn();
}

/** The player bars: top is the side at the board's top. */
function players(): void {
  const bottom: Color = S.meta.orientation;
  const top: Color = bottom === "w" ? "b" : "w";
  const turn = S.g.turn();
  const live = !isOver() && !S.meta.envelope;
  for (const [where, c] of [["top", top], ["bottom", bottom]] as const) {
    const bar = document.querySelector<HTMLElement>(`.player[data-side=${where}]`)!;
    bar.dataset["color"] = c;
    set(`name-${where}`, playerName(c, S.meta.opponent));
    const clock = $(`clock-${where}`);
    const control = S.meta.control;
    const ms = control ? remaining(c) : S.clocks.used(c);
    clock.textContent = formatClock(ms, !!control);
    clock.setAttribute("aria-label", `${colorName(c)}'s clock${control ? "" : " (time used)"}`);
    bar.classList.toggle("active", live && turn === c && !S.paused);
    bar.classList.toggle("low", !!control && live && ms < 10_000);
    bar.classList.toggle("flagged", S.flagged === c && isOver());
  }
}

/** Only the clocks (called a few times a second). */
export function showClocks(): void {
  players();
}

function moveList(): void {
  const g = S.g;
  const list = $("moves");
  const items = g.history({ verbose: true });
  const frag = document.createDocumentFragment();
  const moves = movesOf(g);
  const shown = S.review ?? moves.length;
  const judged = evals();
  const blackMoves = moves.filter((m) => m.color === "b").length;
  let n = Number(g.fen().split(" ")[5] ?? "1") - blackMoves;
  let row: HTMLElement | null = null;
  let ply = 0;
  const swaps: string[] = [];
  for (const item of items) {
    if (!("san" in item)) {
      swaps.push(`${colorName(item.color)}: ${item.swap === "none" ? "kept" : item.swap === "king" ? "K⇄B" : "Q⇄B"}`);
      continue;
    }
    ply++;
    if (item.color === "w" || !row) {
      row = el("li", {}, el("span", { class: "n" }, `${n}.`));
      if (item.color === "b") row.append(el("span", {}, "…"));
      frag.append(row);
    }
    // The engine's judgment (analysis.ts), in the viewer's colours: "Qh5?!", labelled "inaccuracy".
    const e = judged[ply];
    const j = e?.judgment ? JUDGMENTS[e.judgment] : null;
    const best = j && e?.best ? `: best was ${e.best.san}` : "";
    row.append(el("button", {
      type: "button", class: "m", "data-ply": String(ply), "aria-current": ply === shown ? "true" : undefined,
      "data-judgment": e?.judgment ?? undefined, title: j ? `${j.name}${best}` : undefined,
      "aria-label": `${Math.ceil(n)}${item.color === "w" ? "." : "…"} ${item.san}${j ? `, ${j.name.toLowerCase()}${best}` : ""}${ply === moves.length ? " (last move)" : ""}`,
    }, item.san, j && el("span", { class: "jg" }, j.glyph)));
    if (item.color === "b") {
      row = null;
      n++;
    }
  }
  if (swaps.length) frag.prepend(el("li", { class: "swaps" }, `Swaps — ${swaps.join(", ")}`));
  if (!items.length) {
    frag.append(el("li", { class: "empty" }, g.swapChoices().length ? "Swap phase: Black chooses first." : "No moves yet."));
  }
  const o = g.outcome();
  if (o) frag.append(el("li", { class: "result" }, o.winner === "w" ? "1-0" : o.winner === "b" ? "0-1" : "½-½"));
  list.replaceChildren(frag);
  if (S.review === null) list.parentElement?.scrollTo({ top: list.scrollHeight });
}

function review(): void {
  const bar = $("review-bar");
  bar.hidden = S.review === null;
  if (S.review === null) return;
  const moves = movesOf(S.g);
  const total = moves.length;
  const m = moves[S.review - 1];
  const n = m ? Number(m.before.split(" ")[5] ?? "1") : 0;
  set("review-text", m ? `${n}${m.color === "w" ? "." : "…"} ${m.san} (move ${S.review} of ${total})` : `Start position (of ${total} moves)`);
  $<HTMLButtonElement>("review-prev").disabled = S.review === 0;
}

function buttons(): void {
  const over = isOver();
  const env = S.meta.envelope;
  $<HTMLButtonElement>("undo").disabled = !canUndo();
  const adj = $<HTMLButtonElement>("adjourn");
  adj.disabled = !canAdjourn() && !S.sealing;
  adj.title = computerToMove() ? "Not on the computer's turn" : "Seal a move and adjourn the game";
  adj.setAttribute("aria-pressed", String(S.sealing));
  $<HTMLButtonElement>("resume").disabled = !env;
  $<HTMLButtonElement>("resign").disabled = over || !!env || movesOf(S.g).length === 0;
  $("seal-form").hidden = !S.sealing;
  if (S.sealing) set("seal-who", colorName(S.g.turn()));
  board.setAttribute("interactive", String(humanCanMove()));
  const fen = $<HTMLInputElement>("fen");
  fen.value = board.fen;
}

/** The notice bar: storage failures (what was not saved, what to do). */
function notice(): void {
  const parts: string[] = [];
  const local = S.saveError;
  const lib = S.libraryPutError;
  if (local && (lib || !S.library)) {
    parts.push(`This game is not saved on this device (${local}). It is kept in this tab only: export its PGN to keep it.`);
  } else if (local) {
    parts.push(`The game could not be saved for a reload (${local}); it is in your library.`);
  } else if (lib) {
    parts.push(`The library could not store this game (${lib}). It is saved for a reload; export its PGN to keep a copy.`);
  } else if (!S.library && S.libraryError) {
    parts.push(`The library cannot keep games here (${S.libraryError}): the game in progress is saved for a reload, but a game you leave is not kept. Export the games you want to keep.`);
  }
  const box = $("notice");
  const text = parts.join(" ");
  if (text && box.dataset["dismissed"] !== text) {
    set("notice-text", text);
    box.hidden = false;
  } else if (!text) {
    box.hidden = true;
    delete box.dataset["dismissed"];
  }
}

export function render(): void {
  status();
  players();
  moveList();
  review();
  buttons();
  renderAnalysis();
  notice();
}
