/**
 * Where the viewer gets its game record: the PGN tree of the core (`chess.tree()`,
 * /work/notes/TREE.md): mainline and variations with comments, NAGs, shapes and clocks.
 * Also: the shapes attribute's reader, NAG glyphs, and tags for a chooser's labels.
 */
import type { PgnGame } from "chess960";
import type { Game, ShapeColor, Square } from "./types.ts";

export type { PgnArrow, PgnCircle, PgnCommand, PgnEval, PgnGame, PgnNode } from "chess960";

/** The record of `chess` as a tree. */
export function readTree(chess: Game): PgnGame {
  return chess.tree();
}

const COLORS: Record<string, ShapeColor> = { G: "green", R: "red", Y: "yellow", B: "blue" };

/** Shapes written as in [%cal]/[%csl]: "Ge2e4 Rd4", comma or space separated. */
export function parseShapes(text: string): Array<{ from: Square; to?: Square; color: ShapeColor }> {
  const out: Array<{ from: Square; to?: Square; color: ShapeColor }> = [];
  for (const m of text.matchAll(/\b([GRYB])([a-h][1-8])([a-h][1-8])?\b/g)) {
    const [, c = "G", from = "", to] = m;
    out.push(to ? { from, to, color: COLORS[c] ?? "green" } : { from, color: COLORS[c] ?? "green" });
  }
  return out;
}

/**
 * NAG glyphs (PGN standard 8.2.4 and common use), and what they mean. $14 and $15 are
 * written "+=" and "=+" (as in Informant's ASCII), not ⩲ and ⩱: those two (U+2A72,
 * U+2A71) are in no font of a Debian desktop and draw as empty boxes (look.test.mjs
 * checks every glyph here against the fonts of the machine it runs on).
 */
export const NAGS: Record<number, [string, string]> = {
  1: ["!", "good move"], 2: ["?", "mistake"], 3: ["!!", "brilliant move"], 4: ["??", "blunder"],
  5: ["!?", "interesting move"], 6: ["?!", "dubious move"], 7: ["□", "only move"], 10: ["=", "equal position"],
  13: ["∞", "unclear position"], 14: ["+=", "White is slightly better"], 15: ["=+", "Black is slightly better"],
  16: ["±", "White is better"], 17: ["∓", "Black is better"], 18: ["+−", "White is winning"],
  19: ["−+", "Black is winning"], 22: ["⨀", "zugzwang"], 23: ["⨀", "zugzwang"], 32: ["⟳", "development advantage"],
  33: ["⟳", "development advantage"], 36: ["↑", "initiative"], 37: ["↑", "initiative"], 40: ["→", "attack"],
  41: ["→", "attack"], 44: ["=∞", "compensation"], 45: ["=∞", "compensation"], 132: ["⇆", "counterplay"],
  133: ["⇆", "counterplay"], 138: ["⊕", "time trouble"], 139: ["⊕", "time trouble"], 140: ["∆", "with the idea"],
  146: ["N", "novelty"],
};

/**
 * Glyphs of a move's NAGs: the move assessments (1–6, written against the move: "e4!?")
 * and the rest (position assessments and the like, set a little apart: "Bb5 +=").
 */
export function nagText(nags: number[]): [assessment: string, other: string] {
  const glyphs = (keep: (n: number) => boolean): string => nags.filter(keep).map((n) => NAGS[n]?.[0] ?? `$${n}`).join("");
  return [glyphs((n) => n <= 6), glyphs((n) => n > 6)];
}

/** Splits a PGN text into games' tags for a chooser's labels, without replaying them. */
export function tagsOf(text: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of text.matchAll(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/gm)) {
    tags[m[1] ?? ""] = (m[2] ?? "").replace(/\\(.)/g, "$1");
  }
  return tags;
}
