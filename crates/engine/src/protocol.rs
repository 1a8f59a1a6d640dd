//! What crosses the engine wasm's boundary: the requests the worker sends
//! (`js/engine/protocol.ts` declares the same shapes for TypeScript) and the answers it
//! gets, as derived serde structs with camelCase names, which serde-wasm-bindgen turns
//! into plain JS objects and back (`wasm.rs`). Built natively too, so that the
//! conversions are tested with `cargo test`.
//!
//! A game crosses as its start and its moves, not as PGN: the position before its
//! first move, the variant, the Chess-9 swaps that led to it and the moves in UCI. The
//! engine replays them, so repetitions and the fifty-move rule see the whole game.

use super::analysis::{white_view, Analysis, Judgment, PlyReview};
use super::search::{Line, Score, SearchResult};
use chess960::fen;
use chess960::game::{Game, Variant};
use chess960::position::{Move, Position};
use chess960::san;
use chess960::setup::{self, SwapChoice};
use chess960::square::Color;
use chess960::uci::{self, CastlingNotation};
use serde::{Deserialize, Serialize};
use std::string::String;
use std::vec::Vec;

/// The variant's name as `Chess.variant()` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantName {
    Standard,
    Chess960,
    Chess9,
}

/// A Chess-9 swap as `Chess.swap()` takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SwapName {
    King,
    Queen,
    None,
}

impl From<SwapName> for SwapChoice {
    fn from(s: SwapName) -> SwapChoice {
        match s {
            SwapName::King => SwapChoice::King,
            SwapName::Queen => SwapChoice::Queen,
            SwapName::None => SwapChoice::None,
        }
    }
}

/// A game: the position before its first move (after any Chess-9 swaps), the swaps
/// made (Black's first), and the moves in UCI (either castling notation; `0000` is a
/// null move).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GameSpec {
    pub variant: VariantName,
    pub fen: String,
    #[serde(default)]
    pub swaps: Vec<SwapName>,
    #[serde(default)]
    pub moves: Vec<String>,
}

/// The most moves a game may have (the core's own limit is higher; a longer list is
/// refused before anything is replayed).
pub const MAX_MOVES: usize = 20_000;

impl GameSpec {
    /// The game, replayed; an error names what does not fit.
    pub fn to_game(&self) -> Result<Game, String> {
        let pos = fen::parse(&self.fen).map_err(|e| e.message())?;
        if self.moves.len() > MAX_MOVES {
            return Err(std::format!(
                "a game of {} moves is too long (at most {MAX_MOVES})",
                self.moves.len()
            ));
        }
        let mut game = match self.variant {
            VariantName::Standard | VariantName::Chess960 if !self.swaps.is_empty() => {
                return Err(String::from("only a Chess-9 game has swaps"));
            }
            VariantName::Standard => Game::from_position(Variant::Standard, pos),
            VariantName::Chess960 => Game::from_position(Variant::Chess960, pos),
            VariantName::Chess9 => chess9(&pos, &self.swaps)?,
        };
        for m in &self.moves {
            let played = if m == "0000" {
                game.play_null()
            } else {
                match uci::parse_uci(game.position(), m, &game.legal_moves()) {
                    Ok(mv) => game.play_quiet(mv),
                    Err(e) => return Err(std::format!("move {m}: {}", e.message())),
                }
            };
            played.map_err(|e| std::format!("move {m}: {}", e.message()))?;
        }
        Ok(game)
    }
}

/// A Chess-9 game whose swaps led to `after`: its start is `after` with the swaps
/// undone (a swap exchanges two squares of a back rank, so making it again undoes it),
/// then the swaps are made as in the game. The swaps are taken as given: any start
/// is a Chess-9 start for the core.
fn chess9(after: &Position, swaps: &[SwapName]) -> Result<Game, String> {
    if swaps.len() > 2 {
        return Err(String::from("a Chess-9 game has at most two swaps"));
    }
    let colors = [Color::Black, Color::White];
    let mut start = *after;
    for (&s, &color) in swaps.iter().zip(colors.iter()).rev() {
        setup::apply_swap(&mut start, color, s.into());
    }
    let mut game = Game::from_position(Variant::Chess9, start);
    for &s in swaps {
        game.swap(s.into()).map_err(|e| e.message())?;
    }
    Ok(game)
}

/// Search limits as JS numbers: each applies when positive and finite.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct LimitsSpec {
    pub nodes: f64,
    pub depth: f64,
    pub movetime: f64,
}

fn positive(x: f64) -> Option<f64> {
    (x.is_finite() && x > 0.0).then_some(x)
}

impl LimitsSpec {
    pub fn limits(&self, multipv: usize) -> super::search::Limits {
        super::search::Limits {
            nodes: positive(self.nodes).map(|n| n as u64),
            depth: positive(self.depth).map(|d| d.min(120.0) as i32),
            movetime: positive(self.movetime),
            clock: None,
            multipv,
        }
    }
}

