//! The engine wasm's exports: one class that the worker in `js/engine/` drives.
//!
//! Converts and forwards. The game arrives as PGN, replayed by the core's reader, so
//! the search sees its whole history (repetitions, the fifty-move rule, the Chess-9
//! swaps). Answers are one line of tab-separated text, which the worker parses:
//! `ok <uci> <cp|mate> <n> <depth> <nodes> <pv uci...>`, or `error <message>`.

use super::levels::Level;
use super::search::{Engine, Info, Limits, Score, SearchResult};
use chess960::game::Game;
use chess960::pgn;
use chess960::position::Move;
use chess960::text::cat;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct EngineCore {
    engine: Engine,
}

/// A limit given by JS as a number: `None` unless positive and finite.
fn limit(x: f64) -> Option<f64> {
    (x.is_finite() && x > 0.0).then_some(x)
}

fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => cat!("cp\t", cp.to_string()),
        Score::Mate(n) => cat!("mate\t", n.to_string()),
    }
}

fn pv_text(game: &Game, pv: &[Move]) -> String {
    let mut out = String::new();
    for (i, &m) in pv.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&game.uci(m));
    }
    out
}

fn game_of(text: &str) -> Result<Game, String> {
    pgn::read(text).map_err(|e| e.message())
}

#[wasm_bindgen]
impl EngineCore {
    /// An engine with a transposition table of `hash_mb` megabytes (1 to 256).
    #[wasm_bindgen(constructor)]
    pub fn new(hash_mb: u32) -> EngineCore {
        EngineCore {
            engine: Engine::new(hash_mb.clamp(1, 256) as usize),
        }
    }

    /// Forgets what earlier searches learnt.
    pub fn clear(&mut self) {
        self.engine.clear();
    }

    /// The best move of the game in `pgn`. `level` 1..=10 plays that level (0: none);
    /// `nodes`, `depth`, `movetime` (ms) limit the search when positive; `seed` feeds a
    /// level's choice. `on_info` gets an `ok`-shaped line after each iteration.
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        pgn: &str,
        level: u8,
        nodes: f64,
        depth: f64,
        movetime: f64,
        seed: f64,
        on_info: &js_sys::Function,
    ) -> String {
        let game = match game_of(pgn) {
            Ok(g) => g,
            Err(e) => return cat!("error\t", e),
        };
        let limits = Limits {
            nodes: limit(nodes).map(|n| n as u64),
            depth: limit(depth).map(|d| d.min(120.0) as i32),
            movetime: limit(movetime),
            clock: None,
            multipv: 1,
        };
        let mut report = |i: &Info| {
            let line = cat!(
                "ok\t",
                i.line.pv.first().map(|&m| game.uci(m)).unwrap_or_default(),
                "\t",
                score_text(i.line.score),
                "\t",
                i.depth.to_string(),
                "\t",
                i.nodes.to_string(),
                "\t",
                pv_text(&game, &i.line.pv)
            );
            let _ = on_info.call1(&JsValue::NULL, &JsValue::from_str(&line));
        };
        let mut seed = seed.to_bits();
        let result: SearchResult = match Level::get(level) {
            Some(l) => self
                .engine
                .play_level(&game, &l, &limits, &mut seed, &mut report),
            None => self.engine.best_move(&game, &limits, &mut report),
        };
        match result.best {
            Some(m) => cat!(
                "ok\t",
                game.uci(m),
                "\t",
                score_text(result.score),
                "\t",
                result.depth.to_string(),
                "\t",
                result.nodes.to_string(),
                "\t",
                pv_text(&game, &result.pv)
            ),
            None => cat!("error\tno legal move in this position"),
        }
    }

    /// The Chess-9 swap the engine chooses in the game in `pgn` ("king", "queen" or
    /// "none"), each candidate searched to `nodes` nodes.
    #[wasm_bindgen(js_name = chooseSwap)]
    pub fn choose_swap(&mut self, pgn: &str, nodes: f64) -> String {
        let game = match game_of(pgn) {
            Ok(g) => g,
            Err(e) => return cat!("error\t", e),
        };
        let limits = Limits::nodes(limit(nodes).map_or(20_000, |n| n as u64));
        match self.engine.choose_swap(&game, &limits) {
            Some(c) => cat!("ok\t", c.name()),
            None => cat!("error\tthe game is not in the Chess-9 swap phase"),
        }
    }
}
