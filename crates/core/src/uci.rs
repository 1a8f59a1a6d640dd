//! UCI move notation: `e2e4`, `e7e8q`; castling read in both conventions (`e1g1` king to
//! its destination, `e1h1` king onto its rook) and written in either.

use alloc::string::String;

use crate::text::{cat, push_all, Push};

use crate::movegen::MoveList;
use crate::position::{Move, Position};
use crate::square::{Role, Square};
use core::fmt;

/// How castling is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CastlingNotation {
    /// King to g/c (`e1g1`): what standard engines and chess.js users expect.
    #[default]
    KingToDestination,
    /// King onto its rook (`e1h1`): what `UCI_Chess960` engines expect.
    KingOntoRook,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    Syntax { uci: String },
    Illegal { uci: String },
}

impl UciError {
    /// The error as text (what `Display` writes).
    pub fn message(&self) -> String {
        cat!(self)
    }
}

impl Push for UciError {
    fn push_to(&self, out: &mut String) {
        match self {
            UciError::Syntax { uci } => push_all!(out; "invalid UCI move '", uci, "'"),
            UciError::Illegal { uci } => push_all!(out; "illegal move '", uci, "'"),
        }
    }
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for UciError {}

/// `m` in UCI, castling written as `notation` says.
pub fn to_uci(m: Move, notation: CastlingNotation) -> String {
    let mut s = String::with_capacity(5);
    push_uci(&mut s, m, notation);
    s
}

/// Writes [`to_uci`] into `out`.
pub fn push_uci(out: &mut String, m: Move, notation: CastlingNotation) {
    let to = match notation {
        CastlingNotation::KingToDestination => m.king_to(),
        CastlingNotation::KingOntoRook => m.to(),
    };
    Push::push_to(&m.from(), out);
    Push::push_to(&to, out);
    if let Some(p) = m.promotion() {
        out.push(p.char());
    }
}

/// Splits `e7e8q` into (from, to, promotion) without looking at a position.
pub fn parse_parts(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let (from_to, promo) = match *text.trim().as_bytes() {
        [a, b, c, d] => ([a, b, c, d], None),
        [a, b, c, d, p] => match Role::from_char(char::from(p))? {
            Role::Pawn | Role::King => return None,
            r => ([a, b, c, d], Some(r)),
        },
        _ => return None,
    };
    let [a, b, c, d] = from_to;
    Some((Square::from_ascii(a, b)?, Square::from_ascii(c, d)?, promo))
}

/// Reads a UCI move for `pos`. An ordinary move wins over castling when both fit (a
/// Chess960 king on f1 going to g1 is a king step in UCI, which writes castling as king
/// onto rook).
pub fn parse_uci(pos: &Position, text: &str, legal: &MoveList) -> Result<Move, UciError> {
    let _ = pos;
    let t = text.trim();
    let parts = parse_parts(t);
    if let Some((from, to, promo)) = parts {
        // Ordinary moves first, then castling.
        for castling in [false, true] {
            for &m in legal.iter() {
                if m.from() == from
                    && m.is_castle() == castling
                    && m.promotion() == promo
                    && (m.to() == to || (castling && m.king_to() == to))
                {
                    return Ok(m);
                }
            }
        }
    }
    // One copy of the text for either error (all of it when it parsed: 4 or 5 ASCII
    // characters).
    let uci = crate::text::first_chars(t, 16);
    Err(match parts {
        Some(_) => UciError::Illegal { uci },
        None => UciError::Syntax { uci },
    })
}
