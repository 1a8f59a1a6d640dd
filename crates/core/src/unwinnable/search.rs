//! Stage 3: a bounded helpmate search.
//!
//! Best-first over the positions reachable from the root, both sides' legal moves, each
//! position stored once (a transposition table keyed by the whole position but its
//! clocks). The most promising position is expanded next: the loser's king short of
//! flights, near a corner, the winner's king and pieces near it, the winner's pawns
//! advanced, a check given. Every new position is judged at once: a mate ends the search
//! (the line is read back through the parents); a position the static stages prove
//! hopeless (those [`Judge`] has them judge) is stored but never expanded.
//!
//! Soundness: positions are only ever skipped when already stored, so if the store
//! holds every reachable position that is not proved hopeless and none is a mate, there
//! is none. The search answers "cannot" only then, and "can" ([`Answer::Unknown`]) when it
//! stops at a bound first. Clocks play no part: the fifty-move rule and repetitions do not
//! stop a series of legal moves here, which can only add mates (never hide one).

use alloc::{collections::BinaryHeap, vec, vec::Vec};
use core::cmp::Reverse;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::movegen::MoveList;
use crate::position::{Move, MoveKind, Position};
use crate::square::{Color, Role, Square};

use super::{static_cannot, Answer, Why};

/// Bounds of one search: positions stored and plies from the root, the order it takes
/// them in, and which of them the static stages judge. The time a search may take is
/// bounded by `positions` times the cost of one (a move generation, the static stages
/// and the heuristic), its memory by `positions` times about 110 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub positions: usize,
    pub depth: u16,
    pub order: Order,
    pub judge: Judge,
}

/// Which positions the static stages judge before the search expands them (one they
/// prove hopeless is stored but never expanded).
///
/// Either way the answer is sound: a position left unjudged is expanded, which only adds
/// positions. The set of positions judged depends on the position and the root alone,
/// never on the way the search reached it, so [`Order`]'s argument holds for both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// Every position but the root.
    Every,
    /// Only the positions whose pawns or number of units differ from the root's. The
    /// others have the root's material (stage 1 judged the same material at the root and
    /// could not decide) and its pawn walls, their pieces moved within them, where stage
    /// 2 nearly always answers as it did at the root. In locked structures its cost is
    /// most of a search's (`Frozen` and its flood fills: 40 % of the per-move check's
    /// instructions there); judging only these cut the per-move check's p99 on them from
    /// 52.4 to 34.7 µs natively, and ended one dead position of CHA's vectors fewer at
    /// once (622 of 806 against 623; `docs/dead-positions.md`).
    Changed,
}

/// The order a search expands the positions it has stored in.
///
/// Whether it answers "can" does not depend on it, but for the depth bound: the search
/// answers "cannot" exactly when the positions it stores before none is left to expand
/// (the root, and the children of every position it expands: every reachable one the
/// static stages leave open) are no more than the bound, and hold no mate; that set is
/// the same in any order. Only the mating line it finds, and the time, depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The most promising first (the heuristic): finds mates with the fewest positions,
    /// and so the lines, within a large bound.
    BestFirst,
    /// Nearest the root first, with no heuristic: less work a position, for a search
    /// whose yes or no is all that is asked (a breadth-first search also never cuts at the
    /// depth bound where the best-first one does not).
    Breadth,
}

impl Limits {
    /// For a question asked once (a flag fall, `hasMatingMaterial`): up to about 0.3 s
    /// natively and 12 MB.
    pub const FULL: Limits = Limits {
        positions: 100_000,
        depth: 200,
        order: Order::BestFirst,
        judge: Judge::Every,
    };
    /// For the automatic check after every move: only whether a side can mate. Used where
    /// little material is left, and where a side has at most one legal move
    /// (`few_moves`, any material). Rook and pawn endings of real games reach it after
    /// every move and their searches stop at the bound, so the bound is most of the
    /// check's cost there. 64 positions since 2026-12-07 (256 before): on CHA's test
    /// vectors and ours it ends as many dead positions at once, and on random positions
    /// with little material it proves "cannot" wherever four times the bound does
    /// (`the_per_move_bound_proves_what_a_larger_one_does`); `examples/bulk` 248.0 ->
    /// 218.8 M instructions.
    pub const PER_MOVE: Limits = Limits {
        positions: 64,
        depth: 200,
        order: Order::Breadth,
        judge: Judge::Changed,
    };
    /// [`Limits::PER_MOVE`] with 384 positions, where more material is left: the search
    /// runs there only behind blocked pawns (locked, none able to step, or pieces hemmed
    /// in), which real games seldom reach. On CHA's test vectors it ends
    /// 17 more dead positions at once (640 of 806); 512 ended 28 more, but put the
    /// per-move check's p99 on locked structures at 100 µs through the package
    /// (`docs/dead-positions.md`).
    pub const PER_MOVE_BLOCKED: Limits = Limits {
        positions: 384,
        ..Limits::PER_MOVE
    };
}

