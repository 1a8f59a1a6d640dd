//! Attack tables, computed once at start-up (not shipped as data: the wasm stays small).
//!
//! Sliding pieces use "fancy" magic bitboards: the relevant blockers of a square are
//! multiplied by a per-square constant and shifted, which indexes a dense table. The
//! constants are not shipped either: each is the [`magic_candidate`] of a small per-square
//! seed, found once by [`find_magic_seed`] (see the ignored test that regenerates them);
//! the tables themselves are filled on first use.

use alloc::{boxed::Box, vec, vec::Vec};

use crate::bitboard::Bitboard;
use crate::square::{Color, Square};
use spin::Once;

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Attacks of a slider from `sq` moving along `dirs`, stopping at (and including) blockers.
fn slide(sq: usize, occ: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let (f0, r0) = ((sq % 8) as i8, (sq / 8) as i8);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let b = 1u64 << (r * 8 + f);
            out |= b;
            if occ & b != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

/// Squares whose occupancy matters for a slider on `sq` (board edges excluded).
fn relevant(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut out = 0u64;
    let (f0, r0) = ((sq % 8) as i8, (sq / 8) as i8);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    out
}

/// Per square, the seed whose [`magic_candidate`] is that square's magic constant: 4 bytes
/// instead of the constant's 8 random ones (which gzip cannot shrink).
#[rustfmt::skip]
const ROOK_SEEDS: [u32; 64] = include!("magics_rook.in");
#[rustfmt::skip]
const BISHOP_SEEDS: [u32; 64] = include!("magics_bishop.in");

/// The two sliders whose attacks come from magic tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slider {
    Rook,
    Bishop,
}

/// A candidate magic constant for (`slider`, `sq`, `seed`): the AND of three splitmix64
/// outputs, so about one bit in eight is set (sparse constants are the likely magics).
pub fn magic_candidate(slider: Slider, sq: usize, seed: u32) -> u64 {
    let rook = slider == Slider::Rook;
    let mut state = (u64::from(rook) << 6 | sq as u64) << 32 | u64::from(seed);
    let mut magic = !0;
    for _ in 0..3 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        magic &= z ^ (z >> 31);
    }
    magic
}

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

const NO_MAGIC: Magic = Magic {
    mask: 0,
    magic: 0,
    shift: 0,
    offset: 0,
};

/// Entries of the shared slider table: 2^(relevant bits) per square, rooks then bishops.
const SLIDER_LEN: usize = 102_400 + 5_248;

/// All attack tables; get them once with [`tables`] in hot loops.
///
/// Built at start-up, not shipped as data (the wasm file stays small). The large ones are
/// on the heap: the wasm's stack is 64 KiB.
pub struct Tables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    /// Squares strictly between two squares on a line, else empty.
    between: Box<[[u64; 64]; 64]>,
    /// The whole line through two squares (both included), else empty.
    line: Box<[[u64; 64]; 64]>,
    /// Every square's attack sets, indexed by its magic (`Magic::offset` + index).
    slider: Box<[u64]>,
}

/// The four lines through `sq`, edge to edge, `sq` included: its rank, its file (the
/// rook's lines), its diagonal and its anti-diagonal (the bishop's). Squares along a line
/// have increasing indices, so a line's ends are its lowest and highest squares.
fn lines(sq: usize) -> [u64; 4] {
    let (f, r) = ((sq & 7) as i32, (sq >> 3) as i32);
    // A line moved `d` ranks up (down when negative).
    let up = |line: u64, d: i32| {
        if d >= 0 {
            line << (8 * d)
        } else {
            line >> (-8 * d)
        }
    };
    [
        0xff << (8 * r),
        0x0101_0101_0101_0101 << f,
        up(0x8040_2010_0804_0201, r - f),
        up(0x0102_0408_1020_4080, r + f - 7),
    ]
}

fn fill_magics(
    seeds: &[u32; 64],
    slider: Slider,
    table: &mut [u64],
    next: &mut usize,
    out: &mut [Magic; 64],
) {
    for sq in 0..64 {
        let l = lines(sq);
        let (a, b) = match slider {
            Slider::Rook => (l[0], l[1]),
            Slider::Bishop => (l[2], l[3]),
        };
        // The relevant squares: both lines without their ends (a blocker there changes
        // nothing) and without `sq`.
        let interior =
            |line: u64| line & !(line & line.wrapping_neg()) & !(1 << 63 >> line.leading_zeros());
        let bit = 1u64 << sq;
        let mask = (interior(a) | interior(b)) & !bit;
        let bits = mask.count_ones();
        let offset = *next;
        *next += 1usize << bits;
        let m = Magic {
            mask,
            magic: magic_candidate(slider, sq, seeds[sq]),
            shift: 64 - bits,
            offset: offset as u32,
        };
        // Each line's empty-board rays: up (above `sq`) and down.
        let (above, below) = (bit.wrapping_neg() ^ bit, bit - 1);
        let rays = [a & above, a & below, b & above, b & below];
        if let Some(slots) = table.get_mut(offset..) {
            fill_square(slots, &rays, &m);
        }
        out[sq] = m;
    }
}

