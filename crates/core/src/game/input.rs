//! Reading moves: SAN, UCI and board input (`from`, `to`, promotion) by the castling
//! resolution rules, and the destinations a board offers.

use alloc::{borrow::ToOwned, vec::Vec};

use super::{Game, PlayError, PlayedMove};
use crate::bitboard::Bitboard;
use crate::movegen::MoveList;
use crate::position::{Move, MoveKind};
use crate::resolve::Resolution;
use crate::san::{Reading, SanError};
use crate::setup::SwapChoice;
use crate::square::{Role, Square};
use crate::uci::UciError;
use crate::{resolve, san, uci};

/// What a board input means in this game (castling resolution plus the Chess-9 swaps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Resolved(Resolution),
    Swap(SwapChoice),
}

impl Game {
    /// Plays SAN (strict) or UCI (either castling form), whichever the text is.
    pub fn play_text(&mut self, text: &str) -> Result<PlayedMove, PlayError> {
        self.play_text_quiet(text)?;
        self.last_played()
    }

    /// [`Game::play_text`] without returning the record (it is the last of
    /// [`Game::entries`]).
    pub fn play_text_quiet(&mut self, text: &str) -> Result<(), PlayError> {
        // In the swap phase the list is empty and `parse_move_in` refuses the text.
        let legal = self.legal_moves();
        let m = self.parse_move_in(text, &legal)?;
        self.push_move(m, &legal)
    }

    /// Plays `text` as chess.js's `move(text)` reads it ([`san::chessjs_move`]), and
    /// answers whether it did; nothing is played when chess.js would play nothing.
    pub fn play_chessjs(&mut self, text: &str, reading: Reading) -> Result<bool, PlayError> {
        // The moves to the text's last square first (and every castling move): the move
        // a SAN, a UCI or chess.js's usual permissive text names goes there, and the
        // moves beside it to the same square are all its SAN needs. Any text they do not
        // read is read against all the moves, as before: the answer is the same, and the
        // common case skips the rest of the list.
        if let Some(to) = last_square(text) {
            let mut legal = MoveList::default();
            self.push_legal_moves_to(to, &mut legal);
            if let Some((m, san)) = san::chessjs_read(self.position(), text, &legal, reading) {
                return self.push_move_san(m, &legal, san).map(|()| true);
            }
        }
        let legal = self.legal_moves();
        match san::chessjs_read(self.position(), text, &legal, reading) {
            Some((m, san)) => self.push_move_san(m, &legal, san).map(|()| true),
            None => Ok(false),
        }
    }

    /// The legal moves to `to` and every castling move (none in the swap phase), into
    /// `list`: enough to read a board input or a move's text that goes there, and to
    /// write its SAN. (Into the caller's list: a list returned is copied, 514 bytes.)
    fn push_legal_moves_to(&self, to: Square, list: &mut MoveList) {
        if self.swap_pending.is_none() {
            self.position()
                .push_legal_moves_to(Bitboard::from_square(to), list);
        }
    }

