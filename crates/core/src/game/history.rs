//! The record of a game's steps (moves, Chess-9 swaps, null moves) and the repetition
//! table that counts each position once, when it is played.

use alloc::{string::String, vec::Vec};

use super::Game;
use crate::castling::CastlingSide;
use crate::movegen::MoveList;
use crate::position::{Move, MoveKind, Position};
use crate::san;
use crate::setup::SwapChoice;
use crate::square::{Color, Role};
use crate::text::Push;

/// How many plies back a repetition is looked for at most: a position repeats only
/// within the plies since the last capture or pawn move, and a game is drawn by the
/// fifty-move rule 100 plies into them. Past this, a position that repeats one from more
/// than 1,024 plies before is counted as new; the bound keeps a move's cost flat in a
/// record of 200,000 plies.
const REPETITION_WINDOW: usize = 1024;

/// SAN held inline (a move's SAN is at most 7 bytes; 15 leaves room), so that a ply
/// costs no allocation of its own.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct San {
    bytes: [u8; 15],
    len: u8,
}

impl San {
    /// `s`, cut to its first 15 bytes at most, at a character boundary.
    pub fn new(s: &str) -> San {
        let mut n = s.len().min(15);
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        let mut bytes = [0u8; 15];
        if let (Some(dst), Some(src)) = (bytes.get_mut(..n), s.as_bytes().get(..n)) {
            dst.copy_from_slice(src);
        }
        San {
            bytes,
            len: n as u8,
        }
    }
    pub fn as_str(&self) -> &str {
        let b = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        // `new` copied the bytes of a `str` up to a character boundary: always UTF-8.
        core::str::from_utf8(b).unwrap_or_default()
    }
}

impl core::fmt::Debug for San {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::fmt::Display for San {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for San {
    /// (Byte by byte: no UTF-8 check on the way.)
    fn eq(&self, other: &&str) -> bool {
        self.bytes.get(..usize::from(self.len)) == Some(other.as_bytes())
    }
}

impl Push for San {
    fn push_to(&self, out: &mut String) {
        self.as_str().push_to(out);
    }
}

/// A move as played, with what a record needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub mv: Move,
    pub color: Color,
    pub role: Role,
    pub captured: Option<Role>,
    pub san: San,
    /// The position before the move (for records: double pushes, UCI, FEN).
    pub before: Position,
}

impl PlayedMove {
    pub fn describe(pos: &Position, mv: Move, legal: &MoveList) -> PlayedMove {
        PlayedMove::with_san(pos, mv, San::new(&san::to_san(pos, mv, legal)))
    }

    /// The record of `mv` from `pos` whose SAN is already known.
    pub fn with_san(pos: &Position, mv: Move, san: San) -> PlayedMove {
        let captured = match mv.kind() {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ => pos.board().role_at(mv.to()),
        };
        PlayedMove {
            mv,
            color: pos.turn(),
            role: pos.board().role_at(mv.from()).unwrap_or(Role::Pawn),
            captured,
            san,
            before: *pos,
        }
    }
    /// chess.js flag letters: n b e c p k q.
    pub fn flags(&self) -> String {
        let mut f = String::new();
        self.push_flags(&mut f);
        f
    }
    /// Appends [`PlayedMove::flags`] to `out`.
    pub fn push_flags(&self, out: &mut String) {
        let flag = match self.mv.kind() {
            MoveKind::EnPassant => 'e',
            MoveKind::Castle => match self.mv.castling_side() {
                Some(CastlingSide::KingSide) => 'k',
                _ => 'q',
            },
            _ => {
                let len = out.len();
                if self.captured.is_some() {
                    out.push('c');
                } else if self.mv.promotion().is_some() {
                    // chess.js: a promotion that captures nothing is also a normal move ("np").
                    out.push('n');
                }
                if self.mv.promotion().is_some() {
                    out.push('p');
                }
                if self.role == Role::Pawn && self.mv.from().u8() ^ self.mv.to().u8() == 16 {
                    out.push('b');
                }
                if out.len() > len {
                    return;
                }
                'n'
            }
        };
        out.push(flag);
    }
}

/// One step of the game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    Swap {
        color: Color,
        choice: SwapChoice,
    },
    Move(PlayedMove),
    /// A null move (`--`): the side to move passes (chess.js's `setTurn`, analysis).
    Null {
        color: Color,
    },
}

/// What a ply played, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Move(Move),
    Swap(SwapChoice),
    Null,
}

/// A step of the game as stored: what was played and the position after it.
#[derive(Clone, Debug)]
pub(super) struct Ply {
    pub(super) after: Position,
    pub(super) step: Step,
    pub(super) san: San,
    /// How often `after` has occurred in the game up to here, this time included; 0 in
    /// the swap phase (positions before the first move are not counted).
    pub(super) seen: u32,
    /// Whether `after` is a dead position, judged once when the ply is played.
    pub(super) dead: bool,
}

