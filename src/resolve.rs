//! Castling-input resolution: what a `(from, to)` pair from a board means (SPEC §1).

#[allow(unused_imports)]
use crate::prelude::*;

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
    let castles = || legal.iter().copied().filter(|m| m.is_castle());
    // 1. King onto its own castling rook.
    if let Some(c) = castles().find(|m| m.from() == from && m.to() == to) {
        return Resolution::Castle(c);
    }
    let ordinary: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !m.is_castle() && m.from() == from && m.to() == to)
        .collect();
    // 2. King to its castling destination (the king actually travels).
    if from != to {
        if let Some(c) = castles().find(|m| m.from() == from && m.king_to() == to) {
            return match ordinary.first() {
                Some(&k) => Resolution::Ambiguous {
                    castle: c,
                    king_move: k,
                },
                None => Resolution::Castle(c),
            };
        }
    }
    // 3. King already on its destination: the rook's move castles.
    if let Some(c) = castles().find(|m| {
        m.king_to() == m.from()
            && m.to() == from
            && m.castling_side().map(|s| s.rook_to(from.rank())) == Some(to)
    }) {
        return Resolution::Castle(c);
    }
    // 4. Ordinary moves and promotions.
    match ordinary.as_slice() {
        [] => Resolution::Illegal,
        [m] if !matches!(m.kind(), MoveKind::Promotion(_)) => Resolution::Move(*m),
        ms => Resolution::Promotion(ms.to_vec()),
    }
}
