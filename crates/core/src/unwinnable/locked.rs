//! Stage 2: locked pawn structures.
//!
//! Given a set `T` of pawns some king or piece may take (at first none), a pawn is
//! **fixed** when it never moves while it stands: the pawn in front of it is fixed and
//! not in `T` (two pawns head to head block each other). A fixed pawn outside `T` is a
//! **wall**. Any other pawn **walks**: with no capture by a pawn it never passes the
//! nearest enemy pawn ahead on its file that is outside `T` (that one only comes closer),
//! so it never promotes. If a pawn has no such pawn ahead, or an en passant capture is
//! possible, this stage gives up.
//!
//! Then suppose no pawn ever captures and only pawns of `T` are ever taken. The squares
//! each king and piece can ever stand on are flood fills from where it stands (castling
//! squares added), through every square that is not a wall nor a square an enemy pawn
//! outside `T` may stand on, ignoring all other pieces, so they only ever grow what is
//! really reachable. A king never enters a square guarded for good: by an enemy wall, or
//! an enemy piece shut in among walls and other such pieces (while nothing can ever
//! attack it). If,
//! with these regions,
//! - no pawn can take a pawn (from any square it may reach),
//! - no piece may stand on a square a pawn may ever attack,
//! - no double step lands beside an enemy pawn (no en passant later),
//! - and every pawn a king (unguarded) or a piece can reach is in `T`,
//!
//! then the supposition holds in every position reachable from here: the structure is
//! frozen. When the last point fails, the pawns found join `T` and all is computed again
//! (`T` only grows: at most one round per pawn).
//!
//! A king with a pawn in front of it, hemmed in by pawns, is first supposed never to
//! move: it is a wall for the pawns and guards its neighbours for good; the supposition
//! holds when its region is its square alone, and the stage runs without it otherwise.
//! A piece in front of a pawn with every step onto a pawn likewise: it holds when the
//! piece is shut in and never attacked. A side whose only move is a step of its king
//! between two squares is supposed to keep shuttling: the other king then never steps
//! beside them (that would stalemate it), and the stage runs with that king kept away
//! (`Frozen::shuttle`).
//!
//! In a frozen structure a mate of the loser's king needs a check from the winner's
//! pieces or pawns that are not walls (a wall's guard is a square the king never enters),
//! so it needs them to attack the loser's region. And at the mating square every flight
//! (a square of the region beside it) must be guarded by the winner (its king from one
//! square at a time) or filled by one of the loser's own units: if at every square the
//! loser's king can be checked on, wherever the winner's king stands, more flights stay
//! unguarded than the loser has units that could fill them, there is no mate.

use crate::castling::CastlingSide;
use crate::position::Position;
use crate::square::{Color, Role, Square};

use super::sets::{self, flood, north, south};
use super::Why;

/// `Some(Why::Locked)` when the structure is frozen and `winner` can never mate behind it.
pub fn cannot(pos: &Position, winner: Color) -> Option<Why> {
    judge(pos, winner).0
}

/// [`cannot`], and whether the pawns are locked ([`pawns_locked`]; true also when a
/// king or piece held in place locks them).
pub(super) fn judge(pos: &Position, winner: Color) -> (Option<Why>, bool) {
    let locked = match Frozen::of(pos) {
        Ok(f) if f.cannot(pos, winner) => return (Some(Why::Locked), true),
        Ok(_) => true,
        Err(locked) => locked,
    };
    // Pawns locked, and still undecided: a side with no move but a king's step may be
    // shuttling (see `Frozen::shuttle`).
    let decided = locked
        && Color::ALL.into_iter().any(|l| {
            Frozen::shuttle(pos, l).is_some_and(|(f, s)| {
                (l == winner || !f.discovers(pos, winner, s)) && f.cannot(pos, winner)
            })
        });
    (decided.then_some(Why::Locked), locked || decided)
}

/// What a frozen structure allows one side.
#[derive(Default)]
struct Side {
    /// Where the king stands, and the squares it can ever stand on.
    king: u64,
    king_region: u64,
    /// Squares the king may step through (fixed pawns, squares they guard from the other
    /// side, and the other side's pawns left out).
    king_through: u64,
    /// Squares the side's pieces and walking pawns may ever attack.
    attacks: u64,
    /// Squares its pawns attack now.
    pawn_attacks_now: u64,
    /// For each of its units (pieces, walking pawns), the squares it may ever stand on;
    /// `units[..count]`.
    units: [u64; 32],
    count: usize,
}

