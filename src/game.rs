//! A game: start position, variant, Chess-9 swap phase, history with undo, and the
//! outcome (checkmate, stalemate, automatic threefold and fifty-move draws, insufficient
//! material, and results the caller records).

#[allow(unused_imports)]
use crate::prelude::*;

use crate::bitboard::Bitboard;
use crate::fen::{self, FenError};
use crate::movegen::MoveList;
use crate::position::{Move, MoveKind, Position, RepetitionKey};
use crate::resolve::{self, Resolution};
use crate::san::{self, SanError};
use crate::setup::{self, SetupError, SwapChoice};
use crate::square::{Color, Role, Square};
use crate::text::{push_all, push_char, Push};
use crate::uci::{self, CastlingNotation, UciError};
use core::fmt;

/// Which game is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Standard,
    Chess960,
    Chess9,
}

impl Variant {
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Chess960 => "chess960",
            Variant::Chess9 => "chess9",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    Checkmate,
    Stalemate,
    ThreefoldRepetition,
    FiftyMoves,
    InsufficientMaterial,
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

/// A move as played, with what a record needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub mv: Move,
    pub color: Color,
    pub role: Role,
    pub captured: Option<Role>,
    pub san: String,
    /// The position before the move (for records: double pushes, UCI, FEN).
    pub before: Position,
}

impl PlayedMove {
    pub fn describe(pos: &Position, mv: Move, legal: &MoveList) -> PlayedMove {
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
            san: san::to_san(pos, mv, legal),
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
                Some(crate::castling::CastlingSide::KingSide) => 'k',
                _ => 'q',
            },
            _ => {
                let len = out.len();
                if self.captured.is_some() {
                    push_char(out, 'c');
                }
                if self.mv.promotion().is_some() {
                    push_char(out, 'p');
                }
                if self.role == Role::Pawn && self.mv.from().u8() ^ self.mv.to().u8() == 16 {
                    push_char(out, 'b');
                }
                if out.len() > len {
                    return;
                }
                'n'
            }
        };
        push_char(out, flag);
    }
}

/// One step of the game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    Swap { color: Color, choice: SwapChoice },
    Move(PlayedMove),
}

/// Why a call on a game was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Fen(FenError),
    Setup(SetupError),
    San(SanError),
    Uci(UciError),
    /// A board input that is not legal.
    Illegal {
        from: Square,
        to: Square,
    },
    /// King's trip that is both castling and a king step.
    AmbiguousCastle {
        from: Square,
        to: Square,
    },
    MissingPromotion {
        from: Square,
        to: Square,
    },
    BadSquare {
        found: String,
    },
    BadPromotion {
        found: String,
    },
    BadColor {
        found: String,
    },
    /// Moves before the Chess-9 swaps are done.
    SwapPhase {
        chooser: Color,
    },
    /// A swap outside the swap phase or not available.
    NoSwap,
    BadSwap {
        found: String,
    },
    Empty,
}

impl PlayError {
    /// The error as text (what `Display` writes).
    pub fn message(&self) -> String {
        cat!(self)
    }
}

