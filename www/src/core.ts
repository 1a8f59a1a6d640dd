/**
 * Where the board gets its games: the `chess960` package (the wasm core).
 *
 * The core is started here rather than through the package's default entry,
 * which throws at load when the wasm cannot run: the widget must still define
 * `<chess960-board>` then, so the element can say why instead of staying blank
 * (typically a Content-Security-Policy without 'wasm-unsafe-eval').
 */
import { initSync } from "../../js/raw.js";
import wasm from "../../js/chess960_bg.wasm";
import { Chess } from "../../js/chess960.ts";
import type { Game, Variant } from "./types.ts";

export { Chess };

/** Why the wasm core could not start; "" when it runs. */
export let coreError = "";
try {
  initSync({ module: wasm() });
} catch (err) {
  const text = err instanceof Error ? err.message : String(err);
  coreError = typeof WebAssembly !== "object"
    ? "This browser has WebAssembly turned off; the chess board needs it."
    : /unsafe-eval|CSP|Content.Security/i.test(text)
      ? "This page's Content-Security-Policy blocks WebAssembly, which the chess board needs " +
        "('wasm-unsafe-eval' in script-src)."
      : `The chess board's WebAssembly could not start: ${text}`;
}

export interface GameSource {
  variant?: Variant | string | null;
  /** Scharnagl id 0–959; crypto-random when absent. */
  position?: number | string | null;
  fen?: string | null;
  pgn?: string | null;
}

/** A new game from element attributes / options: PGN, else FEN, else variant. */
export function createGame(src: GameSource): Game {
  if (src.pgn) return Chess.fromPgn(src.pgn);
  if (src.fen) return new Chess(src.fen);
  const pos = src.position ?? "";
  const id = pos === "" ? undefined : +pos;
  if (src.variant === "chess9") return Chess.chess9();
  if (src.variant === "chess960" || id !== undefined) return Chess.chess960(id);
  return new Chess();
}

/** Compile-time check that the package's `Chess` fits what the board needs. */
export const asGame: (chess: Chess) => Game = (chess) => chess;
