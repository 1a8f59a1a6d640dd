//! The static evaluation: a tapered sum of terms, each term's middlegame and endgame
//! weight in one table ([`WEIGHTS`]), blended by the material left on the board.
//!
//! The terms are written once, generic over what receives them ([`Terms`]): the search
//! sums the weights ([`evaluate`]); the tuner (`tools/tune`) records how often each term
//! occurs ([`trace`]) and fits the weights to game results. The evaluation is linear in
//! the weights for that reason: every term is a count times a weight.
//!
//! Piece-square values are split into a rank table and a (mirrored) file table per
//! piece, 12 values instead of 64: the tuner fits them from far fewer games, and
//! Chess960's shuffled back ranks make a full table's fine detail worth little.

use chess960::attacks;
use chess960::bitboard::Bitboard;
use chess960::position::Position;
use chess960::square::{Color, Role, Square};

/// A middlegame and an endgame weight, in centipawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct W(pub i16, pub i16);

// The layout of the weight table: each term's first index and its length.
/// Material of pawn, knight, bishop, rook, queen.
pub const MATERIAL: usize = 0;
/// Per role (6), per rank seen from the piece's own side (8).
pub const PST_RANK: usize = MATERIAL + 5;
/// Per role (6), per file folded onto a–d (a and h are 0, d and e are 3).
pub const PST_FILE: usize = PST_RANK + 48;
/// Knight, bishop, rook, queen: per square attacked that no own piece and no enemy pawn
/// holds (a linear term; its constant part is in the material).
pub const MOBILITY: usize = PST_FILE + 24;
/// Knight, bishop, rook, queen: per square of the enemy king's zone attacked, counted
/// only when two or more pieces attack the zone.
pub const KING_ATTACK: usize = MOBILITY + 4;
/// Own pawns one and two ranks in front of the king, on its file and the next ones.
pub const SHIELD: usize = KING_ATTACK + 4;
/// Files at and beside the king with no own pawn.
pub const KING_OPEN_FILE: usize = SHIELD + 2;
pub const DOUBLED: usize = KING_OPEN_FILE + 1;
pub const ISOLATED: usize = DOUBLED + 1;
/// A pawn defended by a pawn.
pub const SUPPORTED: usize = ISOLATED + 1;
/// A pawn with an own pawn beside it on the same rank.
pub const PHALANX: usize = SUPPORTED + 1;
/// A passed pawn, per rank seen from its side (8; the first and last never occur).
pub const PASSED: usize = PHALANX + 1;
/// Distance of the own king to a passed pawn's stop square, times the pawn's ranks past
/// the third.
pub const PASSED_OWN_KING: usize = PASSED + 8;
/// The same for the enemy king.
pub const PASSED_THEIR_KING: usize = PASSED_OWN_KING + 1;
/// A passed pawn whose stop square is occupied.
pub const PASSED_BLOCKED: usize = PASSED_THEIR_KING + 1;
pub const BISHOP_PAIR: usize = PASSED_BLOCKED + 1;
/// A rook on a file without pawns.
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
/// A rook on a file with enemy pawns only.
pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
/// A piece (not a pawn) attacked by an enemy pawn.
pub const PAWN_THREAT: usize = ROOK_SEMI_OPEN + 1;
/// A queen or rook attacked by an enemy minor piece.
pub const MINOR_THREAT: usize = PAWN_THREAT + 1;
/// The side to move.
pub const TEMPO: usize = MINOR_THREAT + 1;
/// The number of weights.
pub const PARAMS: usize = TEMPO + 1;

/// The game phase at the start: knights and bishops count 1, rooks 2, queens 4.
pub const PHASE_MAX: i32 = 24;

