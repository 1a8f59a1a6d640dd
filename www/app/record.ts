/**
 * A game as the app keeps it: the PGN (tags, moves, `[%clk]` comments) and what PGN
 * does not hold (the opponent, the exact clocks, an envelope, how it ended). The same
 * record is the game in progress (localStorage) and a library entry (IndexedDB).
 */
import { api, movesOf, other, type Chess, type Color, type Envelope, type Outcome, type Variant } from "./api.ts";
import { logFromClocks, parseTimeControl, timeControlTag, type TimeControl } from "./clock.ts";
import { pgnDate } from "./dom.ts";
import type { ReviewedPly } from "../src/types.ts";

export interface Opponent {
  /** The side the computer plays, or null (two players at one board). */
  computer: Color | null;
  level: number;
}

export interface GameRecord {
  v: 1;
  id: string;
  pgn: string;
  opponent: Opponent;
  orientation: Color;
  control: TimeControl | null;
  /** Time used by [White, Black] after each move (ms), index 0 the start. */
  clocks: Array<[number, number]>;
  /** The sealed envelope of an adjourned game. */
  envelope: Envelope | null;
  /** A result the moves do not show (time, resignation, agreement), to set again on reading. */
  end: { reason: string; loser: Color | null } | null;
  /**
   * The engine's review of the game (analysis.ts): one entry per move, its evaluation,
   * the engine's move and the judgment. Its evaluations and judgments are in the PGN
   * too (`[%eval]`, NAGs); the engine's moves only here. Absent in older records.
   */
  review?: ReviewedPly[] | null;
  created: number;
  updated: number;
  // For the library's list (read from the game when saved).
  white: string;
  black: string;
  result: string;
  variant: Variant;
  plies: number;
  over: boolean;
}

/** A fresh id for a game. */
export function newId(): string {
  const b = crypto.getRandomValues(new Uint8Array(8));
  return `${Date.now().toString(36)}-${[...b].map((x) => x.toString(16).padStart(2, "0")).join("")}`;
}

export function playerName(side: Color, o: Opponent): string {
  if (o.computer === side) return `Computer (level ${o.level})`;
  if (o.computer) return "You";
  return side === "w" ? "White" : "Black";
}

/** Sets the tags the app owns: players, date, time control (the date only once). */
export function tag(g: Chess, o: Opponent, control: TimeControl | null, created: number): void {
  const h = g.getHeaders();
  if (!h["Event"] || h["Event"] === "?") g.setHeader("Event", o.computer ? "Game against the computer" : "Casual game");
  if (!h["Site"] || h["Site"] === "?") g.setHeader("Site", "chess960 app");
  if (!h["Date"] || h["Date"].startsWith("?")) g.setHeader("Date", pgnDate(new Date(created)));
  g.setHeader("White", playerName("w", o));
  g.setHeader("Black", playerName("b", o));
  g.setHeader("TimeControl", timeControlTag(control));
}

/** The PGN reasons of results the moves do not show. */
const TERMINATION: Record<string, string> = {
  timeout: "time forfeit",
  "timeout-insufficient-material": "time forfeit",
  resignation: "normal",
  agreement: "normal",
};

/** A result that the record must carry beside the moves (null for one the moves show). */
export function endOf(g: Chess, flagged: Color | null): GameRecord["end"] {
  const o = g.outcome();
  if (!o || !(o.reason in TERMINATION)) return null;
  if (o.reason.startsWith("timeout")) return { reason: o.reason, loser: flagged };
  return { reason: o.reason, loser: o.winner ? other(o.winner) : null };
}

/** Sets again a result the moves do not show (a game read back from its PGN). */
function restoreEnd(g: Chess, end: GameRecord["end"]): void {
  if (!end || g.outcome()) return;
  try {
    if (end.reason.startsWith("timeout") && end.loser) g.timeout(end.loser);
    else if (end.reason === "resignation" && end.loser) g.resign(end.loser);
    else if (end.reason === "agreement") g.drawByAgreement();
  } catch {
    // A record edited by hand: the Result tag still says it.
  }
}

export function resultOf(o: Outcome | null): string {
  return !o ? "*" : o.winner === "w" ? "1-0" : o.winner === "b" ? "0-1" : "1/2-1/2";
}

/** The record of `g` with the app's state (updated now). */
export function toRecord(
  base: Omit<GameRecord, "pgn" | "updated" | "white" | "black" | "result" | "variant" | "plies" | "over">,
  g: Chess,
): GameRecord {
  const o = g.outcome();
  // The core writes the Result tag as set (chess.js's way): a result the game reached is set here.
  if (o && g.getHeaders()["Result"] !== resultOf(o)) g.setHeader("Result", resultOf(o));
  if (base.end?.reason.startsWith("timeout") && o) g.setHeader("Termination", TERMINATION[base.end.reason]!);
  const h = g.getHeaders();
  return {
    ...base,
    pgn: g.pgn(),
    updated: Date.now(),
    white: h["White"] ?? "?",
    black: h["Black"] ?? "?",
    result: o ? resultOf(o) : h["Result"] ?? "*",
    variant: g.variant(),
    plies: movesOf(g).length,
    over: o !== null || (h["Result"] !== undefined && h["Result"] !== "*"),
  };
}

/** The game of a record; throws (with the reader's message) when its PGN cannot be read. */
export function gameOf(rec: GameRecord): Chess {
  const g = api.Chess.fromPgn(rec.pgn);
  restoreEnd(g, rec.end);
  return g;
}

/** A record for a game read from a PGN (an import, a shared link): its clocks from `[%clk]`. */
export function recordFromPgn(g: Chess, id = newId()): GameRecord {
  const h = g.getHeaders();
  const control = parseTimeControl(h["TimeControl"]);
  const tree = g.tree();
  const now = Date.now();
  const level = /Computer \(level (\d+)\)/;
  const wl = level.exec(h["White"] ?? "");
  const bl = level.exec(h["Black"] ?? "");
  const opponent: Opponent = wl ? { computer: "w", level: +wl[1]! } : bl ? { computer: "b", level: +bl[1]! } : { computer: null, level: 3 };
  return toRecord({
    v: 1, id, opponent, orientation: opponent.computer === "w" ? "b" : "w", control,
    clocks: logFromClocks(control, tree.moves), envelope: null, end: null, created: now,
  }, g);
}

/** The record's review when it is of `g`'s moves (the same SAN, ply by ply), else null. */
export function reviewOf(rec: GameRecord, g: Chess): ReviewedPly[] | null {
  const r = rec.review;
  const moves = movesOf(g);
  if (!Array.isArray(r) || r.length !== moves.length || !moves.length) return null;
  return r.every((p, i) => p && p.ply === i + 1 && p.san === moves[i]?.san && !!p.score) ? r : null;
}

/** Checks the shape of a record read from storage (anything else is not ours or damaged). */
export function isRecord(x: unknown): x is GameRecord {
  const r = x as Partial<GameRecord> | null;
  return !!r && r.v === 1 && typeof r.id === "string" && typeof r.pgn === "string" &&
    !!r.opponent && Array.isArray(r.clocks) && (r.orientation === "w" || r.orientation === "b");
}
