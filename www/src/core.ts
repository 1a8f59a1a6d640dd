/**
 * Where the board gets its games: the `chess960` package (the wasm core), imported by
 * the package's own name so that an app and its board share one copy of it.
 */
import { Chess, splitPgn } from "chess960";
import type { Game, Variant } from "./types.ts";

export { Chess, splitPgn };

/** Why the wasm core could not start; "" when it runs (set by init.ts, before any board). */
export let coreError = "";
export function setCoreError(text: string): void {
  coreError = text;
}

export interface GameSource {
  variant?: Variant | string | null;
  /** Scharnagl id 0–959; crypto-random when absent. */
  position?: number | string | null;
  fen?: string | null;
}

/** A new game from element attributes / options: FEN, else variant and position. */
export function createGame(src: GameSource): Game {
  if (src.fen) return new Chess(src.fen);
  const pos = src.position ?? "";
  const id = pos === "" ? undefined : +pos;
  if (src.variant === "chess9") return Chess.chess9();
  if (src.variant === "chess960" || id !== undefined) return Chess.chess960(id);
  return new Chess();
}

/** Compile-time check that the package's `Chess` fits what the board needs. */
export const asGame: (chess: Chess) => Game = (chess) => chess;
