//! Legal move generation with check and pin masks.
//!
//! The generator hands out *groups*: one origin square with a set of destinations. The
//! move list expands them; perft counts them with popcounts at the leaves ("bulk
//! counting"), which is why the groups exist.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::castling::CastlingSide;
use crate::position::{Move, MoveKind, Position};
use crate::square::{Role, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GroupKind {
    /// Ordinary moves of a piece (including the king).
    Piece,
    /// Pawn pushes and captures of one pawn; destinations on the last rank are promotions.
    Pawn,
    /// Pawn moves of many pawns at once, each `to` reached from `to - delta` (the origin
    /// square is unused); destinations on the last rank are promotions.
    PawnShift(i8),
    EnPassant,
    /// `to` holds the castling rook's square.
    Castle,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Group {
    pub from: Square,
    pub to: Bitboard,
    pub kind: GroupKind,
    /// The moving piece (known here, so making the move need not look it up).
    pub role: Role,
}

const PROMO_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

/// A fixed-capacity list of moves (no position has more than 218 legal moves).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 256],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::new(
                Square::from_index(0),
                Square::from_index(0),
                MoveKind::Normal,
            ); 256],
            len: 0,
        }
    }
}

impl MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Position {
    /// Calls `f` with every group of legal moves.
    #[inline(always)]
    pub(crate) fn for_each_group<F: FnMut(Group)>(&self, mut f: F) {
        let b = &self.board;
        let t = attacks::tables();
        let us = self.turn;
        let them = us.other();
        let Some(king) = b.king(us) else {
            return;
        };
        let ours = b.by_color(us);
        let theirs = b.by_color(them);
        let occ = ours | theirs;
        let checkers = b.attackers_with(t, king, them, occ);

        // King steps: the king itself is lifted so that sliders see through its square.
        let occ_nk = occ.without(king);
        let mut kt = Bitboard::EMPTY;
        for to in t.king(king) & !ours {
            if !b.is_attacked_with(t, to, them, occ_nk) {
                kt = kt.with(to);
            }
        }
        if kt.any() {
            f(Group {
                from: king,
                to: kt,
                kind: GroupKind::Piece,
                role: Role::King,
            });
        }
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(c) => t.between(king, c).with(c),
            None => !ours,
        };