impl Side {
    fn push_unit(&mut self, squares: u64) {
        if let Some(slot) = self.units.get_mut(self.count) {
            *slot = squares;
            self.count += 1;
        }
    }
}

/// Both sides of a frozen structure (indexed by [`Color::index`]), and its walls.
struct Frozen([Side; 2], u64);

/// The pawns of a locked structure, given the pawns some unit may take (`gone`): each
/// fixed (it never moves while it stands) or walking up to a block, and none able to
/// take another, ever.
struct Pawns {
    /// Pawns that never move while they stand.
    fixed: u64,
    /// Fixed pawns no unit can ever take: walls for good.
    wall: u64,
    /// Squares White's and Black's walking pawns may reach.
    walk: [u64; 2],
    /// Squares each side's pawns may ever attack.
    may_attack: [u64; 2],
}

/// Whether every pawn is fixed or walks up to a block, and no pawn can ever take another
/// or be taken en passant (the first half of the stage, a few operations): the structure
/// may be frozen, depending on the pieces.
pub fn pawns_locked(pos: &Position) -> bool {
    Pawns::of(pos, 0, 0).is_some()
}

impl Pawns {
    fn of(pos: &Position, gone: u64, held: u64) -> Option<Pawns> {
        if pos.ep.is_some() {
            return None;
        }
        let b = pos.board();
        let wp = b.pieces(Color::White, Role::Pawn).0;
        let bp = b.pieces(Color::Black, Role::Pawn).0;
        let (ws, bs) = (wp & !gone, bp & !gone);
        // Fixed: the pawn ahead is fixed and is never taken (head to head, two pawns
        // block each other).
        let mut fixed = (wp & south(bs | held)) | (bp & north(ws | held));
        loop {
            let stay = (fixed & !gone) | held;
            let next = fixed | (wp & south(stay)) | (bp & north(stay));
            if next == fixed {
                break;
            }
            fixed = next;
        }
        let wall = fixed & !gone;
        // The squares walking pawns may reach. With no capture by a pawn, a pawn never
        // passes an enemy pawn ahead on its file that is never taken (that one only comes
        // closer): it walks at most up to the square before it. A pawn with none ahead
        // may run to promotion, which ends the stage (the common case in play, decided
        // here in a few operations).
        let below_black = flood(south(bs | held), !0, south);
        let above_white = flood(north(ws | held), !0, north);
        if wp & !fixed & !below_black != 0 || bp & !fixed & !above_white != 0 {
            return None;
        }
        let w_walk = flood(wp & !fixed, !wall & !bs & !held & below_black, north);
        let b_walk = flood(bp & !fixed, !wall & !ws & !held & above_white, south);
        let may = [(wp & fixed) | w_walk, (bp & fixed) | b_walk];
        let may_attack = [
            sets::white_pawn_attacks(may[0]),
            sets::black_pawn_attacks(may[1]),
        ];
        // A pawn that may ever stand where an enemy pawn may attack can be taken.
        if may_attack[0] & may[1] != 0 || may_attack[1] & may[0] != 0 {
            return None;
        }
        // A double step beside an enemy pawn would allow en passant.
        let w_land = north(north(wp & !fixed & sets::RANK_2) & w_walk) & w_walk;
        let b_land = south(south(bp & !fixed & sets::RANK_7) & b_walk) & b_walk;
        if sets::beside(w_land) & may[1] & sets::RANK_4 != 0
            || sets::beside(b_land) & may[0] & sets::RANK_5 != 0
        {
            return None;
        }
        Some(Pawns {
            fixed,
            wall,
            walk: [w_walk, b_walk],
            may_attack,
        })
    }

    /// The squares the pawn on `at` (a single square) of colour `c` may ever stand on.
    fn region(&self, c: Color, at: u64) -> u64 {
        if at & self.fixed != 0 {
            return at;
        }
        let walk = self.walk.get(c.index()).copied().unwrap_or(0);
        flood(at, walk, if c == Color::White { north } else { south })
    }
}

