/**
 * `chess960/board`: the board class and `<chess960-board>`, registered on import.
 * The core comes from `import … from "chess960"` (left external in the package's
 * bundle), so an app's `Chess` and the board share one wasm instance.
 *
 *   import { Chess } from "chess960";
 *   import { Board } from "chess960/board";
 *   new Board(document.querySelector("#board"), { game: Chess.chess960(518) });
 */
import { Chess960BoardElement, type Chess960BoardEventMap } from "./element.ts";

export { Board, describeOutcome, type AnalysisDetail, type AnalysisLimits, type BoardOptions, type SwapDetail } from "./board.ts";
export { Chess960BoardElement, type Chess960BoardEventMap };
export { readTree, parseShapes, type PgnArrow, type PgnCircle, type PgnCommand, type PgnEval, type PgnGame, type PgnNode } from "./pgn-source.ts";
export type { EngineLike, Game, Judgment, ReviewedPly, Score, Shape, ShapeColor } from "./types.ts";

if (typeof customElements !== "undefined" && !customElements.get("chess960-board")) {
  customElements.define("chess960-board", Chess960BoardElement);
}

declare global {
  interface HTMLElementTagNameMap {
    "chess960-board": Chess960BoardElement;
  }
  /**
   * The board's events on any element that hosts one (`new Board(div)` dispatches them
   * on the div): `div.addEventListener("move", (e) => e.detail.san)`. `error` is typed
   * on `Chess960BoardElement` only: the DOM's own map already has `error` (ErrorEvent).
   */
  interface HTMLElementEventMap {
    move: Chess960BoardEventMap["move"];
    gameover: Chess960BoardEventMap["gameover"];
    swap: Chess960BoardEventMap["swap"];
    shapes: Chess960BoardEventMap["shapes"];
    analysis: Chess960BoardEventMap["analysis"];
  }
}