/// Fills one square's part of the slider table: its attack set for every subset of its
/// mask. `rays` are the empty-board rays along the square's two lines: up (towards h8)
/// and down along the first line, then up and down along the second.
///
/// The two lines block independently: for blockers `a | b` (`a` on the first line, `b`
/// on the second), the attacks are those for `a` plus those for `b`, and as `a` and `b`
/// are disjoint, `(a | b) * magic` is `a * magic + b * magic`. So each line's subsets
/// get their attacks and products once, and the inner loop, which writes every entry,
/// only adds, shifts, ors and stores: cheap even in the code of a wasm engine's
/// baseline compiler, which runs the fill at start-up.
fn fill_square(slots: &mut [u64], rays: &[u64; 4], m: &Magic) {
    // Up: squares up to and including the lowest blocker (all of the ray when none).
    let up = |ray: u64, sub: u64| {
        let b = ray & sub;
        ray & (b ^ b.wrapping_sub(1))
    };
    // Down: squares down to and including the highest blocker; `| 1` makes "none" mean
    // the whole ray without changing the highest blocker when there is one.
    let down = |ray: u64, sub: u64| {
        let b = (ray & sub) | 1;
        ray & !((1u64 << (63 - b.leading_zeros())) - 1)
    };
    let [r0, r1, r2, r3] = *rays;
    let (mask_a, mask_b) = (m.mask & (r0 | r1), m.mask & (r2 | r3));
    // The second line's subsets (at most 2^6) with their products and attacks, enumerated
    // with the Carry-Rippler. Their number is rounded up to a multiple of 4 with copies
    // of the empty subset (whose entries are then written twice), so that the inner loop
    // does four entries a turn.
    let mut part = [(0u64, r2 | r3); 64];
    let mut n = 0;
    let mut sub = 0u64;
    loop {
        if let Some(p) = part.get_mut(n) {
            *p = (sub.wrapping_mul(m.magic), up(r2, sub) | down(r3, sub));
        }
        n += 1;
        sub = sub.wrapping_sub(mask_b) & mask_b;
        if sub == 0 {
            break;
        }
    }
    let part = part.get(..(n + 3) & !3).unwrap_or(&[]);
    loop {
        let (prod, att) = (sub.wrapping_mul(m.magic), up(r0, sub) | down(r1, sub));
        let mut put = |&(p, a): &(u64, u64)| {
            let idx = (prod.wrapping_add(p) >> m.shift) as usize;
            if let Some(slot) = slots.get_mut(idx) {
                *slot = att | a;
            }
        };
        for four in part.chunks_exact(4) {
            if let [x0, x1, x2, x3] = four {
                put(x0);
                put(x1);
                put(x2);
                put(x3);
            }
        }
        sub = sub.wrapping_sub(mask_a) & mask_a;
        if sub == 0 {
            break;
        }
    }
}

/// Fills the (zeroed) tables.
fn build(t: &mut Tables) {
    let mut next = 0;
    fill_magics(
        &ROOK_SEEDS,
        Slider::Rook,
        &mut t.slider,
        &mut next,
        &mut t.rook,
    );
    fill_magics(
        &BISHOP_SEEDS,
        Slider::Bishop,
        &mut t.slider,
        &mut next,
        &mut t.bishop,
    );
    debug_assert_eq!(next, SLIDER_LEN);
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    for a in 0..64 {
        let bit = 1u64 << a;
        // The squares one file left and right of `a`, then two files (none wrapping
        // round to the other side: not on files h, g-h, a, a-b).
        let one = ((bit >> 1) & !(FILE_A << 7)) | ((bit << 1) & !FILE_A);
        let two = ((bit >> 2) & !(FILE_A * 0xc0)) | ((bit << 2) & !(FILE_A * 3));
        let row = one | bit;
        t.king[a] = (row | row << 8 | row >> 8) ^ bit;
        t.knight[a] = one << 16 | one >> 16 | two << 8 | two >> 8;
        t.pawn[0][a] = one << 8;
        t.pawn[1][a] = one >> 8;
        for line in lines(a) {
            let mut rest = line & !bit;
            while rest != 0 {
                let b = rest.trailing_zeros() as usize & 63;
                rest &= rest - 1;
                let (lo, hi) = (a.min(b), a.max(b));
                t.line[a][b] = line;
                // The squares of the line with an index strictly between theirs.
                t.between[a][b] = line & ((1 << hi) - (2 << lo));
            }
        }
    }
}

