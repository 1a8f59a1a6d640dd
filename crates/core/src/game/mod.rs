//! A game: start position, variant, Chess-9 swap phase, history with undo, the outcome
//! (checkmate, stalemate, automatic threefold and fifty-move draws, insufficient
//! material and other dead positions, and results the caller records), its PGN tags and
//! its annotations.
//!
//! Every status query is O(1) however long the game: each ply stores how often its
//! position has occurred, counted once when the ply is played.
//!
//! One concern per file: this one holds the game (its start, its steps, playing and
//! undoing them); [`history`] the record of the steps and the repetition table;
//! [`input`] reading moves (SAN, UCI, board input) and the board's destinations;
//! [`outcome`] how the game ends; [`notes`] the PGN tags and annotations; [`edit`]
//! chess.js-style position editing; [`error`] why a call is refused.

use alloc::{string::String, vec::Vec};

use crate::castling::CastlingSide;
use crate::fen::{self, CastlingLetters, FenError};
use crate::headers::Headers;
use crate::movegen::MoveList;
use crate::position::{Move, Position};
use crate::san;
use crate::setup::{self, SetupError, SwapChoice};
use crate::square::{Color, Role, Square};
use crate::tree::Notes;
use crate::uci::{self, CastlingNotation};

mod edit;
mod error;
mod history;
mod input;
mod notes;
mod outcome;

pub use error::PlayError;
pub use history::{Entry, PlayedMove, San};
use history::{Ply, Step};
pub use input::Input;
pub use outcome::{has_mating_material, is_insufficient_material, Outcome, Reason};

/// The most steps (moves, swaps and null moves, variations' moves included) a game
/// holds: ten times the longest game the 75-move rule allows. A step costs ~120 bytes
/// (its ply and its share of the repetition table), so no game can take more than
/// ~25 MB; longer input is refused with an error.
pub const MAX_PLIES: usize = 200_000;

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

