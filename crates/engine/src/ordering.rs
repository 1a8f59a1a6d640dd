//! Move ordering: the best move first makes alpha-beta cut most. Captures by static
//! exchange and MVV-LVA, then killer and counter moves, then quiet moves by history.

use chess960::bitboard::Bitboard;
use chess960::position::{Move, MoveKind, Position};
use chess960::square::{Color, Role, Square};

/// Exchange values of pawn, knight, bishop, rook, queen, king (the king is never
/// captured; it ends an exchange instead).
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 0];

/// Deepest ply the search reaches (the killer table's size, the PV's length).
pub const MAX_PLY: usize = 128;

/// Largest magnitude of a history score.
const HISTORY_MAX: i32 = 16_384;

/// Ordering scores: the bands are far apart so that no history score crosses one.
pub const GOOD_CAPTURE: i32 = 3_000_000;
pub const KILLER: i32 = 2_000_000;
pub const COUNTER: i32 = 1_999_000;
pub const BAD_CAPTURE: i32 = -3_000_000;

#[inline]
fn value(r: Role) -> i32 {
    SEE_VALUE.get(r.index()).copied().unwrap_or(0)
}

/// The piece a move captures, if any (en passant takes a pawn).
#[inline]
pub fn captured(pos: &Position, m: Move) -> Option<Role> {
    match m.kind() {
        MoveKind::EnPassant => Some(Role::Pawn),
        MoveKind::Castle => None,
        _ if pos.board().by_color(pos.turn().other()).contains(m.to()) => {
            pos.board().role_at(m.to())
        }
        _ => None,
    }
}

/// Whether a move changes material: a capture or a promotion.
#[inline]
pub fn is_tactical(pos: &Position, m: Move) -> bool {
    m.promotion().is_some()
        || m.kind() == MoveKind::EnPassant
        || (!m.is_castle() && pos.board().by_color(pos.turn().other()).contains(m.to()))
}

/// The captures and queen promotions of `pos` (under-promotions left out), each
/// with its MVV-LVA score, into `out`; returns how many. Quiescence search needs only
/// these, and taking them from the generator's groups spares building every move.
pub fn tactical_moves(pos: &Position, out: &mut [(i32, Move); 256]) -> usize {
    use chess960::movegen::GroupKind;
    const PROMO_RANKS: u64 = 0xff00_0000_0000_00ff;
    let b = pos.board();
    let theirs = b.by_color(pos.turn().other());
    let mut n = 0;
    let mut push = |from: Square, to: Square, kind: MoveKind, attacker: Role| {
        let victim = match kind {
            MoveKind::EnPassant => Some(Role::Pawn),
            _ => b.role_at(to),
        };
        let mut score = victim.map_or(0, |v| 8 * value(v)) - attacker.index() as i32;
        if matches!(kind, MoveKind::Promotion(_)) {
            score += 8000;
        }
        if let Some(slot) = out.get_mut(n) {
            *slot = (score, Move::new(from, to, kind));
            n += 1;
        }
    };
    pos.for_each_group(|g| {
        let pawn_kind = |to: Square| {
            if PROMO_RANKS & (1 << to.u8()) != 0 {
                MoveKind::Promotion(Role::Queen)
            } else {
                MoveKind::Normal
            }
        };
        match g.kind {
            GroupKind::Piece => {
                for to in g.to & theirs {
                    push(g.from, to, MoveKind::Normal, g.role);
                }
            }
            GroupKind::Pawn => {
                for to in g.to & (theirs | Bitboard(PROMO_RANKS)) {
                    push(g.from, to, pawn_kind(to), Role::Pawn);
                }
            }
            GroupKind::PawnShift(delta) => {
                let pushes = delta.unsigned_abs() % 8 == 0;
                let set = if pushes {
                    g.to & Bitboard(PROMO_RANKS)
                } else {
                    g.to
                };
                for to in set {
                    let from = Square::from_index((to.u8() as i8).wrapping_sub(delta) as u8);
                    push(from, to, pawn_kind(to), Role::Pawn);
                }
            }
            GroupKind::EnPassant => {
                for to in g.to {
                    push(g.from, to, MoveKind::EnPassant, Role::Pawn);
                }
            }
            GroupKind::Castle => {}
        }
    });
    n
}