/// The weights, fitted by `tools/tune` (Texel's method) on our own self-play games; see
/// docs/engine.md for the procedure and the data.
pub static WEIGHTS: [W; PARAMS] = [
    // material: P N B R Q
    W(98, 133),
    W(335, 301),
    W(355, 312),
    W(535, 525),
    W(980, 1137),
    // rank tables, ranks 1..8 from each side: pawn, knight, bishop, rook, queen, king
    W(0, 0),
    W(-9, -21),
    W(-23, -21),
    W(-13, -23),
    W(-3, -14),
    W(12, 17),
    W(36, 63),
    W(0, 0),
    W(-15, -16),
    W(-5, -3),
    W(0, 6),
    W(10, 8),
    W(11, 10),
    W(19, 4),
    W(3, 0),
    W(-22, -10),
    W(-8, -5),
    W(2, -2),
    W(2, 0),
    W(4, 5),
    W(6, 5),
    W(5, 1),
    W(-1, 0),
    W(-11, -5),
    W(-8, -10),
    W(-3, -5),
    W(-12, -7),
    W(-7, 0),
    W(-2, 1),
    W(4, 6),
    W(19, 10),
    W(9, 5),
    W(-5, -15),
    W(-1, -8),
    W(-4, -2),
    W(1, 4),
    W(0, 9),
    W(8, 9),
    W(1, 4),
    W(0, -1),
    W(38, -30),
    W(17, -12),
    W(2, -2),
    W(-8, 12),
    W(-13, 16),
    W(-12, 17),
    W(-12, 9),
    W(-12, -11),
    // file tables, files a/h, b/g, c/f, d/e: pawn, knight, bishop, rook, queen, king
    W(-14, -5),
    W(2, 7),
    W(2, -1),
    W(10, -1),
    W(-13, -15),
    W(-2, -4),
    W(7, 7),
    W(9, 12),
    W(-5, -6),
    W(-5, 1),
    W(6, 1),
    W(4, 4),
    W(-9, 2),
    W(0, -2),
    W(1, 0),
    W(8, 0),
    W(-6, -6),
    W(-2, -2),
    W(0, 4),
    W(8, 5),
    W(5, -16),
    W(13, 4),
    W(-1, 4),
    W(-16, 8),
    // mobility: N B R Q
    W(6, 6),
    W(6, 3),
    W(4, 5),
    W(2, 0),
    // king attack: N B R Q
    W(5, 1),
    W(8, -1),
    W(3, 0),
    W(9, 4),
    // shield, king open file
    W(6, 3),
    W(2, -3),
    W(-13, 5),
    // doubled, isolated, supported, phalanx
    W(-16, -23),
    W(-9, -7),
    W(10, 4),
    W(3, 9),
    // passed by rank
    W(0, 0),
    W(3, 9),
    W(0, 10),
    W(7, 19),
    W(21, 43),
    W(41, 72),
    W(60, 106),
    W(0, 0),
    // passed: own king, their king, blocked
    W(1, -7),
    W(1, 10),
    W(-6, -11),
    // bishop pair, rook open, rook semi-open
    W(31, 52),
    W(17, 3),
    W(8, 10),
    // pawn threat, minor threat, tempo
    W(-34, -21),
    W(-27, -16),
    W(21, 6),
];

/// What the terms are handed to: `add(i, n)` means term `i` occurs `n` times, counted
/// positive for White and negative for Black.
pub trait Terms {
    fn add(&mut self, i: usize, n: i32);
}

/// Sums the weights of the terms.
struct Sum<'a> {
    w: &'a [W; PARAMS],
    mg: i32,
    eg: i32,
}

impl Terms for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, i: usize, n: i32) {
        if let Some(&W(mg, eg)) = self.w.get(i) {
            self.mg += i32::from(mg) * n;
            self.eg += i32::from(eg) * n;
        }
    }
}

/// The evaluation of `pos` in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &WEIGHTS)
}

