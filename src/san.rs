//! Standard Algebraic Notation: written with minimal disambiguation and check/mate
//! suffixes; read strictly (an ambiguous SAN is an error, never a guess).

#[allow(unused_imports)]
use crate::prelude::*;

use crate::castling::CastlingSide;
use crate::movegen::MoveList;
use crate::position::{Move, MoveKind, Position};
use crate::square::{File, Rank, Role, Square};
use core::fmt;

/// Why a SAN string was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN at all.
    Syntax { san: String },
    /// Well-formed, but no legal move matches.
    Illegal { san: String },
    /// Several legal moves match (e.g. two knights can reach the square).
    Ambiguous {
        san: String,
        candidates: Vec<String>,
    },
    /// A pawn reaches the last rank but the piece is missing.
    MissingPromotion { san: String },
}

impl SanError {
    /// The error as text (what `Display` writes).
    pub fn message(&self) -> String {
        match self {
            SanError::Syntax { san } => cat!("invalid move notation '", san, "'"),
            SanError::Illegal { san } => cat!("illegal move '", san, "'"),
            SanError::Ambiguous { san, candidates } => cat!(
                "ambiguous move '",
                san,
                "': could be ",
                candidates.join(" or ")
            ),
            SanError::MissingPromotion { san } => cat!(
                "move '",
                san,
                "' reaches the last rank: add the promotion piece (=Q, =R, =B or =N)"
            ),
        }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for SanError {}

fn role_of(pos: &Position, m: Move) -> Role {
    pos.board().role_at(m.from()).unwrap_or(Role::Pawn)
}

/// SAN without the check suffix; `legal` must be the legal moves of `pos`.
pub fn san_plain(pos: &Position, m: Move, legal: &MoveList) -> String {
    if let Some(side) = m.castling_side() {
        return side.san().to_string();
    }
    let role = role_of(pos, m);
    let to = m.to();
    let capture = pos.board().occupied().contains(to) || m.kind() == MoveKind::EnPassant;
    let mut s = String::with_capacity(8);
    if role == Role::Pawn {
        if capture {
            s.push(m.from().file().char());
            s.push('x');
        }
        to.push_to(&mut s);
        if let Some(p) = m.promotion() {
            s.push('=');
            s.push(p.upper());
        }
        return s;
    }
    s.push(role.upper());
    if role != Role::King {
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        for &o in legal.iter() {
            if o.to() == to && o.from() != m.from() && !o.is_castle() && role_of(pos, o) == role {
                any = true;
                same_file |= o.from().file() == m.from().file();
                same_rank |= o.from().rank() == m.from().rank();
            }
        }
        if any {
            if !same_file {
                s.push(m.from().file().char());
            } else if !same_rank {
                s.push(m.from().rank().char());
            } else {
                m.from().push_to(&mut s);
            }
        }
    }
    if capture {
        s.push('x');
    }
    to.push_to(&mut s);
    s
}

/// `+` or `#` (or nothing) for the position after a move.
pub fn suffix(after: &Position) -> &'static str {
    if after.is_check() {
        if after.has_legal_moves() {
            "+"
        } else {
            "#"
        }
    } else {
        ""
    }
}

/// Full SAN with check or mate suffix.
pub fn to_san(pos: &Position, m: Move, legal: &MoveList) -> String {
    let mut s = san_plain(pos, m, legal);
    s.push_str(suffix(&pos.after(m)));
    s
}

/// Reads SAN for a legal move. Tolerates `0-0`, check/mate and annotation suffixes
/// (`+ # ! ?`), a missing `=` before the promotion piece (`e8Q`), a `P` for pawns, and
/// long forms (`Ng1f3`, `Ng1-f3`). Rejects ambiguity.
pub fn parse_san(pos: &Position, text: &str, legal: &MoveList) -> Result<Move, SanError> {
    let san = text.trim();
    let syntax = || SanError::Syntax {
        san: san.chars().take(32).collect(),
    };
    let mut core = san.trim_end_matches(['+', '#', '!', '?']);
    core = core
        .strip_suffix("e.p.")
        .or_else(|| core.strip_suffix(" e.p."))
        .unwrap_or(core)
        .trim_end();
    if core.is_empty() || core.len() > 12 || !core.is_ascii() {
        return Err(syntax());
    }
    let castle = match core {
        "O-O" | "0-0" | "o-o" => Some(CastlingSide::KingSide),
        "O-O-O" | "0-0-0" | "o-o-o" => Some(CastlingSide::QueenSide),
        _ => None,
    };
    if let Some(side) = castle {
        return legal
            .iter()
            .copied()
            .find(|m| m.castling_side() == Some(side))
            .ok_or_else(|| SanError::Illegal { san: san.into() });
    }
    // Promotion piece at the end: "=Q", "=q", or a bare capital "Q" after the rank digit.
    // `core` is ASCII (checked above), so every byte is a char boundary.
    let mut body = core;
    let mut promotion = None;
    if core.len() >= 3 {
        if let Some((head, piece)) = core.split_at_checked(core.len() - 1) {
            let last = piece.chars().next().ok_or_else(syntax)?;
            if let Some(head) = head.strip_suffix('=') {
                promotion = Some(Role::from_char(last).ok_or_else(syntax)?);
                body = head;
            } else if "QRBN".contains(last) && head.ends_with(|c: char| c.is_ascii_digit()) {
                promotion = Role::from_char(last);
                body = head;
            }
        }
    }
    let (mut rest, to) = body
        .len()
        .checked_sub(2)
        .and_then(|at| body.split_at_checked(at))
        .ok_or_else(syntax)?;
    let to = Square::parse(to).ok_or_else(syntax)?;
    let mut role = Role::Pawn;
    if let Some(c) = rest.chars().next() {
        if "NBRQKP".contains(c) {
            role = Role::from_char(c).ok_or_else(syntax)?;
            rest = rest.get(1..).unwrap_or("");
        }
    }
    let mut from_file: Option<File> = None;
    let mut from_rank: Option<Rank> = None;
    let mut capture = false;
    for c in rest.chars() {
        match c {
            'a'..='h' if from_file.is_none() && from_rank.is_none() && !capture => {
                from_file = File::from_char(c)
            }
            '1'..='8' if from_rank.is_none() && !capture => from_rank = Rank::from_char(c),
            'x' | ':' if !capture => capture = true,
            '-' if !capture => {}
            _ => return Err(syntax()),
        }
    }
    if role == Role::Pawn && from_file.is_none() && capture {
        return Err(syntax());
    }
    if promotion.is_some() && role != Role::Pawn {
        return Err(syntax());
    }
    if promotion == Some(Role::Pawn) || promotion == Some(Role::King) {
        return Err(syntax());
    }
    let mut found: Vec<Move> = Vec::new();
    let mut wants_promotion = false;
    for &m in legal.iter() {
        if m.is_castle() || m.to() != to || role_of(pos, m) != role {
            continue;
        }
        if from_file.is_some_and(|f| m.from().file() != f)
            || from_rank.is_some_and(|r| m.from().rank() != r)
        {
            continue;
        }
        let is_capture = pos.board().by_color(pos.turn().other()).contains(m.to())
            || m.kind() == MoveKind::EnPassant;
        if capture && !is_capture {
            continue;
        }
        if m.promotion().is_some() && promotion.is_none() {
            wants_promotion = true;
            continue;
        }
        if m.promotion() != promotion {
            continue;
        }
        found.push(m);
    }
    match found.as_slice() {
        [m] => Ok(*m),
        [] if wants_promotion => Err(SanError::MissingPromotion { san: san.into() }),
        [] => Err(SanError::Illegal { san: san.into() }),
        _ => Err(SanError::Ambiguous {
            san: san.into(),
            candidates: found
                .iter()
                .map(|&m| {
                    let mut s = role.upper().to_string();
                    m.from().push_to(&mut s);
                    to.push_to(&mut s);
                    s
                })
                .collect(),
        }),
    }
}
