/**
 * The public API's arguments checked before anything changes (DEVELOPERS.md): a value
 * of the wrong type is a `TypeError`, a number out of range a `RangeError`, and a
 * rejected call leaves the board as it was. Each message names the call, what it takes
 * and what it got.
 */
import type { PgnGame } from "chess960";
import { isSquare } from "./state.ts";
import type { Color, Game, Shape, ShapeColor } from "./types.ts";

/** A value as a message names it: `null`, `a string ("x")`, `a number (5)`, `an object`. */
export function describe(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (typeof v === "string") return `a string (${JSON.stringify(v.length > 40 ? v.slice(0, 40) + "…" : v)})`;
  if (typeof v === "number" || typeof v === "boolean") return `${typeof v === "number" ? "a number" : "a boolean"} (${v})`;
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

export function typeError(where: string, expected: string, got: unknown): TypeError {
  return new TypeError(`${where}: expected ${expected}, got ${describe(got)}`);
}

/** What the board calls on a game: a `Chess` of the package has them all. */
const GAME_METHODS = [
  "fen", "turn", "variant", "moves", "dests", "resolve", "move", "swap", "swapChoices", "undo", "isCheck", "outcome",
  "history", "tree", "pgn",
] as const;

export function checkGame(where: string, v: unknown): Game {
  const o = v as Record<string, unknown> | null;
  if (typeof o !== "object" || o === null || !GAME_METHODS.every((m) => typeof o[m] === "function")) {
    throw typeError(where, "a Chess game of the chess960 package", v);
  }
  return v as Game;
}

export function checkColor(where: string, v: unknown): Color {
  if (v !== "w" && v !== "b") throw typeError(where, '"w" or "b"', v);
  return v;
}

export function checkBoolean(where: string, v: unknown): boolean {
  if (typeof v !== "boolean") throw typeError(where, "true or false", v);
  return v;
}

export function checkString(where: string, v: unknown): string {
  if (typeof v !== "string") throw typeError(where, "a string", v);
  return v;
}

/** A number of milliseconds: 0 or more. */
export function checkMs(where: string, v: unknown): number {
  if (typeof v !== "number") throw typeError(where, "a number of milliseconds", v);
  if (!(v >= 0) || v === Infinity) throw new RangeError(`${where}: expected 0 ms or more, got ${v}`);
  return v;
}

/** A review's limits per position: `{ nodes?, movetime? }`, each a positive number. */
export function checkLimits(where: string, v: unknown): { nodes?: number; movetime?: number } {
  const o = v as Record<string, unknown> | null;
  if (typeof o !== "object" || o === null || Array.isArray(o)) throw typeError(where, "limits ({ nodes?, movetime? })", v);
  const out: { nodes?: number; movetime?: number } = {};
  for (const k of ["nodes", "movetime"] as const) {
    const n = o[k];
    if (n === undefined) continue;
    if (typeof n !== "number") throw typeError(`${where}.${k}`, "a number", n);
    if (!(n > 0) || !Number.isFinite(n)) throw new RangeError(`${where}.${k}: expected a positive number, got ${n}`);
    out[k] = n;
  }
  return out;
}

/** The `analysis` option: true (offered, the engine's default limits), false, or limits. */
export function checkAnalysis(where: string, v: unknown): false | { nodes?: number; movetime?: number } {
  if (typeof v === "boolean") return v && {};
  return checkLimits(where, v);
}

export const SHAPE_COLORS: readonly ShapeColor[] = ["green", "red", "yellow", "blue"];

/** Shapes with real squares and colours, as new objects (green where no colour is given). */
export function checkShapes(where: string, v: unknown): Shape[] {
  if (!Array.isArray(v)) throw typeError(where, "an array of shapes ({ from, to?, color? })", v);
  return v.map((s: unknown, i) => {
    const o = (typeof s === "object" && s !== null ? s : {}) as Record<string, unknown>;
    const color = o["color"] ?? "green";
    if (!isSquare(o["from"]) || !(o["to"] === undefined || isSquare(o["to"])) || !isColor(color)) {
      throw new TypeError(
        `${where}: shape ${i} is ${JSON.stringify(s) ?? String(s)}; a shape is { from: "e2", to?: "e4", color?: "green" | "red" | "yellow" | "blue" }`,
      );
    }
    return o["to"] === undefined
      ? { from: o["from"], color: color as ShapeColor }
      : { from: o["from"], to: o["to"] as string, color: color as ShapeColor };
  });
}

const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === "string");
const isList = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === "object" && x !== null);
const isColor = (v: unknown): boolean => SHAPE_COLORS.includes(v as ShapeColor);
/** The record's [%cal] arrows ({ from, to, color }) or [%csl] circles ({ square, color }). */
const isShapes = (v: unknown, key: "arrows" | "circles"): boolean =>
  isList(v) &&
  (v as Array<Record<string, unknown>>).every((s) =>
    isColor(s["color"]) && (key === "arrows" ? isSquare(s["from"]) && isSquare(s["to"]) : isSquare(s["square"]))
  );

/**
 * A record as `chess.tree()` gives it, checked in every field the viewer reads, moves
 * and variations at any depth (walked without recursion: no depth exhausts the stack).
 */
export function checkTree(where: string, v: unknown): PgnGame {
  const t = v as Record<string, unknown> | null;
  const bad = (path: string, what: string): TypeError =>
    new TypeError(`${where}: expected a PGN record as chess.tree() gives it; ${path} is not ${what}`);
  if (typeof t !== "object" || t === null) throw typeError(where, "a PGN record as chess.tree() gives it", v);
  if (typeof t["headers"] !== "object" || t["headers"] === null) throw bad("headers", "an object");
  if (typeof t["startFen"] !== "string") throw bad("startFen", "a FEN string");
  if (typeof t["result"] !== "string") throw bad("result", "a string");
  if (!isStrings(t["comments"])) throw bad("comments", "an array of strings");
  for (const k of ["arrows", "circles"] as const) if (!isShapes(t[k], k)) throw bad(k, `an array of ${k}`);
  const lines: Array<[string, unknown]> = [["moves", t["moves"]]];
  for (let line = lines.pop(); line; line = lines.pop()) {
    const [path, moves] = line;
    if (!isList(moves)) throw bad(path, "an array of moves");
    (moves as Array<Record<string, unknown>>).forEach((n, i) => {
      const at = `${path}[${i}]`;
      for (const k of ["san", "fen", "from", "to"]) if (typeof n[k] !== "string") throw bad(`${at}.${k}`, "a string");
      for (const k of ["ply", "moveNumber"]) if (typeof n[k] !== "number") throw bad(`${at}.${k}`, "a number");
      if (n["color"] !== "w" && n["color"] !== "b") throw bad(`${at}.color`, '"w" or "b"');
      for (const k of ["comments", "startingComments"]) if (!isStrings(n[k])) throw bad(`${at}.${k}`, "an array of strings");
      for (const k of ["arrows", "circles"] as const) if (!isShapes(n[k], k)) throw bad(`${at}.${k}`, `an array of ${k}`);
      const nags = n["nags"];
      if (!Array.isArray(nags) || !nags.every((x) => typeof x === "number")) throw bad(`${at}.nags`, "an array of numbers");
      if (n["clock"] !== undefined && typeof n["clock"] !== "number") throw bad(`${at}.clock`, "a number");
      const vars = n["variations"];
      if (!Array.isArray(vars)) throw bad(`${at}.variations`, "an array of lines");
      vars.forEach((l, j) => lines.push([`${at}.variations[${j}]`, l]));
    });
  }
  return v as PgnGame;
}
