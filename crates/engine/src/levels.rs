//! Levels 1–10: how much the engine searches and how it picks among good moves.
//!
//! Strength comes from two knobs that weaken it the way people are weak, not by random
//! blunders: a **short horizon** (few nodes and plies: it misses deep tactics, sees
//! shallow ones) and a **choice among the moves it finds reasonable** (several
//! principal variations; a move is drawn with a weight that falls off with how much
//! worse it looks, and never one that looks worse than the level's limit). Level 10 is
//! the plain search: no choice, the whole budget.
//!
//! Budgets are nodes, not time, so a level plays alike on a fast and a slow machine;
//! the browser entry caps level 10 by time as well.

use super::search::{Engine, Info, Limits, SearchResult, MATE_BOUND};
use chess960::game::Game;

/// One level's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 (weakest) to 10.
    pub number: u8,
    /// Node budget per move.
    pub nodes: u64,
    /// Deepest iteration (the horizon).
    pub depth: i32,
    /// How many candidate moves are scored.
    pub candidates: usize,
    /// How fast a candidate's chance falls with its loss, in centipawns: at this loss
    /// its weight is 1/e of the best move's.
    pub temperature: i32,
    /// Candidates that look worse than the best by more than this are never chosen.
    pub max_loss: i32,
}

/// The ladder. Each level's Elo on Stockfish 15.1's `UCI_Elo` scale, measured at these
/// node budgets, is in js/engine/levels.ts (`LEVEL_ELO`, whose test checks it against
/// this table's levels and nodes); the matches are in docs/engine.md ("Levels").
const LADDER: [Level; 10] = [
    Level {
        number: 1,
        nodes: 1_200,
        depth: 3,
        candidates: 6,
        temperature: 165,
        max_loss: 500,
    },
    Level {
        number: 2,
        nodes: 1_300,
        depth: 3,
        candidates: 5,
        temperature: 160,
        max_loss: 480,
    },
    Level {
        number: 3,
        nodes: 1_500,
        depth: 3,
        candidates: 5,
        temperature: 120,
        max_loss: 400,
    },
    Level {
        number: 4,
        nodes: 1_500,
        depth: 3,
        candidates: 5,
        temperature: 80,
        max_loss: 300,
    },
    Level {
        number: 5,
        nodes: 3_000,
        depth: 4,
        candidates: 4,
        temperature: 60,
        max_loss: 200,
    },
    Level {
        number: 6,
        nodes: 6_000,
        depth: 5,
        candidates: 4,
        temperature: 40,
        max_loss: 130,
    },
    Level {
        number: 7,
        nodes: 15_000,
        depth: 6,
        candidates: 3,
        temperature: 25,
        max_loss: 80,
    },
    Level {
        number: 8,
        nodes: 100_000,
        depth: 12,
        candidates: 2,
        temperature: 10,
        max_loss: 30,
    },
    Level {
        number: 9,
        nodes: 300_000,
        depth: 64,
        candidates: 1,
        temperature: 0,
        max_loss: 0,
    },
    Level {
        number: 10,
        nodes: 1_000_000,
        depth: 120,
        candidates: 1,
        temperature: 0,
        max_loss: 0,
    },
];

impl Level {
    /// Level `n` (1..=10).
    pub fn get(n: u8) -> Option<Level> {
        LADDER.get(usize::from(n).checked_sub(1)?).copied()
    }

    /// The search limits of this level, within `outer` (a caller's own node, depth or
    /// time limits also apply).
    pub fn limits(&self, outer: &Limits) -> Limits {
        Limits {
            nodes: Some(outer.nodes.map_or(self.nodes, |n| n.min(self.nodes))),
            depth: Some(outer.depth.map_or(self.depth, |d| d.min(self.depth))),
            movetime: outer.movetime,
            clock: outer.clock,
            multipv: self.candidates,
        }
    }

