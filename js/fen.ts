// chess.js's FEN rules (its `validateFen` and `load`'s padding), word for word: the
// package checks a FEN as chess.js does before the core reads it leniently, so that
// what chess.js loads loads and what it refuses is refused with its message. (Format
// rules of chess.js's API, not chess rules; the core's own strict reading gives the
// precise reason, as the error's `cause`.)

/** chess.js's `load` padding: a FEN of two to five fields gets the missing ones (`- - 0 1`). */
export function padFen(fen: string): string {
  const tokens = fen.split(/\s+/);
  if (tokens.length >= 2 && tokens.length < 6) {
    return tokens.concat(["-", "-", "0", "1"].slice(-(6 - tokens.length))).join(" ");
  }
  return fen;
}

/**
 * chess.js's verdict on `fen`: null when it is valid, else chess.js's message. With
 * `castlingLetters`, the castling field may also hold X-FEN/Shredder-FEN file letters
 * (this library's Chess960 FENs): such a FEN is valid when all the rest is, and a fault
 * found after the castling field gets chess.js's message, which names that field.
 */
export function fenError(fen: string, castlingLetters: boolean): string | null {
  const tokens = fen.split(/\s+/);
  if (tokens.length !== 6) return "Invalid FEN: must contain six space-delimited fields";
  const [placement, turn, castling, ep, half, full] = tokens as [string, string, string, string, string, string];
  const moveNumber = parseInt(full, 10);
  if (isNaN(moveNumber) || moveNumber <= 0) return "Invalid FEN: move number must be a positive integer";
  const halfMoves = parseInt(half, 10);
  if (isNaN(halfMoves) || halfMoves < 0) {
    return "Invalid FEN: half move counter number must be a non-negative integer";
  }
  if (!/^(-|[abcdefgh][36])$/.test(ep)) return "Invalid FEN: en-passant square is invalid";
  const badCastling = "Invalid FEN: castling availability is invalid";
  if ((castlingLetters ? /[^kKqQa-hA-H-]/ : /[^kKqQ-]/).test(castling)) return badCastling;
  const error = laterFault(placement, turn, ep);
  return error !== null && /[^kKqQ-]/.test(castling) ? badCastling : error;
}

/** chess.js's checks after the castling field's. */
function laterFault(placement: string, turn: string, ep: string): string | null {
  if (!/^(w|b)$/.test(turn)) return "Invalid FEN: side-to-move is invalid";
  const rows = placement.split("/");
  if (rows.length !== 8) return "Invalid FEN: piece data does not contain 8 '/'-delimited rows";
  for (const row of rows) {
    let sum = 0;
    let previousWasNumber = false;
    for (const c of row) {
      if (c >= "0" && c <= "9") {
        if (previousWasNumber) return "Invalid FEN: piece data is invalid (consecutive number)";
        sum += +c;
        previousWasNumber = true;
      } else {
        if (!/^[prnbqkPRNBQK]$/.test(c)) return "Invalid FEN: piece data is invalid (invalid piece)";
        sum += 1;
        previousWasNumber = false;
      }
    }
    if (sum !== 8) return "Invalid FEN: piece data is invalid (too many squares in rank)";
  }
  if ((ep[1] === "3" && turn === "w") || (ep[1] === "6" && turn === "b")) {
    return "Invalid FEN: illegal en-passant square";
  }
  for (const [king, color] of [["K", "white"], ["k", "black"]] as const) {
    const n = placement.split(king).length - 1;
    if (n === 0) return `Invalid FEN: missing ${color} king`;
    if (n > 1) return `Invalid FEN: too many ${color} kings`;
  }
  if ([...(rows[0]! + rows[7]!)].some((c) => c.toUpperCase() === "P")) {
    return "Invalid FEN: some pawns are on the edge rows";
  }
  return null;
}
