//! Squares, files, ranks, colours and piece roles: small copy types with meaning.

use alloc::string::String;

use core::fmt;

/// A side: White or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'w'` or `'b'`, the chess.js spelling.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    pub fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// The rank a side's pieces start on (0 for White, 7 for Black).
    #[inline]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// A pair of values, one per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    #[inline]
    pub fn get(&self, c: Color) -> &T {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
    #[inline]
    pub fn get_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// The kind of a piece, without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The pieces a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter: `p n b r q k`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// Upper-case SAN letter (`P` for pawns, which SAN omits).
    pub const fn upper(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }

    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    #[inline]
    pub(crate) const fn from_index(i: u8) -> Role {
        match i {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper(),
            Color::Black => self.role.char(),
        }
    }
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }
}

/// A file, `a` = 0 to `h` = 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    pub const fn new(i: u8) -> Option<File> {
        if i < 8 {
            Some(File(i))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    pub fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if ('a'..='h').contains(&c) {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

/// A rank, `1` = 0 to `8` = 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 8 {
            Some(Rank(i))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    pub fn from_char(c: char) -> Option<Rank> {
        if ('1'..='8').contains(&c) {
            Some(Rank(c as u8 - b'1'))
        } else {
            None
        }
    }
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
}

/// A square, `a1` = 0, `b1` = 1, …, `h8` = 63.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// `None` unless `i < 64`.
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }
    /// The square of index `i` (a1 = 0, h8 = 63), taken modulo 64: for indices known to
    /// be in range (a checked conversion is [`Square::new`]).
    #[inline]
    pub const fn from_index(i: u8) -> Square {
        Square(i & 63)
    }
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn u8(self) -> u8 {
        self.0
    }
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }
    /// The same square seen from the other side (rank mirrored).
    #[inline]
    pub const fn flip(self) -> Square {
        Square(self.0 ^ 56)
    }
    /// True for light squares (h1 is light).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.0 & 7) % 2 != (self.0 >> 3) % 2
    }
    /// Parses `"e4"` (exactly two characters).
    pub fn parse(s: &str) -> Option<Square> {
        match *s.as_bytes() {
            [file, rank] => Square::from_ascii(file, rank),
            _ => None,
        }
    }

    /// The square named by two bytes, `e` `4` (the file in either case), as in
    /// [`Square::parse`]; for parsers that read bytes.
    pub fn from_ascii(file: u8, rank: u8) -> Option<Square> {
        Some(Square::from_coords(
            File::from_char(char::from(file))?,
            Rank::from_char(char::from(rank))?,
        ))
    }
}

impl Square {
    /// Appends the name (`e4`) to `s` (no formatting machinery: this is on hot paths).
    #[inline]
    pub fn push_to(self, s: &mut String) {
        s.push(self.file().char());
        s.push(self.rank().char());
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(2);
        self.push_to(&mut s);
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        assert_eq!(Square::parse("a1").map(Square::index), Some(0));
        assert_eq!(Square::parse("h8").map(Square::index), Some(63));
        assert_eq!(Square::parse("e4").unwrap().to_string(), "e4");
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a1x"), None);
        assert_eq!(Square::parse(""), None);
        assert!(Square::parse("h1").unwrap().is_light());
        assert!(!Square::parse("a1").unwrap().is_light());
    }
}