/// A game of standard chess, Chess960 or Chess-9.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    /// Position before any swap or move.
    start: Position,
    /// Whether `start` is a dead position (judged once; false in a swap phase).
    start_dead: bool,
    plies: Vec<Ply>,
    /// 1 when the start position was counted (0 in a Chess-9 swap phase).
    start_seen: u32,
    /// The side that must choose a Chess-9 swap next, if any.
    swap_pending: Option<Color>,
    outcome: Option<(Outcome, usize)>,
    headers: Headers,
    notation: Option<CastlingNotation>,
    /// Annotations by ply: 1 for the first move's, 0 for what stands before it.
    /// Sorted by ply (a record is read in order, so it is appended to).
    notes: Vec<(usize, Notes)>,
    /// Moves in the variations of `notes` (they count against [`MAX_PLIES`]).
    variation_moves: usize,
    /// chess.js's `clear()`: the empty board's `SetUp` and `FEN` tags are left out until
    /// the next edit.
    setup_hidden: bool,
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
            start_dead: swap_pending.is_none() && outcome::judge_dead(&start),
            plies: Vec::new(),
            start_seen: 0,
            swap_pending,
            outcome: None,
            headers: Headers::new(),
            notation: None,
            notes: Vec::new(),
            variation_moves: 0,
            setup_hidden: false,
        };
        if swap_pending.is_none() {
            g.start_seen = g.count(&start);
        }
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
    pub fn from_parsed(pos: Position) -> Game {
        Game::from_start(variant_of(&pos), pos, None)
    }

    /// Chess960 array `id` (0..=959). Id 518 is the standard array, still a Chess960
    /// game (castling written king onto rook).
    pub fn chess960(id: u16) -> Result<Game, SetupError> {
        Game::double_chess960(id, id)
    }

    /// A Chess960 game from a uniformly drawn array (the platform's secure random
    /// source, `crypto.getRandomValues` in a browser).
    pub fn chess960_random() -> Result<Game, SetupError> {
        Game::chess960(setup::random_id_secure()?)
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

    /// A game of `variant` from any start position (for records that name the variant
    /// beside a FEN, such as PGN's `Variant` and `FEN` tags). A Chess-9 game starts in
    /// its swap phase, Black to choose.
    pub fn from_position(variant: Variant, start: Position) -> Game {
        let swap_pending = (variant == Variant::Chess9).then_some(Color::Black);
        Game::from_start(variant, start, swap_pending)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.after)
    }

    /// The position before any swap or move.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the first `ply` steps (0: the start); `None` past the end.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        match ply {
            0 => Some(&self.start),
            n => self.plies.get(n - 1).map(|p| &p.after),
        }
    }

    /// How many steps (moves, swaps, null moves) the game has.
    pub fn ply_count(&self) -> usize {
        self.plies.len()
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
        self.check_room(1)?;
        let mut pos = *self.position();
        setup::apply_swap(&mut pos, color, choice);
        self.swap_pending = match color {
            Color::Black => Some(Color::White),
            Color::White => None,
        };
        self.push_step(pos, Step::Swap(choice), San::new(""));
        self.update_outcome();
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

    /// The legal moves (none in the swap phase).
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
        self.push_move(m, &legal)
    }

    /// The record of the move just played.
    fn last_played(&self) -> Result<PlayedMove, PlayError> {
        match self.entry(self.plies.len()) {
            Some(Entry::Move(pm)) => Ok(pm),
            // Not reached: called right after a move was pushed.
            _ => Err(PlayError::Empty),
        }
    }

    fn check_room(&self, steps: usize) -> Result<(), PlayError> {
        if self.plies.len() + self.variation_moves + steps > MAX_PLIES {
            return Err(PlayError::TooLong);
        }
        Ok(())
    }

    /// Plays `m`, which must be one of `legal`, the position's legal moves (the record's
    /// SAN is written against them).
    pub(crate) fn push_move(&mut self, m: Move, legal: &MoveList) -> Result<(), PlayError> {
        self.push_move_san(m, legal, None)
    }

    /// [`Game::push_move`] with the move's SAN, when it is known already.
    pub(crate) fn push_move_san(
        &mut self,
        m: Move,
        legal: &MoveList,
        san: Option<String>,
    ) -> Result<(), PlayError> {
        self.check_room(1)?;
        let pos = self.position();
        let san = San::new(&san.unwrap_or_else(|| san::to_san(pos, m, legal)));
        let after = pos.after(m);
        self.push_step(after, Step::Move(m), san);
        self.update_outcome();
        Ok(())
    }

    /// Room for `n` more plies read from a record: the plies grow once instead of
    /// doubling along the record.
    pub(crate) fn reserve_read(&mut self, n: usize) {
        self.plies.reserve(n);
    }

    /// Plays `m`, read from a record and checked legal there, with the position after
    /// it and its SAN as read against the legal moves; `movable`: the record's next move
    /// was found legal after it (so the position after it has a legal move). (The reader
    /// counts the record against [`MAX_PLIES`].)
    pub(crate) fn push_read(&mut self, m: Move, after: Position, san: San, movable: bool) {
        self.push_step(after, Step::Move(m), san);
        self.update_outcome_with(movable);
    }

    /// Plays a null move (`--`): the side to move passes. Refused in check and in the
    /// swap phase.
    pub fn play_null(&mut self) -> Result<(), PlayError> {
        if let Some(chooser) = self.swap_pending {
            return Err(PlayError::SwapPhase { chooser });
        }
        if self.is_check() {
            return Err(PlayError::NullInCheck);
        }
        self.check_room(1)?;
        let after = self.position().after_null();
        self.push_step(after, Step::Null, San::new("--"));
        self.update_outcome();
        Ok(())
    }

    pub fn fen(&self, letters: CastlingLetters) -> String {
        fen::to_fen(self.position(), letters)
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if self.swap_pending.is_some() {
            return if depth == 0 { 1 } else { 0 };
        }
        self.position().perft(depth)
    }
}

/// The variant a position's castling rights call for: Chess960 when a right's king or
/// rook is off its standard square.
pub(crate) fn variant_of(pos: &Position) -> Variant {
    for c in Color::ALL {
        let r = c.back_rank() * 8;
        for side in CastlingSide::ALL {
            if let Some(rook) = pos.castles().rook(c, side) {
                let std_rook = match side {
                    CastlingSide::KingSide => r + 7,
                    CastlingSide::QueenSide => r,
                };
                if pos.board().king(c) != Some(Square::from_index(r + 4))
                    || rook != Square::from_index(std_rook)
                {
                    return Variant::Chess960;
                }
            }
        }
    }
    Variant::Standard
}

