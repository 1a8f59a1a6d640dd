/**
 * The one-file script for blogs (`dist/chess960-board.js`, global `Chess960`): the wasm
 * started here (init.ts), the `chess960` API, the board, and `<chess960-board>`
 * registered on load. The element is defined even when the wasm cannot start
 * (`coreError`): it then shows why.
 */
// The core first: the bundle keeps the modules in import order, and this one gzips smaller.
import "./init.ts";
export * from "chess960";
export { coreError, createGame, type GameSource } from "./core.ts";
export * from "./index.ts";
