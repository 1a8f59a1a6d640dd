//! Why a call on a game was refused.

use alloc::string::String;

use super::MAX_PLIES;
use crate::fen::FenError;
use crate::headers::HeaderError;
use crate::san::SanError;
use crate::setup::SetupError;
use crate::square::{Color, Square};
use crate::uci::UciError;

/// Why a call on a game was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Fen(FenError),
    Setup(SetupError),
    San(SanError),
    Uci(UciError),
    Header(HeaderError),
    /// A board input that is not legal.
    Illegal {
        from: Square,
        to: Square,
    },
    /// King's trip that is both castling and a king step.
    AmbiguousCastle {
        from: Square,
        to: Square,
    },
    MissingPromotion {
        from: Square,
        to: Square,
    },
    BadSquare {
        found: String,
    },
    BadPromotion {
        found: String,
    },
    BadColor {
        found: String,
    },
    /// Moves before the Chess-9 swaps are done.
    SwapPhase {
        chooser: Color,
    },
    /// A swap outside the swap phase or not available.
    NoSwap,
    BadSwap {
        found: String,
    },
    Empty,
    /// A null move while in check.
    NullInCheck,
    /// The game holds [`MAX_PLIES`] steps already.
    TooLong,
}

crate::text::error_messages!(PlayError, e, out => match e {
    PlayError::Fen(e) => e.push_to(out),
    PlayError::Setup(e) => e.push_to(out),
    PlayError::San(e) => e.push_to(out),
    PlayError::Uci(e) => e.push_to(out),
    PlayError::Header(e) => e.push_to(out),
    PlayError::Illegal { from, to } => push_all!(out; "illegal move ", from, "-", to),
    PlayError::AmbiguousCastle { from, to } => push_all!(out;
        "ambiguous move ", from, "-", to,
        ": it is both castling and a king move; play \"O-O\"/\"O-O-O\", the king onto its rook, or SAN \"K",
        to, "\""
    ),
    PlayError::MissingPromotion { from, to } => push_all!(out;
        "move ", from, "-", to, " is a promotion: give promotion 'q', 'r', 'b' or 'n'"
    ),
    PlayError::BadSquare { found } => {
        push_all!(out; "invalid square '", found, "' (expected a1..h8)")
    }
    PlayError::BadPromotion { found } => {
        push_all!(out; "invalid promotion '", found, "' (expected 'q', 'r', 'b' or 'n')")
    }
    PlayError::BadColor { found } => {
        push_all!(out; "invalid colour '", found, "' (expected 'w' or 'b')")
    }
    PlayError::SwapPhase { chooser } => push_all!(out;
        "Chess-9 swap phase: ", chooser.name(), " must choose a swap first (king, queen or none)"
    ),
    PlayError::NoSwap => push_all!(out; "no Chess-9 swap is pending in this game"),
    PlayError::BadSwap { found } => push_all!(out;
        "invalid swap choice '", found, "' (expected 'king', 'queen' or 'none')"
    ),
    PlayError::Empty => push_all!(out; "empty move"),
    PlayError::NullInCheck => push_all!(out; "a null move is not allowed when in check"),
    PlayError::TooLong => push_all!(out;
        "the game is too long: at most ", MAX_PLIES, " moves (plies) are kept"
    ),
});

impl From<FenError> for PlayError {
    fn from(e: FenError) -> Self {
        PlayError::Fen(e)
    }
}
impl From<SetupError> for PlayError {
    fn from(e: SetupError) -> Self {
        PlayError::Setup(e)
    }
}
impl From<HeaderError> for PlayError {
    fn from(e: HeaderError) -> Self {
        PlayError::Header(e)
    }
}