impl Game {
    /// The steps so far, as records.
    pub fn entries(&self) -> Vec<Entry> {
        (1..=self.plies.len())
            .filter_map(|i| self.entry(i))
            .collect()
    }

    /// Step `ply` (1 for the first) as a record.
    pub fn entry(&self, ply: usize) -> Option<Entry> {
        let p = self.plies.get(ply.checked_sub(1)?)?;
        let before = self.position_at(ply - 1)?;
        Some(match p.step {
            Step::Move(m) => Entry::Move(PlayedMove::with_san(before, m, p.san)),
            Step::Swap(choice) => Entry::Swap {
                color: before_swap_color(ply, self),
                choice,
            },
            Step::Null => Entry::Null {
                color: before.turn(),
            },
        })
    }

    /// The SAN of step `ply` (1 for the first): `--` for a null move, `""` for a swap.
    pub fn san_at(&self, ply: usize) -> &str {
        match self.plies.get(ply.wrapping_sub(1)) {
            Some(p) => p.san.as_str(),
            None => "",
        }
    }

    /// The Chess-9 swap of step `ply`, if it is a swap.
    pub fn swap_at(&self, ply: usize) -> Option<SwapChoice> {
        match self.plies.get(ply.wrapping_sub(1))?.step {
            Step::Swap(choice) => Some(choice),
            _ => None,
        }
    }

    /// The move of step `ply`, if it is a move.
    pub fn move_at(&self, ply: usize) -> Option<Move> {
        match self.plies.get(ply.wrapping_sub(1))?.step {
            Step::Move(m) => Some(m),
            _ => None,
        }
    }

    /// The plies of the swap phase (0, 1 or 2).
    pub fn swap_plies(&self) -> usize {
        self.plies
            .iter()
            .take_while(|p| matches!(p.step, Step::Swap(_)))
            .count()
    }

    /// Records a step: the position after it, counted for repetition once the swap phase
    /// is over.
    pub(super) fn push_step(&mut self, after: Position, step: Step, san: San) {
        let (mut seen, mut dead) = (0, false);
        if self.swap_pending.is_none() {
            seen = self.count(&after);
            dead = super::outcome::judge_dead(&after);
        }
        self.plies.push(Ply {
            after,
            step,
            san,
            seen,
            dead,
        });
    }

    /// How often `pos`, the position after the next step, has occurred, this time
    /// included (positions count once the swap phase is over): one more than its latest
    /// earlier occurrence, or 1. That occurrence is among the last `halfmoves` plies, as
    /// engines look for it: a position from before a capture or a pawn move never comes
    /// back (FIDE 9.2). Nothing to undo when a step is taken back.
    pub(super) fn count(&self, pos: &Position) -> u32 {
        let window = (pos.halfmoves() as usize).min(REPETITION_WINDOW);
        let earlier = self.plies.iter().rev().take(window);
        let start = (self.plies.len() < window).then_some((&self.start, self.start_seen));
        let key = pos.repetition_key();
        earlier
            .map(|p| (&p.after, p.seen))
            .chain(start)
            .find(|&(p, seen)| seen > 0 && p.board() == pos.board() && p.repetition_key() == key)
            .map_or(1, |(_, seen)| seen + 1)
    }

    /// Takes back the last move or swap, with its annotations.
    pub fn undo(&mut self) -> Option<Entry> {
        let e = self.entry(self.plies.len())?;
        self.take_back();
        Some(e)
    }

    /// [`Game::undo`] without making the record of the step taken back: whether there
    /// was one.
    pub fn take_back(&mut self) -> bool {
        let n = self.plies.len();
        let Some(p) = self.plies.pop() else {
            return false;
        };
        if let Some(notes) = self.take_notes(n) {
            self.variation_moves -= notes.variation_moves();
        }
        if let Step::Swap(_) = p.step {
            self.swap_pending = Some(before_swap_color(n, self));
        }
        if let Some((_, ply)) = self.outcome {
            if ply > self.plies.len() {
                self.outcome = None;
            }
        }
        if self.outcome.is_none() {
            // The move taken back was legal here: no need to look for one.
            self.update_outcome_with(matches!(p.step, Step::Move(_)));
        }
        true
    }

    /// How often the current position has occurred (0 in the swap phase).
    pub fn repetitions(&self) -> u32 {
        match self.plies.last() {
            Some(p) => p.seen,
            None => self.start_seen,
        }
    }
}

/// Who made swap `ply` (1 = Black's, 2 = White's).
fn before_swap_color(ply: usize, _game: &Game) -> Color {
    if ply == 1 {
        Color::Black
    } else {
        Color::White
    }
}
