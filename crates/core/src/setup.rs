//! Start positions: Scharnagl numbering of the 960 Chess960 arrays (518 = standard),
//! uniform random ids, Double Chess960, and the Chess-9 swaps.

use alloc::string::String;

use crate::position::Position;
use crate::square::{Color, Role};

/// The Scharnagl id of the standard array `RNBQKBNR`.
pub const STANDARD_ID: u16 = 518;

/// Why a Chess960 id or back rank was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    IdOutOfRange {
        id: i64,
    },
    BadBackRank {
        found: String,
        reason: &'static str,
    },
    /// No secure random source (no `crypto.getRandomValues`).
    NoRandomSource,
}

crate::text::error_messages!(SetupError, e, out => match e {
    SetupError::IdOutOfRange { id } => {
        push_all!(out; "Chess960 id must be an integer from 0 to 959, got ", id)
    }
    SetupError::BadBackRank { found, reason } => {
        push_all!(out; "'", found, "' is not a Chess960 back rank: ", reason)
    }
    SetupError::NoRandomSource => push_all!(out;
        "no cryptographically secure random source (crypto.getRandomValues) is available"
    ),
});

/// Knight placements for `n / 96`, as pairs of indices into the five free squares.
const KNIGHTS: [(u8, u8); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank (a→h) of Scharnagl position `id`.
pub fn back_rank(id: u16) -> Result<[Role; 8], SetupError> {
    match array(id) {
        Some(rank) => Ok(rank),
        None => Err(SetupError::IdOutOfRange { id: id.into() }),
    }
}

/// [`back_rank`] without the error, for [`id_of`]: no error value to build and drop.
fn array(id: u16) -> Option<[Role; 8]> {
    if id > 959 {
        return None;
    }
    let n = id as usize;
    // `Pawn` marks a square still free.
    let mut rank = [Role::Pawn; 8];
    // Light-square bishop on b/d/f/h, dark-square bishop on a/c/e/g.
    for file in [2 * (n % 4) + 1, 2 * ((n / 4) % 4)] {
        if let Some(slot) = rank.get_mut(file) {
            *slot = Role::Bishop;
        }
    }
    let (a, b) = KNIGHTS.get(n / 96).copied().unwrap_or((0, 1));
    // Each placement fills the `k`-th still-free square (from the a-file). The knight on
    // the later free square goes first, so both indices count the same free squares.
    for (k, role) in [
        ((n / 16) % 6, Role::Queen),
        (usize::from(b), Role::Knight),
        (usize::from(a), Role::Knight),
        (0, Role::Rook),
        (0, Role::King),
        (0, Role::Rook),
    ] {
        let mut k = k;
        for slot in rank.iter_mut() {
            if *slot == Role::Pawn {
                if k == 0 {
                    *slot = role;
                    break;
                }
                k -= 1;
            }
        }
    }
    // Every id in 0..=959 fills all eight squares: the queen's index is below 6 and the
    // knights' below 5, as many squares as are free when each is placed.
    Some(rank)
}

/// `"RNBQKBNR"` for 518.
pub fn back_rank_string(id: u16) -> Result<String, SetupError> {
    let mut s = String::new();
    for r in back_rank(id)? {
        s.push(r.upper());
    }
    Ok(s)
}

/// The Scharnagl id of a back rank given as eight letters (either case).
pub fn id_of_str(s: &str) -> Result<u16, SetupError> {
    // The reason it is not one; the error is built once, below.
    let reason = 'bad: {
        let mut rank = [Role::Pawn; 8];
        let mut n = 0;
        // A byte of a multi-byte character is no piece letter.
        for &c in s.as_bytes() {
            let Some(role) = Role::from_char(char::from(c)) else {
                break 'bad "use the letters K Q R B N";
            };
            if let Some(slot) = rank.get_mut(n) {
                *slot = role;
            }
            n += 1;
        }
        if n != 8 {
            break 'bad "it must have exactly 8 pieces";
        }
        match id_of(&rank) {
            Some(id) => return Ok(id),
            None => {
                "it needs K, Q, two R, two B on opposite colours and two N, king between the rooks"
            }
        }
    };
    Err(SetupError::BadBackRank {
        found: crate::text::first_chars(s, 16),
        reason,
    })
}

/// The Scharnagl id of a back rank, if it is one of the 960.
pub fn id_of(rank: &[Role; 8]) -> Option<u16> {
    // The bishops give `id % 16` (see `array`); the 60 ids with that remainder are built
    // in turn and compared (about 3 µs natively): far less code than reading the rest of
    // the numbering backwards, and right by construction (a rank that is not one of the
    // 960 matches none, whatever remainder it gave).
    let mut low = 0;
    for (f, &r) in (0..).zip(rank) {
        if r == Role::Bishop {
            low += if f % 2 == 1 { f / 2 } else { 4 * (f / 2) };
        }
    }
    let mut id = low;
    while id < 960 {
        if array(id).as_ref() == Some(rank) {
            return Some(id);
        }
        id += 16;
    }
    None
}

/// A uniform id in 0..960 from a source of random 16-bit words, by rejection sampling
/// (65280 = 68 × 960 is the largest multiple of 960 below 2^16; no modulo bias).
pub fn random_id(mut next_u16: impl FnMut() -> u16) -> u16 {
    loop {
        let x = next_u16();
        if x < 65_280 {
            return x % 960;
        }
    }
}

