/**
 * Where the board gets its games: the `chess960` package (the wasm core), imported by
 * the package's own name so that an app and its board share one copy of it.
 */
import { Chess, splitPgn } from "chess960";
import { readGameStart } from "./attributes.ts";
import type { PgnGame } from "./pgn-source.ts";
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

/**
 * The game of a record given as a tree only (`Board.view(tree)`), for the engine and for
 * copying: its tags, start and mainline, with the comments and NAGs after each move
 * (a variation or a comment before a move has no place in the chess.js API it is built with).
 */
export function gameOf(tree: PgnGame): Chess {
  const tags = Object.entries(tree.headers).map(([k, v]) => `[${k} "${v.replace(/[\\"]/g, "\\$&")}"]`);
  let g: Chess;
  try {
    g = Chess.fromPgn(`${tags.join("\n")}\n\n*`);
    if (g.fen() !== tree.startFen) throw new Error("another start");
  } catch {
    g = new Chess(tree.startFen);
  }
  for (const n of tree.moves) {
    g.move(n.san);
    const comment = [...n.comments, ...n.commands.map((c) => `[%${c.name} ${c.value}]`)].join(" ");
    if (comment) g.setComment(comment);
    if (n.nags.length) g.setNags(n.nags as Parameters<Chess["setNags"]>[0]);
  }
  return g;
}

/** Compile-time check that the package's `Chess` fits what the board needs. */
export const asGame: (chess: Chess) => Game = (chess) => chess;