/// One stored position: how it was reached and how far from the root.
struct Node {
    pos: Position,
    parent: u32,
    mv: Move,
    depth: u16,
}

/// Whether `winner` can mate from `root`, by search alone (the caller has run the
/// static stages on the root).
pub fn helpmate(root: &Position, winner: Color, limits: Limits) -> Answer {
    helpmate_bounded(root, winner, limits).0
}

/// [`helpmate`], and whether the search stopped because it had stored
/// `limits.positions` positions and met another (then the positions reachable from the
/// root, as the search stores them, are more than `limits.positions`; an
/// [`Answer::Unknown`] that is not this stopped at the depth bound).
pub(super) fn helpmate_bounded(root: &Position, winner: Color, limits: Limits) -> (Answer, bool) {
    if !root.has_legal_moves() {
        let answer = if root.turn() != winner && root.is_check() {
            Answer::Mate(Vec::new())
        } else {
            Answer::Cannot(Why::NoMoves)
        };
        return (answer, false);
    }
    let mut start = *root;
    normalise(&mut start);
    let mut search = Search::new(winner, limits);
    let answer = search.run(start);
    (answer, search.full)
}

/// The parent of the root.
const NO_PARENT: u32 = u32::MAX;

struct Search {
    winner: Color,
    limits: Limits,
    nodes: Vec<Node>,
    /// Open addressing: node index + 1, 0 for empty; length a power of two at least
    /// twice `limits.positions`.
    table: Vec<u32>,
    /// (score, node index): the lowest score first, the newest among equals.
    queue: BinaryHeap<(Reverse<u32>, u32)>,
    /// The search stopped at the positions bound.
    full: bool,
}

impl Search {
    fn new(winner: Color, limits: Limits) -> Search {
        let positions = limits.positions.clamp(1, 1 << 24);
        let size = (positions * 2).next_power_of_two();
        Search {
            winner,
            limits: Limits {
                positions,
                ..limits
            },
            nodes: Vec::with_capacity(positions.min(4096)),
            table: vec![0; size],
            queue: BinaryHeap::new(),
            full: false,
        }
    }

    fn run(&mut self, root: Position) -> Answer {
        let none = Move::new(
            Square::from_index(0),
            Square::from_index(0),
            MoveKind::Normal,
        );
        if let Some(slot) = self.free_slot(&root) {
            let idx = self.store(slot, root, NO_PARENT, none, 0);
            self.enqueue(idx);
        }
        let mut cut = false;
        // In breadth order the stored positions are expanded as they were stored.
        let mut next = 0;
        while let Some(idx) = match self.limits.order {
            Order::BestFirst => self.queue.pop().map(|(_, idx)| idx),
            Order::Breadth => (next < self.nodes.len()).then_some(next as u32),
        } {
            next += 1;
            let Some(node) = self.nodes.get(idx as usize) else {
                break;
            };
            let (pos, depth) = (node.pos, node.depth);
            // A hopeless position (the static stages prove it) is never expanded. Judged
            // here rather than when stored: most stored positions are never taken out
            // (a mate or the bound comes first), and the queue's order among the others
            // is the same, so the answer is too.
            if idx != 0 && self.judged(&pos) && static_cannot(&pos, self.winner).is_some() {
                continue;
            }
            if depth >= self.limits.depth {
                cut = true;
                continue;
            }
            let mut moves = MoveList::default();
            pos.push_legal_moves(&mut moves);
            for &m in moves.iter() {
                let mut child = pos.after(m);
                normalise(&mut child);
                let Some(slot) = self.free_slot(&child) else {
                    continue;
                };
                if self.nodes.len() >= self.limits.positions {
                    self.full = true;
                    return Answer::Unknown;
                }
                let new = self.store(slot, child, idx, m, depth + 1);
                let loser_to_move = child.turn() != self.winner;
                if loser_to_move && child.is_check() && !child.has_legal_moves() {
                    return Answer::Mate(self.line(new));
                }
                // Stored, a position is never met again.
                self.enqueue(new);
            }
        }
        if cut {
            Answer::Unknown
        } else {
            Answer::Cannot(Why::Search)
        }
    }

