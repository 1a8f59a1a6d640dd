//! The Chess-9 swap phase: which swap the engine chooses (king, queen or none).
//!
//! Each choice is judged by short searches of the positions it can lead to: White,
//! choosing last, takes the swap whose position searches best for White; Black, first,
//! takes the swap whose best White answer is least good for White.

use super::search::{Engine, Limits};
use chess960::game::Game;
use chess960::setup::SwapChoice;
use chess960::square::Color;

impl Engine {
    /// The swap to choose in `game`'s swap phase, or `None` outside it. Every search
    /// gets `limits` (say, `Limits::nodes(20_000)`: nine of them for Black).
    pub fn choose_swap(&mut self, game: &Game, limits: &Limits) -> Option<SwapChoice> {
        let chooser = game.swap_pending()?;
        // White's score after both choices (White to move).
        let mut white_score = |g: &Game| -> i32 {
            let r = self.best_move(g, limits, &mut |_| {});
            r.lines.first().map_or(0, |l| l.raw)
        };
        let after = |g: &Game, c: SwapChoice| {
            let mut g = g.clone();
            g.swap(c).ok().map(|_| g)
        };
        let mut best: Option<(SwapChoice, i32)> = None;
        for choice in SwapChoice::ALL {
            let Some(g) = after(game, choice) else {
                continue;
            };
            // The chooser's value of this choice, from its own side.
            let value = match chooser {
                Color::White => white_score(&g),
                Color::Black => {
                    let mut white_best = i32::MIN;
                    for reply in SwapChoice::ALL {
                        if let Some(g2) = after(&g, reply) {
                            white_best = white_best.max(white_score(&g2));
                        }
                    }
                    -white_best
                }
            };
            if best.is_none_or(|(_, v)| value > v) {
                best = Some((choice, value));
            }
        }
        best.map(|(c, _)| c)
    }
}
