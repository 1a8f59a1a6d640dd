/**
 * The evaluation graph (`[data-eval-graph]`, SVG) and the evaluation bar (`[data-eval-bar]`)
 * of the viewer: White's winning chances (evals.ts) over the game and at the shown ply.
 * The graph is White's share from the bottom up, over Black's ground, as the bar is; the
 * current ply is a line; graded moves are dots in lichess's colours. A press, a tap or a
 * drag on the graph jumps to the ply under it; the keyboard steps it as a slider.
 */
import { h, s as svg } from "./dom.ts";
import { JUDGMENTS, chances, scoreText, scoreWords, type PlyEval } from "./evals.ts";
import type { Color } from "./types.ts";

/** Room left and right of the plies (a share of the width), so that a dot or the marker at either end shows whole. */
const PAD = 0.015;

/** What a point of the game is called: "12. Nf3", "12… Nf6", "Start". */
export type PlyName = (ply: number) => string;

export class EvalGraph {
  readonly el = h("div", { class: "graph" });
  private readonly caption = h("div", { class: "gcap" });
  private readonly svg = svg("svg", {
    "data-eval-graph": "", role: "slider", tabindex: 0, "aria-label": "Evaluation graph: choose a move",
    viewBox: `${-PAD} 0 ${1 + 2 * PAD} 100`, preserveAspectRatio: "none",
  });
  private readonly area = svg("path", { class: "gw" });
  private readonly dots = svg("g");
  private readonly mark = svg("line", { class: "gcur", y1: 0, y2: 100, "vector-effect": "non-scaling-stroke" });
  private plies = 0;
  private press: number | null = null;

  constructor(onPly: (ply: number) => void) {
    this.svg.append(
      svg("rect", { class: "gb", x: -1, y: 0, width: 1e4, height: 100 }),
      this.area,
      svg("line", { class: "gmid", x1: 0, x2: 1e4, y1: 50, y2: 50, "vector-effect": "non-scaling-stroke" }),
      this.dots,
      this.mark,
    );
    this.el.append(this.caption, this.svg);
    const plyAt = (e: PointerEvent): number => {
      const r = this.svg.getBoundingClientRect();
      const x = r.width ? ((e.clientX - r.left) / r.width) * (1 + 2 * PAD) - PAD : 0;
      return Math.max(0, Math.min(this.plies, Math.round(x * this.plies)));
    };
    // A mouse jumps when pressed; a finger when it lifts or slides sideways, so that a
    // swipe up or down over the graph still scrolls the page (touch-action: pan-y).
    this.svg.addEventListener("pointerdown", (e) => {
      if (e.button) return;
      this.press = e.pointerId;
      try {
        this.svg.setPointerCapture(e.pointerId);
      } catch {
        /* a synthetic event has no pointer to capture */
      }
      if (e.pointerType === "mouse") onPly(plyAt(e));
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (this.press === e.pointerId) onPly(plyAt(e));
    });
    this.svg.addEventListener("pointerup", (e) => {
      if (this.press !== e.pointerId) return;
      this.press = null;
      onPly(plyAt(e));
    });
    this.svg.addEventListener("pointercancel", () => (this.press = null));
  }

  /**
   * Draws the scores of plies 1 to `plies` (`evals[p]`; a ply without one is bridged) and
   * marks `ply` (the shown position's mainline ply).
   */
  render(evals: ReadonlyArray<PlyEval | undefined>, plies: number, ply: number, name: PlyName, complete = true): void {
    this.plies = Math.max(1, plies);
    const x = (p: number): number => p / this.plies;
    const y = (p: number): number => 50 - 50 * chances((evals[p] as PlyEval).score);
    const known = [];
    for (let p = 0; p <= plies; p++) if (evals[p]) known.push(p);
    // Flat before the first score and after the last (the start, a final mate): edge to
    // edge, once all are known (a review fills them in from the game's end).
    const pts = known.map((p) => `${x(p).toFixed(4)},${y(p).toFixed(2)}`);
    const first = known[0] ?? 0;
    const last = known.at(-1) ?? 0;
    const [x0, x1] = complete ? [-PAD, 1 + PAD] : [x(first), x(last)];
    this.area.setAttribute("d", pts.length ? `M${x0},100V${y(first).toFixed(2)}L${pts.join("L")}L${x1},${y(last).toFixed(2)}V100Z` : "");
    this.dots.replaceChildren(...known.flatMap((p) => {
      const j = evals[p]?.judgment;
      return j ? [svg("path", { class: `gdot ${j}`, d: `M${x(p)},${y(p).toFixed(2)}h0`, "vector-effect": "non-scaling-stroke" })] : [];
    }));
    this.mark.setAttribute("x1", String(x(ply)));
    this.mark.setAttribute("x2", String(x(ply)));
    const e = evals[ply];
    const where = name(ply);
    const j = e?.judgment ? ` · ${JUDGMENTS[e.judgment].name}${e.best ? ` (best ${e.best.san})` : ""}` : "";
    this.caption.textContent = e ? `${where}: ${scoreText(e.score)}${j}` : where;
    this.svg.setAttribute("aria-valuemin", "0");
    this.svg.setAttribute("aria-valuemax", String(plies));
    this.svg.setAttribute("aria-valuenow", String(ply));
    this.svg.setAttribute("aria-valuetext", e ? `${where}, ${scoreText(e.score)}, ${scoreWords(e.score)}` : where);
  }
}

/** The bar beside the board: White's share from White's side of the board. */
export class EvalBar {
  readonly el = h("div", {
    class: "evbar", "data-eval-bar": "", role: "meter", "aria-label": "Evaluation",
    "aria-valuemin": -100, "aria-valuemax": 100,
  });
  private readonly white = h("div", { class: "evw" });

  constructor() {
    this.el.append(this.white);
  }

  /** Shows `e` (nothing known: an even bar, greyed), White at the bottom when `orientation` is White. */
  render(e: PlyEval | undefined, orientation: Color): void {
    const c = e ? chances(e.score) : 0;
    this.el.classList.toggle("flip", orientation === "b");
    this.el.classList.toggle("none", !e);
    this.white.style.height = `${((1 + c) * 50).toFixed(2)}%`;
    const text = e ? scoreText(e.score) : "";
    this.el.setAttribute("aria-valuenow", String(Math.round(c * 100)));
    this.el.setAttribute("aria-valuetext", e ? `${text}, ${scoreWords(e.score)}` : "no evaluation");
    this.el.title = e ? `${text}: ${scoreWords(e.score)}` : "";
  }
}
