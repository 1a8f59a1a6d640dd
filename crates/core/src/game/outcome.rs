//! How a game ends: checkmate, stalemate, the automatic draws (threefold repetition,
//! fifty moves, insufficient material and other dead positions), and the results the
//! caller records (resignation, agreement, time, a sealed move).

use super::Game;
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::{Color, Role};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoves,
    InsufficientMaterial,
    /// Neither side can mate by any series of legal moves (FIDE 5.2.2), though the
    /// material is not insufficient in chess.js's sense (a locked pawn wall, say).
    DeadPosition,
    Resignation,
    Agreement,
    Timeout,
    /// The flag fell, but the other side had no mating material: a draw.
    TimeoutInsufficientMaterial,
    SealedMoveIllegal,
    SealedMoveAmbiguous,
    SealedMoveMeaningless,
}

impl Reason {
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::ThreefoldRepetition => "threefold-repetition",
            Reason::FiftyMoves => "fifty-moves",
            Reason::InsufficientMaterial => "insufficient-material",
            Reason::DeadPosition => "dead-position",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::Timeout => "timeout",
            Reason::TimeoutInsufficientMaterial => "timeout-insufficient-material",
            Reason::SealedMoveIllegal => "sealed-move-illegal",
            Reason::SealedMoveAmbiguous => "sealed-move-ambiguous",
            Reason::SealedMoveMeaningless => "sealed-move-meaningless",
        }
    }
}

/// The result: a winner (or `None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl Game {
    pub fn is_check(&self) -> bool {
        self.position().is_check()
    }

    pub fn is_checkmate(&self) -> bool {
        self.swap_pending.is_none() && self.is_check() && !self.position().has_legal_moves()
    }

    pub fn is_stalemate(&self) -> bool {
        self.swap_pending.is_none() && !self.is_check() && !self.position().has_legal_moves()
    }

    pub fn is_insufficient_material(&self) -> bool {
        is_insufficient_material(self.position())
    }

    /// The current position has occurred at least three times (same placement, side to
    /// move, castling rights and legal en passant).
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= 3
    }

    pub fn is_fifty_moves(&self) -> bool {
        self.position().halfmoves() >= 100
    }

    /// The game ended in a draw (by any rule, including the automatic ones).
    pub fn is_draw(&self) -> bool {
        matches!(self.outcome, Some((o, _)) if o.winner.is_none())
    }

    pub fn is_game_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The first result reached; later moves do not change it.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome.map(|(o, _)| o)
    }

    /// Whether `c` can mate by some series of legal moves (FIDE 6.9; a helpmate counts).
    pub fn has_mating_material(&self, c: Color) -> bool {
        has_mating_material(self.position(), c)
    }

    /// Neither side can mate by any series of legal moves (FIDE 5.2.2); insufficient
    /// material is the simplest case. Judged once per ply, when it is played.
    pub fn is_dead_position(&self) -> bool {
        match self.plies.last() {
            Some(p) => p.dead,
            None => self.start_dead,
        }
    }

    /// The result the position itself decides, if any.
    pub(super) fn board_result(&self) -> Option<Outcome> {
        self.board_result_with(false)
    }

    /// [`Game::board_result`], told whether a legal move is known to exist (`movable`:
    /// a record's next move, found legal there), which saves generating the moves.
    fn board_result_with(&self, movable: bool) -> Option<Outcome> {
        if self.swap_pending.is_some() {
            return None;
        }
        let pos = self.position();
        let (winner, reason) = if !movable && !pos.has_legal_moves() {
            if pos.is_check() {
                (Some(pos.turn().other()), Reason::Checkmate)
            } else {
                (None, Reason::Stalemate)
            }
        } else if is_insufficient_material(pos) {
            (None, Reason::InsufficientMaterial)
        } else if self.is_dead_position() {
            (None, Reason::DeadPosition)
        } else if self.is_threefold_repetition() {
            (None, Reason::ThreefoldRepetition)
        } else if self.is_fifty_moves() {
            (None, Reason::FiftyMoves)
        } else {
            return None;
        };
        Some(Outcome { winner, reason })
    }

    pub(super) fn update_outcome(&mut self) {
        self.update_outcome_with(false);
    }

    /// [`Game::update_outcome`] with [`Game::board_result_with`]'s `movable`.
    pub(super) fn update_outcome_with(&mut self, movable: bool) {
        if self.outcome.is_some() {
            return;
        }
        if let Some(o) = self.board_result_with(movable) {
            self.outcome = Some((o, self.plies.len()));
        }
    }

    /// Records a result decided off the board (first result stands); the `Result` tag
    /// follows it.
    pub fn record(&mut self, o: Outcome) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        self.outcome = Some((o, self.plies.len()));
        self.headers.set_unchecked("Result", o.result());
        true
    }

    pub fn resign(&mut self, loser: Color) -> bool {
        self.record(Outcome {
            winner: Some(loser.other()),
            reason: Reason::Resignation,
        })
    }

    pub fn draw_by_agreement(&mut self) -> bool {
        self.record(Outcome {
            winner: None,
            reason: Reason::Agreement,
        })
    }

    /// `flagged` ran out of time: a loss, or a draw when the opponent cannot mate.
    pub fn timeout(&mut self, flagged: Color) -> bool {
        let o = if self.has_mating_material(flagged.other()) {
            Outcome {
                winner: Some(flagged.other()),
                reason: Reason::Timeout,
            }
        } else {
            Outcome {
                winner: None,
                reason: Reason::TimeoutInsufficientMaterial,
            }
        };
        self.record(o)
    }

    /// The outcome of a game read from a record whose `Result` tag is `result` and
    /// `Termination` tag `termination`, its moves replayed as live play plays them (each
    /// ending judged at its ply, the first standing): the record's own ending stands
    /// (SPEC §1). An undecided record (`*`), or one whose result is the ending its moves
    /// reached, keeps that ending, as the game had live (a dead position stays one after
    /// the forced capture that follows it). Another decided record ends as its last
    /// position says (a mate after an unclaimed repetition is a mate), else by the
    /// result it states (on time when the termination says so, else resignation or
    /// agreement).
    pub(crate) fn conclude_record(&mut self, result: &str, termination: &str) {
        let winner = match result {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            "1/2-1/2" => None,
            _ => return,
        };
        if matches!(self.outcome, Some((o, _)) if o.winner == winner) {
            return;
        }
        let at = self.plies.len();
        let o = match self.board_result() {
            Some(o) => o,
            None => Outcome {
                winner,
                reason: match (winner, mentions_time(termination)) {
                    (Some(_), true) => Reason::Timeout,
                    (None, true) => Reason::TimeoutInsufficientMaterial,
                    (Some(_), false) => Reason::Resignation,
                    (None, false) => Reason::Agreement,
                },
            },
        };
        self.outcome = Some((o, at));
    }
}