static TABLES: Once<Tables> = Once::new();

/// A zeroed 64 × 64 table, made on the heap (`Box::new` may build it on the stack first).
fn square_table() -> Box<[[u64; 64]; 64]> {
    let rows = vec![[0; 64]; 64].into_boxed_slice();
    // The conversion cannot fail (64 rows); the fallback keeps this free of panics.
    rows.try_into().unwrap_or_else(|_| Box::new([[0; 64]; 64]))
}

/// The tables, built by the first caller (others wait for it).
#[cold]
fn build_tables() -> Tables {
    let mut t = Tables {
        rook: [NO_MAGIC; 64],
        bishop: [NO_MAGIC; 64],
        knight: [0; 64],
        king: [0; 64],
        pawn: [[0; 64]; 2],
        between: square_table(),
        line: square_table(),
        slider: vec![0; SLIDER_LEN].into_boxed_slice(),
    };
    build(&mut t);
    t
}

/// The tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.call_once(build_tables)
}

impl Tables {
    // Squares are below 64 by construction; `& 63` lets the compiler drop the bounds
    // checks (it cannot see the invariant), for free.
    #[inline(always)]
    fn lookup(&self, m: &Magic, occ: Bitboard) -> Bitboard {
        let idx = ((occ.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        debug_assert!(m.offset as usize + idx < self.slider.len());
        // SAFETY: in range by construction: the index is below 2^(64 - shift), the size
        // of this square's block, and the blocks end at SLIDER_LEN, the table's length
        // (`build`, tested by `magic_lookups_match_ray_walks`). A bounds check here cost
        // perft measurably (docs/performance-history.md).
        Bitboard(unsafe { *self.slider.get_unchecked(m.offset as usize + idx) })
    }
    #[inline(always)]
    pub fn rook(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.lookup(&self.rook[sq.index() & 63], occ)
    }
    #[inline(always)]
    pub fn bishop(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.lookup(&self.bishop[sq.index() & 63], occ)
    }
    #[inline(always)]
    pub fn queen(&self, sq: Square, occ: Bitboard) -> Bitboard {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }
    #[inline(always)]
    pub fn knight(&self, sq: Square) -> Bitboard {
        Bitboard(self.knight[sq.index() & 63])
    }
    #[inline(always)]
    pub fn king(&self, sq: Square) -> Bitboard {
        Bitboard(self.king[sq.index() & 63])
    }
    #[inline(always)]
    pub fn pawn(&self, color: Color, sq: Square) -> Bitboard {
        Bitboard(self.pawn[color.index() & 1][sq.index() & 63])
    }
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> Bitboard {
        Bitboard(self.between[a.index() & 63][b.index() & 63])
    }
    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> Bitboard {
        Bitboard(self.line[a.index() & 63][b.index() & 63])
    }
}

/// Builds the tables now rather than on first use (optional).
pub fn init() {
    tables();
}

#[inline]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    tables().rook(sq, occ)
}

#[inline]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    tables().bishop(sq, occ)
}

#[inline]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    rook_attacks(sq, occ) | bishop_attacks(sq, occ)
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    tables().knight(sq)
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    tables().king(sq)
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    tables().pawn(color, sq)
}

/// Squares strictly between `a` and `b` if they share a rank, file or diagonal.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    tables().between(a, b)
}

/// The full line through `a` and `b` (edge to edge) if they are aligned, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    tables().line(a, b)
}

