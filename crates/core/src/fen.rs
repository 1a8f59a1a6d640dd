//! FEN in and out: standard FEN, X-FEN (`KQkq`, a file letter for an inner rook) and
//! Shredder-FEN (`HAha`), detected per character on input.

use alloc::{borrow::ToOwned, string::String};

use crate::text::{cat, push_all, Push};

use crate::bitboard::Bitboard;
use crate::castling::{outermost_rook, Castles, CastlingSide};
use crate::position::{Board, Position};
use crate::square::{Color, Piece, Role, Square};
use core::fmt;

/// What is wrong with a FEN. Field numbers count from 1 (1 = placement).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    FieldCount { found: usize },
    BadPiece { ch: char, rank: u8 },
    RankLength { rank: u8 },
    RankCount { found: usize },
    BadTurn { found: String },
    BadCastling { ch: char },
    CastlingWithoutRook { ch: char },
    BadEnPassant { found: String },
    BadHalfmove { found: String },
    BadFullmove { found: String },
    KingCount { color: Color, found: u32 },
    PawnOnBackRank { square: Square },
    OppositeCheck,
}

impl FenError {
    /// The error as text (what `Display` writes).
    pub fn message(&self) -> String {
        cat!(self)
    }
}

impl Push for FenError {
    fn push_to(&self, out: &mut String) {
        use FenError::*;
        // The three rules about the position itself, then the text's own faults.
        let prefix = match self {
            KingCount { .. } | PawnOnBackRank { .. } | OppositeCheck => "invalid position: ",
            _ => "invalid FEN: ",
        };
        prefix.push_to(out);
        match self {
            Empty => push_all!(out; "empty string"),
            FieldCount { found } => {
                push_all!(out; "expected 4 to 6 space-separated fields, found ", found)
            }
            BadPiece { ch, rank } => {
                push_all!(out; "unexpected character '", ch, "' in the placement of rank ", rank)
            }
            RankLength { rank } => {
                push_all!(out; "rank ", rank, " does not describe exactly 8 squares")
            }
            RankCount { found } => {
                push_all!(out; "the placement has ", found, " ranks, expected 8 separated by '/'")
            }
            BadTurn { found } => {
                push_all!(out; "side to move (field 2) must be 'w' or 'b', found '", found, "'")
            }
            BadCastling { ch } => {
                push_all!(out; "unexpected character '", ch, "' in castling rights (field 3); use KQkq, file letters (X-FEN/Shredder-FEN) or '-'")
            }
            CastlingWithoutRook { ch } => {
                push_all!(out; "castling right '", ch, "' has no matching rook beside the king on its back rank")
            }
            BadEnPassant { found } => {
                push_all!(out; "en passant square (field 4) '", found, "' is not '-' or a square behind a pawn that just moved two squares")
            }
            BadHalfmove { found } => {
                push_all!(out; "halfmove clock (field 5) must be a non-negative integer, found '", found, "'")
            }
            BadFullmove { found } => {
                push_all!(out; "move number (field 6) must be a positive integer, found '", found, "'")
            }
            KingCount { color, found } => {
                push_all!(out; color.name(), " has ", found, " kings, expected exactly 1")
            }
            PawnOnBackRank { square } => {
                push_all!(out; "pawn on the first or last rank (", square, ")")
            }
            OppositeCheck => push_all!(out; "the side that is not to move is in check"),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for FenError {}

/// The character that starts at byte `i` of `s`, for an error message (`i` is on a
/// character boundary: every byte before it was ASCII).
fn char_at(s: &str, i: usize) -> char {
    s.get(i..).and_then(|t| t.chars().next()).unwrap_or('\0')
}

/// An error that quotes a field, all of it.
fn field_error(make: fn(String) -> FenError, field: &str) -> FenError {
    make(field.to_owned())
}

/// What `str::parse::<u32>` accepts: an optional `+`, then decimal digits up to `u32::MAX`.
fn parse_u32(s: &str) -> Option<u32> {
    let digits = s.as_bytes().strip_prefix(b"+").unwrap_or(s.as_bytes());
    if digits.is_empty() {
        return None;
    }
    let mut n = 0u32;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
    }
    Some(n)
}

fn parse_board(s: &str) -> Result<Board, FenError> {
    let bytes = s.as_bytes();
    let found = bytes.iter().filter(|&&c| c == b'/').count() + 1;
    if found != 8 {
        return Err(FenError::RankCount { found });
    }
    let mut board = Board::empty();
    // `rank` counts from 1. The end of the text ends the last rank as a '/' ends the
    // others, so one test checks every rank's length; eight ranks (seven '/') bring
    // `rank` down to 0, never below.
    let (mut rank, mut file) = (8u8, 0u8);
    for i in 0..=bytes.len() {
        let c = bytes.get(i).copied().unwrap_or(b'/');
        if c == b'/' {
            if file != 8 {
                return Err(FenError::RankLength { rank });
            }
            rank -= 1;
            file = 0;
            continue;
        }
        // A byte of a multi-byte character is no piece letter and no digit.
        let piece = Piece::from_char(char::from(c));
        file += match piece {
            Some(_) => 1,
            None if (b'1'..=b'8').contains(&c) => c - b'0',
            None => {
                return Err(FenError::BadPiece {
                    ch: char_at(s, i),
                    rank,
                })
            }
        };
        if file > 8 {
            return Err(FenError::RankLength { rank });
        }
        // Each square is read once, so it is still empty here.
        if let Some(p) = piece {
            board.toggle(
                Square::from_index((rank - 1) * 8 + file - 1),
                p.color,
                p.role,
            );
        }
    }
    Ok(board)
}

/// The castling field; `lenient` drops a letter without its king and rook (or that is
/// no castling letter) instead of refusing the field.
fn parse_castling(s: &str, board: &Board, lenient: bool) -> Result<Castles, FenError> {
    let mut castles = Castles::NONE;
    if s == "-" {
        return Ok(castles);
    }
    // Every accepted character is ASCII; the first byte of any other ends in an error.
    for (i, &c) in s.as_bytes().iter().enumerate() {
        let ch = char_at(s, i);
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = color.back_rank();
        // Errors are built only on the way out (no error value to drop on success).
        let Some(king) = board.king(color).filter(|k| k.rank().index() == back) else {
            if lenient {
                continue;
            }
            return Err(FenError::CastlingWithoutRook { ch });
        };
        let rook = match c.to_ascii_lowercase() {
            b'k' => outermost_rook(board, color, CastlingSide::KingSide),
            b'q' => outermost_rook(board, color, CastlingSide::QueenSide),
            f @ b'a'..=b'h' => {
                let sq = Square::from_index(back * 8 + (f - b'a'));
                (board.pieces(color, Role::Rook).contains(sq) && sq != king).then_some(sq)
            }
            _ if lenient => continue,
            _ => return Err(FenError::BadCastling { ch }),
        };
        let Some(rook) = rook else {
            if lenient {
                continue;
            }
            return Err(FenError::CastlingWithoutRook { ch });
        };
        castles.set(color, CastlingSide::of(king, rook), Some(rook));
    }
    Ok(castles)
}

/// Parses a FEN (2 to 6 fields; missing ones read as `- - 0 1`) into a validated
/// position.
pub fn parse(fen: &str) -> Result<Position, FenError> {
    parse_with(fen, false)
}

/// Parses a FEN as chess.js's `load` keeps it, once its text passed chess.js's checks
/// (js/fen.ts) or they were skipped: the side not to move may be in check, kings may be
/// missing (a second king of one colour is left out, as chess.js leaves it out), pawns
/// may stand on the back ranks, an en passant square is kept with no pawn ready to take
/// there; a castling right without its king and rook, an en passant square that does not
/// fit (no pawn that just moved two squares) and unreadable counters are dropped. It must still describe
/// 8 ranks of 8 squares and a side to move.
pub fn parse_lenient(fen: &str) -> Result<Position, FenError> {
    parse_with(fen, true)
}

fn parse_with(fen: &str, lenient: bool) -> Result<Position, FenError> {
    // Missing trailing fields read as their defaults.
    let mut fields = ["", "", "-", "-", "0", "1"];
    let mut n = 0;
    for (i, field) in fen.split_whitespace().enumerate() {
        if let Some(slot) = fields.get_mut(i) {
            *slot = field;
        }
        n = i + 1;
    }
    if n == 0 {
        return Err(FenError::Empty);
    }
    // A lone placement + turn is common enough from boards and editors.
    if !(2..=6).contains(&n) {
        return Err(FenError::FieldCount { found: n });
    }
    let [placement, turn, castling, ep_field, halfmoves, fullmoves] = fields;
    let mut board = parse_board(placement)?;
    let turn = match turn {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(field_error(|found| FenError::BadTurn { found }, other)),
    };
    for color in Color::ALL {
        let kings = board.pieces(color, Role::King);
        let n = kings.count();
        if lenient && n > 1 {
            // chess.js places pieces from a8 and refuses a second king: the first stays.
            let first = (0..64u8)
                .map(|i| Square::from_index(i ^ 56))
                .find(|&q| kings.contains(q));
            for q in kings {
                if Some(q) != first {
                    board.remove(q);
                }
            }
        } else if n != 1 && !lenient {
            return Err(FenError::KingCount { color, found: n });
        }
    }
    if let Some(sq) = (board.by_role(Role::Pawn) & Bitboard(0xff00_0000_0000_00ff)).first() {
        if !lenient {
            return Err(FenError::PawnOnBackRank { square: sq });
        }
    }
    let castles = parse_castling(castling, &board, lenient)?;
    let ep = if ep_field == "-" {
        None
    } else {
        let bad = || field_error(|found| FenError::BadEnPassant { found }, ep_field);
        let sq = match *ep_field.as_bytes() {
            [f, r] => Square::from_ascii(f, r),
            _ => None,
        }
        .ok_or_else(bad);
        match sq {
            // chess.js keeps the square as given, a pawn ready to take there or not (its
            // `fen({ forceEnpassantSquare })` and `hash()` show it).
            Ok(sq) if ep_in_place(&board, turn, sq) && lenient => Some(sq),
            Ok(sq) if ep_in_place(&board, turn, sq) => ep_if_capturable(&board, turn, sq),
            _ if lenient => None,
            Ok(_) => return Err(bad()),
            Err(e) => return Err(e),
        }
    };
    // chess.js reads counters with parseInt: their leading digits.
    let digits = |s: &'_ str| {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        s.get(..n).unwrap_or_default().to_owned()
    };
    let (halfmoves, fullmoves) = if lenient {
        (digits(halfmoves), digits(fullmoves))
    } else {
        (halfmoves.to_owned(), fullmoves.to_owned())
    };
    let halfmoves = match parse_u32(&halfmoves) {
        Some(n) => n,
        None if lenient => 0,
        None => {
            return Err(field_error(
                |found| FenError::BadHalfmove { found },
                &halfmoves,
            ))
        }
    };
    let fullmoves = match parse_u32(&fullmoves) {
        Some(0) => 1,
        Some(n) if n <= MAX_FULLMOVES => n,
        _ if lenient => 1,
        _ => {
            return Err(field_error(
                |found| FenError::BadFullmove { found },
                &fullmoves,
            ))
        }
    };
    let halfmoves = halfmoves.min(MAX_HALFMOVES);
    // The side not to move must not be in check: asked as if it were to move, through
    // the out-of-line `checkers` (not a second inlined copy of the attack tests).
    // Castling rights and en passant play no part in it.
    if !lenient && Position::from_parts(board, turn.other(), Castles::NONE, None, 0, 0).is_check() {
        return Err(FenError::OppositeCheck);
    }
    Ok(Position::from_parts(
        board, turn, castles, ep, halfmoves, fullmoves,
    ))
}

/// Whether `sq` can be the en passant square with `turn` to move: on the third rank from
/// the other side, the pawn that skipped it in front of it, it and the square behind empty.
fn ep_in_place(board: &Board, turn: Color, sq: Square) -> bool {
    let (ep_rank, pawn_sq, from_sq) = match turn {
        Color::White => (5, sq.u8().wrapping_sub(8), sq.u8() + 8),
        Color::Black => (2, sq.u8() + 8, sq.u8().wrapping_sub(8)),
    };
    let occ = board.occupied();
    sq.rank().index() == ep_rank
        && board
            .pieces(turn.other(), Role::Pawn)
            .contains(Square::from_index(pawn_sq))
        && !occ.contains(sq)
        && !occ.contains(Square::from_index(from_sq))
}

/// `sq` as the en passant square if it is in place and a pawn of `turn` stands ready to
/// take there (whether the capture is legal is the generator's question), else `None`.
pub(crate) fn ep_if_capturable(board: &Board, turn: Color, sq: Square) -> Option<Square> {
    (ep_in_place(board, turn, sq)
        && (crate::attacks::pawn_attacks(turn.other(), sq) & board.pieces(turn, Role::Pawn)).any())
    .then_some(sq)
}

fn push_board(board: &Board, s: &mut String) {
    // Each square's letter, from the twelve piece sets (a square at a time would test
    // every set for every square).
    let mut letters = [0u8; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            let letter = Piece { color, role }.char() as u8;
            for sq in board.pieces(color, role) {
                if let Some(slot) = letters.get_mut(sq.index()) {
                    *slot = letter;
                }
            }
        }
    }
    // The eighth rank first, a-file to h-file; a run of empty squares as its length.
    // Written as bytes (at most 64 letters and 7 slashes), pushed at once.
    let mut out = [0u8; 71];
    let mut n = 0;
    let mut put = |b: u8| {
        if let Some(slot) = out.get_mut(n) {
            *slot = b;
            n += 1;
        }
    };
    // Only the occupied squares are visited: a gap before one is written as its length.
    let occupied = board.occupied().0;
    for rank in (0..8u8).rev() {
        if rank < 7 {
            put(b'/');
        }
        let mut file = 0;
        let mut on_rank = (occupied >> (8 * rank)) & 0xff;
        while on_rank != 0 {
            let f = on_rank.trailing_zeros() as u8;
            on_rank &= on_rank - 1;
            if f > file {
                put(b'0' + f - file);
            }
            put(letters
                .get(usize::from(rank * 8 + f))
                .copied()
                .unwrap_or(b'?'));
            file = f + 1;
        }
        if file < 8 {
            put(b'0' + 8 - file);
        }
    }
    if let Ok(placement) = core::str::from_utf8(out.get(..n).unwrap_or_default()) {
        s.push_str(placement);
    }
}

