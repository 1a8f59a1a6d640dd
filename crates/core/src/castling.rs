//! Castling rights as rook squares (Chess960 rules: the king ends on g/c, the rook on f/d,
//! wherever they started).

use crate::bitboard::Bitboard;
use crate::position::Board;
use crate::square::{Color, File, Rank, Role, Square};

/// Which wing: the king side (O-O, rook toward h) or the queen side (O-O-O, toward a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    KingSide = 0,
    QueenSide = 1,
}

impl CastlingSide {
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side of the king that `rook` stands on.
    #[inline]
    pub fn of(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }
    /// The king's destination on `rank`: g or c.
    #[inline]
    pub const fn king_to(self, rank: Rank) -> Square {
        let f = match self {
            CastlingSide::KingSide => 6,
            CastlingSide::QueenSide => 2,
        };
        Square::from_index(rank.index() * 8 + f)
    }
    /// The rook's destination on `rank`: f or d.
    #[inline]
    pub const fn rook_to(self, rank: Rank) -> Square {
        let f = match self {
            CastlingSide::KingSide => 5,
            CastlingSide::QueenSide => 3,
        };
        Square::from_index(rank.index() * 8 + f)
    }
    /// `"king"` / `"queen"`, the names the JS API uses.
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "king",
            CastlingSide::QueenSide => "queen",
        }
    }
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
}

const NONE: u8 = 0xff;

/// For each colour and wing, the square of the rook that may still castle (if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Castles {
    rook: [[u8; 2]; 2],
}

impl Default for Castles {
    fn default() -> Self {
        Castles::NONE
    }
}

impl Castles {
    pub const NONE: Castles = Castles {
        rook: [[NONE; 2]; 2],
    };

    #[inline]
    pub fn rook(&self, c: Color, side: CastlingSide) -> Option<Square> {
        Square::new(self.rook[c.index()][side as usize])
    }
    pub fn set(&mut self, c: Color, side: CastlingSide, rook: Option<Square>) {
        self.rook[c.index()][side as usize] = rook.map_or(NONE, Square::u8);
    }
    #[inline]
    pub fn clear_color(&mut self, c: Color) {
        self.rook[c.index()] = [NONE; 2];
    }
    #[inline]
    pub fn clear_rook(&mut self, c: Color, sq: Square) {
        for r in &mut self.rook[c.index()] {
            if *r == sq.u8() {
                *r = NONE;
            }
        }
    }
    /// The four rook squares in one word, for comparisons.
    pub fn packed(&self) -> u32 {
        let [[a, b], [c, d]] = self.rook;
        u32::from_le_bytes([a, b, c, d])
    }
    /// The inverse of [`Castles::packed`].
    pub(crate) fn from_packed(n: u32) -> Castles {
        let [a, b, c, d] = n.to_le_bytes();
        Castles {
            rook: [[a, b], [c, d]],
        }
    }
    pub fn is_empty(&self) -> bool {
        self.rook == [[NONE; 2]; 2]
    }
    pub fn has(&self, c: Color) -> bool {
        self.rook[c.index()] != [NONE; 2]
    }

    /// Full rights for the outermost rooks on each side of each king on its back rank.
    pub fn outermost(board: &Board) -> Castles {
        let mut c = Castles::NONE;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                c.set(color, side, outermost_rook(board, color, side));
            }
        }
        c
    }
}

/// The outermost rook of `color` on `side` of its king, both on the back rank.
pub fn outermost_rook(board: &Board, color: Color, side: CastlingSide) -> Option<Square> {
    let king = board.king(color)?;
    if king.rank().index() != color.back_rank() {
        return None;
    }
    let rooks = board.pieces(color, Role::Rook) & Bitboard::rank_index(color.back_rank());
    // King and rooks share the rank, so the king side is the squares above the king's:
    // the outermost rook is the highest there, on the queen side the lowest below it.
    let k = king.u8();
    match side {
        CastlingSide::KingSide => {
            let above = rooks.0 & (!1u64 << k);
            (above != 0).then(|| Square::from_index(63 - above.leading_zeros() as u8))
        }
        CastlingSide::QueenSide => Bitboard(rooks.0 & ((1u64 << k) - 1)).first(),
    }
}

/// The file as an X-FEN/Shredder letter in `color`'s case.
pub fn file_letter(f: File, color: Color) -> char {
    match color {
        Color::White => f.char().to_ascii_uppercase(),
        Color::Black => f.char(),
    }
}
