//! FEN in and out: standard FEN, X-FEN (`KQkq`, a file letter for an inner rook) and
//! Shredder-FEN (`HAha`), detected per character on input.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::bitboard::Bitboard;
use crate::castling::{file_letter, outermost_rook, Castles, CastlingSide};
use crate::position::{Board, Position};
use crate::square::{Color, File, Piece, Rank, Role, Square};
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
        use FenError::*;
        match self {
            Empty => cat!("invalid FEN: empty string"),
            FieldCount { found } => cat!("invalid FEN: expected 4 to 6 space-separated fields, found ", found),
            BadPiece { ch, rank } => cat!("invalid FEN: unexpected character '", ch, "' in the placement of rank ", rank),
            RankLength { rank } => {
                cat!("invalid FEN: rank ", rank, " does not describe exactly 8 squares")
            }
            RankCount { found } => cat!("invalid FEN: the placement has ", found, " ranks, expected 8 separated by '/'"),
            BadTurn { found } => cat!("invalid FEN: side to move (field 2) must be 'w' or 'b', found '", found, "'"),
            BadCastling { ch } => cat!("invalid FEN: unexpected character '", ch, "' in castling rights (field 3); use KQkq, file letters (X-FEN/Shredder-FEN) or '-'"),
            CastlingWithoutRook { ch } => cat!("invalid FEN: castling right '", ch, "' has no matching rook beside the king on its back rank"),
            BadEnPassant { found } => cat!("invalid FEN: en passant square (field 4) '", found, "' is not '-' or a square behind a pawn that just moved two squares"),
            BadHalfmove { found } => cat!("invalid FEN: halfmove clock (field 5) must be a non-negative integer, found '", found, "'"),
            BadFullmove { found } => cat!("invalid FEN: move number (field 6) must be a positive integer, found '", found, "'"),
            KingCount { color, found } => cat!("invalid position: ", color.name(), " has ", found, " kings, expected exactly 1"),
            PawnOnBackRank { square } => {
                cat!("invalid position: pawn on the first or last rank (", square, ")")
            }
            OppositeCheck => cat!("invalid position: the side that is not to move is in check"),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for FenError {}

fn parse_board(s: &str) -> Result<Board, FenError> {
    let ranks: Vec<&str> = s.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    let mut board = Board::empty();
    for (i, row) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if !(1..=8).contains(&d) {
                    return Err(FenError::BadPiece { ch, rank: rank + 1 });
                }
                file += d as u8;
            } else {
                let p = Piece::from_char(ch).ok_or(FenError::BadPiece { ch, rank: rank + 1 })?;
                if file >= 8 {
                    return Err(FenError::RankLength { rank: rank + 1 });
                }
                board.put(Square::from_index(rank * 8 + file), p);
                file += 1;
            }
            if file > 8 {
                return Err(FenError::RankLength { rank: rank + 1 });
            }
        }
        if file != 8 {
            return Err(FenError::RankLength { rank: rank + 1 });
        }
    }
    Ok(board)
}

fn parse_castling(s: &str, board: &Board) -> Result<Castles, FenError> {
    let mut castles = Castles::NONE;
    if s == "-" {
        return Ok(castles);
    }
    for ch in s.chars() {
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back = color.back_rank();
        let king = board
            .king(color)
            .filter(|k| k.rank().index() == back)
            .ok_or(FenError::CastlingWithoutRook { ch })?;
        let rook = match ch.to_ascii_lowercase() {
            'k' => outermost_rook(board, color, CastlingSide::KingSide),
            'q' => outermost_rook(board, color, CastlingSide::QueenSide),
            'a'..='h' => {
                let file = File::from_char(ch).ok_or(FenError::BadCastling { ch })?;
                let sq =
                    Square::from_coords(file, Rank::new(back).ok_or(FenError::BadCastling { ch })?);
                if board.pieces(color, Role::Rook).contains(sq) && sq != king {
                    Some(sq)
                } else {
                    None
                }
            }
            _ => return Err(FenError::BadCastling { ch }),
        }
        .ok_or(FenError::CastlingWithoutRook { ch })?;
        let side = CastlingSide::of(king, rook);
        castles.set(color, side, Some(rook));
    }
    Ok(castles)
}

