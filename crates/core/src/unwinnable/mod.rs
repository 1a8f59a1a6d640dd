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

use alloc::vec::Vec;

use crate::position::{Move, MoveKind, Position};
use crate::square::{Color, Role};

pub mod locked;
pub mod material;
pub mod search;
mod sets;

pub use search::{Judge, Limits, Order};

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
/// much material. The search runs only when they cannot decide and the position is
/// [`searchable`] (little material, locked pawns, no pawn able to step forward, pieces
/// hemmed in, or a side with one legal move), within [`search_limits`]; when it does not
/// run, the answer is "not dead". So
/// `is_dead_position` implies that neither side can mate, and it is
/// `!can_checkmate(White) && !can_checkmate(Black)` wherever the static stages decide, or
/// the search runs and needs no more than its per-move bound.
///
/// The answer is the same as searching every time, but a search is often spared: see
/// [`Reached`].
pub fn is_dead_position(pos: &Position) -> bool {
    dead_with(pos, true)
}

/// [`is_dead_position`] searching every time (no use of [`Reached`]): the reference its
/// tests and benchmarks compare it with.
pub fn is_dead_position_uncached(pos: &Position) -> bool {
    dead_with(pos, false)
}

fn dead_with(pos: &Position, cached: bool) -> bool {
    // (Stage 2 answers some positions whose pawns are not all locked, those a king or a
    // piece may take.) Black's answer is only needed when White's is "cannot" or the
    // search may run; stage 2 says on the way whether the pawns are locked.
    let judge = |c| match material::cannot(pos, c) {
        Some(why) => (Some(why), None),
        None => {
            let (why, locked) = locked::judge(pos, c);
            (why, Some(locked))
        }
    };
    // Where the search may run, and its bounds (`None`: it may not). Black's static
    // answer is asked only when White's is "cannot" or the search may run.
    let (white, locked) = judge(Color::White);
    let limits = limits_with(pos, locked);
    if white.is_none() && limits.is_none() {
        return false;
    }
    let (black, _) = judge(Color::Black);
    let Some(limits) = limits else {
        return black.is_some();
    };
    // A side's search that finds a mate (or reaches a bound) ends the check.
    Color::ALL.iter().zip([white, black]).all(|(&c, why)| {
        why.is_some()
            || !if cached {
                Reached::can(pos, c, limits)
            } else {
                search::helpmate(pos, c, limits).can()
            }
    })
}

/// What the per-move search of the latest positions proved, per side, so that the
/// next position can often be answered without a search of its own (in an endgame the
/// per-move check searches after every move, and most searches stop at the positions
/// bound: the cost of the check was nearly all there).
///
/// The per-move search for `winner` from a root stores every position it reaches (the
/// root, and the children of every stored position the static stages do not rule
/// out), and answers "cannot" only when it stored them all, at most its bound's
/// positions ([`search_limits`]), and none is a mate. A root is *proved* here when its
/// search found a mate or stopped at the positions bound: the positions reachable from
/// it hold a mate or are more than the bound (which is recorded: a proof at 256
/// positions answers for a search bounded at 256, not for one at 512). Now let `now` be
/// the position after a move `m` from a proved position `before`, and suppose three
/// plies lead from `now` back to `before` (the side to move makes a move `l`, the other
/// side takes `m` back, `l` is taken back), through positions the static stages do not
/// rule out. Then the search from `now` reaches `before`, and from there all that the
/// search from `before` reached: it finds a mate or meets the bound too (if its bound is
/// no larger), whatever its order, and its answer is "can" (a depth cut only ever
/// answers "can" as well). So `now` is proved without a search, at `before`'s bound,
/// and the next position may lean on it in turn. The three plies are played and
/// checked here (legal moves, the static stages, the position they reach), never
/// assumed: the answer is exactly the search's. Moves that cannot be taken back
/// (captures, pawn moves, castling, a lost castling right) fall back to the search.
///
/// One record per side for the process (the wasm instance has one), behind a lock that is
/// never waited for: a thread that finds it taken searches without it. A position from
/// another game or thread only fails the check, it never answers wrongly.
pub struct Reached;

