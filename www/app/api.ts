/**
 * The package's API as the app sees it: the global `Chess960` of dist/chess960-board.js
 * (a classic script, so that the app also runs from file://), with its types.
 */
import type * as Api from "../src/script.ts";

declare const Chess960: typeof Api;

/** The `chess960` API and the board, read once the board script has run. */
export const api: typeof Api = Chess960;

export type Chess = Api.Chess;
export type Color = Api.Color;
export type Move = Api.Move;
export type Envelope = Api.Envelope;
export type Outcome = Api.Outcome;
export type SwapChoice = Api.SwapChoice;
export type Variant = Api.Variant;
export type BoardElement = Api.Chess960BoardElement;

export const other = (c: Color): Color => (c === "w" ? "b" : "w");
export const colorName = (c: Color): string => (c === "w" ? "White" : "Black");

/** The moves made (Chess-9 swaps left out). */
export function movesOf(g: Chess): Move[] {
  return g.history({ verbose: true }).filter((m): m is Move => "san" in m);
}