/// Parses a FEN (4 to 6 fields) into a validated position.
pub fn parse(fen: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if !(4..=6).contains(&fields.len()) {
        // A lone placement or placement + turn is common enough from boards and editors.
        if fields.len() > 6 || fields.len() < 2 {
            return Err(FenError::FieldCount {
                found: fields.len(),
            });
        }
    }
    let board = parse_board(fields.first().copied().unwrap_or(""))?;
    let turn = match fields.get(1).copied() {
        Some("w") => Color::White,
        Some("b") => Color::Black,
        other => {
            return Err(FenError::BadTurn {
                found: other.unwrap_or("").to_string(),
            })
        }
    };
    for color in Color::ALL {
        let n = board.pieces(color, Role::King).count();
        if n != 1 {
            return Err(FenError::KingCount { color, found: n });
        }
    }
    if let Some(sq) = (board.by_role(Role::Pawn) & Bitboard(0xff00_0000_0000_00ff)).first() {
        return Err(FenError::PawnOnBackRank { square: sq });
    }
    let castles = parse_castling(fields.get(2).copied().unwrap_or("-"), &board)?;
    let ep_field = fields.get(3).copied().unwrap_or("-");
    let ep = if ep_field == "-" {
        None
    } else {
        let bad = || FenError::BadEnPassant {
            found: ep_field.to_string(),
        };
        let sq = Square::parse(ep_field).ok_or_else(bad)?;
        let (ep_rank, pawn_sq, from_sq) = match turn {
            Color::White => (5, sq.u8().wrapping_sub(8), sq.u8() + 8),
            Color::Black => (2, sq.u8() + 8, sq.u8().wrapping_sub(8)),
        };
        if sq.rank().index() != ep_rank {
            return Err(bad());
        }
        let pawn_sq = Square::from_index(pawn_sq);
        let from_sq = Square::from_index(from_sq);
        let occ = board.occupied();
        if !board.pieces(turn.other(), Role::Pawn).contains(pawn_sq)
            || occ.contains(sq)
            || occ.contains(from_sq)
        {
            return Err(bad());
        }
        // Kept only when a pawn could take; legality is checked by the generator.
        if (crate::attacks::pawn_attacks(turn.other(), sq) & board.pieces(turn, Role::Pawn)).any() {
            Some(sq)
        } else {
            None
        }
    };
    let halfmoves = match fields.get(4) {
        None => 0,
        Some(s) => s.parse::<u32>().map_err(|_| FenError::BadHalfmove {
            found: s.to_string(),
        })?,
    };
    let fullmoves = match fields.get(5) {
        None => 1,
        Some(s) => match s.parse::<u32>() {
            Ok(0) => 1,
            Ok(n) if n < 1_000_000 => n,
            _ => {
                return Err(FenError::BadFullmove {
                    found: s.to_string(),
                })
            }
        },
    };
    let halfmoves = halfmoves.min(100_000);
    let pos = Position::from_parts(board, turn, castles, ep, halfmoves, fullmoves);
    if let Some(k) = board.king(turn.other()) {
        if board.is_attacked(k, turn, board.occupied()) {
            return Err(FenError::OppositeCheck);
        }
    }
    Ok(pos)
}

/// The placement field.
pub fn board_fen(board: &Board) -> String {
    let mut s = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match board.piece_at(Square::from_index(rank * 8 + file)) {
                Some(p) => {
                    if empty > 0 {
                        s.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    s.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push((b'0' + empty) as char);
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

/// The castling field, X-FEN (`KQkq`, file letters only for inner rooks) or Shredder-FEN.
pub fn castling_fen(pos: &Position, shredder: bool) -> String {
    let mut s = String::new();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if let Some(rook) = pos.castles().rook(color, side) {
                let outer = outermost_rook(pos.board(), color, side) == Some(rook);
                let ch = if shredder || !outer {
                    file_letter(rook.file(), color)
                } else {
                    let c = match side {
                        CastlingSide::KingSide => 'k',
                        CastlingSide::QueenSide => 'q',
                    };
                    if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    }
                };
                s.push(ch);
            }
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// The full six-field FEN; the en passant square only when the capture is legal.
pub fn to_fen(pos: &Position, shredder: bool) -> String {
    cat!(
        board_fen(pos.board()),
        " ",
        pos.turn().char(),
        " ",
        castling_fen(pos, shredder),
        " ",
        pos.legal_ep()
            .map_or_else(|| "-".to_string(), |s| s.to_string()),
        " ",
        pos.halfmoves(),
        " ",
        pos.fullmoves()
    )
}

pub const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_standard_and_shredder() {
        let p = parse(STANDARD_FEN).unwrap();
        assert_eq!(to_fen(&p, false), STANDARD_FEN);
        assert_eq!(
            to_fen(&p, true),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
        let p = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1").unwrap();
        assert_eq!(to_fen(&p, false), STANDARD_FEN);
    }

    #[test]
    fn inner_rook_gets_a_file_letter_in_xfen() {
        // Two white rooks on the king side: g1 is the castling rook, h1 is not.
        let p = parse("4k3/8/8/8/8/8/8/R3K1RR w GA - 0 1").unwrap();
        assert_eq!(castling_fen(&p, false), "GQ");
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
