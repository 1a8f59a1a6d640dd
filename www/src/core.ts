/**
 * Where the board gets its games: the `chess960` package (the wasm core), imported by
 * the package's own name so that an app and its board share one copy of it.
 */
import { Chess, splitPgn } from "chess960";
import { readGameStart } from "./attributes.ts";
import type { Game, Variant } from "./types.ts";

export { Chess, splitPgn };

/** Why the wasm core could not start; "" when it runs (set by init.ts, before any board). */
export let coreError = "";
export function setCoreError(text: string): void {
  coreError = text;
}

export interface GameSource {
  /** standard, chess960, chess9, or a PGN Variant tag's spelling of them. */
  variant?: Variant | string | null;
  /** Scharnagl id 0–959; crypto-random when absent. */
  position?: number | string | null;
  fen?: string | null;
}

/**
 * A new game from element attributes / options: FEN, else variant and position.
 * Throws for a value it cannot honour (an unknown variant, a position out of 0–959,
 * a bad FEN), never a standard game in its place.
 */
export function createGame(src: GameSource): Game {
  const get = (n: string): string | null => {
    const v = src[n as keyof GameSource];
    return v === null || v === undefined ? null : String(v);
  };
  const { variant, position, fen } = readGameStart(get);
  if (fen !== null) return new Chess(fen);
  if (variant === "chess9") return Chess.chess9();
  if (variant === "chess960" || position !== null) return Chess.chess960(position ?? undefined);
  return new Chess();
}

/** Compile-time check that the package's `Chess` fits what the board needs. */
export const asGame: (chess: Chess) => Game = (chess) => chess;
