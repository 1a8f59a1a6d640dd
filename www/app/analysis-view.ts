/**
 * What the analysis shows (analysis.ts runs it), a script of its own: dist/app-analysis.js,
 * a classic script defining `Chess960AppAnalysis`, loaded with the engine when a game is
 * analysed or an analysed game is shown, so that a player who never analyses never fetches
 * it (and app.js stays within SPEC §7's budget). It is the PGN viewer's code, not a copy:
 * the evaluation graph and bar (www/src/graph.ts), the evaluations and judgments
 * (www/src/evals.ts), the PGN with `[%eval]` and the judgments' NAGs written in
 * (www/src/share.ts). The app's state comes in as `Host`: this script imports no value
 * from the app's modules (they would be second copies, with a state of their own).
 */
import { colorName, movesOf, type Chess, type Move } from "./api.ts";
import type { S as AppState, board as AppBoard } from "./play.ts";
import type { GameRecord } from "./record.ts";
import { JUDGMENTS, fromPgnEval, reviewedEval, type PlyEval } from "../src/evals.ts";
import { EvalBar, EvalGraph } from "../src/graph.ts";
import { pgnWithEvals } from "../src/share.ts";
import type { Judgment, ReviewedPly } from "../src/types.ts";

/** What the app lends the view. */
export interface Host {
  S: typeof AppState;
  board: typeof AppBoard;
  /** Whether the game is over. */
  finished(): boolean;
  record(): GameRecord;
  gameOf(rec: GameRecord): Chess;
  save(): void;
  changed(): void;
  /** Shows ply `n` (0: the start; the last: back to the game). */
  showPly(n: number): void;
}

/** The judgments' NAGs ($6 ?!, $2 ?, $4 ??), read back from a PGN. */
const BY_NAG: Record<number, Judgment> = { 6: "inaccuracy", 2: "mistake", 4: "blunder" };

/** "White: 1 inaccuracy, 2 blunders. Black: no mistakes." */
function summary(e: ReadonlyArray<PlyEval | undefined>, moves: Move[]): string {
  return (["w", "b"] as const).map((c) => {
    const kinds = (["inaccuracy", "mistake", "blunder"] as const).map((j) => {
      const n = moves.filter((m, i) => m.color === c && e[i + 1]?.judgment === j).length;
      const name = j === "inaccuracy" && n > 1 ? "inaccuracies" : `${JUDGMENTS[j].name.toLowerCase()}${n > 1 ? "s" : ""}`;
      return n ? `${n} ${name}` : "";
    }).filter(Boolean);
    return `${colorName(c)}: ${kinds.join(", ") || "no mistakes"}.`;
  }).join(" ");
}

/** "12. Nf3", "12… Nf6", or "Start". */
function plyName(moves: Move[], ply: number): string {
  const m = moves[ply - 1];
  return m ? `${m.before.split(" ")[5] ?? ""}${m.color === "w" ? "." : "…"} ${m.san}` : "Start";
}

export class AnalysisView {
  private readonly graph: EvalGraph;
  private readonly bar = new EvalBar();
  private arrow = "";
  private fromPgn: { g: Chess; plies: number; evals: Array<PlyEval | undefined> } | null = null;

  constructor(private readonly host: Host, graphBox: HTMLElement, stage: HTMLElement) {
    this.graph = new EvalGraph((p) => host.showPly(p));
    graphBox.append(this.graph.el);
    stage.append(this.bar.el);
    // The graph is a slider: the arrows step, Home and End go to the start and the end.
    this.graph.el.addEventListener("keydown", (k) => {
      const moves = movesOf(host.S.g).length;
      const at = host.S.review ?? moves;
      const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: moves }[k.key];
      if (to === undefined) return;
      k.preventDefault();
      host.showPly(Math.max(0, to));
    });
  }

  /**
   * The evaluations to show, index = ply (1 = the first move): the running review's so
   * far, else the game's review, else (a finished game) its PGN's `[%eval]`.
   */
  evals(): Array<PlyEval | undefined> {
    const { S } = this.host;
    const moves = movesOf(S.g);
    const review = S.analysis?.partial ?? S.meta.review;
    const out: Array<PlyEval | undefined> = [];
    if (review) {
      for (const r of review) out[r.ply] = reviewedEval(r, moves[r.ply - 1]?.color);
      return out;
    }
    if (!this.host.finished() || !moves.length) return out;
    if (this.fromPgn?.g !== S.g || this.fromPgn.plies !== moves.length) {
      const e: Array<PlyEval | undefined> = [];
      for (const n of S.g.tree().moves) {
        const score = fromPgnEval(n.eval);
        const nag = n.nags.find((x) => x in BY_NAG);
        if (score) e[n.ply] = { score, judgment: nag === undefined ? null : BY_NAG[nag] ?? null };
      }
      this.fromPgn = { g: S.g, plies: moves.length, evals: e };
    }
    return this.fromPgn.evals;
  }

  /** The finished review goes with the game: in its record, and into its PGN as `[%eval]` and NAGs. */
  keep(review: ReviewedPly[]): void {
    const { S, board } = this.host;
    const moves = movesOf(S.g);
    const rec = this.host.record();
    const e: Array<PlyEval | undefined> = [];
    for (const r of review) e[r.ply] = reviewedEval(r, moves[r.ply - 1]?.color);
    rec.pgn = pgnWithEvals(rec.pgn, e);
    rec.review = review;
    try {
      S.g = this.host.gameOf(rec);
    } catch {
      // The annotated PGN could not be read back: the review stays beside the game's own PGN.
    }
    S.meta.review = review;
    if (S.review === null) board.game = S.g;
    this.host.save();
    this.host.changed();
  }

  /** Draws the graph, the bar and the arrow for the ply shown; returns the summary to say ("" for none). */
  render(e: ReadonlyArray<PlyEval | undefined>): string {
    const { S, board } = this.host;
    const run = S.analysis;
    const has = e.some(Boolean);
    const moves = movesOf(S.g);
    const ply = S.review ?? moves.length;
    this.graph.el.hidden = this.bar.el.hidden = !has;
    this.bar.el.parentElement?.classList.toggle("evals", has);
    if (has) {
      this.graph.render(e, moves.length, ply, (p) => plyName(moves, p), !run);
      this.bar.render(e[ply], S.meta.orientation);
    }
    // The engine's move where the move played was judged, from the position before it (as the viewer draws it).
    const best = e[ply]?.judgment ? e[ply]?.best : null;
    const key = best && best.uci.length >= 4 ? best.uci.slice(0, 4) : "";
    if (key !== this.arrow) {
      this.arrow = key;
      board.board.setShapes(key ? [{ from: key.slice(0, 2), to: key.slice(2, 4), color: "blue" }] : []);
    }
    return has && !run ? summary(e, moves) : "";
  }
}

const api = { AnalysisView };

/** What the script defines. */
export type AnalysisApi = typeof api;

(window as unknown as { Chess960AppAnalysis: AnalysisApi }).Chess960AppAnalysis = api;