        let rq = (b.by_role(Role::Rook) | b.by_role(Role::Queen)) & theirs;
        let bq = (b.by_role(Role::Bishop) | b.by_role(Role::Queen)) & theirs;
        let snipers = (t.rook(king, Bitboard::EMPTY) & rq) | (t.bishop(king, Bitboard::EMPTY) & bq);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let bt = t.between(king, s) & occ;
            if !bt.more_than_one() {
                pinned |= bt & ours;
            }
        }

        for from in b.pieces(us, Role::Knight) & !pinned {
            let targets = t.knight(from) & target;
            if targets.any() {
                f(Group {
                    from,
                    to: targets,
                    kind: GroupKind::Piece,
                    role: Role::Knight,
                });
            }
        }
        let slide = |role: Role, from: Square, targets: Bitboard, f: &mut F| {
            let targets = if pinned.contains(from) {
                targets & t.line(king, from)
            } else {
                targets
            };
            if targets.any() {
                f(Group {
                    from,
                    to: targets,
                    kind: GroupKind::Piece,
                    role,
                });
            }
        };
        for from in b.pieces(us, Role::Bishop) {
            slide(Role::Bishop, from, t.bishop(from, occ) & target, &mut f);
        }
        for from in b.pieces(us, Role::Rook) {
            slide(Role::Rook, from, t.rook(from, occ) & target, &mut f);
        }
        for from in b.pieces(us, Role::Queen) {
            slide(Role::Queen, from, t.queen(from, occ) & target, &mut f);
        }

        let white = us == crate::square::Color::White;
        let third = Bitboard::rank_index(if white { 2 } else { 5 });
        // Unpinned pawns move as sets (cheap to count); pinned ones one by one.
        let free = b.pieces(us, Role::Pawn) & !pinned;
        let single = free.shift_up(white) & !occ;
        let double = (single & third).shift_up(white) & !occ;
        let west = Bitboard(free.0 & !Bitboard::file_index(0).0);
        let east = Bitboard(free.0 & !Bitboard::file_index(7).0);
        let (cap_w, cap_e, d_w, d_e, d1) = if white {
            (Bitboard(west.0 << 7), Bitboard(east.0 << 9), 7, 9, 8)
        } else {
            (Bitboard(west.0 >> 9), Bitboard(east.0 >> 7), -9, -7, -8)
        };
        for (set, delta) in [
            (single & target, d1),
            (double & target, 2 * d1),
            (cap_w & theirs & target, d_w),
            (cap_e & theirs & target, d_e),
        ] {
            if set.any() {
                f(Group {
                    from: king,
                    to: set,
                    kind: GroupKind::PawnShift(delta),
                    role: Role::Pawn,
                });
            }
        }
        for from in b.pieces(us, Role::Pawn) & pinned {
            let single = Bitboard::from_square(from).shift_up(white) & !occ;
            let double = (single & third).shift_up(white) & !occ;
            let mut targets = ((t.pawn(us, from) & theirs) | single | double) & target;
            if pinned.contains(from) {
                targets &= t.line(king, from);
            }
            if targets.any() {
                f(Group {
                    from,
                    to: targets,
                    kind: GroupKind::Pawn,
                    role: Role::Pawn,
                });
            }
        }

        if let Some(ep) = self.ep {
            let cap = if white {
                Square::from_index(ep.u8().wrapping_sub(8))
            } else {
                Square::from_index(ep.u8() + 8)
            };
            let their_pawns = b.pieces(them, Role::Pawn);
            if their_pawns.contains(cap) && !occ.contains(ep) {
                for from in t.pawn(them, ep) & b.pieces(us, Role::Pawn) {
                    let occ2 = (occ.without(from).without(cap)).with(ep);
                    let attacked = (t.rook(king, occ2) & rq)
                        | (t.bishop(king, occ2) & bq)
                        | (t.knight(king) & theirs & b.by_role(Role::Knight))
                        | (t.pawn(us, king) & their_pawns.without(cap));
                    if attacked.is_empty() {
                        f(Group {
                            from,
                            to: Bitboard::from_square(ep),
                            kind: GroupKind::EnPassant,
                            role: Role::Pawn,
                        });
                    }
                }
            }
        }

        if checkers.is_empty() {
            for side in CastlingSide::ALL {
                let Some(rook) = self.castles.rook(us, side) else {
                    continue;
                };
                if !b.pieces(us, Role::Rook).contains(rook) || rook.rank() != king.rank() {
                    continue;
                }
                let rank = king.rank();
                let kd = side.king_to(rank);
                let rd = side.rook_to(rank);
                let king_path = t.between(king, kd).with(kd);
                let movers = Bitboard::from_square(king).with(rook);
                let must_be_empty = (king_path | t.between(rook, rd).with(rd)) & !movers;
                if (must_be_empty & occ).any() {
                    continue;
                }
                let occ2 = occ & !movers;
                if Iterator::any(&mut { king_path }, |sq| {
                    b.is_attacked_with(t, sq, them, occ2)
                }) {
                    continue;
                }
                f(Group {
                    from: king,
                    to: Bitboard::from_square(rook),
                    kind: GroupKind::Castle,
                    role: Role::King,
                });
            }
        }
    }

    /// [`Position::for_each_group`] behind a dynamic callback: one copy of the generator
    /// serves every caller that is not a hot loop (the move list, `dests`, mate tests),
    /// which keeps the wasm small; perft keeps its own inlined copies.
    #[inline(never)]
    pub(crate) fn visit_groups(&self, f: &mut dyn FnMut(Group)) {
        self.for_each_group(f);
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        self.visit_groups(&mut |g| expand(g, &mut list));
        list
    }

    /// Number of legal moves, without building them.
    #[inline]
    pub fn count_legal(&self) -> u64 {
        let mut n = 0u64;
        self.for_each_group(|g| {
            n += g.to.count() as u64;
            if matches!(g.kind, GroupKind::Pawn | GroupKind::PawnShift(_)) {
                n += 3 * (g.to & PROMO_RANKS).count() as u64;
            }
        });
        n
    }

    pub fn has_legal_moves(&self) -> bool {
        let mut any = false;
        self.visit_groups(&mut |_| any = true);
        any
    }

    /// Leaf-node count of the legal move tree to `depth` (bulk-counted at the leaves).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal(),
            _ => {
                // Interior nodes are few next to the leaves' parents (count_legal, inlined):
                // the shared dynamic generator serves them at no measurable cost.
                let mut n = 0;
                self.visit_groups(&mut |g| {
                    let role = g.role;
                    each_move(g, |m| n += self.after_role(m, role).perft(depth - 1))
                });
                n
            }
        }
    }

    /// Like [`Position::perft`] but making every leaf move (no bulk counting).
    pub fn perft_full(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        self.for_each_group(|g| {
            let role = g.role;
            each_move(g, |m| n += self.after_role(m, role).perft_full(depth - 1))
        });
        n
    }
}

#[inline]
fn expand(g: Group, list: &mut MoveList) {
    each_move(g, |m| list.push(m));
}

/// Calls `f` with each move of a group (promotions expanded, queen first).
#[inline(always)]
fn each_move(g: Group, mut f: impl FnMut(Move)) {
    match g.kind {
        GroupKind::Piece => {
            for to in g.to {
                f(Move::new(g.from, to, MoveKind::Normal));
            }
        }
        GroupKind::Pawn => {
            for to in g.to {
                if PROMO_RANKS.contains(to) {
                    for r in Role::PROMOTIONS {
                        f(Move::new(g.from, to, MoveKind::Promotion(r)));
                    }
                } else {
                    f(Move::new(g.from, to, MoveKind::Normal));
                }
            }
        }
        GroupKind::PawnShift(delta) => {
            for to in g.to {
                let from = Square::from_index((to.u8() as i8).wrapping_sub(delta) as u8);
                if PROMO_RANKS.contains(to) {
                    for r in Role::PROMOTIONS {
                        f(Move::new(from, to, MoveKind::Promotion(r)));
                    }
                } else {
                    f(Move::new(from, to, MoveKind::Normal));
                }
            }
        }
        GroupKind::EnPassant => {
            for to in g.to {
                f(Move::new(g.from, to, MoveKind::EnPassant));
            }
        }
        GroupKind::Castle => {
            for to in g.to {
                f(Move::new(g.from, to, MoveKind::Castle));
            }
        }
    }
}
