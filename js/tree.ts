// The annotated record as plain objects (`Chess.tree()`), for viewers. The core gives the
// record with its comments as written (src/data.rs `TreeJs`); the embedded commands in
// them (`[%clk]`, `[%eval]`, `[%cal]`, `[%csl]`, …) are read here, the one reading of them
// (decodeTree below): they are presentation, and reading them in Rust cost 3.5 KB of the
// rules wasm's budget (measured). tests/package/shapes.test.mjs checks the answers
// against these declarations.
import type { Color, Square, Variant } from "./types.js";

/** An arrow drawn with [%cal Ge2e4] (G green, R red, Y yellow, B blue). */
export interface PgnArrow {
  from: Square;
  to: Square;
  color: "green" | "red" | "yellow" | "blue";
}
/** A highlighted square from [%csl Rd4]. */
export interface PgnCircle {
  square: Square;
  color: "green" | "red" | "yellow" | "blue";
}
/** [%eval 0.25] or [%eval #-3] (mate in 3 for Black), optionally ",depth". */
export interface PgnEval {
  pawns?: number;
  mate?: number;
  depth?: number;
}
/** One embedded command [%name value], in the order written. */
export interface PgnCommand {
  name: string;
  value: string;
}

/** A move in the record, with its annotations and the variations that replace it. */
export interface PgnNode {
  /** Half-move index from the game's start: 1 for the first move. */
  ply: number;
  /** Full-move number of this move. */
  moveNumber: number;
  color: Color;
  /** SAN with +/# suffix (`--` for a null move). */
  san: string;
  uci: string;
  /** Castling: the king's start. */
  from: Square;
  /** Castling: the king's destination (g/c file). */
  to: Square;
  /** The position after the move (X-FEN). */
  fen: string;
  /** Comments written before the move (text, commands removed). */
  startingComments: string[];
  /** Comments written after the move (text, commands removed). */
  comments: string[];
  /** NAGs, the assessment glyph first (`!?` reads as 5). */
  nags: number[];
  arrows: PgnArrow[];
  circles: PgnCircle[];
  /** Seconds left on the mover's clock after the move, from [%clk 1:02:03.4]. */
  clock?: number;
  eval?: PgnEval;
  /** Every embedded command, including the ones above. */
  commands: PgnCommand[];
  /** Alternatives to this move: each line starts with a move played instead of this one. */
  variations: PgnNode[][];
}

export interface PgnGame {
  /** Tags in the record's order. */
  headers: Record<string, string>;
  /** The position before the first move (X-FEN; after the Chess-9 swaps, if any). */
  startFen: string;
  variant: Variant;
  /** Comments before the first move. */
  comments: string[];
  /** Arrows and circles of the starting comment. */
  arrows: PgnArrow[];
  circles: PgnCircle[];
  /** The mainline; mainline move i (0-based) has ply i + 1. */
  moves: PgnNode[];
  /** "1-0" | "0-1" | "1/2-1/2" | "*": the record's result. */
  result: string;
}

/** A node as the core gives it: its comments as written, commands still in them. */
type RawNode = Omit<PgnNode, "arrows" | "circles" | "clock" | "eval" | "commands" | "variations"> & { variations: RawNode[][] };
/** The record as the core gives it (src/data.rs `TreeJs`). */
export type RawGame = Omit<PgnGame, "arrows" | "circles" | "moves"> & { moves: RawNode[] };

// Rust's `char::is_whitespace` (Unicode White_Space), as the core trims comments: JavaScript's
// `\s` and `trim()` differ on U+0085 and U+FEFF.
const WS = "\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const TRIM = new RegExp(`^[${WS}]+|[${WS}]+$`, "g");
// `[%name value]`: a name of letters, digits and `_`, then whitespace or the `]`.
const COMMAND = new RegExp(`\\[%(\\w+)(?=[${WS}\\]])([^\\]]*)\\]`, "g");

/** The comments' texts (commands taken out, trimmed, empty ones dropped); their commands go to `commands`. */
function texts(comments: string[], commands: PgnCommand[]): string[] {
  const out: string[] = [];
  for (const c of comments) {
    const text = c
      .replace(COMMAND, (_, name: string, value: string) => {
        commands.push({ name, value: value.replace(TRIM, "") });
        return "";
      })
      .replace(TRIM, "");
    if (text !== "") out.push(text);
  }
  return out;
}

const COLORS: Record<string, PgnArrow["color"]> = { G: "green", R: "red", Y: "yellow", B: "blue" };
const SQUARE = /^[a-h][1-8]$/;

/** The shapes of `%cal` (arrows, `Ge2e4`) and `%csl` (circles, `Rd4`) values; malformed parts are skipped. */
function shapes(commands: PgnCommand[]): { arrows: PgnArrow[]; circles: PgnCircle[] } {
  const arrows: PgnArrow[] = [];
  const circles: PgnCircle[] = [];
  for (const { name, value } of commands) {
    if (name !== "cal" && name !== "csl") continue;
    for (const part of value.split(",")) {
      const p = part.trim();
      const color = COLORS[p.charAt(0)];
      const a = p.slice(1, 3) as Square;
      const b = p.slice(3, 5) as Square;
      if (!color || !SQUARE.test(a)) continue;
      if (name === "cal" && p.length === 5 && SQUARE.test(b)) arrows.push({ from: a, to: b, color });
      else if (name === "csl" && p.length === 3) circles.push({ square: a, color });
    }
  }
  return { arrows, circles };
}

/** Seconds of `[%clk 1:02:03.4]` (`h:mm:ss`, `mm:ss` or `ss`, a fraction on the last part). */
export function clockSeconds(value: string): number | undefined {
  const parts = value.trim().split(":");
  if (parts.length > 3) return undefined;
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    if (!(last ? /^\d+(\.\d*)?$|^\.\d+$/ : /^\d+$/).test(parts[i]!)) return undefined;
    total = total * 60 + Number(parts[i]);
  }
  return total;
}

/** `[%eval 0.25]`, `[%eval -1.5,20]`, `[%eval #-3]`. */
export function evalOf(value: string): PgnEval | undefined {
  const m = /^\s*(?:#([+-]?\d+)|([+-]?(?:\d+\.?\d*|\.\d+)))\s*(?:,\s*(\d+)\s*)?$/.exec(value);
  if (!m) return undefined;
  const e: PgnEval = m[1] !== undefined ? { mate: Number(m[1]) } : { pawns: Number(m[2]) };
  if (m[3] !== undefined) e.depth = Number(m[3]);
  return e;
}

function decodeNode(n: RawNode): PgnNode {
  const commands: PgnCommand[] = [];
  const startingComments = texts(n.startingComments, commands);
  const comments = texts(n.comments, commands);
  const { variations, ...rest } = n;
  const node = { ...rest, startingComments, comments, commands, variations: [], ...shapes(commands) } as PgnNode;
  node.variations = variations.map((line) => line.map(decodeNode));
  for (const { name, value } of commands) {
    if (name === "clk") {
      const c = clockSeconds(value);
      if (c !== undefined) node.clock = c;
    } else if (name === "eval") {
      const e = evalOf(value);
      if (e !== undefined) node.eval = e;
    }
  }
  return node;
}

/** The record with what its commands say read out (arrows, circles, clocks, evaluations). */
export function decodeTree(raw: RawGame): PgnGame {
  const commands: PgnCommand[] = [];
  const comments = texts(raw.comments, commands);
  return { ...raw, comments, ...shapes(commands), moves: raw.moves.map(decodeNode) };
}
