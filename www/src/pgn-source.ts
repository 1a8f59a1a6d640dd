/**
 * Where the viewer gets its game record: the PGN tree of /work/notes/TREE.md.
 *
 * `readTree(chess)` calls `chess.tree()` when the core has it. Until then (temporary)
 * it derives a mainline-only tree from the game's history: moves, positions and the
 * header tags, without comments, NAGs, shapes, clocks or variations. The viewer is
 * written against the full type, so nothing else changes when `tree()` lands.
 */
import type { Color, Game, Move, ShapeColor, Square, SwapRecord } from "./types.ts";

// The contract's types (TREE.md); to be imported from "chess960" once it exports them.
export interface PgnArrow { from: Square; to: Square; color: ShapeColor }
export interface PgnCircle { square: Square; color: ShapeColor }
export interface PgnEval { pawns?: number; mate?: number; depth?: number }
export interface PgnCommand { name: string; value: string }
export interface PgnNode {
  ply: number;
  moveNumber: number;
  color: Color;
  san: string;
  uci: string;
  from: Square;
  to: Square;
  fen: string;
  startingComments: string[];
  comments: string[];
  nags: number[];
  arrows: PgnArrow[];
  circles: PgnCircle[];
  clock?: number;
  eval?: PgnEval;
  commands: PgnCommand[];
  variations: PgnNode[][];
}
export interface PgnGame {
  headers: Record<string, string>;
  startFen: string;
  variant: "standard" | "chess960" | "chess9";
  comments: string[];
  arrows: PgnArrow[];
  circles: PgnCircle[];
  moves: PgnNode[];
  result: string;
}

/** Tags the fallback reads one by one (the core's API has no "all tags" call yet). */
const TAGS = [
  "Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo",
  "WhiteTitle", "BlackTitle", "WhiteTeam", "BlackTeam", "TimeControl", "Termination",
  "Variant", "ECO", "Opening", "Annotator", "EventDate",
];

const isMove = (item: Move | SwapRecord | null): item is Move => item !== null && "san" in item;

/** The record of `chess` as a tree; leaves `chess` as it was. */
export function readTree(chess: Game): PgnGame {
  const tree = (chess as Game & { tree?: () => PgnGame }).tree;
  if (typeof tree === "function") return tree.call(chess);
  const items: Array<Move | SwapRecord> = [];
  for (let u; (u = chess.undo()); ) items.unshift(u);
  let i = 0;
  for (let item; (item = items[i] ?? null) && !isMove(item); i++) chess.swap(item.swap);
  const startFen = chess.fen();
  const moves: PgnNode[] = [];
  let moveNumber = +(startFen.split(" ")[5] ?? 1) || 1;
  for (const item of items.slice(i)) {
    const m = item as Move;
    chess.move(m.san);
    moves.push({
      ply: moves.length + 1, moveNumber, color: m.color, san: m.san, uci: m.uci, from: m.from, to: m.to,
      fen: chess.fen(), startingComments: [], comments: [], nags: [], arrows: [], circles: [], commands: [],
      variations: [],
    });
    if (m.color === "b") moveNumber++;
  }
  const headers: Record<string, string> = {};
  for (const t of TAGS) {
    const v = chess.header(t);
    if (v !== null) headers[t] = v;
  }
  const variant = chess.variant();
  return {
    headers, startFen, comments: [], arrows: [], circles: [], moves,
    variant: variant === "chess960" || variant === "chess9" ? variant : "standard",
    result: headers["Result"] ?? "*",
  };
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

/** NAG glyphs (PGN standard 8.2.4 and common use), and what they mean. */
export const NAGS: Record<number, [string, string]> = {
  1: ["!", "good move"], 2: ["?", "mistake"], 3: ["!!", "brilliant move"], 4: ["??", "blunder"],
  5: ["!?", "interesting move"], 6: ["?!", "dubious move"], 7: ["□", "only move"], 10: ["=", "equal position"],
  13: ["∞", "unclear position"], 14: ["⩲", "White is slightly better"], 15: ["⩱", "Black is slightly better"],
  16: ["±", "White is better"], 17: ["∓", "Black is better"], 18: ["+−", "White is winning"],
  19: ["−+", "Black is winning"], 22: ["⨀", "zugzwang"], 23: ["⨀", "zugzwang"], 32: ["⟳", "development advantage"],
  33: ["⟳", "development advantage"], 36: ["↑", "initiative"], 37: ["↑", "initiative"], 40: ["→", "attack"],
  41: ["→", "attack"], 44: ["=∞", "compensation"], 45: ["=∞", "compensation"], 132: ["⇆", "counterplay"],
  133: ["⇆", "counterplay"], 138: ["⊕", "time trouble"], 139: ["⊕", "time trouble"], 140: ["∆", "with the idea"],
  146: ["N", "novelty"],
};

/** Glyphs of a move's NAGs: move assessments (1–6) first, then the rest. */
export function nagText(nags: number[]): string {
  return [...nags].sort((a, b) => (a > 6 ? 1 : 0) - (b > 6 ? 1 : 0)).map((n) => NAGS[n]?.[0] ?? `$${n}`).join("");
}

/** Splits a PGN text into games' tags for a chooser's labels, without replaying them. */
export function tagsOf(text: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of text.matchAll(/^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/gm)) {
    tags[m[1] ?? ""] = (m[2] ?? "").replace(/\\(.)/g, "$1");
  }
  return tags;
}
