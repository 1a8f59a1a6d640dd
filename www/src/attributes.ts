/**
 * The element's attributes read and checked: each reader returns the value to use, or
 * throws an `AttributeError` whose message names the attribute, the value and what it
 * takes, to be shown in place of the board (SPEC §5: nothing pretends). An absent or
 * empty attribute means its default.
 */
import { parseShapes } from "./pgn-source.ts";
import type { Color, Shape, Variant } from "./types.ts";

export class AttributeError extends Error {
  override name = "AttributeError";
}

/** Reads an attribute: its value, or null when absent. */
export type Attr = (name: string) => string | null;

const quote = (name: string, value: string): string => `${name}="${value}"`;

/** The value, trimmed; null when absent or empty. */
function given(attr: Attr, name: string): string | null {
  const v = attr(name)?.trim();
  return v ? v : null;
}

/**
 * The spellings of a PGN `Variant` tag that the core reads (src/pgn.rs), in lowercase
 * without spaces, `-`, `_` and `.`: so `variant="Chess960"`, `"chess-960"`, `"Fischer
 * Random"` or `"Chess-9"` mean what they mean in a PGN file.
 */
const VARIANTS: Record<string, Variant> = {};
for (const [variant, names] of [
  ["chess960", "chess960 960 fischerandom fischerrandom fischerrandomchess fischerandomchess frc shuffle960"],
  ["chess9", "chess9 nonary nonarychess"],
  ["standard", "standard normal chess orthodox classical"],
] as const) {
  for (const n of names.split(" ")) VARIANTS[n] = variant;
}

export function readVariant(attr: Attr): Variant | null {
  const v = given(attr, "variant");
  if (v === null) return null;
  const variant = VARIANTS[v.toLowerCase().replace(/[\s\-_.]/g, "")];
  if (!variant) throw new AttributeError(`${quote("variant", v)} is not a variant this board plays: use standard, chess960 or chess9.`);
  return variant;
}

/** Where a game to play starts: a FEN, or a variant and a Chess960 position id. */
export interface GameStart {
  variant: Variant | null;
  position: number | null;
  fen: string | null;
}

export function readGameStart(attr: Attr): GameStart {
  const variant = readVariant(attr);
  const fen = given(attr, "fen");
  const p = given(attr, "position");
  let position: number | null = null;
  if (p !== null) {
    if (!/^\d{1,3}$/.test(p) || +p > 959) {
      throw new AttributeError(`${quote("position", p)} is not a Chess960 position: use a number from 0 to 959.`);
    }
    position = +p;
    if (fen !== null) throw new AttributeError(`${quote("position", p)} and a fen both give the start position: use one of them.`);
    if (variant !== null && variant !== "chess960" && position !== 518) {
      throw new AttributeError(
        `${quote("position", p)} does not go with ${quote("variant", variant)}, which starts from position 518` +
          (variant === "chess9" ? " (the swaps come after)." : "."),
      );
    }
  }
  return { variant, position, fen };
}

export function readOrientation(attr: Attr): Color {
  const v = given(attr, "orientation");
  if (v === null) return "w";
  const c = ({ white: "w", w: "w", black: "b", b: "b" } as const)[v.toLowerCase()];
  if (!c) throw new AttributeError(`${quote("orientation", v)}: use white or black.`);
  return c;
}

/** A true/false attribute (`interactive`, `coordinates`); true when absent. */
export function readSwitch(attr: Attr, name: string): boolean {
  const v = given(attr, name);
  if (v === null || /^true$/i.test(v)) return true;
  if (/^false$/i.test(v)) return false;
  throw new AttributeError(`${quote(name, v)}: use true or false.`);
}

export function readTheme(attr: Attr): void {
  const v = given(attr, "theme");
  if (v !== null && !["brown", "green", "blue"].includes(v)) {
    throw new AttributeError(`${quote("theme", v)}: use brown, green or blue.`);
  }
}

export function readAnimation(attr: Attr): number {
  const v = given(attr, "animation");
  if (v === null) return 200;
  if (!/^\d+(\.\d+)?$/.test(v)) throw new AttributeError(`${quote("animation", v)}: use a duration in milliseconds (0 for none).`);
  return +v;
}

/** Shapes written as in [%cal]/[%csl]: "Ge2e4 Rd4", comma or space separated. */
export function readShapes(attr: Attr): Shape[] {
  const v = given(attr, "shapes");
  if (v === null) return [];
  const bad = v.split(/[\s,]+/).find((w) => w && !/^[GRYB][a-h][1-8]([a-h][1-8])?$/.test(w));
  if (bad !== undefined) {
    throw new AttributeError(
      `${quote("shapes", v)}: "${bad}" is not a shape. Write them as in [%cal]/[%csl]: a colour letter (G, R, Y, B), ` +
        `then a square for a circle or two for an arrow, as in "Ge2e4 Rd4".`,
    );
  }
  return parseShapes(v);
}

/** `engine-src`: the URL of the engine's one-file script (null: the default, engine-load.ts). */
export function readEngineSrc(attr: Attr, base: string): string | null {
  const v = given(attr, "engine-src");
  if (v === null) return null;
  try {
    return new URL(v, base).href;
  } catch {
    throw new AttributeError(`${quote("engine-src", v)} is not a URL: give the address of chess960-engine.iife.js.`);
  }
}

/** The viewer's `ply`: a mainline ply (0 = the start), "last", or null when absent. */
export function readPly(attr: Attr): number | "last" | null {
  const v = given(attr, "ply");
  if (v === null) return null;
  if (/^last$/i.test(v)) return "last";
  if (!/^\d+$/.test(v)) throw new AttributeError(`${quote("ply", v)}: use a ply number (1 is White's first move) or last.`);
  return +v;
}

/** The error for a `ply` past the end of a record of `plies` mainline moves. */
export function plyPastEnd(ply: number, plies: number): AttributeError {
  return new AttributeError(`${quote("ply", String(ply))} is past the end of the game, which has ${plies} ${plies === 1 ? "ply" : "plies"}.`);
}