/// `bestMove`: a level (0: none) or the plain search within the limits.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchRequest {
    pub game: GameSpec,
    #[serde(default)]
    pub limits: LimitsSpec,
    #[serde(default)]
    pub level: u8,
    /// Feeds a level's choice (any number; its bits are the seed).
    #[serde(default)]
    pub seed: f64,
}

/// `analyse`: `multiPv` lines within the limits.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalyseRequest {
    pub game: GameSpec,
    #[serde(default)]
    pub limits: LimitsSpec,
    pub multi_pv: u8,
}

/// `reviewGame`: every position searched within the limits.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewRequest {
    pub game: GameSpec,
    #[serde(default)]
    pub limits: LimitsSpec,
}

/// `chooseSwap`: each candidate searched to `nodes` nodes.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SwapRequest {
    pub game: GameSpec,
    pub nodes: f64,
}

/// A score as JS reads it: `{ cp }` or `{ mate }` (mate in moves, negative when mated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ScoreOut {
    Cp { cp: i32 },
    Mate { mate: i32 },
}

impl From<Score> for ScoreOut {
    fn from(s: Score) -> ScoreOut {
        match s {
            Score::Cp(cp) => ScoreOut::Cp { cp },
            Score::Mate(mate) => ScoreOut::Mate { mate },
        }
    }
}

/// The moves of `pv` from `pos` in UCI (in `notation`) and in SAN.
fn line_text(
    pos: &Position,
    pv: &[Move],
    notation: CastlingNotation,
) -> (Vec<String>, Vec<String>) {
    let mut p = *pos;
    let mut ucis = Vec::with_capacity(pv.len());
    let mut sans = Vec::with_capacity(pv.len());
    for &m in pv {
        let legal = p.legal_moves();
        if !legal.contains(m) {
            break;
        }
        ucis.push(uci::to_uci(m, notation));
        sans.push(san::to_san(&p, m, &legal));
        p = p.after(m);
    }
    (ucis, sans)
}

/// `bestMove`'s answer, and each of its iterations: the side to move's score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Found {
    pub uci: String,
    pub score: ScoreOut,
    pub depth: i32,
    pub nodes: u64,
    /// The principal variation in UCI, from this move.
    pub pv: Vec<String>,
}

impl Found {
    pub fn of_line(game: &Game, line: &Line, depth: i32, nodes: u64) -> Found {
        let pv: Vec<String> = line.pv.iter().map(|&m| game.uci(m)).collect();
        Found {
            uci: pv.first().cloned().unwrap_or_default(),
            score: line.score.into(),
            depth,
            nodes,
            pv,
        }
    }

    /// `None` when there is no move to make.
    pub fn of_result(game: &Game, r: &SearchResult) -> Option<Found> {
        let best = r.best?;
        let pv: Vec<String> = r.pv.iter().map(|&m| game.uci(m)).collect();
        Some(Found {
            uci: game.uci(best),
            score: r.score.into(),
            depth: r.depth,
            nodes: r.nodes,
            pv,
        })
    }
}

/// One line of an analysis: White's view, the moves in SAN and in UCI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineOut {
    pub score: ScoreOut,
    pub pv: Vec<String>,
    pub uci: Vec<String>,
    pub depth: i32,
}

/// `analyse`'s answer, and each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisOut {
    pub lines: Vec<LineOut>,
    pub depth: i32,
    pub nodes: u64,
}

impl AnalysisOut {
    pub fn new(game: &Game, a: &Analysis) -> AnalysisOut {
        let pos = game.position();
        let lines = a
            .lines
            .iter()
            .map(|l| {
                let (uci, pv) = line_text(pos, &l.pv, game.notation());
                LineOut {
                    score: white_view(pos.turn(), l.score).into(),
                    pv,
                    uci,
                    depth: a.depth,
                }
            })
            .collect();
        AnalysisOut {
            lines,
            depth: a.depth,
            nodes: a.nodes,
        }
    }
}

/// A move as SAN and UCI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveOut {
    pub san: String,
    pub uci: String,
}

/// One ply of a review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlyOut {
    pub ply: usize,
    pub san: String,
    pub uci: String,
    /// The evaluation after the move, White's view.
    pub score: ScoreOut,
    /// The engine's move in the position before (`null` where there was none).
    pub best: Option<MoveOut>,
    pub judgment: Option<&'static str>,
}

impl PlyOut {
    pub fn new(game: &Game, r: &PlyReview) -> PlyOut {
        let n = game.notation();
        let legal = r.before.legal_moves();
        let text = |m: Move| MoveOut {
            san: san::to_san(&r.before, m, &legal),
            uci: uci::to_uci(m, n),
        };
        let played = r.played.map(text);
        PlyOut {
            ply: r.ply,
            san: played
                .as_ref()
                .map_or_else(|| String::from("--"), |m| m.san.as_str().to_owned()),
            uci: played.map_or_else(|| String::from("0000"), |m| m.uci),
            score: r.score.into(),
            best: r.best.map(text),
            judgment: r.judgment.map(Judgment::name),
        }
    }
}