    /// The legal move `text` denotes here (SAN or UCI), without playing it.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        self.parse_move_in(text, &self.legal_moves())
    }

    /// [`Game::parse_move`] with the position's legal moves already generated.
    pub(super) fn parse_move_in(&self, text: &str, legal: &MoveList) -> Result<Move, PlayError> {
        if let Some(chooser) = self.swap_pending {
            return Err(PlayError::SwapPhase { chooser });
        }
        let t = text.trim();
        if t.is_empty() {
            return Err(PlayError::Empty);
        }
        let pos = self.position();
        let looks_uci = uci::parse_parts(t).is_some();
        // UCI is lowercase; text that starts with a capital is SAN first, because a piece
        // letter can read as a file: "B6b7" is a bishop move, not b6-b7.
        let uci_first = looks_uci && t.as_bytes().first().is_some_and(u8::is_ascii_lowercase);
        if uci_first {
            if let Ok(m) = uci::parse_uci(pos, t, legal) {
                return Ok(m);
            }
        }
        match san::parse_san(pos, t, legal) {
            Ok(m) => Ok(m),
            // Not SAN at all: upper-case UCI ("E2E4") is still read.
            Err(SanError::Syntax { .. }) if looks_uci => match uci::parse_uci(pos, t, legal) {
                Ok(m) if !uci_first => Ok(m),
                _ => Err(PlayError::Uci(UciError::Illegal { uci: t.to_owned() })),
            },
            Err(e) => Err(PlayError::San(e)),
        }
    }

    /// Plays a board input (`from`, `to`, optional promotion) by the resolution rules.
    pub fn play_input(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<PlayedMove, PlayError> {
        self.play_input_quiet(from, to, promotion)?;
        self.last_played()
    }

    /// [`Game::play_input`] without returning the record (it is the last of
    /// [`Game::entries`]). A promotion piece given for a move that is no promotion is
    /// ignored, as chess.js ignores it.
    pub fn play_input_quiet(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<(), PlayError> {
        if let Some(chooser) = self.swap_pending {
            return Err(PlayError::SwapPhase { chooser });
        }
        // Resolving the input looks at the moves to `to` and the castling moves; so does
        // the SAN.
        let mut legal = MoveList::default();
        self.push_legal_moves_to(to, &mut legal);
        let m = match resolve::resolve(&legal, from, to) {
            Resolution::Move(m) | Resolution::Castle(m) => Some(m),
            Resolution::Promotion(ms) => match promotion {
                None => return Err(PlayError::MissingPromotion { from, to }),
                p => ms.iter().copied().find(|m| m.promotion() == p),
            },
            Resolution::Ambiguous { .. } => return Err(PlayError::AmbiguousCastle { from, to }),
            Resolution::Illegal => None,
        };
        let Some(m) = m else {
            return Err(PlayError::Illegal { from, to });
        };
        self.push_move(m, &legal)
    }

    /// What a board input means now (SPEC §1 castling-input resolution; in the Chess-9
    /// swap phase, king onto the c-file bishop, queen onto the f-file bishop, or the king
    /// pressed in place).
    pub fn resolve(&self, from: Square, to: Square) -> Input {
        if let Some(color) = self.swap_pending {
            let r = color.back_rank() * 8;
            let sq = |f: u8| Square::from_index(r + f);
            return if from == sq(4) && to == sq(2) {
                Input::Swap(SwapChoice::King)
            } else if from == sq(3) && to == sq(5) {
                Input::Swap(SwapChoice::Queen)
            } else if from == sq(4) && to == sq(4) {
                Input::Swap(SwapChoice::None)
            } else {
                Input::Resolved(Resolution::Illegal)
            };
        }
        Input::Resolved(resolve::resolve(&self.legal_moves(), from, to))
    }

    /// Board inputs by origin square: every legal `to`, plus both castling inputs (king
    /// onto rook, king to g/c) and the rook's move of rook-only castling; in the swap
    /// phase the swap inputs.
    pub fn dests(&self) -> Vec<(Square, Bitboard)> {
        (0..64u8)
            .map(Square::from_index)
            .zip(self.dests_by_square())
            .filter(|(_, b)| b.any())
            .collect()
    }

    /// [`Game::dests`] as one destination set per origin square (a1 = 0), straight from
    /// the move generator's groups: no move list is built (boards call this per move).
    pub fn dests_by_square(&self) -> [Bitboard; 64] {
        use crate::movegen::GroupKind;
        let mut by_from = [Bitboard::EMPTY; 64];
        let mut add = |from: Square, to: Bitboard| {
            if let Some(b) = by_from.get_mut(from.index()) {
                *b |= to;
            }
        };
        if let Some(color) = self.swap_pending {
            let r = color.back_rank() * 8;
            let sq = |f: u8| Square::from_index(r + f);
            add(sq(4), Bitboard::from_square(sq(2)).with(sq(4)));
            add(sq(3), Bitboard::from_square(sq(5)));
            return by_from;
        }
        self.position()
            .visit_groups(Bitboard::FULL, &mut |g| match g.kind {
                GroupKind::PawnShift(delta) => {
                    for to in g.to {
                        let from = Square::from_index((to.u8() as i8).wrapping_sub(delta) as u8);
                        add(from, Bitboard::from_square(to));
                    }
                }
                GroupKind::Castle => {
                    for rook in g.to {
                        let m = Move::new(g.from, rook, MoveKind::Castle);
                        add(g.from, g.to);
                        if m.king_to() != m.from() {
                            add(g.from, Bitboard::from_square(m.king_to()));
                        } else if let Some(side) = m.castling_side() {
                            add(rook, Bitboard::from_square(side.rook_to(rook.rank())));
                        }
                    }
                }
                _ => add(g.from, g.to),
            });
        by_from
    }
}

/// The last square named in `text` (`f3` in `Nf3+`, `e4` in `e2e4`), if any.
fn last_square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    (1..b.len()).rev().find_map(|i| {
        let (file, rank) = (*b.get(i - 1)?, *b.get(i)?);
        Square::from_ascii(file, rank)
    })
}