/// Per side: the latest position proved, and the bound its reachable positions are
/// known to exceed (`usize::MAX` when they hold a mate).
static PROVED: spin::Mutex<[Option<(Position, usize)>; 2]> = spin::Mutex::new([None, None]);

impl Reached {
    /// Whether the per-move search for `winner` from `pos` answers "can" (the static
    /// stages have not ruled `winner` out here).
    fn can(pos: &Position, winner: Color, limits: Limits) -> bool {
        let mut now = *pos;
        search::normalise(&mut now);
        let mut proved = PROVED.try_lock().map(|g| *g).unwrap_or_default();
        let slot = winner.index();
        let (can, proof) = match proved.get(slot).copied().flatten() {
            Some((b, beyond))
                if limits.positions <= beyond && Self::leads_back(&now, &b, winner) =>
            {
                (true, Some(beyond))
            }
            _ => match search::helpmate_bounded(pos, winner, limits) {
                (Answer::Mate(_), _) => (true, Some(usize::MAX)),
                (answer, full) => (answer.can(), full.then_some(limits.positions)),
            },
        };
        if let Some(p) = proved.get_mut(slot) {
            *p = proof.map(|beyond| (now, beyond));
        }
        if let Some(mut g) = PROVED.try_lock() {
            *g = proved;
        }
        can
    }

    /// Whether three plies lead from `now` back to `before` (both normalised), through
    /// positions the static stages leave open for `winner` (see [`Reached`]).
    fn leads_back(now: &Position, before: &Position, winner: Color) -> bool {
        let (n, b) = (now.board().occupied(), before.board().occupied());
        // The move from `before` to `now`, taken back: one unit from `to` to `from`.
        let (Some(from), Some(to)) = ((b & !n).single(), (n & !b).single()) else {
            return false;
        };
        let quiet = |m: Move| Move::new(m.from(), m.to(), MoveKind::Normal) == m;
        let back = Move::new(to, from, MoveKind::Normal);
        // Up to 16 of the side to move's quiet moves (no capture, no pawn) are tried as `l`
        // (a try is three move generations; a search, 256 positions): after a check, the
        // king's own moves come first and cannot undo it, another unit must move away.
        let mut tries = 0;
        now.legal_moves().iter().any(|&l| {
            if !quiet(l)
                || n.contains(l.to())
                || now.board().role_at(l.from()) == Some(Role::Pawn)
                || tries == 16
            {
                return false;
            }
            tries += 1;
            let mut p = *now;
            for m in [l, back, Move::new(l.to(), l.from(), MoveKind::Normal)] {
                if !p.legal_moves().iter().any(|&x| x == m) {
                    return false;
                }
                p = p.after(m);
                search::normalise(&mut p);
                if static_cannot(&p, winner).is_some() {
                    return false;
                }
            }
            p == *before
        })
    }
}

/// Whether so little is left that the per-move check may search: at most
/// [`LITTLE_MATERIAL`] units besides the kings (pawns count, as they may promote).
pub fn little_material(pos: &Position) -> bool {
    let b = pos.board();
    (b.occupied() & !b.by_role(Role::King)).count() <= LITTLE_MATERIAL
}

/// Whether the per-move check may search where the static stages leave a side open
/// ([`search_limits`]).
pub fn searchable(pos: &Position) -> bool {
    search_limits(pos).is_some()
}

/// Where the per-move check may search when the static stages leave a side open, its
/// bounds:
/// - little material is left ([`little_material`]): [`Limits::PER_MOVE`];
/// - the pawns are locked ([`locked::pawns_locked`]), or there are pawns and none can
///   step forward now (each has a unit in front of it: few moves are left), or the
///   pieces are hemmed in by pawns (at most 4 pawns can step, no rook or queen, a side
///   with at most 2 legal moves): [`Limits::PER_MOVE_BLOCKED`];
/// - a side has one legal move or none, and at most 5 pawn steps are open:
///   [`Limits::PER_MOVE`] (these two decided by `few_moves`).
///
/// Elsewhere `None`: the search does not run.
pub fn search_limits(pos: &Position) -> Option<Limits> {
    limits_with(pos, None)
}

