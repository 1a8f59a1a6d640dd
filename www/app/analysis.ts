/**
 * "Analyse" after a game (SPEC §8 "Review", §6 `reviewGame`): the engine grades every
 * move of a finished game, as the PGN viewer's Analyse does, and the app shows it with
 * the viewer's parts: the evaluation graph (a click, a drag or a tap jumps to that ply)
 * and the bar beside the board, the judgments ?! ? ?? in the move list (view.ts), and the
 * engine's move as an arrow where a move was judged.
 *
 * The review is kept with the game: the record's `review` (the engine's answer, the
 * arrows' moves with it) and its PGN, which gets `[%eval]` and the judgments' NAGs as the
 * viewer's copy writes them, so that an export, a shared link or the library carries
 * them. A finished game whose PGN has `[%eval]` (an import from lichess, a shared link)
 * shows them without analysing.
 *
 * The engine (computer.ts's loader: one engine for the opponent and the analysis) and
 * what the analysis shows (analysis-view.ts, a script of its own) load only when asked
 * for. The limits per position are the card's `data-nodes` and `data-movetime` (the
 * engine's default without them). A new game or opening another game cancels a running
 * review (play.ts `cancelAnalysis`, called by `load`; `undo` calls it too, though a
 * finished game offers no undo), and the board stays playable.
 */
import { movesOf } from "./api.ts";
import type { AnalysisApi, AnalysisView } from "./analysis-view.ts";
import { loadEngine, script } from "./computer.ts";
import { $ } from "./dom.ts";
import { board, cancelAnalysis, changed, isOver, record, S, save } from "./play.ts";
import { gameOf } from "./record.ts";
import type { PlyEval } from "../src/evals.ts";
import type { ReviewedPly } from "../src/types.ts";

let view: AnalysisView | null = null;
let viewP: Promise<AnalysisView> | null = null;
let viewFailed = false;
let showPly: (n: number) => void = () => {};

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Whether the game is over (an imported game's Result tag counts: the core reads it as the outcome). */
export const finished = isOver;

/** What the analysis shows, its script loaded once; a failed load is tried again next time. */
function loadView(): Promise<AnalysisView> {
  viewP ??= script<AnalysisApi>("app-analysis.js", "Chess960AppAnalysis").then(
    (api) => (view = new api.AnalysisView(
      { S, board, finished, record, gameOf, save, changed, showPly: (n) => showPly(n) },
      $("analysis-graph"), document.querySelector<HTMLElement>(".stage") ?? document.body,
    )),
    (err: unknown) => {
      viewP = null;
      throw err;
    },
  );
  return viewP;
}

/** The evaluations shown, index = ply; none until the view's script is in. */
export function evals(): Array<PlyEval | undefined> {
  return view?.evals() ?? [];
}

/** The engine's limits per position: the card's data-nodes / data-movetime. */
function limits(): { nodes?: number; movetime?: number } {
  const d = $("analysis").dataset;
  const n = Number(d["nodes"]);
  const t = Number(d["movetime"]);
  return { ...(n > 0 ? { nodes: n } : {}), ...(t > 0 ? { movetime: t } : {}) };
}

/** Reviews the game in play; its result is saved with it. */
export async function analyse(): Promise<void> {
  cancelAnalysis();
  const g = S.g;
  const ctl = new AbortController();
  const run = (S.analysis = { ctl, done: 0, total: 0, partial: [] as ReviewedPly[] });
  S.analysisNote = "";
  changed();
  const mine = (): boolean => S.analysis === run && S.g === g;
  try {
    const [engine, v] = await Promise.all([loadEngine(), loadView()]);
    ctl.signal.throwIfAborted();
    run.total = movesOf(g).length;
    changed();
    const review = await engine.reviewGame(g, limits(), {
      signal: ctl.signal,
      onProgress: (p) => {
        if (!mine()) return;
        run.partial.push(p.ply);
        run.done = p.done;
        run.total = p.total;
        changed();
      },
    });
    if (!mine()) return;
    S.analysis = null;
    v.keep(review);
  } catch (err) {
    if (!mine()) return; // cancelled, or the game left
    S.analysis = null;
    S.analysisNote = `The analysis failed: ${message(err)}`;
    changed();
  }
}

/** Wires the card: Analyse, Cancel; `show` shows a ply (the graph's jumps). */
export function initAnalysis(show: (n: number) => void): void {
  showPly = show;
  $("analyse").addEventListener("click", () => void analyse());
  $("analysis-cancel").addEventListener("click", () => {
    if (!S.analysis) return;
    cancelAnalysis();
    S.analysisNote = "Analysis cancelled.";
    changed();
  });
}

/** The card as the state says, and the graph, the bar and the arrow when there is anything to show (view.ts calls it). */
export function renderAnalysis(): void {
  const run = S.analysis;
  const over = finished() && movesOf(S.g).length > 0;
  // Something to show: the view's script is fetched (a reload of an analysed game, a PGN with [%eval]).
  if (!view && !viewP && !viewFailed && (S.meta.review || (over && S.g.pgn().includes("[%eval ")))) {
    loadView().then(() => changed(), (err: unknown) => {
      viewFailed = true; // said once, not fetched again at every change
      S.analysisNote = `The analysis could not be shown: ${message(err)}`;
      changed();
    });
  }
  const summary = view?.render(view.evals()) ?? "";
  $("analysis").hidden = !run && !summary && !over;
  $("analyse").hidden = !!run || !!summary || !!S.meta.review;
  $("analysis-progress").hidden = !run;
  if (run) {
    const p = $<HTMLProgressElement>("analysis-bar");
    p.max = Math.max(1, run.total);
    if (run.total) p.value = run.done;
    else p.removeAttribute("value"); // the engine loading: an indeterminate bar
    $("analysis-text").textContent = run.total ? `Analysing: ${run.done} of ${run.total} moves` : "Loading the engine…";
  }
  const note = S.analysisNote || summary;
  if ($("analysis-note").textContent !== note) $("analysis-note").textContent = note;
}
