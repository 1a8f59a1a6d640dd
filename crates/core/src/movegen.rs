//! Legal move generation with check and pin masks.
//!
//! The generator hands out *groups*: one origin square with a set of destinations. The
//! move list expands them; `dests` reads them straight into per-square sets. Perft counts
//! the moves of the leaves' parents with [`Position::count_legal`], the same rules with
//! popcounts instead of groups ("bulk counting").

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::castling::CastlingSide;
use crate::position::{Move, Position};
use crate::square::{Role, Square};
use arrayvec::ArrayVec;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
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
pub struct Group {
    pub from: Square,
    pub to: Bitboard,
    pub kind: GroupKind,
    /// The moving piece (known here, so making the move need not look it up).
    pub role: Role,
}

const PROMO_RANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

/// A fixed-capacity list of moves (no position has more than 218 legal moves), on the
/// stack and never initialised beyond its length (`arrayvec`: a list is made for every
/// move read and every position the dead-position search expands).
#[derive(Clone, Default)]
pub struct MoveList {
    moves: ArrayVec<Move, 256>,
}

impl MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        // (Never full: 256 is more than any position has.)
        let _ = self.moves.try_push(m);
    }
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.moves.iter()
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Position {
    /// Calls `f` with every group of legal moves.
    #[inline(always)]
    pub fn for_each_group<F: FnMut(Group)>(&self, f: F) {
        self.for_each_group_to(Bitboard::FULL, f);
    }

    /// [`Position::for_each_group`] with every group's squares within `target`, but
    /// castling's (a castling group names the rook's square) and en passant's: a caller
    /// that wants the moves to one square is handed only the groups that reach it, and
    /// the king's steps elsewhere are never tested for attacks.
    #[inline(always)]
    fn for_each_group_to<F: FnMut(Group)>(&self, target: Bitboard, mut f: F) {
        let b = &self.board;
        let t = attacks::tables();
        let us = self.turn;
        let them = us.other();
        // A side without a king (an edited position) moves as chess.js moves it: every
        // move, none of them checked for what it leaves attacked, no castling.
        let (king, has_king) = match b.king(us) {
            Some(k) => (k, true),
            None => (Square::from_index(0), false),
        };
        let ours = b.by_color(us);
        let theirs = b.by_color(them);
        let occ = ours | theirs;
        let (checkers, pinned) = if has_king {
            self.checkers_and_pinned(t, king)
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        };

        // King steps: the king itself is lifted so that sliders see through its square.
        if has_king {
            let occ_nk = occ.without(king);
            let mut kt = Bitboard::EMPTY;
            for to in t.king(king) & !ours & target {
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
        }
        if checkers.more_than_one() {
            return;
        }
        let target = target
            & match checkers.first() {
                Some(c) => t.between(king, c).with(c),
                None => !ours,
            };

        let rq = (b.by_role(Role::Rook) | b.by_role(Role::Queen)) & theirs;
        let bq = (b.by_role(Role::Bishop) | b.by_role(Role::Queen)) & theirs;

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
                    if attacked.is_empty() || !has_king {
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

        if checkers.is_empty() && has_king {
            for side in CastlingSide::ALL {
                if let Some(rook) = self.castling_rook(t, king, side) {
                    f(Group {
                        from: king,
                        to: Bitboard::from_square(rook),
                        kind: GroupKind::Castle,
                        role: Role::King,
                    });
                }
            }
        }
    }

    /// The pieces giving check to the side to move, whose king is on `king`, and its
    /// pinned pieces. Enemy sliders on the king's lines (on an empty board) check it when
    /// nothing stands between, and pin the one piece of ours that does: no magic lookup
    /// from the king. The enemy king never gives check in a legal position.
    #[inline(always)]
    fn checkers_and_pinned(&self, t: &attacks::Tables, king: Square) -> (Bitboard, Bitboard) {
        let b = &self.board;
        let us = self.turn;
        let ours = b.by_color(us);
        let theirs = b.by_color(us.other());
        let occ = ours | theirs;
        let queens = b.by_role(Role::Queen);
        let rq = (b.by_role(Role::Rook) | queens) & theirs;
        let bq = (b.by_role(Role::Bishop) | queens) & theirs;
        let snipers = (t.rook(king, Bitboard::EMPTY) & rq) | (t.bishop(king, Bitboard::EMPTY) & bq);
        let mut checkers = theirs
            & ((t.knight(king) & b.by_role(Role::Knight))
                | (t.pawn(us, king) & b.by_role(Role::Pawn)));
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let between = t.between(king, s) & occ;
            if between.is_empty() {
                checkers = checkers.with(s);
            } else if !between.more_than_one() {
                pinned |= between & ours;
            }
        }
        (checkers, pinned)
    }

    /// The rook the side to move (not in check, its king on `king`) may castle with on
    /// `side`, if any.
    #[inline(always)]
    fn castling_rook(
        &self,
        t: &attacks::Tables,
        king: Square,
        side: CastlingSide,
    ) -> Option<Square> {
        let b = &self.board;
        let us = self.turn;
        let rook = self.castles.rook(us, side)?;
        let occ = b.occupied();
        // Usually some piece still stands between the two: the cheapest refusal.
        if (t.between(king, rook) & occ).any() {
            return None;
        }
        if !b.pieces(us, Role::Rook).contains(rook) || rook.rank() != king.rank() {
            return None;
        }
        let rank = king.rank();
        let kd = side.king_to(rank);
        let rd = side.rook_to(rank);
        let king_path = t.between(king, kd).with(kd);
        let movers = Bitboard::from_square(king).with(rook);
        let must_be_empty = (king_path | t.between(rook, rd).with(rd)) & !movers;
        if (must_be_empty & occ).any() {
            return None;
        }
        let occ2 = occ & !movers;
        let attacked = Iterator::any(&mut { king_path }, |sq| {
            b.is_attacked_with(t, sq, us.other(), occ2)
        });
        (!attacked).then_some(rook)
    }

    /// [`Position::for_each_group`] behind a dynamic callback, for callers that are not
    /// a hot loop (the move list, `dests`, mate tests): one compiled copy of the
    /// generator serves them all; perft's hot loop is [`Position::count_legal`].
    /// `target`: as [`Position::for_each_group_to`]'s (`Bitboard::FULL` for every move).
    pub(crate) fn visit_groups(&self, target: Bitboard, f: &mut dyn FnMut(Group)) {
        self.for_each_group_to(target, f);
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::default();
        self.push_legal_moves(&mut list);
        list
    }

    /// [`Position::legal_moves`] into a list the caller made (see
    /// [`Position::push_legal_moves_to`]).
    pub(crate) fn push_legal_moves(&self, list: &mut MoveList) {
        self.visit_groups(Bitboard::FULL, &mut |g| expand(g, list));
    }

    /// The legal moves to the squares of `to`, and every castling move (its group names
    /// the rook's square): enough to read a move's text and write its SAN, whose
    /// disambiguation looks only at moves to the same square.
    pub fn legal_moves_to(&self, to: Bitboard) -> MoveList {
        let mut list = MoveList::default();
        self.push_legal_moves_to(to, &mut list);
        list
    }

    /// [`Position::legal_moves_to`] into a list the caller made (a move list is 514
    /// bytes: returned, it is copied once more).
    pub(crate) fn push_legal_moves_to(&self, to: Bitboard, list: &mut MoveList) {
        self.visit_groups(to, &mut |mut g| {
            if g.kind != GroupKind::Castle {
                g.to &= to;
            }
            if g.to.any() {
                expand(g, list);
            }
        });
    }

    /// Number of legal moves, without building them.
    ///
    /// The generator's rules again, counted with popcounts instead of handed out as
    /// groups: perft spends most of its time here, at the leaves' parents.
    #[inline]
    pub fn count_legal(&self) -> u64 {
        let b = &self.board;
        let t = attacks::tables();
        let us = self.turn;
        let them = us.other();
        let (king, has_king) = match b.king(us) {
            Some(k) => (k, true),
            None => (Square::from_index(0), false),
        };
        let ours = b.by_color(us);
        let theirs = b.by_color(them);
        let occ = ours | theirs;
        let pawns = b.by_role(Role::Pawn);
        let knights = b.by_role(Role::Knight);
        let queens = b.by_role(Role::Queen);
        let diag = b.by_role(Role::Bishop) | queens;
        let orth = b.by_role(Role::Rook) | queens;
        let bq = diag & theirs;
        let rq = orth & theirs;
        let (checkers, pinned) = if has_king {
            self.checkers_and_pinned(t, king)
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        };

        let occ_nk = occ.without(king);
        let mut n = 0u32;
        if has_king {
            for to in t.king(king) & !ours {
                if !b.is_attacked_with(t, to, them, occ_nk) {
                    n += 1;
                }
            }
        }
        if checkers.more_than_one() {
            return u64::from(n);
        }
        let target = match checkers.first() {
            Some(c) => t.between(king, c).with(c),
            None => !ours,
        };

        // Free pieces (a queen counted once as a bishop, once as a rook), then pinned
        // ones along their pin (a pinned knight never moves).
        let free = ours & !pinned;
        for from in knights & free {
            n += (t.knight(from) & target).count();
        }
        for from in diag & free {
            n += (t.bishop(from, occ) & target).count();
        }
        for from in orth & free {
            n += (t.rook(from, occ) & target).count();
        }
        for from in (diag | orth) & ours & pinned {
            let line = t.line(king, from) & target;
            if diag.contains(from) {
                n += (t.bishop(from, occ) & line).count();
            }
            if orth.contains(from) {
                n += (t.rook(from, occ) & line).count();
            }
        }

        let white = us == crate::square::Color::White;
        let third = Bitboard::rank_index(if white { 2 } else { 5 });
        let ours_p = pawns & ours;
        let free_p = ours_p & !pinned;
        let single = free_p.shift_up(white) & !occ;
        let double = (single & third).shift_up(white) & !occ;
        let west = Bitboard(free_p.0 & !Bitboard::file_index(0).0);
        let east = Bitboard(free_p.0 & !Bitboard::file_index(7).0);
        let (cap_w, cap_e) = if white {
            (Bitboard(west.0 << 7), Bitboard(east.0 << 9))
        } else {
            (Bitboard(west.0 >> 9), Bitboard(east.0 >> 7))
        };
        let single = single & target;
        let caps = theirs & target;
        let (cap_w, cap_e) = (cap_w & caps, cap_e & caps);
        n += single.count() + (double & target).count() + cap_w.count() + cap_e.count();
        // Each promotion is four moves.
        n += 3
            * ((single & PROMO_RANKS).count()
                + (cap_w & PROMO_RANKS).count()
                + (cap_e & PROMO_RANKS).count());
        for from in ours_p & pinned {
            let single = Bitboard::from_square(from).shift_up(white) & !occ;
            let double = (single & third).shift_up(white) & !occ;
            let targets =
                ((t.pawn(us, from) & theirs) | single | double) & target & t.line(king, from);
            n += targets.count() + 3 * (targets & PROMO_RANKS).count();
        }

        if let Some(ep) = self.ep {
            let cap = if white {
                Square::from_index(ep.u8().wrapping_sub(8))
            } else {
                Square::from_index(ep.u8() + 8)
            };
            let their_pawns = pawns & theirs;
            if their_pawns.contains(cap) && !occ.contains(ep) {
                for from in t.pawn(them, ep) & ours_p {
                    let occ2 = (occ.without(from).without(cap)).with(ep);
                    let attacked = (t.rook(king, occ2) & rq)
                        | (t.bishop(king, occ2) & bq)
                        | (t.knight(king) & theirs & knights)
                        | (t.pawn(us, king) & their_pawns.without(cap));
                    if attacked.is_empty() || !has_king {
                        n += 1;
                    }
                }
            }
        }

        if checkers.is_empty() && has_king {
            for side in CastlingSide::ALL {
                if self.castling_rook(t, king, side).is_some() {
                    n += 1;
                }
            }
        }
        u64::from(n)
    }

    pub fn has_legal_moves(&self) -> bool {
        // Out of check, a pawn off the king's lines (so no pin holds it) that can step has
        // a legal move: most positions answer here. The others are counted (perft's fast
        // path).
        let b = &self.board;
        if let Some(king) = b.king(self.turn) {
            let lines = attacks::tables().queen(king, Bitboard::EMPTY);
            let free = b.by_role(Role::Pawn) & b.by_color(self.turn) & !lines;
            let white = self.turn == crate::square::Color::White;
            if (free.shift_up(white) & !b.occupied()).any() && !self.is_check() {
                return true;
            }
        }
        self.count_legal() > 0
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
                self.visit_groups(Bitboard::FULL, &mut |g| {
                    let role = g.role;
                    each_move(g, |m| n += self.perft_after(m, role, depth - 1))
                });
                n
            }
        }
    }

    /// [`Position::perft`] of the position after a legal move.
    #[inline(always)]
    fn perft_after(&self, m: Move, role: Role, depth: u32) -> u64 {
        let mut p = self.copied();
        p.play_role(m, role);
        p.perft(depth)
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
///
/// `f` is called from one place only: perft inlines its make-and-recurse step there.
#[inline(always)]
fn each_move(g: Group, mut f: impl FnMut(Move)) {
    // The kind's code in a move (see [`Move::new`]), and the pawn push distance for
    // groups of many pawns.
    let (code, pawn, delta) = match g.kind {
        GroupKind::Piece => (0, false, 0),
        GroupKind::Pawn => (0, true, 0),
        GroupKind::PawnShift(d) => (0, true, d),
        GroupKind::EnPassant => (1, false, 0),
        GroupKind::Castle => (2, false, 0),
    };
    for to in g.to {
        let from = if delta == 0 {
            g.from
        } else {
            Square::from_index((to.u8() as i8).wrapping_sub(delta) as u8)
        };
        // Promotions run from the queen's code down to the knight's.
        let (mut k, last) = if pawn && PROMO_RANKS.contains(to) {
            (Move::PROMOTE_QUEEN, Move::PROMOTE_KNIGHT)
        } else {
            (code, code)
        };
        loop {
            f(Move::with_code(from, to, k));
            if k == last {
                break;
            }
            k -= 1;
        }
    }
}