/// Static exchange evaluation: whether playing `m` and then the cheapest recaptures on
/// its square, each side free to stop, wins at least `threshold` centipawns. Pins are
/// ignored; x-rays are seen (attackers are recomputed as pieces leave).
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.kind() != MoveKind::Normal {
        // Castling, en passant and promotions: counted as even exchanges.
        return 0 >= threshold;
    }
    let b = pos.board();
    let (from, to) = (m.from(), m.to());
    let mut swap = b.role_at(to).map_or(0, value) - threshold;
    if swap < 0 {
        return false;
    }
    swap = b.role_at(from).map_or(0, value) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = b.occupied() & !Bitboard::from_square(from) & !Bitboard::from_square(to);
    let all_attackers =
        |occ: Bitboard| b.attackers(to, Color::White, occ) | b.attackers(to, Color::Black, occ);
    let mut attackers = all_attackers(occ);
    let mut stm = pos.turn();
    let mut res = true;
    loop {
        stm = stm.other();
        attackers &= occ;
        let ours = attackers & b.by_color(stm);
        if ours.is_empty() {
            break;
        }
        res = !res;
        let Some(role) = Role::ALL.into_iter().find(|&r| (ours & b.by_role(r)).any()) else {
            break;
        };
        if role == Role::King {
            // The king may only take last: with enemy attackers left it cannot.
            return if (attackers & b.by_color(stm.other())).any() {
                !res
            } else {
                res
            };
        }
        swap = value(role) - swap;
        if swap < i32::from(res) {
            break;
        }
        if let Some(sq) = (ours & b.by_role(role)).first() {
            occ &= !Bitboard::from_square(sq);
        }
        attackers = all_attackers(occ);
    }
    res
}

/// What the search learns about quiet moves as it goes.
pub struct Ordering {
    /// Two quiet moves per ply that caused a beta cut-off there.
    pub killers: [[u16; 2]; MAX_PLY],
    /// Per side, per from and to square: how often the move cut, minus how often it
    /// failed to.
    history: [[[i16; 64]; 64]; 2],
    /// The quiet reply that refuted each move (by its from and to squares).
    counters: [[u16; 64]; 64],
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering {
            killers: [[0; 2]; MAX_PLY],
            history: [[[0; 64]; 64]; 2],
            counters: [[0; 64]; 64],
        }
    }
}

impl Ordering {
    pub fn clear(&mut self) {
        *self = Ordering::default();
    }

    /// Keeps history from an earlier search, halved: still a good guess, no longer
    /// dominant.
    pub fn age(&mut self) {
        for side in &mut self.history {
            for row in side.iter_mut() {
                for h in row.iter_mut() {
                    *h /= 2;
                }
            }
        }
        self.killers = [[0; 2]; MAX_PLY];
    }

    #[inline]
    pub fn history(&self, c: Color, m: Move) -> i32 {
        self.history
            .get(c.index())
            .and_then(|s| s.get(m.from().index()))
            .and_then(|r| r.get(m.to().index()))
            .map_or(0, |&h| i32::from(h))
    }

