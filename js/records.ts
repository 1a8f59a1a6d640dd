// Decoders of the core's move records (src/records.rs, js/RAW_API.md):
// `color piece from to captured promotion flags san uci [rookFrom rookTo]`, the first
// six fields of fixed width; a swap record is `swap <color> <choice>`. Records that
// carry a position follow it with a tab and its X-FEN.
import type { MoveFields } from "./move.js";
import type { Color, PieceSymbol, Square, SwapChoice, SwapRecord } from "./types.js";

// Interned names, so that decoding a record allocates only the strings that vary.
const BY_INDEX: Square[] = [];
for (let r = 1; r <= 8; r++) for (const f of "abcdefgh") BY_INDEX.push(`${f}${r}` as Square);

/** The square `i` (a1 = 0, h8 = 63). */
export function squareOf(i: number): Square {
  return BY_INDEX[i]!;
}

/** The square whose two-character name starts at `at` in `text`. */
function squareAt(text: string, at: number): Square {
  return BY_INDEX[(text.charCodeAt(at) - 97) + (text.charCodeAt(at + 1) - 49) * 8] ?? (text.slice(at, at + 2) as Square);
}

/** A piece letter field (`-` for none). */
function pieceAt(text: string, at: number): PieceSymbol | undefined {
  const c = text.charAt(at);
  return c === "-" ? undefined : (c as PieceSymbol);
}

/** The fields of the move record in `text` from `at` to `end` (exclusive). */
export function fieldsAt(text: string, at: number, end: number): MoveFields {
  const flagsEnd = text.indexOf(" ", at + 14);
  const sanEnd = text.indexOf(" ", flagsEnd + 1);
  let uciEnd = text.indexOf(" ", sanEnd + 1);
  if (uciEnd < 0 || uciEnd > end) uciEnd = end;
  return {
    color: text.charAt(at) as Color,
    piece: text.charAt(at + 2) as PieceSymbol,
    from: squareAt(text, at + 4),
    to: squareAt(text, at + 7),
    captured: pieceAt(text, at + 10),
    promotion: pieceAt(text, at + 12),
    flags: text.slice(at + 14, flagsEnd),
    san: text.slice(flagsEnd + 1, sanEnd),
    uci: text.slice(sanEnd + 1, uciEnd),
    rook: uciEnd < end ? [squareAt(text, uciEnd + 1), squareAt(text, uciEnd + 4)] : undefined,
  };
}

/** Calls `f` with the bounds of each line of `text`, and where its tab is (or its end). */
export function eachLine(text: string, f: (at: number, tab: number, end: number) => void): void {
  if (text === "") return;
  let at = 0;
  for (;;) {
    const nl = text.indexOf("\n", at);
    const end = nl < 0 ? text.length : nl;
    if (end > at) {
      const tab = text.indexOf("\t", at);
      f(at, tab < 0 || tab > end ? end : tab, end);
    }
    if (nl < 0) return;
    at = nl + 1;
  }
}

export function isSwap(line: string): boolean {
  return line.startsWith("swap ");
}

/** A swap record: `swap <color> <choice>` (what follows a tab aside). */
export function decodeSwap(line: string): SwapRecord {
  const tab = line.indexOf("\t");
  const f = (tab < 0 ? line : line.slice(0, tab)).split(" ");
  return { color: f[1] as Color, swap: f[2] as SwapChoice };
}