/// The placement field.
pub fn board_fen(board: &Board) -> String {
    let mut s = String::with_capacity(72);
    push_board(board, &mut s);
    s
}

/// How a FEN writes castling rights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CastlingLetters {
    /// X-FEN: `KQkq` for the outermost rooks, the rook's file letter for an inner one
    /// (what chess.js and lichess write).
    #[default]
    XFen,
    /// Shredder-FEN: always the rook's file letter (`HAha`).
    Shredder,
}

fn push_castling(pos: &Position, letters: CastlingLetters, s: &mut String) {
    let shredder = letters == CastlingLetters::Shredder;
    let start = s.len();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if let Some(rook) = pos.castles().rook(color, side) {
                // A rook in the corner is the outermost: no need to look for another.
                let corner = rook.file().index()
                    == match side {
                        CastlingSide::KingSide => 7,
                        CastlingSide::QueenSide => 0,
                    };
                let ch = if shredder
                    || (!corner && outermost_rook(pos.board(), color, side) != Some(rook))
                {
                    rook.file().char()
                } else if side == CastlingSide::KingSide {
                    'k'
                } else {
                    'q'
                };
                s.push(if color == Color::White {
                    ch.to_ascii_uppercase()
                } else {
                    ch
                });
            }
        }
    }
    if s.len() == start {
        s.push('-');
    }
}

