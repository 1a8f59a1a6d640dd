//! Chess rules for standard chess, Chess960 (Fischer Random) and Chess-9 (Nonary Chess):
//! legal moves, castling by Chess960 rules, FEN/X-FEN/Shredder-FEN, SAN, UCI, PGN, draws,
//! board-input resolution and sealed-move adjournment. Pure Rust, `no_std` with `alloc`
//! (as shakmaty): every module imports what it uses of `alloc` by name, and the tests
//! build with std. Its dependencies are `getrandom` (random Chess960 ids) and `spin` (the
//! attack tables built once, the dead-position check's record). The wasm
//! bindings (the npm package) and the engine are crates of their own beside it, in the
//! same workspace.
//!
//! ```
//! use chess960::fen::CastlingLetters;
//! use chess960::game::{Game, Input, Reason};
//! use chess960::resolve::Resolution;
//! use chess960::setup::SwapChoice;
//! use chess960::square::Square;
//!
//! // Chess960 by Scharnagl id; 518 is the standard array.
//! let mut g = Game::chess960(518).unwrap();
//! assert_eq!(g.legal_moves().len(), 20);
//! g.play_text("e4").unwrap();                   // SAN, or UCI in either castling form
//! assert_eq!(g.fen(CastlingLetters::Shredder), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1");
//! assert_eq!(g.perft(2), 600);
//!
//! // Board input: a king step that is also castling is ambiguous; onto the rook is not.
//! let g = Game::from_fen("4k3/8/8/8/8/8/8/5K1R w K - 0 1").unwrap();
//! let sq = |s| Square::parse(s).unwrap();
//! assert!(matches!(g.resolve(sq("f1"), sq("g1")), Input::Resolved(Resolution::Ambiguous { .. })));
//! assert!(matches!(g.resolve(sq("f1"), sq("h1")), Input::Resolved(Resolution::Castle(_))));
//!
//! // Chess-9: Black swaps first, then White, then White moves.
//! let mut c9 = Game::chess9();
//! c9.swap(SwapChoice::King).unwrap();
//! c9.swap(SwapChoice::None).unwrap();
//! assert!(c9.fen(CastlingLetters::XFen).starts_with("rnkqbbnr/"));
//!
//! // Automatic draws and the outcome.
//! let mut g = Game::new();
//! for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     g.play_text(m).unwrap();
//! }
//! assert_eq!(g.outcome().unwrap().reason, Reason::ThreefoldRepetition);
//! ```

#![cfg_attr(not(test), no_std)]
// Input reaches every module but the move generator's primitives: no panic paths there
// (a panic traps the wasm instance). The primitives index fixed 64-entry tables with
// squares that are in range by construction.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::unreachable,
    clippy::todo,
    clippy::unimplemented
)]

extern crate alloc;

pub mod adjourn;
#[allow(clippy::indexing_slicing)] // fixed 64-entry and per-colour/role tables
pub mod attacks;
pub mod bitboard;
#[allow(clippy::indexing_slicing)] // fixed 64-entry and per-colour/role tables
pub mod castling;
pub mod fen;
pub mod game;
pub mod headers;
#[allow(clippy::indexing_slicing)] // fixed 64-entry and per-colour/role tables
pub mod movegen;
pub mod pgn;
#[allow(clippy::indexing_slicing)] // fixed 64-entry and per-colour/role tables
pub mod position;
pub mod resolve;
pub mod san;
pub mod setup;
pub mod square;
/// Strings built without `core::fmt` (`cat!`, `Push`, error messages): the crate's own
/// machinery, public only so that the wasm bindings share it; not part of the API.
#[doc(hidden)]
pub mod text;
pub mod tree;
pub mod uci;
pub mod unwinnable;

/// For unit tests: a xorshift64 generator of numbers below `n` (deterministic, so that a
/// failure can be replayed from its seed).
#[cfg(test)]
pub(crate) fn test_rng(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    }
}
