/**
 * Evaluations as the viewer shows them: `[%eval]` of the record or the engine's review,
 * one score per mainline ply, from White's point of view, turned into White's winning
 * chances for the graph and the bar.
 *
 * The scale is lichess's: winning chances 2 / (1 + e^(−0.00368208·cp)) − 1, from −1
 * (Black wins) to +1 (White wins), with centipawns clamped to ±1000 (about ±0.95), so a
 * ten-pawn lead and a twenty-pawn lead look alike and a small edge in a level game is
 * still visible; a mate is drawn at the edge (±1). The constant is the one lichess
 * fitted to its players' results (and §6's judgments use the same curve).
 */
import type { PgnEval } from "./pgn-source.ts";
import type { Color, Judgment, ReviewedPly, Score } from "./types.ts";

/** What the viewer knows of one mainline ply: its score and, after analysis, its grade and the best move. */
export interface PlyEval {
  score: Score;
  judgment?: Judgment | null;
  /** The engine's best move in the position before this ply's move. */
  best?: { san: string; uci: string } | null;
  depth?: number;
}

/** The glyph and NAG of each judgment, as lichess marks them. */
export const JUDGMENTS: Record<Judgment, { glyph: string; nag: number; name: string }> = {
  inaccuracy: { glyph: "?!", nag: 6, name: "Inaccuracy" },
  mistake: { glyph: "?", nag: 2, name: "Mistake" },
  blunder: { glyph: "??", nag: 4, name: "Blunder" },
};

/** A record's `[%eval]` as a score (pawns to centipawns). */
export function fromPgnEval(e: PgnEval | undefined): Score | null {
  if (!e) return null;
  if (typeof e.mate === "number" && Number.isFinite(e.mate)) return { mate: e.mate };
  if (typeof e.pawns === "number" && Number.isFinite(e.pawns)) return { cp: Math.round(e.pawns * 100) };
  return null;
}

/**
 * A ply of the engine's review (`reviewGame`) as the viewer keeps it, `mover` the side
 * that played it. `{ mate: 0 }` (the move mated) becomes the mover's win: +0 for White,
 * −0 for Black (`chances` reads the sign of a zero).
 */
export function reviewedEval(r: ReviewedPly, mover: Color | undefined): PlyEval {
  const mated = "mate" in r.score && r.score.mate === 0;
  return { score: mated ? { mate: mover === "b" ? -0 : 0 } : r.score, judgment: r.judgment, best: r.best };
}

/** White's winning chances, −1 to +1 (see the module's comment). */
export function chances(s: Score): number {
  if ("mate" in s) return s.mate > 0 || Object.is(s.mate, 0) ? 1 : -1;
  const cp = Math.max(-1000, Math.min(1000, s.cp));
  return 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
}

/** The score as a player writes it: +0.35, −1.20, 0.00, #3, #−2. */
export function scoreText(s: Score): string {
  if ("mate" in s) return `#${s.mate < 0 ? "−" : ""}${Math.abs(s.mate)}`;
  const p = (s.cp / 100).toFixed(2);
  return s.cp > 0 ? `+${p}` : s.cp < 0 ? `−${p.slice(1)}` : "0.00";
}

/** The score as `[%eval]` writes it: 0.35, -1.2, #3, #-2. */
export function pgnEvalText(s: Score): string {
  return "mate" in s ? `#${s.mate}` : String(Math.round(s.cp) / 100);
}

/** Who stands better, in words, for a screen reader and a tooltip. */
export function scoreWords(s: Score): string {
  if ("mate" in s) return `${s.mate >= 0 ? "White" : "Black"} mates in ${Math.abs(s.mate) || "0"}`;
  const c = Math.abs(s.cp);
  const who = s.cp > 0 ? "White" : "Black";
  return c < 30 ? "about equal" : c < 100 ? `${who} is slightly better` : c < 300 ? `${who} is better` : `${who} is winning`;
}