/// The castling field, X-FEN (`KQkq`, file letters only for inner rooks) or Shredder-FEN.
pub fn castling_fen(pos: &Position, letters: CastlingLetters) -> String {
    let mut s = String::new();
    push_castling(pos, letters, &mut s);
    s
}

/// The full six-field FEN; the en passant square only when the capture is legal.
pub fn to_fen(pos: &Position, letters: CastlingLetters) -> String {
    // Room for most FENs at once (the longest are ~90 bytes): no regrowth on the way.
    let mut s = String::with_capacity(96);
    write_fen(pos, letters, EpSquare::Legal, &mut s);
    s
}

/// Appends [`to_fen`] to `s` (a list of records and FENs is one string).
pub fn push_fen(pos: &Position, letters: CastlingLetters, s: &mut String) {
    write_fen(pos, letters, EpSquare::Legal, s);
}

/// [`to_fen`] with the en passant square as kept (a pawn ready to take there, legal or
/// not, or as a lenient FEN gave it): chess.js's `fen({ forceEnpassantSquare: true })`.
pub fn to_fen_forced_ep(pos: &Position) -> String {
    let mut s = String::with_capacity(96);
    write_fen(pos, CastlingLetters::XFen, EpSquare::AsKept, &mut s);
    s
}

/// Which en passant square a FEN writes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum EpSquare {
    /// Only where an en passant capture is legal.
    Legal,
    /// The square as kept (chess.js's `forceEnpassantSquare`).
    AsKept,
}