/// `b` and every square `step` (north or south) leads to from it, to the board's edge:
/// three shifts.
fn file_fill(mut b: u64, step: fn(u64) -> u64) -> u64 {
    b |= step(b);
    b |= step(step(b));
    b | step(step(step(step(b))))
}

impl Frozen {
    /// The frozen structure, or, when a pawn may move freely or a capture by a pawn, or
    /// of a pawn that blocks, can happen, whether the pawns are locked without holds.
    ///
    /// Pawns a king or piece may take are allowed: they may vanish, so they are no walls
    /// (the pawns behind them may walk on) and their guards are not for good. Which pawns
    /// may be taken depends on the regions, which depend on the walls: the set grows
    /// until no other pawn can be taken (at most once per pawn).
    fn of(pos: &Position) -> Result<Frozen, bool> {
        // A king with a pawn just in front of that pawn (it blocks the pawn): first
        // supposed never to move, which fixes the pawn, then checked (its region must be
        // its square alone); without the supposition when that fails.
        let b = pos.board();
        let (wp, bp) = (
            b.pieces(Color::White, Role::Pawn).0,
            b.pieces(Color::Black, Role::Pawn).0,
        );
        // (Only a king with no step now but onto pawns and squares white or black pawns
        // attack: a cheap filter, the check is below.) A piece in front of a pawn with
        // every step onto a pawn likewise, checked to be shut in.
        let pawns = wp | bp;
        // A pawn with nothing ahead on its file but its own side's pawns (no enemy pawn,
        // no piece: nothing that could block it or be held there) runs to promotion:
        // `Pawns::of` gives up on it, with or without holds.
        let pieces = b.occupied().0 & !pawns;
        let (below, above) = (
            file_fill(south(bp | pieces), south),
            file_fill(north(wp | pieces), north),
        );
        // A pawn that can take another now: `Pawns::of` gives up on that too (every
        // pawn stands on a square its side's pawns may stand on).
        let takes = sets::white_pawn_attacks(wp) & bp != 0;
        if wp & !below != 0 || bp & !above != 0 || takes {
            return Err(false);
        }
        let hemmed = sets::white_pawn_attacks(wp) | sets::black_pawn_attacks(bp) | pawns;
        let front = (north(wp) | south(bp)) & b.occupied().0 & !pawns;
        if front != 0 {
            // (The squares none of whose steps is in `free`: not one step from `free`.)
            let free = !pawns;
            let role = |r| b.by_role(r).0;
            let facing = front
                & (role(Role::King) & !sets::king(!hemmed)
                    | role(Role::Knight) & !sets::knight(free)
                    | role(Role::Bishop) & !sets::diag(free)
                    | role(Role::Rook) & !sets::orth(free)
                    | role(Role::Queen) & !sets::queen(free));
            if facing != 0 {
                if let Some(f) = Frozen::held(pos, Pawns::of(pos, 0, facing), facing, [0; 2]) {
                    return Ok(f);
                }
            }
        }
        let pawns = Pawns::of(pos, 0, 0).ok_or(false)?;
        Frozen::held(pos, Some(pawns), 0, [0; 2]).ok_or(true)
    }