    /// Whether the static stages judge `pos` ([`Judge`]).
    fn judged(&self, pos: &Position) -> bool {
        let root = match (self.limits.judge, self.nodes.first()) {
            (Judge::Changed, Some(root)) => root.pos.board(),
            _ => return true,
        };
        let b = pos.board();
        b.by_role(Role::Pawn) != root.by_role(Role::Pawn)
            || b.occupied().count() != root.occupied().count()
    }

    /// Stores a position in table slot `slot` (free); returns its node index.
    fn store(&mut self, slot: usize, pos: Position, parent: u32, mv: Move, depth: u16) -> u32 {
        let idx = self.nodes.len() as u32;
        if let Some(t) = self.table.get_mut(slot) {
            *t = idx + 1;
        }
        self.nodes.push(Node {
            pos,
            parent,
            mv,
            depth,
        });
        idx
    }

    /// Queues a stored position by its score (in breadth order, the store is the queue).
    fn enqueue(&mut self, idx: u32) {
        if self.limits.order == Order::Breadth {
            return;
        }
        if let Some(n) = self.nodes.get(idx as usize) {
            let score = u32::from(n.depth) + weight::GREED * heuristic(&n.pos, self.winner);
            self.queue.push((Reverse(score), idx));
        }
    }

    /// The empty table slot for `pos`, or `None` when it is stored already.
    fn free_slot(&self, pos: &Position) -> Option<usize> {
        let mask = self.table.len() - 1;
        let mut i = pos.hash() as usize & mask;
        loop {
            match self.table.get(i) {
                Some(0) | None => return Some(i),
                Some(&n) => {
                    if self
                        .nodes
                        .get(n as usize - 1)
                        .is_some_and(|e| e.pos == *pos)
                    {
                        return None;
                    }
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// The moves from the root to node `idx`.
    fn line(&self, mut idx: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        while let Some(n) = self.nodes.get(idx as usize) {
            if n.parent == NO_PARENT {
                break;
            }
            moves.push(n.mv);
            idx = n.parent;
        }
        moves.reverse();
        moves
    }
}

/// Clocks zeroed: two positions that differ only in them are one node.
pub(super) fn normalise(pos: &mut Position) {
    pos.halfmoves = 0;
    pos.fullmoves = 1;
}

/// The heuristic's weights, tuned on 1,020 random positions of 17 material sets (two
/// minor or fewer per side): helpmates not found within 20,000 positions (then
/// [`Limits::FULL`]) went from 119 to 39 (the tuning run is in `docs/dead-positions.md`).
mod weight {
    /// Per flight square of the loser's king.
    pub const FLIGHT: u32 = 3;
    /// Per step of the loser's king from a corner.
    pub const CORNER: u32 = 1;
    /// Per step the kings stand apart beyond two.
    pub const KINGS: u32 = 2;
    /// Per step each of the winner's pieces stands from the loser's king beyond one.
    pub const PIECE: u32 = 2;
    /// Per rank each of the winner's pawns has still to go.
    pub const PAWN: u32 = 1;
    /// Taken off when the loser's king is in check.
    pub const CHECK: u32 = 3;
    /// Per step each of the loser's units stands from its own king beyond one (blockers
    /// of a helpmate).
    pub const BLOCKER: u32 = 2;
    /// The heuristic against the depth (the plies from the root) in a position's score.
    pub const GREED: u32 = 6;
    /// When the winner's pieces are bishops of one colour and the loser's king stands on
    /// the other.
    pub const WRONG_COLOUR: u32 = 4;
    /// Per rank each of the loser's pawns has still to go (a promotion makes a blocker).
    pub const LOSER_PAWN: u32 = 2;
}

/// The flights of the loser's king (on `lk`) and whether it is in check: every square
/// the winner attacks, the king taken off the board (a square behind it along a line
/// stays attacked), in one map.
fn flights(pos: &Position, winner: Color, lk: Square) -> (u32, bool) {
    let (b, t) = (pos.board(), attacks::tables());
    let occ = b.occupied().without(lk);
    let mut attacked = Bitboard::EMPTY;
    for sq in b.by_color(winner) {
        attacked |= match b.role_at(sq) {
            Some(Role::Pawn) => t.pawn(winner, sq),
            Some(Role::Knight) => t.knight(sq),
            Some(Role::Bishop) => t.bishop(sq, occ),
            Some(Role::Rook) => t.rook(sq, occ),
            Some(Role::Queen) => t.queen(sq, occ),
            _ => t.king(sq),
        };
    }
    let flights = t.king(lk) & !b.by_color(winner.other()) & !attacked;
    (flights.count(), attacked.contains(lk))
}

/// How far the position looks from a mate by `winner` (lower is closer).
fn heuristic(pos: &Position, winner: Color) -> u32 {
    let b = pos.board();
    let loser = winner.other();
    let (Some(lk), Some(wk)) = (b.king(loser), b.king(winner)) else {
        return 0;
    };
    let (flights, check) = flights(pos, winner, lk);
    let edge = |sq: Square| {
        let (f, r) = (sq.file().index(), sq.rank().index());
        u32::from(f.min(7 - f) + r.min(7 - r))
    };
    let dist = |a: Square, z: Square| {
        let df = a.file().index().abs_diff(z.file().index());
        let dr = a.rank().index().abs_diff(z.rank().index());
        u32::from(df.max(dr))
    };
    let mut h = weight::FLIGHT * flights
        + weight::CORNER * edge(lk)
        + weight::KINGS * dist(wk, lk).saturating_sub(2);
    let ours = b.by_color(winner);
    for sq in ours & !b.by_role(Role::King) & !b.by_role(Role::Pawn) {
        h += weight::PIECE * dist(sq, lk).saturating_sub(1);
    }
    for sq in ours & b.by_role(Role::Pawn) {
        let r = sq.rank().index();
        h += weight::PAWN * u32::from(if winner == Color::White { 7 - r } else { r });
    }
    for sq in b.by_color(loser) & !b.by_role(Role::King) {
        h += weight::BLOCKER * dist(sq, lk).saturating_sub(1);
    }
    for sq in b.by_color(loser) & b.by_role(Role::Pawn) {
        let r = sq.rank().index();
        h += weight::LOSER_PAWN * u32::from(if loser == Color::White { 7 - r } else { r });
    }
    // Bishops alone check only on their colour.
    let bishops = ours & b.by_role(Role::Bishop);
    let others = ours & !b.by_role(Role::King) & !bishops;
    if others.is_empty() && bishops.any() {
        let light = (bishops & crate::bitboard::Bitboard::LIGHT).any();
        let dark = (bishops & crate::bitboard::Bitboard::DARK).any();
        if light != dark && crate::bitboard::Bitboard::LIGHT.contains(lk) != light {
            h += weight::WRONG_COLOUR;
        }
    }
    if check {
        h = h.saturating_sub(weight::CHECK);
    }
    h
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// The flights and check the heuristic reads from one attack map are those of one
    /// attack test per square (the search's order, and so its lines, depend on them).
    #[test]
    fn flights_from_one_attack_map_are_those_of_a_test_per_square() {
        let mut below = crate::test_rng(0x2545_f491_4f6c_dd1d);
        let mut checked = 0;
        for _ in 0..200 {
            let mut p = crate::fen::parse(crate::fen::STANDARD_FEN).unwrap();
            for _ in 0..300 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.after(moves.as_slice()[below(moves.len())]);
                let b = p.board();
                for winner in Color::ALL {
                    let lk = b.king(winner.other()).unwrap();
                    let occ = b.occupied().without(lk);
                    let (mut want, mut check) = (0, false);
                    for sq in (attacks::tables().king(lk) & !b.by_color(winner.other())).with(lk) {
                        let attacked = b.is_attacked(sq, winner, occ);
                        if sq == lk {
                            check = attacked;
                        } else if !attacked {
                            want += 1;
                        }
                    }
                    assert_eq!(flights(&p, winner, lk), (want, check));
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000);
    }
}
