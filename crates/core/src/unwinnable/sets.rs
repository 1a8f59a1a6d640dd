//! Square-set steps on bare words: one step of a piece's move from every square of a set
//! at once, and flood fills (the squares a piece can ever reach through a set).

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;
pub(crate) const RANK_1: u64 = 0xff;
pub(crate) const RANK_2: u64 = RANK_1 << 8;
pub(crate) const RANK_4: u64 = RANK_1 << 24;
pub(crate) const RANK_5: u64 = RANK_1 << 32;
pub(crate) const RANK_7: u64 = RANK_1 << 48;

#[inline]
pub(crate) const fn north(b: u64) -> u64 {
    b << 8
}
#[inline]
pub(crate) const fn south(b: u64) -> u64 {
    b >> 8
}
#[inline]
pub(crate) const fn east(b: u64) -> u64 {
    (b & !FILE_H) << 1
}
#[inline]
pub(crate) const fn west(b: u64) -> u64 {
    (b & !FILE_A) >> 1
}
/// East and west neighbours.
#[inline]
pub(crate) const fn beside(b: u64) -> u64 {
    east(b) | west(b)
}
#[inline]
pub(crate) const fn orth(b: u64) -> u64 {
    north(b) | south(b) | beside(b)
}
#[inline]
pub(crate) const fn diag(b: u64) -> u64 {
    let h = beside(b);
    north(h) | south(h)
}
#[inline]
pub(crate) const fn king(b: u64) -> u64 {
    orth(b) | diag(b)
}
#[inline]
pub(crate) const fn queen(b: u64) -> u64 {
    king(b)
}
pub(crate) const fn knight(b: u64) -> u64 {
    let one = east(b) | west(b);
    let two = ((b & !(FILE_G | FILE_H)) << 2) | ((b & !(FILE_A | FILE_B)) >> 2);
    (one << 16) | (one >> 16) | (two << 8) | (two >> 8)
}
/// Squares attacked by white pawns on `b`.
#[inline]
pub(crate) const fn white_pawn_attacks(b: u64) -> u64 {
    north(beside(b))
}
/// Squares attacked by black pawns on `b`.
#[inline]
pub(crate) const fn black_pawn_attacks(b: u64) -> u64 {
    south(beside(b))
}

/// The closure of `seed` under `step` through `through`: every square reachable from the
/// seed by steps that land in `through` (the seed itself is kept whatever it is).
#[inline]
pub(crate) fn flood(seed: u64, through: u64, step: fn(u64) -> u64) -> u64 {
    let mut r = seed;
    loop {
        let next = r | (step(r) & through);
        if next == r {
            return r;
        }
        r = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks;
    use crate::square::{Color, Square};

    /// Every step agrees with the move generator's tables, square by square.
    #[test]
    fn steps_match_attack_tables() {
        let t = attacks::tables();
        for i in 0..64u8 {
            let sq = Square::new(i).unwrap_or(Square::from_index(0));
            let b = 1u64 << i;
            assert_eq!(king(b), t.king(sq).0, "king {i}");
            assert_eq!(knight(b), t.knight(sq).0, "knight {i}");
            assert_eq!(
                diag(b),
                t.bishop(sq, crate::bitboard::Bitboard::FULL).0,
                "diag {i}"
            );
            assert_eq!(
                orth(b),
                t.rook(sq, crate::bitboard::Bitboard::FULL).0,
                "orth {i}"
            );
            assert_eq!(white_pawn_attacks(b), t.pawn(Color::White, sq).0, "wp {i}");
            assert_eq!(black_pawn_attacks(b), t.pawn(Color::Black, sq).0, "bp {i}");
        }
    }

    #[test]
    fn flood_of_a_bishop_stays_on_its_colour() {
        let light = crate::bitboard::Bitboard::LIGHT.0;
        let r = flood(1 << 1, !0, diag);
        assert_eq!(r, if light & 2 != 0 { light } else { !light });
    }
}
