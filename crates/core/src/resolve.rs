//! Castling-input resolution: what a `(from, to)` pair from a board means (SPEC §1).

use alloc::vec::Vec;

use crate::castling::CastlingSide;
use crate::movegen::MoveList;
use crate::position::{Move, MoveKind};
use crate::square::Square;

/// The meaning of a board input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// An ordinary legal move.
    Move(Move),
    /// Castling (king onto rook, king to g/c, or the rook move of rook-only castling).
    Castle(Move),
    /// A pawn reaching the last rank: the four promotions, queen first.
    Promotion(Vec<Move>),
    /// The king's trip is both castling and an ordinary king move: ask the player.
    Ambiguous { castle: Move, king_move: Move },
    /// Nothing legal.
    Illegal,
}

/// Resolves `from → to` against the legal moves of a position.
pub fn resolve(legal: &MoveList, from: Square, to: Square) -> Resolution {
    // One pass; the first match of each kind, applied in the order of the rules below.
    let (mut onto_rook, mut king_trip, mut rook_move) = (None, None, None);
    // The first ordinary move from `from` to `to` (more than one are promotions, listed
    // at the end: most inputs allocate nothing).
    let mut ordinary = None;
    for &m in legal.iter() {
        if !m.is_castle() {
            if m.from() == from && m.to() == to {
                ordinary.get_or_insert(m);
            }
            continue;
        }
        // A castling move: the king on `m.from()`, its rook on `m.to()`.
        let side = CastlingSide::of(m.from(), m.to());
        let king_to = side.king_to(m.from().rank());
        if m.from() == from {
            if m.to() == to {
                onto_rook.get_or_insert(m);
            }
            if from != to && king_to == to {
                king_trip.get_or_insert(m);
            }
        }
        if king_to == m.from() && m.to() == from && side.rook_to(from.rank()) == to {
            rook_move.get_or_insert(m);
        }
    }
    // 1. King onto its own castling rook.
    if let Some(c) = onto_rook {
        return Resolution::Castle(c);
    }
    // 2. King to its castling destination (the king actually travels).
    if let Some(c) = king_trip {
        return match ordinary {
            Some(k) => Resolution::Ambiguous {
                castle: c,
                king_move: k,
            },
            None => Resolution::Castle(c),
        };
    }
    // 3. King already on its destination: the rook's move castles.
    if let Some(c) = rook_move {
        return Resolution::Castle(c);
    }
    // 4. Ordinary moves and promotions.
    match ordinary {
        None => Resolution::Illegal,
        Some(m) if !matches!(m.kind(), MoveKind::Promotion(_)) => Resolution::Move(m),
        Some(_) => {
            let mut promotions = Vec::new();
            for &m in legal.iter() {
                if !m.is_castle() && m.from() == from && m.to() == to {
                    promotions.push(m);
                }
            }
            Resolution::Promotion(promotions)
        }
    }
}
