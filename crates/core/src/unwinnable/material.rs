//! Stage 1: material that can never build a mate, whatever the placement.
//!
//! Each rule needs the winner to have no pawn (no new piece can appear on its side) and,
//! where the loser's pieces matter, the loser to have none either. The proofs are in
//! `docs/dead-positions.md`; in short:
//! - a king never gives check;
//! - a lone knight's check leaves the two squares between king and knight for the winner's
//!   king to guard, which forces it beside them and leaves a flight on each side of the
//!   king that only a queen could fill, and a queen there takes the knight;
//! - bishops of one colour guard no square of the other colour, the winner's king guards
//!   at most one of the two such squares beside the check line, and a queen or rook on
//!   the other steps into the line.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::{Color, Role};

use super::Why;

/// `Some(why)` when `winner`'s material can never mate on this board.
pub fn cannot(pos: &Position, winner: Color) -> Option<Why> {
    let b = pos.board();
    let ours = b.by_color(winner);
    let theirs = b.by_color(winner.other());
    let pawns = b.by_role(Role::Pawn);
    let knights = b.by_role(Role::Knight);
    let bishops = b.by_role(Role::Bishop);
    if (ours & (pawns | b.by_role(Role::Rook) | b.by_role(Role::Queen))).any() {
        return None;
    }
    let our_knights = ours & knights;
    let our_bishops = ours & bishops;
    match (our_knights.count(), our_bishops.is_empty()) {
        (0, true) => Some(Why::LoneKing),
        // A lone knight against king and queens.
        (1, true) => (theirs & !(b.by_role(Role::King) | b.by_role(Role::Queen)))
            .is_empty()
            .then_some(Why::Material),
        (0, false) => {
            let colour = if (our_bishops & Bitboard::LIGHT).is_empty() {
                Bitboard::DARK
            } else if (our_bishops & Bitboard::DARK).is_empty() {
                Bitboard::LIGHT
            } else {
                return None;
            };
            // Nothing of the loser's can ever stand on the other colour but queens and
            // rooks. A double check by two bishops cannot be made by a move, but a
            // position set up with one could be mate now: leave that to the search.
            let blockers = pawns | knights | (bishops & !colour);
            let king = b.king(winner.other())?;
            let double = b.attackers(king, winner, b.occupied()).more_than_one();
            ((theirs & blockers).is_empty() && !double).then_some(Why::Material)
        }
        _ => None,
    }
}
