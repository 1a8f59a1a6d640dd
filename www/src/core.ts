/** Where the board gets its games: the `chess960` package (the wasm core). */
import { Chess } from "../../js/index.ts";
import type { Game, Variant } from "./types.ts";

export { Chess };

export interface GameSource {
  variant?: Variant | string | null;
  /** Scharnagl id 0–959 for Chess960; crypto-random when absent. */
  position?: number | string | null;
  fen?: string | null;
  pgn?: string | null;
}

/** A new game from element attributes / options: PGN, else FEN, else variant. */
export function createGame(src: GameSource): Game {
  if (src.pgn) return Chess.fromPgn(src.pgn);
  if (src.fen) return new Chess(src.fen);
  const pos = src.position === null || src.position === undefined || src.position === ""
    ? undefined
    : Number(src.position);
  if (src.variant === "chess9") return Chess.chess9();
  if (src.variant === "chess960" || pos !== undefined) return Chess.chess960(pos);
  return new Chess();
}

/** Compile-time check that the package's `Chess` fits what the board needs. */
export const asGame: (chess: Chess) => Game = (chess) => chess;