/// [`evaluate`] with other weights (the tuner's).
#[inline]
pub fn evaluate_with(pos: &Position, w: &[W; PARAMS]) -> i32 {
    let mut sum = Sum { w, mg: 0, eg: 0 };
    let shape = terms(pos, &mut sum);
    let white = shape.blend(sum.mg, sum.eg);
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// How the middlegame and endgame sums combine: the phase (0 = bare kings and pawns,
/// [`PHASE_MAX`] = all pieces) and the endgame scale, in 64ths, for the side the
/// endgame sum favours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub phase: i32,
    pub scale_white: i32,
    pub scale_black: i32,
}

impl Shape {
    /// White's score from the two sums.
    #[inline]
    pub fn blend(&self, mg: i32, eg: i32) -> i32 {
        let scale = if eg > 0 {
            self.scale_white
        } else {
            self.scale_black
        };
        let eg = eg * scale / 64;
        (mg * self.phase + eg * (PHASE_MAX - self.phase)) / PHASE_MAX
    }
}

/// The terms of `pos` as (index, count) pairs, and how they blend: what the tuner fits.
pub fn trace(pos: &Position) -> (Vec<(u16, i16)>, Shape) {
    struct Trace([i32; PARAMS]);
    impl Terms for Trace {
        fn add(&mut self, i: usize, n: i32) {
            if let Some(c) = self.0.get_mut(i) {
                *c += n;
            }
        }
    }
    let mut t = Trace([0; PARAMS]);
    let shape = terms(pos, &mut t);
    let counts = (0u16..)
        .zip(t.0)
        .filter(|&(_, n)| n != 0)
        .map(|(i, n)| (i, n.clamp(-32_768, 32_767) as i16))
        .collect();
    (counts, shape)
}

/// Squares attacked by the pawns `pawns` of colour `c`.
#[inline]
fn pawn_attacks(pawns: Bitboard, c: Color) -> Bitboard {
    let west = pawns.0 & !Bitboard::file_index(0).0;
    let east = pawns.0 & !Bitboard::file_index(7).0;
    Bitboard(match c {
        Color::White => west << 7 | east << 9,
        Color::Black => west >> 9 | east >> 7,
    })
}

/// The ranks strictly in front of (absolute) rank `rank` from `c`'s side.
#[inline]
fn ranks_ahead(c: Color, rank: u8) -> Bitboard {
    match c {
        Color::White => Bitboard((!0u64).checked_shl(8 * (u32::from(rank) + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * u32::from(rank))) - 1),
    }
}

/// The file `f` and the files beside it.
#[inline]
fn file_and_neighbours(f: u8) -> Bitboard {
    let file = Bitboard::file_index(f).0;
    let west = if f > 0 { file >> 1 } else { 0 };
    let east = if f < 7 { file << 1 } else { 0 };
    Bitboard(file | west | east)
}

/// The rank of `sq` seen from `c`'s side (0 = its back rank).
#[inline]
fn relative_rank(c: Color, sq: Square) -> u8 {
    match c {
        Color::White => sq.rank().index(),
        Color::Black => 7 - sq.rank().index(),
    }
}

#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file().index()) - i32::from(b.file().index())).abs();
    let dr = (i32::from(a.rank().index()) - i32::from(b.rank().index())).abs();
    df.max(dr)
}

/// Non-pawn material of `c` in pawns of the material weights' scale (knight, bishop
/// 3, rook 5, queen 9), for the endgame scale.
fn minor_units(pos: &Position, c: Color) -> i32 {
    let n = |r| pos.count(c, r) as i32;
    3 * (n(Role::Knight) + n(Role::Bishop)) + 5 * n(Role::Rook) + 9 * n(Role::Queen)
}