/// [`search_limits`], told whether the pawns are locked when stage 2 has said it.
fn limits_with(pos: &Position, locked: Option<bool>) -> Option<Limits> {
    if little_material(pos) {
        return Some(Limits::PER_MOVE);
    }
    // Blocked pawns: none can step forward now, or they are locked.
    let stuck = matches!(pawn_steps(pos), Some([0, 0]));
    if stuck || locked.unwrap_or_else(|| locked::pawns_locked(pos)) {
        return Some(Limits::PER_MOVE_BLOCKED);
    }
    few_moves(pos)
}

/// The squares White's pawns and Black's pawns can step forward to now (`None` when there
/// is no pawn).
fn pawn_steps(pos: &Position) -> Option<[u64; 2]> {
    let b = pos.board();
    let pawns = b.by_role(Role::Pawn).0;
    let white = pawns & b.by_color(Color::White).0;
    let empty = !b.occupied().0;
    (pawns != 0).then_some([
        sets::north(white) & empty,
        sets::south(pawns & !white) & empty,
    ])
}

/// See [`little_material`].
pub const LITTLE_MATERIAL: u32 = 4;

/// Where a side has few legal moves (the side to move, or the other one when the side
/// to move is not in check), the per-move search's bounds:
///
/// - **hemmed in by pawns**: there are pawns, at most [`HEMMED_STEPS`] of them (both
///   sides') can step forward now, there is no rook or queen, and a side has at most
///   [`HEMMED_MOVES`] legal moves: within [`Limits::PER_MOVE_BLOCKED`]. Such positions
///   (a pawn or two still to walk into a wall, a king boxed in behind it, a forced
///   capture) reach few positions. Measured on CHA's test vectors: 28 more dead
///   positions ended at once; on the shared games, 6 more searches in 34,773 plies.
///   (With rooks and queens the gate opened on checks in heavy endings, whose searches
///   stop at the bound: 147 more searches for 19 more dead positions.)
/// - **forced**: at most [`FORCED_STEPS`] pawn steps and a side with at most one legal
///   move (a forced reply, a side stalemated but for the other's next move), whatever
///   the material: within [`Limits::PER_MOVE`], a small bound (a quarter of that bound
///   as it was then), so that the searches in heavy endings that reach it cost little.
///   Measured on CHA's test vectors: 20 more dead positions ended at once (7 of them
///   stalemates, which end the game anyway); on the shared games, 2.84 % of the
///   positions may search (2.51 % before), `examples/bulk` +2.8 %.
fn few_moves(pos: &Position) -> Option<Limits> {
    let b = pos.board();
    let steps = pawn_steps(pos).map(|[w, b]| w.count_ones() + b.count_ones());
    if steps.is_some_and(|n| n > FORCED_STEPS) {
        return None;
    }
    let own = pos.count_legal();
    let moves = if own > 1 && pos.checkers().is_empty() {
        own.min(pos.after_null().count_legal())
    } else {
        own
    };
    let heavy = b.by_role(Role::Rook) | b.by_role(Role::Queen);
    if moves <= HEMMED_MOVES && heavy.is_empty() && steps.is_some_and(|n| n <= HEMMED_STEPS) {
        // (Not little material: that opened the search before.)
        Some(Limits::PER_MOVE_BLOCKED)
    } else {
        (moves <= 1).then_some(Limits::PER_MOVE)
    }
}

/// See [`few_moves`].
const HEMMED_STEPS: u32 = 4;
/// See [`few_moves`].
const HEMMED_MOVES: u64 = 2;
/// See [`few_moves`].
const FORCED_STEPS: u32 = 5;