/// Whether a `Termination` tag says the game ended on time ("time forfeit", "Time").
fn mentions_time(termination: &str) -> bool {
    // By bytes: `str::contains` with a text pattern brings std's two-way searcher, 1.8 KB
    // of gzipped wasm (measured with the PGN reader's `[%` search, which does the same).
    termination
        .as_bytes()
        .windows(4)
        .any(|w| w.eq_ignore_ascii_case(b"time"))
}

/// Insufficient material in chess.js's sense: K v K, K+minor v K, or only bishops, all on
/// one colour. Every such position is dead ([`crate::unwinnable::is_dead_position`]).
///
/// Counted as chess.js counts it, every piece on the board (the kings too): two pieces, or
/// three of which one is a minor piece, or bishops all on one colour and two more pieces.
/// With a king on each side that is the rule above; a position without them (an edited
/// one) answers as chess.js's does (a lone queen and king: insufficient).
pub fn is_insufficient_material(pos: &Position) -> bool {
    let b = pos.board();
    let n = b.occupied().count();
    let bishops = b.by_role(Role::Bishop);
    let one_colour =
        (bishops & Bitboard::LIGHT).is_empty() || (bishops & Bitboard::DARK).is_empty();
    n == 2
        || (n == 3 && (bishops.count() == 1 || b.by_role(Role::Knight).count() == 1))
        || (n == bishops.count() + 2 && one_colour)
}

/// Whether `pos` is dead (FIDE 5.2.2), judged once per ply. A position without a king on
/// each side (an edited one) is played by chess.js's rules, which know no dead position.
pub(super) fn judge_dead(pos: &Position) -> bool {
    let b = pos.board();
    b.king(Color::White).is_some()
        && b.king(Color::Black).is_some()
        && crate::unwinnable::is_dead_position(pos)
}

/// Whether `c` can mate by some series of legal moves: [`crate::unwinnable::can_checkmate`].
pub fn has_mating_material(pos: &Position, c: Color) -> bool {
    crate::unwinnable::can_checkmate(pos, c)
}
