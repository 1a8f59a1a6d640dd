// chess.js's constants (its public surface, SPEC §4).
import type { Color, PieceSymbol, Square, Suffix } from "./types.js";

export const WHITE: Color = "w";
export const BLACK: Color = "b";
export const PAWN: PieceSymbol = "p";
export const KNIGHT: PieceSymbol = "n";
export const BISHOP: PieceSymbol = "b";
export const ROOK: PieceSymbol = "r";
export const QUEEN: PieceSymbol = "q";
export const KING: PieceSymbol = "k";

/** The standard start. */
export const DEFAULT_POSITION = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** The squares a8 to h1, rank by rank (chess.js's order). */
export const SQUARES: Square[] = [];
for (let r = 8; r >= 1; r--) for (const f of "abcdefgh") SQUARES.push(`${f}${r}` as Square);

/** The Seven Tag Roster and its values while unset. */
export const SEVEN_TAG_ROSTER: Record<string, string> = {
  Event: "?",
  Site: "?",
  Date: "????.??.??",
  Round: "?",
  White: "?",
  Black: "?",
  Result: "*",
};

/** The move assessment glyphs (chess.js's suffix annotations). */
export const SUFFIX_LIST: readonly Suffix[] = ["!", "?", "!!", "!?", "?!", "??"];

/** Glyphs of the positional NAGs chess.js names. */
export const NAG_TO_SYMBOL: Record<number, string> = {
  7: "□", 10: "=", 13: "∞", 14: "⩲", 15: "⩱", 16: "±", 17: "∓", 18: "+−", 19: "-+",
  22: "⨀", 32: "↑↑", 36: "↑", 40: "→", 44: "=∞", 132: "⇆", 138: "⊕", 140: "∆", 146: "N",
};

/** The glyph chess.js gives a positional NAG (`±` for 16), or undefined. */
export function nagToGlyph(nag: number): string | undefined {
  return NAG_TO_SYMBOL[nag];
}

/**
 * chess.js's xoroshiro128** generator over a 128-bit BigInt state: returns a function
 * that yields the next 64-bit BigInt.
 */
export function xoroshiro128(state: bigint): () => bigint {
  const M = 0xffffffffffffffffn;
  const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (64n - k))) & M;
  return () => {
    let s0 = state & M;
    let s1 = (state >> 64n) & M;
    const out = (rotl((s0 * 5n) & M, 7n) * 9n) & M;
    s1 ^= s0;
    s0 = (rotl(s0, 24n) ^ s1 ^ (s1 << 16n)) & M;
    s1 = rotl(s1, 37n);
    state = (s1 << 64n) | s0;
    return out;
  };
}