/// The smallest seed whose [`magic_candidate`] is a magic constant for one square (used to
/// generate the seed tables).
pub fn find_magic_seed(sq: usize, slider: Slider) -> u32 {
    let dirs = match slider {
        Slider::Rook => &ROOK_DIRS,
        Slider::Bishop => &BISHOP_DIRS,
    };
    let mask = relevant(sq, dirs);
    let bits = mask.count_ones();
    let mut subsets = Vec::new();
    let mut sub = 0u64;
    loop {
        subsets.push((sub, slide(sq, sub, dirs)));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    // The attack set seen at each index, and the seed that saw it (so the table need not be
    // cleared between seeds).
    let mut used = vec![(0u64, u32::MAX); 1 << bits];
    let mut seed = 0;
    loop {
        let magic = magic_candidate(slider, sq, seed);
        let fits = subsets.iter().all(|&(occ, att)| {
            let slot = &mut used[(occ.wrapping_mul(magic) >> (64 - bits)) as usize];
            if slot.1 != seed {
                *slot = (att, seed);
            }
            slot.0 == att
        });
        if fits {
            return seed;
        }
        seed += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_lookups_match_slow_slides() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for sq in 0..64u8 {
            let s = Square::new(sq).unwrap();
            for _ in 0..200 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let occ = seed & seed.rotate_left(17);
                assert_eq!(
                    rook_attacks(s, Bitboard(occ)).0,
                    slide(sq as usize, occ, &ROOK_DIRS)
                );
                assert_eq!(
                    bishop_attacks(s, Bitboard(occ)).0,
                    slide(sq as usize, occ, &BISHOP_DIRS)
                );
            }
        }
    }

    /// Every subset of every square's mask: the lookup (unchecked in release builds) stays
    /// inside the square's own block and gives the slow slide's answer.
    #[test]
    fn magic_lookups_match_ray_walks() {
        let t = tables();
        for (magics, dirs) in [(&t.rook, &ROOK_DIRS), (&t.bishop, &BISHOP_DIRS)] {
            for (sq, m) in magics.iter().enumerate() {
                assert_eq!(m.mask, relevant(sq, dirs));
                let size = 1usize << (64 - m.shift);
                let mut sub = 0u64;
                loop {
                    let idx = (sub.wrapping_mul(m.magic) >> m.shift) as usize;
                    assert!(idx < size && m.offset as usize + size <= SLIDER_LEN);
                    assert_eq!(t.lookup(m, Bitboard(sub)).0, slide(sq, sub, dirs));
                    sub = sub.wrapping_sub(m.mask) & m.mask;
                    if sub == 0 {
                        break;
                    }
                }
            }
        }
    }

    fn step_attacks(sq: usize, steps: &[(i8, i8)]) -> u64 {
        let (f0, r0) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut out = 0;
        for &(df, dr) in steps {
            let (f, r) = (f0 + df, r0 + dr);
            if (0..8).contains(&f) && (0..8).contains(&r) {
                out |= 1u64 << (r * 8 + f);
            }
        }
        out
    }

    /// The other tables against board walks, for every square (and pair of squares).
    #[test]
    fn step_and_line_tables_match_walks() {
        let t = tables();
        let knight = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let king = [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ];
        for a in 0..64 {
            assert_eq!(t.knight[a], step_attacks(a, &knight));
            assert_eq!(t.king[a], step_attacks(a, &king));
            assert_eq!(t.pawn[0][a], step_attacks(a, &[(-1, 1), (1, 1)]));
            assert_eq!(t.pawn[1][a], step_attacks(a, &[(-1, -1), (1, -1)]));
            for b in 0..64 {
                let (mut between, mut line) = (0, 0);
                for (df, dr) in ROOK_DIRS.into_iter().chain(BISHOP_DIRS) {
                    if slide(a, 0, &[(df, dr); 4]) & (1 << b) != 0 {
                        between = slide(a, 1 << b, &[(df, dr); 4]) & !(1 << b);
                        line = slide(a, 0, &[(df, dr), (-df, -dr), (df, dr), (-df, -dr)]) | 1 << a;
                    }
                }
                assert_eq!((t.between[a][b], t.line[a][b]), (between, line), "{a} {b}");
            }
        }
    }

    #[test]
    fn between_and_line() {
        let sq = |s: &str| Square::parse(s).unwrap();
        assert_eq!(
            between(sq("a1"), sq("d4")),
            Bitboard::from_square(sq("b2")).with(sq("c3"))
        );
        assert!(between(sq("a1"), sq("b3")).is_empty());
        assert_eq!(line(sq("a1"), sq("c3")).count(), 8);
        assert!(line(sq("a1"), sq("b3")).is_empty());
    }

    /// Prints the seed tables: `cargo test -- --ignored print_magic_seeds --nocapture`.
    #[test]
    #[ignore]
    fn print_magic_seeds() {
        for slider in [Slider::Rook, Slider::Bishop] {
            let v: Vec<String> = (0..64)
                .map(|sq| find_magic_seed(sq, slider).to_string())
                .collect();
            std::println!(
                "{} [{}]",
                if slider == Slider::Rook {
                    "rook"
                } else {
                    "bishop"
                },
                v.join(", ")
            );
        }
    }
}
