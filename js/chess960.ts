// The public API of the npm package `chess960` (SPEC §2, §4): everything chess.js 1.4
// exports, under the same names, and this library's additions.
export { Chess, chess960Array, chess960Id, randomChess960Id, splitPgn, validateFen, wasmMemoryPages } from "./chess.js";
export type { Resolution } from "./chess.js";
export { Move } from "./move.js";
export { readPgn } from "./read.js";
export type { PgnErrorItem, PgnItem, PgnPlace, PgnSource, ReadPgnOptions } from "./read.js";
export {
  BISHOP,
  BLACK,
  DEFAULT_POSITION,
  KING,
  KNIGHT,
  NAG_TO_SYMBOL,
  NAGS,
  nagToGlyph,
  PAWN,
  QUEEN,
  ROOK,
  SEVEN_TAG_ROSTER,
  SQUARES,
  SUFFIX_LIST,
  WHITE,
  xoroshiro128,
} from "./constants.js";
export type * from "./types.js";
export type * from "./tree.js";
