//! Chess rules for standard chess, Chess960 (Fischer Random) and Chess-9 (Nonary Chess):
//! legal moves, castling by Chess960 rules, FEN/X-FEN/Shredder-FEN, SAN, UCI, PGN, draws,
//! board-input resolution and sealed-move adjournment. Pure Rust, no dependencies; the
//! `wasm` module (wasm32 only) is the only place that touches JavaScript.
//!
//! ```
//! use chess960::game::{Game, Input, Reason};
//! use chess960::resolve::Resolution;
//! use chess960::setup::SwapChoice;
//! use chess960::square::Square;
//!
//! // Chess960 by Scharnagl id; 518 is the standard array.
//! let mut g = Game::chess960(518).unwrap();
//! assert_eq!(g.legal_moves().len(), 20);
//! g.play_text("e4").unwrap();                   // SAN, or UCI in either castling form
//! assert_eq!(g.fen(true), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1");
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
//! assert!(c9.fen(false).starts_with("rnkqbbnr/"));
//!
//! // Automatic draws and the outcome.
//! let mut g = Game::new();
//! for m in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
//!     g.play_text(m).unwrap();
//! }
//! assert_eq!(g.outcome().unwrap().reason, Reason::ThreefoldRepetition);
//! ```

// The rules are `no_std` + `alloc`: nothing in them needs an operating system. The wasm
// heap is talc's (src/wasm/alloc.rs).
#![no_std]
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
// Linked natively, and in wasm with the `std` feature (tests): the rules themselves use
// only `core` and `alloc` (the prelude below).
#[cfg(any(feature = "std", not(target_arch = "wasm32")))]
extern crate std;

/// The shipped wasm's panic handler (no std): a trap, as std's is with `panic = "abort"`,
/// without formatting a message nobody reads (wasm32-unknown-unknown has no stderr).
/// Panics are bugs here: the crate denies unwrap, expect, panic and indexing.
#[cfg(all(target_arch = "wasm32", not(feature = "std")))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}

/// What std's prelude would bring (the crate is `no_std`).
#[allow(unused_imports)]
mod prelude {
    pub(crate) use crate::text::cat;
    pub(crate) use alloc::borrow::ToOwned;
    pub(crate) use alloc::string::{String, ToString};
    pub(crate) use alloc::vec::Vec;
    pub(crate) use alloc::{format, vec};
}

pub mod adjourn;
#[allow(clippy::indexing_slicing)] // fixed 64-entry and per-colour/role tables
pub mod attacks;
pub mod bitboard;
#[allow(clippy::indexing_slicing)] // fixed 64-entry and per-colour/role tables
pub mod castling;
#[cfg(feature = "engine")]
pub mod engine;
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
pub mod text;
pub mod tree;
pub mod uci;
pub mod unwinnable;
// The rules wasm's exports; the engine wasm (feature `engine-wasm`) has its own instead.
#[cfg(all(target_arch = "wasm32", not(feature = "engine-wasm")))]
pub mod wasm;