/// Hands every term of `pos` to `t` and returns how the sums blend.
#[inline(always)]
fn terms<T: Terms>(pos: &Position, t: &mut T) -> Shape {
    let b = pos.board();
    let tables = attacks::tables();
    let occ = b.occupied();
    let pawns = b.by_role(Role::Pawn);
    let mut phase = 0;

    for c in Color::ALL {
        let sign = match c {
            Color::White => 1,
            Color::Black => -1,
        };
        let them = c.other();
        let ours = b.by_color(c);
        let our_pawns = pawns & ours;
        let their_pawns = pawns & b.by_color(them);
        let their_pawn_attacks = pawn_attacks(their_pawns, them);
        let our_pawn_attacks = pawn_attacks(our_pawns, c);
        let mobility_area = !(ours | their_pawn_attacks);
        let their_king = b.king(them);
        let zone = their_king.map_or(Bitboard::EMPTY, |k| tables.king(k).with(k));

        // Material and piece-square terms.
        for role in Role::ALL {
            let pieces = b.pieces(c, role);
            if role != Role::King {
                t.add(MATERIAL + role.index(), sign * pieces.count() as i32);
            }
            for sq in pieces {
                let rank = usize::from(relative_rank(c, sq));
                let file = usize::from(sq.file().index());
                let folded = file.min(7 - file);
                t.add(PST_RANK + role.index() * 8 + rank, sign);
                t.add(PST_FILE + role.index() * 4 + folded, sign);
            }
        }
        phase += b.pieces(c, Role::Knight).count() as i32
            + b.pieces(c, Role::Bishop).count() as i32
            + 2 * b.pieces(c, Role::Rook).count() as i32
            + 4 * b.pieces(c, Role::Queen).count() as i32;

        // Mobility, king attack, threats.
        let mut zone_attackers = 0;
        let mut zone_hits = [0i32; 4];
        for (k, role) in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .into_iter()
            .enumerate()
        {
            for sq in b.pieces(c, role) {
                let att = match role {
                    Role::Knight => tables.knight(sq),
                    Role::Bishop => tables.bishop(sq, occ),
                    Role::Rook => tables.rook(sq, occ),
                    _ => tables.queen(sq, occ),
                };
                t.add(MOBILITY + k, sign * (att & mobility_area).count() as i32);
                let hits = (att & zone).count() as i32;
                if hits > 0 {
                    zone_attackers += 1;
                    if let Some(z) = zone_hits.get_mut(k) {
                        *z += hits;
                    }
                }
                if matches!(role, Role::Knight | Role::Bishop) {
                    let majors =
                        b.by_color(them) & (b.by_role(Role::Rook) | b.by_role(Role::Queen));
                    t.add(MINOR_THREAT, -sign * (att & majors).count() as i32);
                }
            }
        }
        if zone_attackers >= 2 {
            for (k, hits) in zone_hits.into_iter().enumerate() {
                t.add(KING_ATTACK + k, sign * hits);
            }
        }
        let threatened = ours & !pawns & their_pawn_attacks;
        t.add(PAWN_THREAT, sign * threatened.count() as i32);

        // King shelter.
        if let Some(k) = b.king(c) {
            let files = file_and_neighbours(k.file().index());
            let rank = relative_rank(c, k);
            let ahead = ranks_ahead(c, k.rank().index());
            for (i, step) in [1u8, 2].into_iter().enumerate() {
                let r = rank + step;
                if r < 8 {
                    let abs = match c {
                        Color::White => r,
                        Color::Black => 7 - r,
                    };
                    let shield = our_pawns & files & Bitboard::rank_index(abs);
                    t.add(SHIELD + i, sign * shield.count() as i32);
                }
            }
            let f = k.file().index();
            for file in f.saturating_sub(1)..=(f + 1).min(7) {
                if (our_pawns & ahead & Bitboard::file_index(file)).is_empty() {
                    t.add(KING_OPEN_FILE, sign);
                }
            }
        }

        // Pawn structure.
        for sq in our_pawns {
            let f = sq.file().index();
            let file = Bitboard::file_index(f);
            let rank = relative_rank(c, sq);
            let ahead = ranks_ahead(c, sq.rank().index());
            let front_span = ahead & file_and_neighbours(f);
            let adjacent = file_and_neighbours(f) & !file;
            if (our_pawns & file & ahead).any() {
                t.add(DOUBLED, sign);
            }
            if (our_pawns & adjacent).is_empty() {
                t.add(ISOLATED, sign);
            }
            if our_pawn_attacks.contains(sq) {
                t.add(SUPPORTED, sign);
            }
            if (our_pawns & adjacent & Bitboard::rank_index(sq.rank().index())).any() {
                t.add(PHALANX, sign);
            }
            if (their_pawns & front_span).is_empty() && (our_pawns & file & ahead).is_empty() {
                t.add(PASSED + usize::from(rank), sign);
                let stop = match c {
                    Color::White => Square::from_index(sq.u8() + 8),
                    Color::Black => Square::from_index(sq.u8().wrapping_sub(8)),
                };
                let weight = i32::from(rank.saturating_sub(2));
                if let Some(k) = b.king(c) {
                    t.add(PASSED_OWN_KING, sign * weight * distance(k, stop));
                }
                if let Some(k) = their_king {
                    t.add(PASSED_THEIR_KING, sign * weight * distance(k, stop));
                }
                if occ.contains(stop) {
                    t.add(PASSED_BLOCKED, sign);
                }
            }
        }

        // Pieces.
        if b.pieces(c, Role::Bishop).more_than_one() {
            t.add(BISHOP_PAIR, sign);
        }
        for sq in b.pieces(c, Role::Rook) {
            let file = Bitboard::file_index(sq.file().index());
            if (pawns & file).is_empty() {
                t.add(ROOK_OPEN, sign);
            } else if (our_pawns & file).is_empty() {
                t.add(ROOK_SEMI_OPEN, sign);
            }
        }
    }
    t.add(
        TEMPO,
        match pos.turn() {
            Color::White => 1,
            Color::Black => -1,
        },
    );

    Shape {
        phase: phase.min(PHASE_MAX),
        scale_white: endgame_scale(pos, Color::White),
        scale_black: endgame_scale(pos, Color::Black),
    }
}

