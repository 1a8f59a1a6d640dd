// chess.js's reading of move text (its `move(text, { strict })`), over the legal moves
// in chess.js's own order (the core lists them so): the text without its decorations
// against each move's SAN, then, unless strict, the permissive forms (`Pe2-e4`, `e2e4`,
// `Qf3xf7`, `e7e8q`, over-disambiguated `Nge7`, a capture without `x`). chess.js's API,
// read as chess.js reads it, in the language chess.js reads it in: its regular
// expressions are JavaScript's. King onto rook (`e1h1`) is castling too, in every
// variant (SPEC §1).

/** What the reader needs of a legal move (a move record's fields). */
export interface Candidate {
  san: string;
  piece: string;
  from: string;
  to: string;
  promotion?: string;
  rookFrom?: string;
}

/** chess.js's stripped SAN: no first `=`, no trailing `+`/`#` and `?`/`!`. */
export function stripped(san: string): string {
  return san.replace(/=/, "").replace(/[+#]?[?!]*$/, "");
}

/** chess.js's guess of the piece: a file letter is a pawn unless two squares follow, `O` the king. */
function inferPiece(san: string): string | undefined {
  const c = san.charAt(0);
  if (c >= "a" && c <= "h") return /[a-h]\d.*[a-h]\d/.test(san) ? undefined : "p";
  const p = c.toLowerCase();
  return p === "o" ? "k" : p;
}

/** `clean` (already stripped) as chess.js's strict pass reads it: its index among `sans`, or -1. */
export function exactIndex(clean: string, sans: string[]): number {
  return sans.findIndex((s) => stripped(s) === clean);
}

/** The text chess.js compares: stripped, `0-0` read as `O-O` unless strict. */
export function cleaned(text: string, strict: boolean): string {
  const clean = stripped(text);
  if (!strict && clean === "0-0") return "O-O";
  if (!strict && clean === "0-0-0") return "O-O-O";
  return clean;
}

/** The move chess.js's permissive pass finds for `clean` among `moves` (in chess.js's order). */
export function permissive<M extends Candidate>(clean: string, moves: M[]): M | undefined {
  let matches = clean.match(/([pnbrqkPNBRQK])?([a-h][1-8])x?-?([a-h][1-8])([qrbnQRBN])?/);
  if (!matches) matches = clean.match(/([pnbrqkPNBRQK])?([a-h]?[1-8]?)x?-?([a-h][1-8])([qrbnQRBN])?/);
  if (!matches) return undefined;
  const [, piece, from, to, promotion] = matches;
  if (!to) return undefined;
  const overly = from?.length === 1;
  const type = piece ? piece.toLowerCase() : inferPiece(clean);
  const lands = (m: M) => m.to === to || m.rookFrom === to;
  for (const m of moves) {
    if (type && m.piece !== type) continue;
    const fits = (!piece || piece.toLowerCase() === m.piece) && (!promotion || promotion.toLowerCase() === m.promotion);
    if (!from) {
      if (clean === stripped(m.san).replace("x", "")) return m;
    } else if (fits && from === m.from && lands(m)) {
      return m;
    } else if (overly && fits && lands(m) && (from === m.from[0] || from === m.from[1])) {
      return m;
    }
  }
  return undefined;
}