impl Push for PlayError {
    fn push_to(&self, out: &mut String) {
        match self {
            PlayError::Fen(e) => e.push_to(out),
            PlayError::Setup(e) => e.push_to(out),
            PlayError::San(e) => e.push_to(out),
            PlayError::Uci(e) => e.push_to(out),
            PlayError::Illegal { from, to } => push_from_to(out, "illegal move ", *from, *to, ""),
            PlayError::AmbiguousCastle { from, to } => {
                push_from_to(
                    out,
                    "ambiguous move ",
                    *from,
                    *to,
                    ": it is both castling and a king move; play \"O-O\"/\"O-O-O\", the king onto its rook, or SAN \"K",
                );
                Push::push_to(to, out);
                push_char(out, '"');
            }
            PlayError::MissingPromotion { from, to } => push_from_to(
                out,
                "move ",
                *from,
                *to,
                " is a promotion: give promotion 'q', 'r', 'b' or 'n'",
            ),
            PlayError::BadSquare { found } => {
                push_all!(out; "invalid square '", found, "' (expected a1..h8)")
            }
            PlayError::BadPromotion { found } => push_all!(out;
                "invalid promotion '",
                found,
                "' (expected 'q', 'r', 'b' or 'n')"
            ),
            PlayError::BadColor { found } => {
                push_all!(out; "invalid colour '", found, "' (expected 'w' or 'b')")
            }
            PlayError::SwapPhase { chooser } => push_all!(out;
                "Chess-9 swap phase: ",
                chooser.name(),
                " must choose a swap first (king, queen or none)"
            ),
            PlayError::NoSwap => push_all!(out; "no Chess-9 swap is pending in this game"),
            PlayError::BadSwap { found } => push_all!(out;
                "invalid swap choice '",
                found,
                "' (expected 'king', 'queen' or 'none')"
            ),
            PlayError::Empty => push_all!(out; "empty move"),
        }
    }
}

/// Appends `<lead><from>-<to><tail>`.
fn push_from_to(out: &mut String, lead: &str, from: Square, to: Square, tail: &str) {
    lead.push_to(out);
    Push::push_to(&from, out);
    push_char(out, '-');
    Push::push_to(&to, out);
    tail.push_to(out);
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for PlayError {}

impl From<FenError> for PlayError {
    fn from(e: FenError) -> Self {
        PlayError::Fen(e)
    }
}
impl From<SetupError> for PlayError {
    fn from(e: SetupError) -> Self {
        PlayError::Setup(e)
    }
}

/// What a board input means in this game (castling resolution plus the Chess-9 swaps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Resolved(Resolution),
    Swap(SwapChoice),
}