    /// [`Frozen::of`] with the kings and pieces on `held` supposed never to move, and each
    /// side's king kept out of the squares `cut` gives it (see [`Frozen::shuttle`]).
    fn held(pos: &Position, first: Option<Pawns>, held: u64, cut: [u64; 2]) -> Option<Frozen> {
        let first = first?;
        // The second try, without shut-in guards, only when the first found some.
        let mut shut_seen = false;
        'tries: for shut_guards in [true, false] {
            if !shut_guards && !shut_seen {
                break;
            }
            let (mut gone, mut later) = (0u64, None::<Pawns>);
            loop {
                let p = later.as_ref().unwrap_or(&first);
                let Some((f, takable)) =
                    Frozen::with(pos, p, gone, held, cut, shut_guards, &mut shut_seen)
                else {
                    continue 'tries;
                };
                if takable & !gone == 0 {
                    return Some(f);
                }
                gone |= takable;
                let Some(p) = Pawns::of(pos, gone, held) else {
                    continue 'tries;
                };
                later = Some(p);
            }
        }
        None
    }

    /// [`Frozen::of`] with its pawns and the pawns that may be taken, counting shut-in
    /// pieces as guards (then none may ever be attacked) or not (then they may be taken
    /// like any piece); with the pawns some unit may take.
    fn with(
        pos: &Position,
        pawns: &Pawns,
        gone: u64,
        held: u64,
        cut: [u64; 2],
        shut_guards: bool,
        shut_seen: &mut bool,
    ) -> Option<(Frozen, u64)> {
        let &Pawns {
            fixed,
            wall,
            walk,
            may_attack: pawn_may_attack,
        } = pawns;
        let b = pos.board();
        // Pieces shut in for good: every step leads onto a wall or onto another piece of
        // theirs shut in (bishops that fill each other's diagonals). None of them can
        // move first: the square its move starts through is never empty. So they never
        // move, and while no enemy unit can ever attack them (checked below) they stay,
        // guarding those squares for good. (The largest such set: start from every
        // piece, drop those with a step elsewhere until none is left to drop.) A rook
        // that may castle is no exception: the square beside it towards its king holds
        // the king (never in the set) or a piece of the set, which never leaves from
        // between them.
        let mut shut = [(0u64, 0u64); 2];
        if shut_guards {
            for c in Color::ALL {
                let mut set = b.by_color(c).0 & !b.by_role(Role::King).0 & !b.by_role(Role::Pawn).0;
                loop {
                    let (mut next, mut guard) = (0u64, 0u64);
                    for (role, step) in STEPS {
                        for sq in crate::bitboard::Bitboard(b.pieces(c, role).0 & set) {
                            let at = 1u64 << sq.u8();
                            if step(at) & !(wall | set) == 0 {
                                next |= at;
                                guard |= step(at);
                            }
                        }
                    }
                    if next == set {
                        *shut.get_mut(c.index())? = (set, guard);
                        break;
                    }
                    set = next;
                }
                *shut_seen |= set != 0;
            }
        }
        // A piece held must be shut in (and is then checked never to be attacked).
        let [(w_shut, _), (b_shut, _)] = shut;
        if held & !b.by_role(Role::King).0 & !(w_shut | b_shut) != 0 {
            return None;
        }
        let mut takable = 0u64;
        let mut f = Frozen([Side::default(), Side::default()], wall);
        for c in Color::ALL {
            let (us, them) = (c.index(), c.other().index());
            let side = f.0.get_mut(us)?;
            let our_pawns = b.pieces(c, Role::Pawn).0;
            let their_now = b.pieces(c.other(), Role::Pawn).0;
            // The squares the other side's pawns that are never taken may stand on: a
            // king or piece never enters them.
            let mut their_stay = 0u64;
            for sq in crate::bitboard::Bitboard(their_now & !gone) {
                their_stay |= pawns.region(c.other(), 1 << sq.u8());
            }
            let (their_shut, their_shut_guard) = *shut.get(them)?;
            // Guards for good: walls, shut-in pieces, a king that never moves.
            let their_king = b.king(c.other()).map_or(0, |k| 1u64 << k.u8());
            let their_guard = pawn_attacks(c.other(), their_now & wall)
                | their_shut_guard
                | sets::king(their_king & held);
            let danger = *pawn_may_attack.get(them)?;
            let our_walk = *walk.get(us)?;
            let rank = Square::from_index(c.back_rank() * 8).rank();
            // Castling moves the king and a rook to fixed squares: seeds of their fills.
            let mut king_seed = 0u64;
            let mut rook_seeds = [(0u64, 0u64); 2];
            for (slot, wing) in rook_seeds.iter_mut().zip(CastlingSide::ALL) {
                if let Some(rook) = pos.castles().rook(c, wing) {
                    king_seed |= 1 << wing.king_to(rank).u8();
                    *slot = (1 << rook.u8(), 1 << wing.rook_to(rank).u8());
                }
            }
            let king = 1u64 << b.king(c)?.u8();
            // (Shut-in pieces never leave: nothing passes through them, and an enemy
            // that could take one ends the stage below.)
            let through = !wall & !their_stay & !held & !(w_shut | b_shut);
            side.king = king;
            let cut = *cut.get(us)?;
            if (king | king_seed) & cut != 0 {
                return None;
            }
            side.king_through = through & !their_guard & !cut;
            side.king_region = flood(king_seed | king, side.king_through, sets::king);
            if king & held != 0 && side.king_region != king {
                return None;
            }
            // The squares our king and pieces may take on.
            // (A king kept out of `cut` may still step in, ending the game, and take
            // there: that matters only if the unit taken had a unit of its side behind
            // it, which would then move.)
            let mut harmless = 0u64;
            if cut != 0 {
                let theirs = |r| b.pieces(c.other(), r).0;
                let mut steps = match c {
                    Color::White => south(theirs(Role::Pawn)),
                    Color::Black => north(theirs(Role::Pawn)),
                };
                for (role, step) in STEPS {
                    steps |= step(theirs(role));
                }
                harmless = cut & !steps;
            }
            let mut hits = sets::king(side.king_region) & !their_guard & !harmless;
            if hits & their_shut != 0 {
                return None;
            }
            side.pawn_attacks_now = pawn_attacks(c, our_pawns);
            // Walking pawns attack from every square of their walk, fixed ones that may
            // be taken from theirs; walls only guard squares the enemy king never enters
            // (but for where it stands now).
            side.attacks = pawn_attacks(c, our_walk | (our_pawns & fixed & gone));
            for (role, step) in STEPS {
                for sq in b.pieces(c, role) {
                    let mut seed = 1u64 << sq.u8();
                    for (from, to) in rook_seeds {
                        if role == Role::Rook && from == seed {
                            seed |= to;
                        }
                    }
                    let region = flood(seed, through, step);
                    let reach = step(region);
                    if reach & their_shut != 0 || region & danger != 0 {
                        return None;
                    }
                    hits |= reach;
                    side.attacks |= reach;
                    side.push_unit(region);
                }
            }
            for sq in crate::bitboard::Bitboard(their_now) {
                let at = 1u64 << sq.u8();
                if pawns.region(c.other(), at) & hits != 0 {
                    takable |= at;
                }
            }
            for sq in crate::bitboard::Bitboard(our_pawns & !(fixed & !gone)) {
                side.push_unit(pawns.region(c, 1 << sq.u8()));
            }
        }
        Some((f, takable))
    }

    /// A side `l` whose only move, now and for good, is its king's step between two
    /// squares (or none): the structure supposing so, and those squares.
    ///
    /// Say `l`'s king stands on `a`, may step only to `b`, and nothing else of `l` can
    /// ever move. Then the other king never steps beside `a` or `b` while the game goes
    /// on: beside the square `l`'s king stands on it may not, and beside the other one
    /// it takes `l`'s only move away, so `l` has no move at its turn: stalemate, or mate
    /// if the step uncovered a check ([`Frozen::discovers`]). So the other king's region
    /// is computed without those squares. The supposition holds when, with the regions
    /// it gives, `l`'s king may stand only on `a` and `b` and each other unit of `l` only
    /// where it stands (the induction over the moves, as for a held king: a pawn the other
    /// king may take by stepping there is among those that may be taken, so a pawn it
    /// blocks walks, and the supposition fails). This decides CHA's
    /// `8/8/7p/5p1P/5p1K/5Pp1/6P1/5kb1 b`: White's king shuttles between h3 and h4, so
    /// Black's king never reaches g5 to take h5, and never guards h3 when its bishop
    /// checks on h4.
    fn shuttle(pos: &Position, l: Color) -> Option<(Frozen, u64)> {
        // (First a cheap filter: no pawn of `l` can step, and its king has at most two
        // squares to step to that are not its own units' nor attacked by enemy pawns.)
        let b = pos.board();
        let (pawns, theirs) = (b.pieces(l, Role::Pawn).0, b.pieces(l.other(), Role::Pawn).0);
        let step = match l {
            Color::White => north(pawns),
            Color::Black => south(pawns),
        };
        let king = 1u64 << b.king(l)?.u8();
        let free = sets::king(king) & !b.by_color(l).0 & !pawn_attacks(l.other(), theirs);
        if step & !b.occupied().0 != 0 || free.count_ones() > 2 {
            return None;
        }
        let seen = if pos.turn() == l {
            *pos
        } else if pos.checkers().is_empty() {
            pos.after_null()
        } else {
            return None;
        };
        let mut s = king;
        let moves = seen.legal_moves();
        match moves.iter().as_slice() {
            [] => {}
            [m] if 1 << m.from().u8() == king => s |= 1 << m.to().u8(),
            _ => return None,
        }
        let mut cut = [0; 2];
        *cut.get_mut(l.other().index())? = sets::king(s) | s;
        let f = Frozen::held(pos, Pawns::of(pos, 0, 0), 0, cut)?;
        let side = f.0.get(l.index())?;
        let units = side.units.get(..side.count)?;
        let still = units.iter().all(|u| u.count_ones() == 1);
        (side.king_region & !s == 0 && still).then_some((f, s))
    }

    /// Whether the king of `winner`, stepping from its region beside the squares `s` of
    /// the other king's shuttle ([`Frozen::shuttle`]), could uncover a check on one of
    /// them by a bishop, rook or queen of its side: the one way such a step mates. It
    /// could when a square of the region sees a square of `s` along a line with no wall
    /// between (a line its side has a piece for) and has a step beside `s` off that line.
    /// (The proof needs it; no position met so far does: CHA's vectors, and 200,000
    /// random positions near the shuttles with bishops, rooks and queens added, get the
    /// same answers without it.)
    fn discovers(&self, pos: &Position, winner: Color, s: u64) -> bool {
        let (Some(w), walls) = (self.0.get(winner.index()), self.1) else {
            return true;
        };
        let b = pos.board();
        let ours = |r| b.pieces(winner, r).0 != 0;
        let (diag, orth) = (
            ours(Role::Bishop) || ours(Role::Queen),
            ours(Role::Rook) || ours(Role::Queen),
        );
        let cut = sets::king(s) & !s;
        let entry = w.king_region & sets::king(cut);
        Iterator::any(&mut crate::bitboard::Bitboard(s), |k| {
            let occ = crate::bitboard::Bitboard(walls);
            let mut seen = 0u64;
            if diag {
                seen |= crate::attacks::bishop_attacks(k, occ).0;
            }
            if orth {
                seen |= crate::attacks::rook_attacks(k, occ).0;
            }
            Iterator::any(&mut crate::bitboard::Bitboard(entry & seen), |q| {
                let off = !crate::attacks::line(k, q).0;
                crate::attacks::king_attacks(q).0 & cut & off != 0
            })
        })
    }

    /// Whether `winner` can never mate in this frozen structure.
    fn cannot(&self, pos: &Position, winner: Color) -> bool {
        let (Some(w), Some(l)) = (
            self.0.get(winner.index()),
            self.0.get(winner.other().index()),
        ) else {
            return false;
        };
        // A pawn's check now: unless it is mate already, the king steps out of it (a
        // capture of the pawn would have ended the stage), and a fixed pawn's guard is
        // never entered again (a walking pawn's is among `attacks`).
        if w.pawn_attacks_now & l.king != 0 && (pos.turn() == winner || !pos.has_legal_moves()) {
            return false;
        }
        let units = l.units.get(..l.count).unwrap_or_default();
        for k in crate::bitboard::Bitboard(l.king_region & w.attacks) {
            let kb = 1u64 << k.u8();
            let flights = sets::king(kb) & l.king_through;
            let near = sets::king(kb) | kb;
            // The winner's king stands on one square, not beside `k`: only one two
            // steps from `k` guards flights, the others alike (none): one of them stands
            // for all.
            let places = w.king_region & !near;
            let far = places & !sets::king(near);
            let tried = (places & sets::king(near)) | (far & far.wrapping_neg());
            for at in crate::bitboard::Bitboard(tried) {
                let open = flights & !w.attacks & !sets::king(1 << at.u8());
                let fillers = units.iter().filter(|&&u| u & open != 0).count();
                if open.count_ones() as usize <= fillers {
                    return false;
                }
            }
        }
        true
    }
}

/// Squares attacked by `c`'s pawns on `b`.
fn pawn_attacks(c: Color, b: u64) -> u64 {
    match c {
        Color::White => sets::white_pawn_attacks(b),
        Color::Black => sets::black_pawn_attacks(b),
    }
}

/// One step of a piece's move from every square of a set.
type Step = fn(u64) -> u64;

/// The piece roles other than pawn and king, with one step of their move.
const STEPS: [(Role, Step); 4] = [
    (Role::Knight, sets::knight),
    (Role::Bishop, sets::diag),
    (Role::Rook, sets::orth),
    (Role::Queen, sets::queen),
];
