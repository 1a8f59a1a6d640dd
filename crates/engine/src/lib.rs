//! A computer opponent on the rules core: alpha-beta search with a transposition table
//! and a tapered evaluation whose weights were tuned on our own self-play games.
//!
//! One file per concern: [`search`] (iterative deepening, PVS, pruning, reductions),
//! [`eval`] (the evaluation, weights in one table), [`tt`] (the transposition table),
//! [`hash`] (position keys), [`ordering`] (move ordering and exchange evaluation),
//! [`time`] (clocks and time management), [`levels`] (levels 1–10), [`swap`] (the
//! Chess-9 swap choice), [`analysis`] (several lines at once, a game's review and its
//! judgments), [`protocol`] (what crosses the wasm boundary), `uci` (the native binary's
//! protocol loop) and `wasm` (the engine wasm's exports).
//!
//! ```
//! use chess960_engine::{Engine, Limits};
//! use chess960::game::Game;
//!
//! let game = Game::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
//! let mut engine = Engine::new(1);
//! let found = engine.best_move(&game, &Limits::nodes(20_000), &mut |_| {});
//! assert_eq!(game.uci(found.best.unwrap()), "d1d8"); // back-rank mate
//! assert_eq!(found.score, chess960_engine::Score::Mate(1));
//! ```

pub mod analysis;
pub mod eval;
pub mod hash;
pub mod levels;
pub mod ordering;
pub mod protocol;
pub mod search;
pub mod swap;
pub mod time;
pub mod tt;
#[cfg(not(target_arch = "wasm32"))]
pub mod uci;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use analysis::{Analysis, Judgment, PlyReview};
pub use levels::Level;
pub use search::{Engine, Info, Limits, Line, Rules, Score, SearchResult};
