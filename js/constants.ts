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

/**
 * NAG glyphs (PGN standard 8.2.4 and common use) and what they mean: the one table, for
 * chess.js's `NAG_TO_SYMBOL` below and for the viewer (which only draws $14 and $15 in
 * ASCII where fonts lack U+2A72 and U+2A71).
 */
export const NAGS: Readonly<Record<number, readonly [glyph: string, meaning: string]>> = {
  1: ["!", "good move"], 2: ["?", "mistake"], 3: ["!!", "brilliant move"], 4: ["??", "blunder"],
  5: ["!?", "interesting move"], 6: ["?!", "dubious move"], 7: ["□", "only move"], 10: ["=", "equal position"],
  13: ["∞", "unclear position"], 14: ["⩲", "White is slightly better"], 15: ["⩱", "Black is slightly better"],
  16: ["±", "White is better"], 17: ["∓", "Black is better"], 18: ["+−", "White is winning"],
  19: ["-+", "Black is winning"], 22: ["⨀", "zugzwang"], 23: ["⨀", "zugzwang"], 32: ["↑↑", "development advantage"],
  33: ["↑↑", "development advantage"], 36: ["↑", "initiative"], 37: ["↑", "initiative"], 40: ["→", "attack"],
  41: ["→", "attack"], 44: ["=∞", "compensation"], 45: ["=∞", "compensation"], 132: ["⇆", "counterplay"],
  133: ["⇆", "counterplay"], 138: ["⊕", "time trouble"], 139: ["⊕", "time trouble"], 140: ["∆", "with the idea"],
  146: ["N", "novelty"],
};

/** The NAGs chess.js's current source names, with its glyphs (from {@link NAGS}). */
const CHESSJS_NAGS = [7, 10, 13, 14, 15, 16, 17, 18, 19, 22, 32, 36, 40, 44, 132, 138, 140, 146];

/** Glyphs of the positional NAGs chess.js names. */
export const NAG_TO_SYMBOL: Record<number, string> = Object.fromEntries(CHESSJS_NAGS.map((n) => [n, NAGS[n]![0]]));

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
