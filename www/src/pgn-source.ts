/**
 * Where the viewer gets its game record: the PGN tree of the core (`chess.tree()`,
 * /work/notes/TREE.md): mainline and variations with comments, NAGs, shapes and clocks.
 * Also: the shapes attribute's reader, NAG glyphs, and tags for a chooser's labels.
 */
import { NAGS as PACKAGE_NAGS, type PgnGame } from "chess960";
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
 * The package's NAG table (`NAGS` of `chess960`: glyph and meaning) as the viewer draws
 * it: $14 and $15 written "+=" and "=+" (as in Informant's ASCII), not ⩲ and ⩱: those two
 * (U+2A72, U+2A71) are in no font of a Debian desktop and draw as empty boxes
 * (look.test.mjs checks every glyph here against the fonts of the machine it runs on).
 */
export const NAGS: Readonly<Record<number, readonly [string, string]>> = {
  ...PACKAGE_NAGS,
  14: ["+=", PACKAGE_NAGS[14]?.[1] ?? ""],
  15: ["=+", PACKAGE_NAGS[15]?.[1] ?? ""],
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