/// A uniform id drawn from the platform's cryptographically secure source (the OS;
/// `crypto.getRandomValues` in a browser or Node, through getrandom's js backend).
pub fn random_id_secure() -> Result<u16, SetupError> {
    let mut failed = false;
    let id = random_id(|| {
        let mut b = [0u8; 2];
        if getrandom::fill(&mut b).is_err() {
            failed = true;
            // Ends the loop; the id is thrown away below.
            return 0;
        }
        u16::from_le_bytes(b)
    });
    if failed {
        return Err(SetupError::NoRandomSource);
    }
    Ok(id)
}

/// The start position of Chess960 array `id` (both sides mirrored).
pub fn chess960(id: u16) -> Result<Position, SetupError> {
    let r = back_rank(id)?;
    Ok(Position::from_back_ranks(r, r))
}

/// Double Chess960: White's array `white`, Black's array `black`.
pub fn double_chess960(white: u16, black: u16) -> Result<Position, SetupError> {
    Ok(Position::from_back_ranks(
        back_rank(white)?,
        back_rank(black)?,
    ))
}

/// A Chess-9 (Nonary Chess) choice made before the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SwapChoice {
    /// King ↔ c-file bishop: the king goes to c1/c8, the bishop to e1/e8.
    King,
    /// Queen ↔ f-file bishop: the queen goes to f1/f8, the bishop to d1/d8.
    Queen,
    /// No swap ("the king is pressed in place").
    None,
}

impl SwapChoice {
    pub const ALL: [SwapChoice; 3] = [SwapChoice::King, SwapChoice::Queen, SwapChoice::None];

    pub const fn name(self) -> &'static str {
        match self {
            SwapChoice::King => "king",
            SwapChoice::Queen => "queen",
            SwapChoice::None => "none",
        }
    }
    pub fn parse(s: &str) -> Option<SwapChoice> {
        // The names in either case (compared in place: no lower-case copy).
        const NAMES: [(&str, SwapChoice); 8] = [
            ("king", SwapChoice::King),
            ("k", SwapChoice::King),
            ("queen", SwapChoice::Queen),
            ("q", SwapChoice::Queen),
            ("none", SwapChoice::None),
            ("-", SwapChoice::None),
            ("", SwapChoice::None),
            ("pass", SwapChoice::None),
        ];
        let s = s.trim();
        for (name, choice) in NAMES {
            if s.eq_ignore_ascii_case(name) {
                return Some(choice);
            }
        }
        None
    }
    /// The two back-rank files (0-based) that trade places, if any.
    pub const fn files(self) -> Option<(u8, u8)> {
        match self {
            SwapChoice::King => Some((4, 2)),
            SwapChoice::Queen => Some((3, 5)),
            SwapChoice::None => None,
        }
    }
}

/// Applies a Chess-9 swap for `color` to the standard array in `pos`. Castling rights stay
/// with the a- and h-rooks wherever the king stands.
pub fn apply_swap(pos: &mut Position, color: Color, choice: SwapChoice) {
    let Some((a, b)) = choice.files() else {
        return;
    };
    let rank = color.back_rank();
    let sa = crate::square::Square::from_index(rank * 8 + a);
    let sb = crate::square::Square::from_index(rank * 8 + b);
    pos.board.swap_squares(sa, sb);
    let mut castles = *pos.castles();
    for side in crate::castling::CastlingSide::ALL {
        if castles.rook(color, side).is_some() {
            castles.set(
                color,
                side,
                crate::castling::outermost_rook(&pos.board, color, side),
            );
        }
    }
    pos.castles = castles;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_scharnagl_pairs() {
        assert_eq!(back_rank_string(0).unwrap(), "BBQNNRKR");
        assert_eq!(back_rank_string(518).unwrap(), "RNBQKBNR");
        assert_eq!(back_rank_string(959).unwrap(), "RKRNNQBB");
        assert_eq!(id_of_str("RNBQKBNR").unwrap(), 518);
        assert!(back_rank(960).is_err());
        assert!(id_of_str("KRBQNBNR").is_err()); // king outside the rooks
        assert!(id_of_str("RNBQKBRN").is_ok());
        assert!(id_of_str("RNBKQBNR").is_ok());
        assert!(id_of_str("RBQBKNNR").is_err()); // bishops on one colour
    }

    #[test]
    fn ids_round_trip() {
        for id in 0..960 {
            let rank = back_rank(id).unwrap();
            assert!(!rank.contains(&Role::Pawn), "{id} leaves a square empty");
            assert_eq!(id_of(&rank), Some(id));
        }
    }

    #[test]
    fn swap_choices_read_in_either_case() {
        assert_eq!(SwapChoice::parse(" KING "), Some(SwapChoice::King));
        assert_eq!(SwapChoice::parse("k"), Some(SwapChoice::King));
        assert_eq!(SwapChoice::parse("Queen"), Some(SwapChoice::Queen));
        assert_eq!(SwapChoice::parse("Q"), Some(SwapChoice::Queen));
        for s in ["none", "-", "", " ", "PASS"] {
            assert_eq!(SwapChoice::parse(s), Some(SwapChoice::None), "{s:?}");
        }
        for s in ["kings", "kk", "quee", "x", "K\u{e9}"] {
            assert_eq!(SwapChoice::parse(s), None, "{s:?}");
        }
    }

    #[test]
    fn random_id_rejects_the_biased_tail() {
        let mut words = [65_535u16, 65_280, 959, 1].into_iter();
        assert_eq!(random_id(|| words.next().unwrap_or(0)), 959);
    }
}