    /// Picks a move from a search's candidates with the random number `r` (any u64).
    /// Returns the index of the chosen line.
    pub fn choose(&self, result: &SearchResult, r: u64) -> usize {
        let Some(best) = result.lines.first() else {
            return 0;
        };
        if self.candidates <= 1 || self.temperature <= 0 || best.raw >= MATE_BOUND {
            return 0;
        }
        // Weights e^(-loss/temperature), in 1/65536, for the candidates within reach.
        let weights: Vec<u64> = result
            .lines
            .iter()
            .map(|l| {
                let loss = best.raw - l.raw;
                if loss > self.max_loss || l.raw <= -MATE_BOUND {
                    0
                } else {
                    (exp_neg(f64::from(loss) / f64::from(self.temperature)) * 65536.0) as u64
                }
            })
            .collect();
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return 0;
        }
        let mut x = r % total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        0
    }
}

/// e^-x for x ≥ 0 without std: (1 - x/256)^256, within 0.002 of e^-x.
fn exp_neg(x: f64) -> f64 {
    let mut y = (1.0 - x / 256.0).max(0.0);
    for _ in 0..8 {
        y *= y;
    }
    y
}

/// SplitMix64: the level's source of chance, seeded by the caller.
pub fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Engine {
    /// The move level `level` plays in `game`, chosen with randomness from `seed`:
    /// the result's best move, score and line are the chosen candidate's.
    pub fn play_level(
        &mut self,
        game: &Game,
        level: &Level,
        outer: &Limits,
        seed: &mut u64,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut result = self.best_move(game, &level.limits(outer), info);
        let i = level.choose(&result, next_random(seed));
        if let Some(line) = result.lines.get(i).cloned() {
            result.best = line.pv.first().copied();
            result.score = line.score;
            result.pv = line.pv;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Line, Score};

    fn result(raws: &[i32]) -> SearchResult {
        SearchResult {
            best: None,
            score: Score::Cp(0),
            depth: 1,
            nodes: 0,
            time_ms: 0.0,
            pv: Vec::new(),
            lines: raws
                .iter()
                .map(|&raw| Line {
                    score: Score::Cp(raw),
                    raw,
                    pv: Vec::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn level_ten_always_plays_the_best_move() {
        let top = Level::get(10).unwrap();
        let r = result(&[50, 49, 48]);
        assert!((0..100).all(|i| top.choose(&r, i * 7919) == 0));
    }

    #[test]
    fn low_levels_vary_but_never_beyond_their_loss_limit() {
        let l1 = Level::get(1).unwrap();
        let r = result(&[100, 60, 20, -100, -900]);
        let mut seen = [0; 5];
        let mut seed = 1;
        for _ in 0..2000 {
            seen[l1.choose(&r, next_random(&mut seed))] += 1;
        }
        assert!(
            seen[0] > seen[1] && seen[1] > seen[2] && seen[2] > seen[3],
            "{seen:?}"
        );
        assert_eq!(seen[4], 0, "a loss of 1000 cp is beyond level 1's limit");
    }

    #[test]
    fn each_level_searches_at_least_as_much_and_chooses_no_more_loosely() {
        for n in 1..10 {
            let (a, b) = (Level::get(n).unwrap(), Level::get(n + 1).unwrap());
            assert!(a.nodes <= b.nodes && a.depth <= b.depth, "level {n}");
            assert!(
                a.candidates >= b.candidates
                    && a.temperature >= b.temperature
                    && a.max_loss >= b.max_loss,
                "level {n}"
            );
            let same = Level {
                number: a.number,
                ..b
            };
            assert_ne!(a, same, "levels {n} and {} play alike", n + 1);
        }
        assert!(Level::get(0).is_none() && Level::get(11).is_none());
    }

    #[test]
    fn exp_neg_is_close_to_the_exponential() {
        for (x, e) in [
            (0.0, 1.0),
            (1.0, 0.367_879),
            (2.0, 0.135_335),
            (4.0, 0.018_316),
        ] {
            assert!((exp_neg(x) - e).abs() < 0.01 * e + 0.002, "{x}");
        }
    }
}
