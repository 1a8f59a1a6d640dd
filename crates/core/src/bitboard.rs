//! A set of squares as a 64-bit word.

use crate::square::{Rank, Square};
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Bit `i` set means square `i` (a1 = 0) is in the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(!0);
    pub const LIGHT: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    pub const DARK: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.u8())
    }
    #[inline]
    pub const fn rank(r: Rank) -> Bitboard {
        Bitboard(0xff << (8 * r.index()))
    }
    #[inline]
    pub const fn rank_index(r: u8) -> Bitboard {
        Bitboard(0xff << (8 * (r & 7)))
    }
    #[inline]
    pub const fn file_index(f: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << (f & 7))
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.u8()) != 0
    }
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as u8))
        }
    }
    /// The only square, if exactly one.
    #[inline]
    pub const fn single(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.u8()))
    }
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.u8()))
    }
    #[inline]
    pub const fn toggled(self, sq: Square) -> Bitboard {
        Bitboard(self.0 ^ (1 << sq.u8()))
    }
    /// Shifted one rank toward the opponent of `white` (up for White).
    #[inline]
    pub const fn shift_up(self, white: bool) -> Bitboard {
        if white {
            Bitboard(self.0 << 8)
        } else {
            Bitboard(self.0 >> 8)
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! ops {
    ($t:ident, $f:ident, $ta:ident, $fa:ident, $op:tt) => {
        impl $t for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, o: Bitboard) -> Bitboard { Bitboard(self.0 $op o.0) }
        }
        impl $ta for Bitboard {
            #[inline]
            fn $fa(&mut self, o: Bitboard) { self.0 = self.0 $op o.0; }
        }
    };
}
ops!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
ops!(BitOr, bitor, BitOrAssign, bitor_assign, |);
ops!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}
