//! UCI move notation: `e2e4`, `e7e8q`; castling read in both conventions (`e1g1` king to
//! its destination, `e1h1` king onto its rook) and written in either.

#[allow(unused_imports)]
use crate::prelude::*;

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
        match self {
            UciError::Syntax { uci } => cat!("invalid UCI move '", uci, "'"),
            UciError::Illegal { uci } => cat!("illegal move '", uci, "'"),
        }
    }
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for UciError {}

pub fn to_uci(m: Move, notation: CastlingNotation) -> String {
    let to = match notation {
        CastlingNotation::KingToDestination => m.king_to(),
        CastlingNotation::KingOntoRook => m.to(),
    };
    let mut s = String::with_capacity(5);
    m.from().push_to(&mut s);
    to.push_to(&mut s);
    if let Some(p) = m.promotion() {
        s.push(p.char());
    }
    s
}

/// Splits `e7e8q` into (from, to, promotion) without looking at a position.
pub fn parse_parts(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let t = text.trim();
    if !t.is_ascii() || !(4..=5).contains(&t.len()) {
        return None;
    }
    let from = Square::parse(t.get(0..2)?)?;
    let to = Square::parse(t.get(2..4)?)?;
    let promo = match t.get(4..5) {
        None | Some("") => None,
        Some(c) => {
            let r = Role::from_char(c.chars().next()?)?;
            if !Role::PROMOTIONS.contains(&r) {
                return None;
            }
            Some(r)
        }
    };
    Some((from, to, promo))
}

/// Reads a UCI move for `pos`. An ordinary move wins over castling when both fit (a
/// Chess960 king on f1 going to g1 is a king step in UCI, which writes castling as king
/// onto rook).
pub fn parse_uci(pos: &Position, text: &str, legal: &MoveList) -> Result<Move, UciError> {
    let (from, to, promo) = parse_parts(text).ok_or_else(|| UciError::Syntax {
        uci: text.trim().chars().take(16).collect(),
    })?;
    let _ = pos;
    let ordinary = legal
        .iter()
        .copied()
        .find(|m| !m.is_castle() && m.from() == from && m.to() == to && m.promotion() == promo);
    if let Some(m) = ordinary {
        return Ok(m);
    }
    if promo.is_none() {
        let castle = legal
            .iter()
            .copied()
            .filter(|m| m.is_castle() && m.from() == from)
            .find(|m| m.to() == to || m.king_to() == to);
        if let Some(m) = castle {
            return Ok(m);
        }
    }
    Err(UciError::Illegal {
        uci: text.trim().to_string(),
    })
}
