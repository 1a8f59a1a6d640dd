/**
 * The widget bundle: the `chess960` API plus the board, and the
 * `<chess960-board>` element registered on load. Built as one classic script
 * (global `Chess960`) by `www/build.mjs`. The element is defined even when the
 * wasm cannot start (`coreError`): it then shows why.
 */
// The core first: the bundle keeps the modules in import order, and this one gzips smaller.
export * from "../../js/chess960.ts";
export { coreError, createGame, type GameSource } from "./core.ts";
export { Board, describeOutcome, type BoardOptions, type SwapDetail } from "./board.ts";
import { Chess960BoardElement } from "./element.ts";
export { Chess960BoardElement };

if (typeof customElements !== "undefined" && !customElements.get("chess960-board")) {
  customElements.define("chess960-board", Chess960BoardElement);
}
