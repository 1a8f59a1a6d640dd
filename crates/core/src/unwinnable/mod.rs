//! Can a side still checkmate? FIDE 6.9 (a flag fall against a side that cannot mate by
//! any series of legal moves is a draw) and 5.2.2 (a position where neither side can mate
//! is dead, and the game ends there).
//!
//! The answer is **sound**: "cannot" is said only with a proof, so a side that has a mate
//! by some series of legal moves (a helpmate counts) is never told it has none. It is
//! complete in practice, in three stages, cheapest first:
//!
//! 1. **Material** ([`material`]): a lone king; a lone knight against king and queens; bishops
//!    of one colour against no pawn, knight or bishop of the other colour. Each is a
//!    theorem (proofs in `docs/dead-positions.md`).
//! 2. **Locked structure** ([`locked`]): when every pawn is blocked for good, or can only
//!    walk up to such a block, the squares each king and piece can ever reach are flood
//!    fills around the pawns; if nothing can ever capture or be captured by a pawn, the
//!    structure is frozen, and mate needs the winner's pieces to reach the loser's king
//!    with too few flight squares left for them to cover.
//! 3. **Helpmate search** ([`search`]): a best-first search over the positions reachable
//!    from here (the winner plays for mate, the loser cooperates), every reached position
//!    judged by stages 1 and 2, bounded in positions and depth. Finding a mate answers
//!    "can" (with the line); running out of positions with none found answers "cannot";
//!    reaching a bound answers "can".
//!
//! ```
//! use chess960::fen;
//! use chess960::square::Color;
//! use chess960::unwinnable::{self, Answer, Why};
//!
//! // A locked pawn wall with kings only: no series of legal moves mates.
//! let wall = fen::parse("8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/8/8 w - - 0 1").unwrap();
//! assert_eq!(unwinnable::analyse(&wall, Color::White), Answer::Cannot(Why::Locked));
//! assert!(unwinnable::is_dead_position(&wall));
//!
//! // King and knight against king and pawn: only a helpmate, but a mate all the same.
//! let kn = fen::parse("8/8/8/4k3/8/8/4p3/4KN2 w - - 0 1").unwrap();
//! assert!(unwinnable::can_checkmate(&kn, Color::White));
//! assert!(!unwinnable::is_dead_position(&kn));
//! ```

use crate::position::{Move, Position};
use crate::square::{Color, Role};

pub mod locked;
pub mod material;
pub mod search;
mod sets;

pub use search::Limits;

/// Why a side cannot mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// No legal move is left (stalemate, or the side itself is mated).
    NoMoves,
    /// Only the king: a king never gives check.
    LoneKing,
    /// The material cannot build a mate (a lone knight against king and queens, bishops of
    /// one colour against nothing that can block on the other colour).
    Material,
    /// The pawns are locked for good and the side's pieces can never mate behind them.
    Locked,
    /// Every position reachable from here was searched, and none is a mate.
    Search,
}

/// The answer for one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A mate exists; the moves lead to it from the position (empty: it is mate now).
    Mate(Vec<Move>),
    /// Not decided within the search bounds: counts as "can" (soundness first).
    Unknown,
    /// No series of legal moves leads to a mate by this side.
    Cannot(Why),
}

impl Answer {
    /// Whether the side can (or might) still mate.
    pub fn can(&self) -> bool {
        !matches!(self, Answer::Cannot(_))
    }
}

/// Stages 1 and 2 only: `Some(why)` when `winner` provably cannot mate, `None` when they
/// cannot decide. No move generation: cheap enough for every position of a search.
pub fn static_cannot(pos: &Position, winner: Color) -> Option<Why> {
    material::cannot(pos, winner).or_else(|| locked::cannot(pos, winner))
}

/// Whether `winner` can checkmate by some series of legal moves from `pos` (FIDE 6.9).
/// Never `false` when a mate exists.
pub fn can_checkmate(pos: &Position, winner: Color) -> bool {
    analyse(pos, winner).can()
}

/// [`can_checkmate`] with its evidence: the mating line, or the reason there is none.
/// The search runs whenever the static stages cannot decide, within [`Limits::FULL`].
pub fn analyse(pos: &Position, winner: Color) -> Answer {
    analyse_within(pos, winner, Limits::FULL)
}

/// [`analyse`] with other search bounds.
pub fn analyse_within(pos: &Position, winner: Color, limits: Limits) -> Answer {
    if let Some(why) = static_cannot(pos, winner) {
        return Answer::Cannot(why);
    }
    search::helpmate(pos, winner, limits)
}

/// A dead position (FIDE 5.2.2): neither side can mate. Insufficient material in
/// chess.js's sense is one; so are locked pawn walls and positions whose every
/// continuation dies.
///
/// Cheap in the common case: the static stages decide, or give up at once when there is
/// much material. The search runs only when they cannot decide and little material is
/// left ([`little_material`]) or the pawns are locked ([`locked::pawns_locked`]), within
/// [`Limits::PER_MOVE`]; when it does not run, the answer is "not dead". So
/// `is_dead_position` implies that neither side can mate, and it is
/// `!can_checkmate(White) && !can_checkmate(Black)` wherever the static stages decide, or
/// the search runs and needs no more than its per-move bound.
pub fn is_dead_position(pos: &Position) -> bool {
    let white = static_cannot(pos, Color::White);
    let black = static_cannot(pos, Color::Black);
    if white.is_some() && black.is_some() {
        return true;
    }
    if !little_material(pos) && !locked::pawns_locked(pos) {
        return false;
    }
    // A side's search that finds a mate (or reaches a bound) ends the check.
    Color::ALL
        .iter()
        .zip([white, black])
        .all(|(&c, why)| why.is_some() || !search::helpmate(pos, c, Limits::PER_MOVE).can())
}

/// Whether so little is left that the per-move check may search: at most
/// [`LITTLE_MATERIAL`] units besides the kings (pawns count, as they may promote).
pub fn little_material(pos: &Position) -> bool {
    let b = pos.board();
    (b.occupied() & !b.by_role(Role::King)).count() <= LITTLE_MATERIAL
}

/// See [`little_material`].
pub const LITTLE_MATERIAL: u32 = 4;