    /// Moves the history score of `m` toward the bound by `bonus` (negative: a malus);
    /// the closer it is already, the smaller the step ("history gravity").
    #[inline]
    pub fn update_history(&mut self, c: Color, m: Move, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        if let Some(h) = self
            .history
            .get_mut(c.index())
            .and_then(|s| s.get_mut(m.from().index()))
            .and_then(|r| r.get_mut(m.to().index()))
        {
            let v = i32::from(*h);
            *h = (v + bonus - v * bonus.abs() / HISTORY_MAX) as i16;
        }
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [u16; 2] {
        self.killers.get(ply).copied().unwrap_or([0; 2])
    }

    pub fn add_killer(&mut self, ply: usize, m: Move) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != m.bits() {
                k[1] = k[0];
                k[0] = m.bits();
            }
        }
    }

    #[inline]
    pub fn counter(&self, prev: Option<Move>) -> u16 {
        prev.and_then(|p| {
            self.counters
                .get(p.from().index())
                .and_then(|r| r.get(p.to().index()))
        })
        .copied()
        .unwrap_or(0)
    }

    pub fn set_counter(&mut self, prev: Option<Move>, m: Move) {
        if let Some(slot) = prev.and_then(|p| {
            self.counters
                .get_mut(p.from().index())
                .and_then(|r| r.get_mut(p.to().index()))
        }) {
            *slot = m.bits();
        }
    }

    /// The ordering score of `m` (the transposition-table move is put first apart).
    #[inline]
    pub fn score(&self, pos: &Position, m: Move, ply: usize, prev: Option<Move>) -> i32 {
        if let Some(victim) = captured(pos, m) {
            let attacker = pos
                .board()
                .role_at(m.from())
                .map_or(0, |r| r.index() as i32);
            let mvv_lva = 8 * value(victim) - attacker;
            return if see_ge(pos, m, 0) {
                GOOD_CAPTURE + mvv_lva
            } else {
                BAD_CAPTURE + mvv_lva
            };
        }
        match m.promotion() {
            Some(Role::Queen) => return GOOD_CAPTURE,
            Some(_) => return BAD_CAPTURE,
            None => {}
        }
        let [k0, k1] = self.killers(ply);
        if m.bits() == k0 {
            KILLER + 1
        } else if m.bits() == k1 {
            KILLER
        } else if m.bits() == self.counter(prev) {
            COUNTER
        } else {
            self.history(pos.turn(), m)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess960::fen;
    use chess960::uci::parse_uci;

    fn see(f: &str, uci: &str, threshold: i32) -> bool {
        let pos = fen::parse(f).unwrap();
        let m = parse_uci(&pos, uci, &pos.legal_moves()).unwrap();
        see_ge(&pos, m, threshold)
    }

    #[test]
    fn exchange_evaluation_counts_recaptures_and_xrays() {
        // Rook takes a pawn defended by a pawn: loses the exchange.
        let f = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(f, "e1e5", 100));
        let f = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(!see(f, "d3e5", 0));
        // Queen takes a pawn defended by a knight: loses the queen.
        let f = "4k3/8/5n2/3p4/8/8/8/3QK3 w - - 0 1";
        assert!(!see(f, "d1d5", 0));
        // A rook in front, the queen behind it: R takes, N takes, Q takes: a rook for a
        // pawn and a knight, -80.
        let f = "4k3/8/5n2/3p4/8/8/3R4/3QK3 w - - 0 1";
        assert!(!see(f, "d2d5", 0));
        assert!(see(f, "d2d5", -80));
        assert!(!see(f, "d2d5", -79));
        // An undefended pawn: wins a pawn.
        let f = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1";
        assert!(see(f, "d1d5", 100));
        assert!(!see(f, "d1d5", 101));
    }

    /// The generator's captures and queen promotions are exactly those of the full
    /// move list, in positions with pins, en passant, promotions and checks aside.
    #[test]
    fn tactical_moves_are_the_captures_and_queen_promotions_of_the_move_list() {
        for f in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "2kr3r/p1ppqpb1/bn2Qnp1/3PN3/1p2P3/2N5/PPPBBPPP/R3K2R b KQ - 3 2",
            "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
            "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            let pos = fen::parse(f).unwrap();
            let mut out = [(
                0,
                Move::new(
                    Square::from_index(0),
                    Square::from_index(0),
                    MoveKind::Normal,
                ),
            ); 256];
            let n = tactical_moves(&pos, &mut out);
            let mut got: Vec<u16> = out[..n].iter().map(|(_, m)| m.bits()).collect();
            let mut want: Vec<u16> = pos
                .legal_moves()
                .iter()
                .filter(|&&m| match m.promotion() {
                    Some(r) => r == Role::Queen,
                    None => captured(&pos, m).is_some(),
                })
                .map(|m| m.bits())
                .collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{f}");
        }
    }

    #[test]
    fn history_stays_within_its_bound() {
        let mut o = Ordering::default();
        let pos = fen::parse("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let m = pos.legal_moves().as_slice()[0];
        for _ in 0..1000 {
            o.update_history(Color::White, m, 5000);
        }
        assert!(o.history(Color::White, m) <= HISTORY_MAX);
        for _ in 0..1000 {
            o.update_history(Color::White, m, -5000);
        }
        assert!(o.history(Color::White, m) >= -HISTORY_MAX);
    }
}