/// A game of standard chess, Chess960 or Chess-9.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    /// Position before any swap or move.
    start: Position,
    /// `positions[i]` is the position after `entries[..i]`, with its repetition key.
    positions: Vec<(Position, RepetitionKey)>,
    entries: Vec<Entry>,
    /// The side that must choose a Chess-9 swap next, if any.
    swap_pending: Option<Color>,
    outcome: Option<(Outcome, usize)>,
    headers: Vec<(String, String)>,
    notation: Option<CastlingNotation>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    fn from_start(variant: Variant, start: Position, swap_pending: Option<Color>) -> Game {
        let mut g = Game {
            variant,
            start,
            positions: vec![(start, start.repetition_key())],
            entries: Vec::new(),
            swap_pending,
            outcome: None,
            headers: Vec::new(),
            notation: None,
        };
        g.update_outcome();
        g
    }

    /// Standard chess from the usual start.
    pub fn new() -> Game {
        Game::from_start(Variant::Standard, standard_start(), None)
    }

    /// Any position from FEN (standard, X-FEN or Shredder-FEN). The variant is
    /// `chess960` when the castling rights need it (king or rooks off their standard
    /// squares), otherwise `standard`.
    pub fn from_fen(text: &str) -> Result<Game, FenError> {
        Ok(Game::from_parsed(fen::parse(text)?))
    }

    /// [`Game::from_fen`] for a position already read.
    pub(crate) fn from_parsed(pos: Position) -> Game {
        Game::from_start(Self::variant_of(&pos), pos, None)
    }

    fn variant_of(pos: &Position) -> Variant {
        let std_rook = |c: Color, side: crate::castling::CastlingSide| {
            let r = c.back_rank() * 8;
            let (k, rook) = match side {
                crate::castling::CastlingSide::KingSide => (r + 4, r + 7),
                crate::castling::CastlingSide::QueenSide => (r + 4, r),
            };
            (Square::from_index(k), Square::from_index(rook))
        };
        for c in Color::ALL {
            for side in crate::castling::CastlingSide::ALL {
                if let Some(rook) = pos.castles().rook(c, side) {
                    let (k, r) = std_rook(c, side);
                    if pos.board().king(c) != Some(k) || rook != r {
                        return Variant::Chess960;
                    }
                }
            }
        }
        Variant::Standard
    }

    /// Chess960 array `id` (0..=959). Id 518 is the standard array, still a Chess960
    /// game (castling written king onto rook).
    pub fn chess960(id: u16) -> Result<Game, SetupError> {
        // The same array for both sides: one way to build both, less code in the wasm.
        Game::double_chess960(id, id)
    }

    /// Double Chess960: different arrays for White and Black.
    pub fn double_chess960(white: u16, black: u16) -> Result<Game, SetupError> {
        Ok(Game::from_start(
            Variant::Chess960,
            setup::double_chess960(white, black)?,
            None,
        ))
    }

    /// Chess-9: the standard array, Black to choose a swap first.
    pub fn chess9() -> Game {
        Game::from_start(Variant::Chess9, standard_start(), Some(Color::Black))
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().map_or(&self.start, |(p, _)| p)
    }
    /// The position before any swap or move.
    pub fn start(&self) -> &Position {
        &self.start
    }
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }
    /// The Scharnagl id of the start array when both sides share one of the 960.
    pub fn chess960_id(&self) -> Option<u16> {
        let w = self.start.back_rank_roles(Color::White)?;
        let b = self.start.back_rank_roles(Color::Black)?;
        if w != b {
            return None;
        }
        setup::id_of(&w)
    }

    pub fn turn(&self) -> Color {
        self.swap_pending.unwrap_or(self.position().turn())
    }
    pub fn swap_pending(&self) -> Option<Color> {
        self.swap_pending
    }
    pub fn swap_choices(&self) -> &'static [SwapChoice] {
        if self.swap_pending.is_some() {
            &SwapChoice::ALL
        } else {
            &[]
        }
    }

    /// Makes the pending Chess-9 swap choice.
    pub fn swap(&mut self, choice: SwapChoice) -> Result<Color, PlayError> {
        let Some(color) = self.swap_pending else {
            return Err(PlayError::NoSwap);
        };
        let mut pos = *self.position();
        setup::apply_swap(&mut pos, color, choice);
        self.push_step(pos, Entry::Swap { color, choice });
        self.swap_pending = match color {
            Color::Black => Some(Color::White),
            Color::White => None,
        };
        Ok(color)
    }

    pub fn notation(&self) -> CastlingNotation {
        self.notation.unwrap_or(match self.variant {
            Variant::Standard => CastlingNotation::KingToDestination,
            _ => CastlingNotation::KingOntoRook,
        })
    }
    /// `None` restores the variant's default.
    pub fn set_notation(&mut self, n: Option<CastlingNotation>) {
        self.notation = n;
    }

    /// The legal moves (none in the swap phase). Out of line on purpose: every call on
    /// the game that generates them (play, board input, resolve, records) shares this one
    /// copy of the generator's set-up instead of inlining it.
    #[inline(never)]
    pub fn legal_moves(&self) -> MoveList {
        if self.swap_pending.is_some() {
            return MoveList::default();
        }
        self.position().legal_moves()
    }

    pub fn uci(&self, m: Move) -> String {
        uci::to_uci(m, self.notation())
    }

    /// Plays a move, which must be legal here.
    pub fn play(&mut self, m: Move) -> Result<PlayedMove, PlayError> {
        self.play_quiet(m)?;
        self.last_played()
    }

    /// [`Game::play`] without returning the record (it is the last of
    /// [`Game::entries`]).
    pub fn play_quiet(&mut self, m: Move) -> Result<(), PlayError> {
        if let Some(chooser) = self.swap_pending {
            return Err(PlayError::SwapPhase { chooser });
        }
        let legal = self.legal_moves();
        if !legal.contains(m) {
            return Err(PlayError::Illegal {
                from: m.from(),
                to: m.king_to(),
            });
        }
        self.push_move(m, &legal);
        Ok(())
    }

    /// The record of the move just played.
    fn last_played(&self) -> Result<PlayedMove, PlayError> {
        match self.entries.last() {
            Some(Entry::Move(pm)) => Ok(pm.clone()),
            // Not reached: called right after a move was pushed.
            _ => Err(PlayError::Empty),
        }
    }

    /// Plays `m`, which must be one of `legal`, the position's legal moves (the record's
    /// SAN is written against them).
    pub(crate) fn push_move(&mut self, m: Move, legal: &MoveList) {
        let pos = self.position();
        let e = Entry::Move(PlayedMove::describe(pos, m, legal));
        self.push_step(pos.after(m), e);
        self.update_outcome();
    }

    /// Records a step: the position after it, its repetition key and the entry.
    #[inline(never)]
    fn push_step(&mut self, after: Position, e: Entry) {
        self.positions.push((after, after.repetition_key()));
        self.entries.push(e);
    }

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
        self.push_move(m, &legal);
        Ok(())
    }

    /// The legal move `text` denotes here (SAN or UCI), without playing it.
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        self.parse_move_in(text, &self.legal_moves())
    }

    /// [`Game::parse_move`] with the position's legal moves already generated.
    fn parse_move_in(&self, text: &str, legal: &MoveList) -> Result<Move, PlayError> {
        if let Some(chooser) = self.swap_pending {
            return Err(PlayError::SwapPhase { chooser });
        }
        let t = crate::text::trim(text);
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
                _ => Err(PlayError::Uci(UciError::Illegal {
                    uci: crate::text::owned(t),
                })),
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
    /// [`Game::entries`]).
    pub fn play_input_quiet(
        &mut self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<(), PlayError> {
        if let Some(chooser) = self.swap_pending {
            return Err(PlayError::SwapPhase { chooser });
        }
        let legal = self.legal_moves();
        let m = match resolve::resolve(&legal, from, to) {
            Resolution::Move(m) | Resolution::Castle(m) if promotion.is_none() => Some(m),
            Resolution::Promotion(ms) => match promotion {
                None => return Err(PlayError::MissingPromotion { from, to }),
                p => ms.iter().copied().find(|m| m.promotion() == p),
            },
            Resolution::Ambiguous { .. } => return Err(PlayError::AmbiguousCastle { from, to }),
            _ => None,
        };
        let Some(m) = m else {
            return Err(PlayError::Illegal { from, to });
        };
        self.push_move(m, &legal);
        Ok(())
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
        self.position().visit_groups(&mut |g| match g.kind {
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

    /// Takes back the last move or swap.
    pub fn undo(&mut self) -> Option<Entry> {
        let e = self.entries.pop()?;
        self.positions.pop();
        if let Entry::Swap { color, .. } = e {
            self.swap_pending = Some(color);
        }
        if let Some((_, ply)) = self.outcome {
            if ply > self.entries.len() {
                self.outcome = None;
            }
        }
        if self.outcome.is_none() {
            self.update_outcome();
        }
        Some(e)
    }

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
    fn repetitions(&self) -> usize {
        let Some((pos, key)) = self.positions.last() else {
            return 0;
        };
        let window = pos.halfmoves() as usize + 1;
        let recent = self.positions.len().saturating_sub(window);
        let steps = self.positions.get(recent..).unwrap_or_default();
        steps.iter().filter(|(_, k)| k == key).count()
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
    pub fn has_mating_material(&self, c: Color) -> bool {
        has_mating_material(self.position(), c)
    }

    fn update_outcome(&mut self) {
        if self.outcome.is_some() || self.swap_pending.is_some() {
            return;
        }
        let pos = self.position();
        let reason = if !pos.has_legal_moves() {
            if pos.is_check() {
                Some((Some(pos.turn().other()), Reason::Checkmate))
            } else {
                Some((None, Reason::Stalemate))
            }
        } else if is_insufficient_material(pos) {
            Some((None, Reason::InsufficientMaterial))
        } else if self.is_threefold_repetition() {
            Some((None, Reason::ThreefoldRepetition))
        } else if self.is_fifty_moves() {
            Some((None, Reason::FiftyMoves))
        } else {
            None
        };
        if let Some((winner, reason)) = reason {
            self.outcome = Some((Outcome { winner, reason }, self.entries.len()));
        }
    }

    /// Records a result decided off the board (first result stands).
    pub fn record(&mut self, o: Outcome) -> bool {
        if self.outcome.is_some() {
            return false;
        }
        self.outcome = Some((o, self.entries.len()));
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

    pub fn fen(&self, shredder: bool) -> String {
        fen::to_fen(self.position(), shredder)
    }
    pub fn perft(&self, depth: u32) -> u64 {
        if self.swap_pending.is_some() {
            return if depth == 0 { 1 } else { 0 };
        }
        self.position().perft(depth)
    }

    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
    pub fn set_header(&mut self, key: &str, value: &str) {
        let value = crate::text::owned(value);
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => *v = value,
            None => self.headers.push((crate::text::owned(key), value)),
        }
    }
    pub fn remove_header(&mut self, key: &str) {
        self.headers.retain(|(k, _)| k != key);
    }

    /// A game of `variant` from any start position (for records that name the variant
    /// beside a FEN, such as PGN's `Variant` and `FEN` tags). A Chess-9 game starts in
    /// its swap phase, Black to choose.
    pub fn from_position(variant: Variant, start: Position) -> Game {
        let swap_pending = (variant == Variant::Chess9).then_some(Color::Black);
        Game::from_start(variant, start, swap_pending)
    }
}

/// The standard start position.
pub(crate) fn standard_start() -> Position {
    let r = setup::back_rank(setup::STANDARD_ID).unwrap_or([Role::Pawn; 8]);
    Position::from_back_ranks(r, r)
}

/// Dead position by material: K v K, K+minor v K, or only bishops, all on one colour.
pub fn is_insufficient_material(pos: &Position) -> bool {
    let b = pos.board();
    if (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen)).any() {
        return false;
    }
    let minors = b.by_role(Role::Knight) | b.by_role(Role::Bishop);
    if minors.count() <= 1 {
        return true;
    }
    let bishops = b.by_role(Role::Bishop);
    b.by_role(Role::Knight).is_empty()
        && ((bishops & crate::bitboard::Bitboard::LIGHT).is_empty()
            || (bishops & crate::bitboard::Bitboard::DARK).is_empty())
}

/// Whether `c` could still deliver mate by any sequence of legal moves, judged by
/// material (as lichess does for timeouts): a lone king cannot; a lone knight mates only
/// if the opponent has something besides king and queens to block with; bishops of one
/// colour need an opposing knight, pawn or bishop of the other colour.
pub fn has_mating_material(pos: &Position, c: Color) -> bool {
    let b = pos.board();
    let ours = b.by_color(c);
    let theirs = b.by_color(c.other());
    if (ours & (b.by_role(Role::Pawn) | b.by_role(Role::Rook) | b.by_role(Role::Queen))).any() {
        return true;
    }
    let knights = ours & b.by_role(Role::Knight);
    let bishops = ours & b.by_role(Role::Bishop);
    use crate::bitboard::Bitboard;
    match (knights.count(), bishops.count()) {
        (0, 0) => false,
        (1, 0) => (theirs
            & (b.by_role(Role::Pawn)
                | b.by_role(Role::Knight)
                | b.by_role(Role::Bishop)
                | b.by_role(Role::Rook)))
        .any(),
        (0, _) => {
            let light = (bishops & Bitboard::LIGHT).any();
            let dark = (bishops & Bitboard::DARK).any();
            if light && dark {
                return true;
            }
            let their_bishops = theirs & b.by_role(Role::Bishop);
            let other_colour = if light {
                Bitboard::DARK
            } else {
                Bitboard::LIGHT
            };
            (theirs & (b.by_role(Role::Pawn) | b.by_role(Role::Knight))).any()
                || (their_bishops & other_colour).any()
        }
        _ => true,
    }
}