/// How much of an endgame advantage `strong` can convert, in 64ths: without pawns, an
/// extra minor piece or less rarely wins (K+R v K+B, K+B+N v K+B), so the score shrinks.
fn endgame_scale(pos: &Position, strong: Color) -> i32 {
    if pos.count(strong, Role::Pawn) > 0 {
        return 64;
    }
    let ahead = minor_units(pos, strong) - minor_units(pos, strong.other());
    if ahead <= 3 {
        16
    } else {
        64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess960::fen;

    fn eval(f: &str) -> i32 {
        evaluate(&fen::parse(f).unwrap())
    }

    /// The same position with colours swapped (board mirrored, the other side to move).
    fn mirrored(f: &str) -> String {
        let fields: Vec<&str> = f.split(' ').collect();
        let board: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let turn = if fields[1] == "w" { "b" } else { "w" };
        format!("{} {} - - 0 1", board.join("/"), turn)
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for f in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w - - 2 9",
            "6k1/5p2/6p1/8/7P/8/5PK1/3R4 b - - 0 40",
        ] {
            assert_eq!(eval(f), eval(&mirrored(f)), "{f}");
        }
    }

    #[test]
    fn extra_material_is_good_for_its_owner() {
        let even = eval("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
        let queen_up = eval("3qk3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1");
        assert!(queen_up > even + 600, "{queen_up} vs {even}");
    }

    #[test]
    fn trace_reproduces_the_evaluation() {
        for f in [
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
        ] {
            let pos = fen::parse(f).unwrap();
            let (counts, shape) = trace(&pos);
            let (mut mg, mut eg) = (0, 0);
            for (i, n) in counts {
                let W(a, b) = WEIGHTS[usize::from(i)];
                mg += i32::from(a) * i32::from(n);
                eg += i32::from(b) * i32::from(n);
            }
            let white = shape.blend(mg, eg);
            let stm = if pos.turn() == Color::White {
                white
            } else {
                -white
            };
            assert_eq!(stm, evaluate(&pos), "{f}");
        }
    }
}