/// The standard start position.
pub(crate) fn standard_start() -> Position {
    let r = setup::back_rank(setup::STANDARD_ID).unwrap_or([Role::Pawn; 8]);
    Position::from_back_ranks(r, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::MoveKind;
    use crate::square::Piece;

    #[test]
    fn status_is_counted_once_per_ply() {
        let mut g = Game::new();
        for _ in 0..3 {
            for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                g.play_text(m).unwrap();
            }
        }
        assert_eq!(g.repetitions(), 4);
        assert_eq!(g.outcome().unwrap().reason, Reason::ThreefoldRepetition);
        for _ in 0..4 {
            g.undo();
        }
        assert_eq!(g.repetitions(), 3);
        for _ in 0..4 {
            g.undo();
        }
        assert_eq!(g.repetitions(), 2);
        assert!(g.outcome().is_none());
    }

    /// Every ply's count against a recount over the whole game, through random play
    /// (mostly reversible moves, so positions repeat) and random undos, in games large
    /// enough to grow the table several times.
    #[test]
    fn repetition_counts_match_a_recount_through_play_and_undo() {
        let mut rand = crate::test_rng(0x9E37_79B9_7F4A_7C15);
        let recount = |g: &Game| {
            let key = g.position().repetition_key();
            let counted = |p: usize| match p {
                0 => g.start_seen > 0,
                p => g.plies[p - 1].seen > 0,
            };
            (0..=g.ply_count())
                .filter(|&p| counted(p) && g.position_at(p).unwrap().repetition_key() == key)
                .count() as u32
        };
        let mut most = 0;
        for round in 0..12 {
            let mut g = if round % 3 == 2 {
                let mut g = Game::chess9();
                g.swap(SwapChoice::King).unwrap();
                g
            } else {
                Game::chess960((round * 83) as u16).unwrap()
            };
            if g.swap_pending().is_some() {
                assert_eq!(g.repetitions(), 0);
                g.swap(SwapChoice::None).unwrap();
            }
            for _ in 0..700 {
                let legal = g.legal_moves();
                if g.swap_pending().is_some() {
                    g.swap(SwapChoice::ALL[rand(3)]).unwrap();
                } else if legal.is_empty() || rand(10) == 0 {
                    g.undo();
                } else {
                    let quiet: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|m| {
                            g.position().board().role_at(m.from()) != Some(Role::Pawn)
                                && g.position().board().role_at(m.to()).is_none()
                        })
                        .collect();
                    // Half the time the side to move takes back its last move (when it
                    // can): positions come back, three and more times.
                    let back = g
                        .move_at(g.ply_count().wrapping_sub(1))
                        .map(|m| Move::new(m.to(), m.from(), MoveKind::Normal))
                        .filter(|m| quiet.contains(m) && rand(2) == 0);
                    let m = match quiet.len() {
                        _ if back.is_some() => back.unwrap(),
                        0 => legal.as_slice()[rand(legal.len())],
                        n if rand(20) > 0 => quiet[rand(n)],
                        _ => legal.as_slice()[rand(legal.len())],
                    };
                    g.play(m).unwrap();
                }
                assert_eq!(
                    g.repetitions(),
                    recount(&g),
                    "round {round} at {}",
                    g.fen(CastlingLetters::XFen)
                );
                most = most.max(g.repetitions());
            }
        }
        assert!(most >= 5, "positions repeated (at most {most} times)");
    }

    #[test]
    fn annotate_sets_the_fields_given_keeps_variations_and_drops_empty_notes() {
        let mut g = crate::pgn::read("1. e4 (1. d4) e5 *").unwrap();
        g.annotate(1, Some(vec!["a".into()]), Some(vec![3]), Some(Some(5)))
            .unwrap();
        let n = g.notes(1).unwrap();
        assert_eq!(
            (n.comments.len(), n.nags.as_slice(), n.suffix),
            (1, &[3][..], Some(5))
        );
        assert_eq!(n.variations.len(), 1, "the variation stays");
        g.annotate(2, Some(vec!["b".into()]), None, None).unwrap();
        g.annotate(2, Some(Vec::new()), None, None).unwrap();
        assert!(g.notes(2).is_none(), "empty notes are dropped");
        assert_eq!(g.annotate(3, None, None, None), Err(PlayError::Empty));
    }

    #[test]
    fn san_keeps_at_most_15_bytes_cut_at_a_character_boundary() {
        assert_eq!(San::new("Nbxd7+").as_str(), "Nbxd7+");
        assert_eq!(San::new("abcdefghijklmnopq").as_str(), "abcdefghijklmno");
        assert_eq!(San::new(&"é".repeat(10)).as_str(), "é".repeat(7));
        assert_eq!(San::new("abcdefghijklmn𝄞").as_str(), "abcdefghijklmn");
    }

    #[test]
    fn chess9_swap_phase_positions_are_not_counted() {
        let mut g = Game::chess9();
        g.swap(SwapChoice::None).unwrap();
        g.swap(SwapChoice::None).unwrap();
        assert_eq!(g.repetitions(), 1);
        assert!(g.outcome().is_none());
    }

    #[test]
    fn null_moves_pass_the_turn() {
        let mut g = Game::new();
        g.play_text("e4").unwrap();
        g.play_null().unwrap();
        assert_eq!(
            g.fen(CastlingLetters::XFen),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
        );
        assert_eq!(g.san_at(2), "--");
        assert!(matches!(
            g.undo(),
            Some(Entry::Null {
                color: Color::Black
            })
        ));
        let mut c = Game::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1").unwrap();
        assert_eq!(c.play_null(), Err(PlayError::NullInCheck));
    }

    #[test]
    fn editing_drops_rights_whose_pieces_left() {
        let mut g = Game::new();
        assert_eq!(
            g.remove_piece(Square::parse("h1").unwrap()).map(|p| p.role),
            Some(Role::Rook)
        );
        assert_eq!(
            g.fen(CastlingLetters::XFen),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1"
        );
        assert!(!g.put(
            Piece {
                color: Color::White,
                role: Role::King
            },
            Square::parse("a3").unwrap()
        ));
        assert!(g.put(
            Piece {
                color: Color::White,
                role: Role::Rook
            },
            Square::parse("h1").unwrap()
        ));
        assert_eq!(
            g.fen(CastlingLetters::XFen),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1"
        );
        assert!(g.set_castling_rights(Color::White, Some(true), None));
        assert_eq!(g.fen(CastlingLetters::XFen), fen::STANDARD_FEN);
        g.remove_piece(Square::parse("e1").unwrap());
        assert!(!g.set_castling_rights(Color::White, Some(true), None));
        assert_eq!(
            g.fen(CastlingLetters::XFen),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"
        );
    }

    #[test]
    fn clear_leaves_out_setup_and_fen_until_the_next_edit() {
        let tags = |g: &Game| g.headers().into_iter().map(|(k, _)| k).collect::<Vec<_>>();
        let mut g = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        assert!(tags(&g).contains(&"FEN".to_owned()));
        g.clear_board();
        assert_eq!(tags(&g).len(), 7, "the roster only: {:?}", tags(&g));
        // Removing from an empty square is an edit for chess.js: the tags come back.
        assert_eq!(g.remove_piece(Square::parse("e4").unwrap()), None);
        assert_eq!(
            g.derived_tags(),
            [
                ("SetUp".to_owned(), "1".to_owned()),
                ("FEN".to_owned(), "8/8/8/8/8/8/8/8 w - - 0 1".to_owned())
            ]
        );
    }

    #[test]
    fn a_game_refuses_steps_past_its_limit() {
        let mut g = Game::new();
        // Shuffle knights; a cheap way to many plies.
        let mut n = 0;
        while g.play_text(["Nf3", "Nf6", "Ng1", "Ng8"][n % 4]).is_ok() {
            n += 1;
        }
        assert_eq!(g.ply_count(), MAX_PLIES);
        assert_eq!(g.play_text("Nf3"), Err(PlayError::TooLong));
    }
}