fn write_fen(pos: &Position, letters: CastlingLetters, ep: EpSquare, s: &mut String) {
    push_board(pos.board(), s);
    s.push(' ');
    s.push(pos.turn().char());
    s.push(' ');
    push_castling(pos, letters, s);
    s.push(' ');
    match if ep == EpSquare::AsKept {
        pos.ep
    } else {
        pos.legal_ep()
    } {
        Some(sq) => Push::push_to(&sq, s),
        None => s.push('-'),
    }
    s.push(' ');
    // The counters as the reader keeps them: play may count past those limits, and the
    // FEN must read back to itself.
    crate::text::push_uint(s, pos.halfmoves().min(MAX_HALFMOVES).into());
    s.push(' ');
    crate::text::push_uint(s, pos.fullmoves().min(MAX_FULLMOVES).into());
}

/// The largest halfmove clock a FEN keeps (larger ones read as this; the fifty-move and
/// seventy-five-move rules need only 150).
const MAX_HALFMOVES: u32 = 100_000;
/// The largest move number a FEN may give (a larger one is an error).
const MAX_FULLMOVES: u32 = 999_999;

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the fen fuzz target: play counted past what a FEN keeps, and the FEN of
    /// the next position did not read back to itself.
    #[test]
    fn counters_past_the_limits_round_trip() {
        for (fen, want) in [
            ("4k3/8/8/8/8/8/8/4K2R w K - 99994217 7", "- 100000 7"),
            ("4k3/8/8/8/8/8/8/4K2R b K - 3 999999", "- 4 999999"),
        ] {
            let pos = parse(fen).unwrap();
            let next = pos.after(pos.legal_moves().as_slice()[0]);
            let text = to_fen(&next, CastlingLetters::XFen);
            assert!(text.ends_with(want), "{text}");
            assert_eq!(to_fen(&parse(&text).unwrap(), CastlingLetters::XFen), text);
        }
    }

    #[test]
    fn round_trips_standard_and_shredder() {
        let p = parse(STANDARD_FEN).unwrap();
        assert_eq!(to_fen(&p, CastlingLetters::XFen), STANDARD_FEN);
        assert_eq!(
            to_fen(&p, CastlingLetters::Shredder),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
        let p = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert_eq!(to_fen(&p, CastlingLetters::XFen), STANDARD_FEN);
    }

    #[test]
    fn inner_rook_gets_a_file_letter_in_xfen() {
        // Two white rooks on the king side: g1 is the castling rook, h1 is not.
        let p = parse("4k3/8/8/8/8/8/8/R3K1RR w GA - 0 1").unwrap();
        assert_eq!(castling_fen(&p, CastlingLetters::XFen), "GQ");
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(parse(""), Err(FenError::Empty));
        assert!(matches!(
            parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"),
            Err(FenError::BadPiece { ch: 'X', rank: 1 })
        ));
        assert!(matches!(
            parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
            Err(FenError::BadTurn { .. })
        ));
        assert!(matches!(
            parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"),
            Err(FenError::CastlingWithoutRook { ch: 'K' })
        ));
        assert!(matches!(
            parse("8/8/8/8/8/8/8/8 w - - 0 1"),
            Err(FenError::KingCount { .. })
        ));
        assert!(parse("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_err());
        assert!(parse("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1").is_err());
        assert!(parse("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1").is_err());
    }
}
