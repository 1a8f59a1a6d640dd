//! A game: start position, variant, Chess-9 swap phase, history with undo, the outcome
//! (checkmate, stalemate, automatic threefold and fifty-move draws, insufficient
//! material and other dead positions, and results the caller records), its PGN tags and
//! its annotations.
//!
//! Every status query is O(1) however long the game: each ply stores how often its
//! position has occurred, counted once when the ply is played.

use crate::bitboard::Bitboard;
use crate::castling::{self, CastlingSide};
use crate::fen::{self, FenError};
use crate::headers::{HeaderError, Headers};
use crate::movegen::MoveList;
use crate::position::{Board, Move, MoveKind, Position};
use crate::resolve::{self, Resolution};
use crate::san::{self, SanError};
use crate::setup::{self, SetupError, SwapChoice};
use crate::square::{Color, Piece, Role, Square};
use crate::text::{owned, push_char, Push};
use crate::tree::Notes;
use crate::uci::{self, CastlingNotation, UciError};

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
        // SAFETY: `new` copied the bytes of a `str` up to a character boundary, so they
        // are UTF-8. (Checking them again, `str::from_utf8`, cost ~500 B of gzipped wasm.)
        unsafe { core::str::from_utf8_unchecked(b) }
    }
}

impl core::fmt::Debug for San {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
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
    pub san: String,
    /// The position before the move (for records: double pushes, UCI, FEN).
    pub before: Position,
}

impl PlayedMove {
    pub fn describe(pos: &Position, mv: Move, legal: &MoveList) -> PlayedMove {
        PlayedMove::with_san(pos, mv, san::to_san(pos, mv, legal))
    }

    /// The record of `mv` from `pos` whose SAN is already known.
    pub fn with_san(pos: &Position, mv: Move, san: String) -> PlayedMove {
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
                    push_char(out, 'c');
                } else if self.mv.promotion().is_some() {
                    // chess.js: a promotion that captures nothing is also a normal move ("np").
                    push_char(out, 'n');
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
enum Step {
    Move(Move),
    Swap(SwapChoice),
    Null,
}

/// A step of the game as stored: what was played and the position after it.
#[derive(Clone, Debug)]
struct Ply {
    after: Position,
    step: Step,
    san: San,
    /// How often `after` has occurred in the game up to here, this time included; 0 in
    /// the swap phase (positions before the first move are not counted).
    seen: u32,
    /// The high half of `after`'s key hash ([`crate::position::RepetitionKey::hash64`]):
    /// its bucket, and a filter that passes over the other positions there without
    /// building their keys.
    fingerprint: u32,
    /// The previous counted position in the same bucket of [`Game::buckets`].
    link: u32,
    /// Whether `after` is a dead position, judged once when the ply is played.
    dead: bool,
}

/// Why a call on a game was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Fen(FenError),
    Setup(SetupError),
    San(SanError),
    Uci(UciError),
    Header(HeaderError),
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
    /// A null move while in check.
    NullInCheck,
    /// The game holds [`MAX_PLIES`] steps already.
    TooLong,
}

crate::text::error_messages!(PlayError, e, out => match e {
    PlayError::Fen(e) => e.push_to(out),
    PlayError::Setup(e) => e.push_to(out),
    PlayError::San(e) => e.push_to(out),
    PlayError::Uci(e) => e.push_to(out),
    PlayError::Header(e) => e.push_to(out),
    PlayError::Illegal { from, to } => push_all!(out; "illegal move ", from, "-", to),
    PlayError::AmbiguousCastle { from, to } => push_all!(out;
        "ambiguous move ", from, "-", to,
        ": it is both castling and a king move; play \"O-O\"/\"O-O-O\", the king onto its rook, or SAN \"K",
        to, "\""
    ),
    PlayError::MissingPromotion { from, to } => push_all!(out;
        "move ", from, "-", to, " is a promotion: give promotion 'q', 'r', 'b' or 'n'"
    ),
    PlayError::BadSquare { found } => {
        push_all!(out; "invalid square '", found, "' (expected a1..h8)")
    }
    PlayError::BadPromotion { found } => {
        push_all!(out; "invalid promotion '", found, "' (expected 'q', 'r', 'b' or 'n')")
    }
    PlayError::BadColor { found } => {
        push_all!(out; "invalid colour '", found, "' (expected 'w' or 'b')")
    }
    PlayError::SwapPhase { chooser } => push_all!(out;
        "Chess-9 swap phase: ", chooser.name(), " must choose a swap first (king, queen or none)"
    ),
    PlayError::NoSwap => push_all!(out; "no Chess-9 swap is pending in this game"),
    PlayError::BadSwap { found } => push_all!(out;
        "invalid swap choice '", found, "' (expected 'king', 'queen' or 'none')"
    ),
    PlayError::Empty => push_all!(out; "empty move"),
    PlayError::NullInCheck => push_all!(out; "a null move is not allowed when in check"),
    PlayError::TooLong => push_all!(out;
        "the game is too long: at most ", MAX_PLIES, " moves (plies) are kept"
    ),
});

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
impl From<HeaderError> for PlayError {
    fn from(e: HeaderError) -> Self {
        PlayError::Header(e)
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
    /// Whether `start` is a dead position (judged once; false in a swap phase).
    start_dead: bool,
    plies: Vec<Ply>,
    /// Repetition counts, as a hash table threaded through the plies: each bucket (by the
    /// fingerprint's low bits; a power of two of them) holds the latest counted position
    /// that falls in it, and each position links to the one before it in its bucket
    /// (entries are position numbers + 1, the start being position 0; 0 ends a list).
    /// A position's latest occurrence is so the first match in its bucket; undo only
    /// ever takes back the last ply, which just unlinks it. No hash map: hashbrown cost
    /// ~2 KB of gzipped wasm here. Counting over the whole game is exact for repetition
    /// (FIDE 9.2): a position from before a capture or pawn move never comes back.
    buckets: Vec<u32>,
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
            start_dead: swap_pending.is_none() && crate::unwinnable::is_dead_position(&start),
            plies: Vec::new(),
            buckets: Vec::new(),
            start_seen: 0,
            swap_pending,
            outcome: None,
            headers: Headers::new(),
            notation: None,
            notes: Vec::new(),
            variation_moves: 0,
        };
        if swap_pending.is_none() {
            g.start_seen = g.count(&start, 0).0;
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
            Step::Move(m) => {
                Entry::Move(PlayedMove::with_san(before, m, p.san.as_str().to_owned()))
            }
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
        self.check_room(1)?;
        let pos = self.position();
        let san = San::new(&san::to_san(pos, m, legal));
        let after = pos.after(m);
        self.push_step(after, Step::Move(m), san);
        self.update_outcome();
        Ok(())
    }

    /// Plays `m`, read from a record and checked legal there, with its SAN as read
    /// against the legal moves. (The reader counts the record against [`MAX_PLIES`].)
    pub(crate) fn push_read(&mut self, m: Move, san: &str) {
        let after = self.position().after(m);
        self.push_step(after, Step::Move(m), San::new(san));
        self.update_outcome();
    }

    /// Sets the annotations of a ply as read (plies come in order: appended).
    pub(crate) fn set_read_notes(&mut self, ply: usize, notes: Notes) {
        if notes.is_empty() {
            return;
        }
        self.variation_moves += notes.variation_moves();
        let at = self.notes.partition_point(|(k, _)| *k < ply);
        self.notes.insert(at, (ply, notes));
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

    /// Records a step: the position after it, counted for repetition once the swap phase
    /// is over.
    fn push_step(&mut self, after: Position, step: Step, san: San) {
        let (mut seen, mut fingerprint, mut link, mut dead) = (0, 0, 0, false);
        if self.swap_pending.is_none() {
            (seen, fingerprint, link) = self.count(&after, self.plies.len() + 1);
            dead = crate::unwinnable::is_dead_position(&after);
        }
        self.plies.push(Ply {
            after,
            step,
            san,
            seen,
            fingerprint,
            link,
            dead,
        });
    }

    /// Counts an occurrence of `pos`, about to become position `at` (0: the start; the
    /// positions before it are in the table): links it into its bucket. Returns how
    /// often it has occurred (this time included), its fingerprint and its link.
    fn count(&mut self, pos: &Position, at: usize) -> (u32, u32, u32) {
        if at >= self.buckets.len() {
            self.rebuild_buckets(2 * at.max(8));
        }
        let key = pos.repetition_key();
        let fingerprint = (key.hash64() >> 32) as u32;
        let bucket = self.bucket(fingerprint);
        let link = self.buckets.get(bucket).copied().unwrap_or(0);
        // The latest earlier occurrence, if any, is the first match from the head.
        let mut seen = 1;
        let mut next = link;
        while let Some(p) = (next as usize).checked_sub(1) {
            let (prev_fingerprint, prev_link, prev_seen) = self.entry_of(p);
            if prev_fingerprint == fingerprint
                && self.position_at(p).map(Position::repetition_key) == Some(key)
            {
                seen = prev_seen + 1;
                break;
            }
            next = prev_link;
        }
        if let Some(b) = self.buckets.get_mut(bucket) {
            *b = at as u32 + 1;
        }
        (seen, fingerprint, link)
    }

    /// The bucket of a fingerprint.
    fn bucket(&self, fingerprint: u32) -> usize {
        fingerprint as usize & self.buckets.len().wrapping_sub(1)
    }

    fn start_fingerprint(&self) -> u32 {
        (self.start.repetition_key().hash64() >> 32) as u32
    }

    /// Position `p`'s fingerprint, link and count (the start's from its key).
    fn entry_of(&self, p: usize) -> (u32, u32, u32) {
        match p.checked_sub(1).and_then(|i| self.plies.get(i)) {
            Some(ply) => (ply.fingerprint, ply.link, ply.seen),
            None => (self.start_fingerprint(), 0, 1),
        }
    }

    /// Grows the table to `n` buckets (a power of two) and links every counted position
    /// again, oldest first.
    fn rebuild_buckets(&mut self, n: usize) {
        self.buckets = vec![0; n.next_power_of_two()];
        if self.start_seen > 0 {
            let b = self.bucket(self.start_fingerprint());
            if let Some(head) = self.buckets.get_mut(b) {
                *head = 1;
            }
        }
        let mask = self.buckets.len() - 1;
        for (i, ply) in self.plies.iter_mut().enumerate() {
            if ply.seen > 0 {
                if let Some(head) = self.buckets.get_mut(ply.fingerprint as usize & mask) {
                    ply.link = *head;
                    *head = i as u32 + 2;
                }
            }
        }
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
        self.push_move(m, &legal)
    }

    /// chess.js's common move readings in one step: plays `text` when it is exactly a
    /// legal move's SAN, decorations aside (with `uci`: when it is a legal move's UCI),
    /// and answers whether it did. Anything else is left to the caller's slower reading.
    pub fn play_exact_quiet(&mut self, text: &str, uci: bool) -> Result<bool, PlayError> {
        let legal = self.legal_moves();
        let pos = *self.position();
        if uci {
            return match crate::uci::parse_uci(&pos, text, &legal) {
                Ok(m) => self.push_move(m, &legal).map(|()| true),
                Err(_) => Ok(false),
            };
        }
        let Ok(m) = san::parse_san(&pos, text, &legal) else {
            return Ok(false);
        };
        let s = san::to_san(&pos, m, &legal);
        if !san::same_san(&s, text) {
            return Ok(false);
        }
        self.check_room(1)?;
        self.push_step(pos.after(m), Step::Move(m), San::new(&s));
        self.update_outcome();
        Ok(true)
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
        let legal = self.legal_moves();
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

    /// Takes back the last move or swap, with its annotations.
    pub fn undo(&mut self) -> Option<Entry> {
        let n = self.plies.len();
        let e = self.entry(n)?;
        let p = self.plies.pop()?;
        if p.seen > 0 {
            // It heads its bucket: the bucket goes back to what came before it.
            let b = self.bucket(p.fingerprint);
            if let Some(head) = self.buckets.get_mut(b) {
                *head = p.link;
            }
        }
        if let Some(notes) = self.take_notes(n) {
            self.variation_moves -= notes.variation_moves();
        }
        if let Entry::Swap { color, .. } = e {
            self.swap_pending = Some(color);
        }
        if let Some((_, ply)) = self.outcome {
            if ply > self.plies.len() {
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
    /// How often the current position has occurred (0 in the swap phase).
    pub fn repetitions(&self) -> u32 {
        match self.plies.last() {
            Some(p) => p.seen,
            None => self.start_seen,
        }
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
    fn board_result(&self) -> Option<Outcome> {
        if self.swap_pending.is_some() {
            return None;
        }
        let pos = self.position();
        let (winner, reason) = if !pos.has_legal_moves() {
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

    fn update_outcome(&mut self) {
        if self.outcome.is_some() {
            return;
        }
        if let Some(o) = self.board_result() {
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
    /// `Termination` tag `termination`: the record's own ending stands (SPEC §1). A
    /// decided record ends as its last position says (a mate after an unclaimed
    /// repetition is a mate), else by the result it states (on time when the
    /// termination says so, else resignation or agreement); an undecided one (`*`)
    /// keeps the automatic result.
    pub(crate) fn conclude_record(&mut self, result: &str, termination: &str) {
        let winner = match result {
            "1-0" => Some(Color::White),
            "0-1" => Some(Color::Black),
            "1/2-1/2" => None,
            _ => return,
        };
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

    pub fn fen(&self, shredder: bool) -> String {
        fen::to_fen(self.position(), shredder)
    }
    pub fn perft(&self, depth: u32) -> u64 {
        if self.swap_pending.is_some() {
            return if depth == 0 { 1 } else { 0 };
        }
        self.position().perft(depth)
    }

    // -----------------------------------------------------------------------------------
    // Tags

    /// The tags set on the game (derived tags aside).
    pub fn tags(&self) -> &Headers {
        &self.headers
    }
    pub(crate) fn tags_mut(&mut self) -> &mut Headers {
        &mut self.headers
    }
    /// Every tag with a value, in order, the derived ones (`Variant`, `SetUp`, `FEN`,
    /// `Chess9Swaps`) where they belong: what `pgn()` writes.
    pub fn headers(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (i, (k, v)) in self.headers.slots().into_iter().enumerate() {
            if i == crate::headers::SETUP_INDEX {
                self.push_derived_tags(&mut out);
            }
            if let Some(v) = v {
                push_tag(&mut out, k, owned(v));
            }
        }
        out
    }
    /// The tags the game's start decides.
    pub fn derived_tags(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        self.push_derived_tags(&mut out);
        out
    }
    fn push_derived_tags(&self, out: &mut Vec<(String, String)>) {
        match self.variant {
            Variant::Standard => {}
            Variant::Chess960 => push_tag(out, "Variant", owned("Chess960")),
            Variant::Chess9 => push_tag(out, "Variant", owned("Chess-9")),
        }
        // The start's en passant square as kept, as chess.js writes the FEN it was given.
        let start = fen::to_fen_forced_ep(&self.start);
        if start != fen::STANDARD_FEN {
            push_tag(out, "SetUp", owned("1"));
            push_tag(out, "FEN", start);
        }
        if self.variant == Variant::Chess9 {
            // The swaps are the first plies: Black's, then White's.
            let mut swaps = String::new();
            for (i, p) in self.plies.iter().take(2).enumerate() {
                if let Step::Swap(choice) = p.step {
                    let color = if i == 0 { "black:" } else { " white:" };
                    crate::text::push_all!(&mut swaps; color, choice.name());
                }
            }
            push_tag(out, crate::pgn::CHESS9_SWAPS_TAG, swaps);
        }
    }
    /// A tag's value (exact case; the roster's defaults included); derived tags are
    /// answered by [`Game::headers`].
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers.get(key)
    }
    /// Sets a tag. Refuses names and values PGN cannot write, and the derived tags.
    pub fn set_header(&mut self, key: &str, value: &str) -> Result<(), HeaderError> {
        self.headers.set(key, value)
    }
    /// Removes a tag (chess.js's `removeHeader`: a roster tag goes back to its default).
    pub fn remove_header(&mut self, key: &str) -> bool {
        self.headers.remove(key)
    }
    /// Forgets every tag set (the roster goes back to its defaults).
    pub fn clear_headers(&mut self) {
        self.headers = Headers::new();
    }

    // -----------------------------------------------------------------------------------
    // Annotations

    /// The annotations of ply `ply` (0: before the first move).
    pub fn notes(&self, ply: usize) -> Option<&Notes> {
        let i = self.notes.binary_search_by_key(&ply, |(k, _)| *k).ok()?;
        self.notes.get(i).map(|(_, n)| n)
    }
    fn take_notes(&mut self, ply: usize) -> Option<Notes> {
        let i = self.notes.binary_search_by_key(&ply, |(k, _)| *k).ok()?;
        Some(self.notes.remove(i).1)
    }
    /// Every annotated ply with its annotations, in order.
    pub fn all_notes(&self) -> impl Iterator<Item = (usize, &Notes)> {
        self.notes.iter().map(|(k, v)| (*k, v))
    }
    /// Changes the annotations of ply `ply` (0..=plies); an empty result is dropped.
    /// Refused past the end, or when the variations would exceed [`MAX_PLIES`].
    /// Takes `&mut dyn FnMut`, not a generic: one copy of this function instead of one
    /// per caller (ten of them, ~700 B of wasm each).
    pub fn edit_notes(
        &mut self,
        ply: usize,
        f: &mut dyn FnMut(&mut Notes),
    ) -> Result<(), PlayError> {
        if ply > self.plies.len() {
            return Err(PlayError::Empty);
        }
        let at = self.notes.partition_point(|(k, _)| *k < ply);
        let mut notes = match self.notes.get(at) {
            Some((k, n)) if *k == ply => n.clone(),
            _ => Notes::default(),
        };
        let before = notes.variation_moves();
        f(&mut notes);
        let total = self.variation_moves - before + notes.variation_moves();
        if self.plies.len() + total > MAX_PLIES {
            // The stored notes are untouched: the call is refused as a whole.
            return Err(PlayError::TooLong);
        }
        self.variation_moves = total;
        let present = self.notes.get(at).is_some_and(|(k, _)| *k == ply);
        match (present, notes.is_empty()) {
            (true, true) => {
                self.notes.remove(at);
            }
            (true, false) => {
                if let Some(slot) = self.notes.get_mut(at) {
                    slot.1 = notes;
                }
            }
            (false, false) => self.notes.insert(at, (ply, notes)),
            (false, true) => {}
        }
        Ok(())
    }
    /// Sets the comments, NAGs and assessment (suffix NAG) of ply `ply` (0..=plies), each
    /// when given; its variations stay as they are, so no limit applies and no copy is
    /// made (as [`Game::edit_notes`] makes). Refused past the end.
    pub fn annotate(
        &mut self,
        ply: usize,
        comments: Option<Vec<String>>,
        nags: Option<Vec<u8>>,
        suffix: Option<Option<u8>>,
    ) -> Result<(), PlayError> {
        if ply > self.plies.len() {
            return Err(PlayError::Empty);
        }
        let at = self.notes.partition_point(|(k, _)| *k < ply);
        if self.notes.get(at).is_none_or(|(k, _)| *k != ply) {
            self.notes.insert(at, (ply, Notes::default()));
        }
        let Some((_, n)) = self.notes.get_mut(at) else {
            return Ok(());
        };
        if let Some(c) = comments {
            n.comments = c;
        }
        if let Some(v) = nags {
            n.nags = v;
        }
        if let Some(x) = suffix {
            n.suffix = x;
        }
        if n.is_empty() {
            self.notes.remove(at);
        }
        Ok(())
    }
    /// Removes every annotation (comments, NAGs, variations).
    pub fn clear_notes(&mut self) {
        self.notes.clear();
        self.variation_moves = 0;
    }

    // -----------------------------------------------------------------------------------
    // Position editing

    /// Replaces the game by one that starts from `pos` (the history and annotations
    /// go; the tags stay). A Chess-9 game becomes a Chess960 one (its swaps are over);
    /// the others keep their variant.
    pub fn reset_to(&mut self, pos: Position) {
        let variant = match self.variant {
            Variant::Standard => Variant::Standard,
            _ => Variant::Chess960,
        };
        let headers = core::mem::take(&mut self.headers);
        let notation = self.notation;
        *self = Game::from_start(variant, pos, None);
        self.headers = headers;
        self.notation = notation;
    }

    /// chess.js's `put`: places `piece` on `sq`, unless it is a second king of its colour.
    /// Castling rights whose king or rook left its square go, as does an en passant
    /// square that no longer makes sense. Returns whether the piece was placed.
    pub fn put(&mut self, piece: Piece, sq: Square) -> bool {
        let pos = *self.position();
        if piece.role == Role::King {
            if let Some(k) = pos.board.king(piece.color) {
                if k != sq {
                    return false;
                }
            }
        }
        let mut edited = pos;
        edited.board.put(sq, piece);
        self.edited(&pos, edited);
        true
    }

    /// chess.js's `remove`: the piece that stood on `sq`, if any.
    pub fn remove_piece(&mut self, sq: Square) -> Option<Piece> {
        let pos = *self.position();
        let piece = pos.board.piece_at(sq);
        // An empty square too is an edit for chess.js: it forgets the en passant square.
        if piece.is_some() || pos.ep.is_some() {
            let mut edited = pos;
            edited.board.remove(sq);
            self.edited(&pos, edited);
        }
        piece
    }

    /// chess.js's `clear`: an empty board, White to move, move 1.
    pub fn clear_board(&mut self) {
        let empty = Position::from_parts(
            Board::empty(),
            Color::White,
            castling::Castles::NONE,
            None,
            0,
            1,
        );
        self.reset_to(empty);
    }

    /// chess.js's `setCastlingRights`: grants (`Some(true)`) or takes away
    /// (`Some(false)`) each wing's right of `color`; a right whose king and rook are not
    /// in place is not granted. Returns whether the rights are now as asked.
    pub fn set_castling_rights(
        &mut self,
        color: Color,
        king_side: Option<bool>,
        queen_side: Option<bool>,
    ) -> bool {
        let pos = *self.position();
        let mut edited = pos;
        for (side, want) in [
            (CastlingSide::KingSide, king_side),
            (CastlingSide::QueenSide, queen_side),
        ] {
            match want {
                Some(true) => {
                    let rook = self.castling_rook(&pos.board, color, side);
                    edited.castles.set(color, side, rook);
                }
                Some(false) => edited.castles.set(color, side, None),
                None => {}
            }
        }
        if edited.castles != pos.castles {
            self.reset_to(edited);
        }
        let now = self.position().castles;
        [
            (CastlingSide::KingSide, king_side),
            (CastlingSide::QueenSide, queen_side),
        ]
        .into_iter()
        .all(|(side, want)| want.is_none_or(|w| now.rook(color, side).is_some() == w))
    }

    /// The rook a newly granted right of `color` on `side` castles with: in standard
    /// chess the corner rook with the king on e1/e8 (chess.js's rule), in Chess960 the
    /// outermost rook on that side of a king on its back rank.
    fn castling_rook(&self, board: &Board, color: Color, side: CastlingSide) -> Option<Square> {
        let r = color.back_rank() * 8;
        if self.variant == Variant::Standard {
            let king = Square::from_index(r + 4);
            let rook = Square::from_index(r + if side == CastlingSide::KingSide { 7 } else { 0 });
            let ok = board.pieces(color, Role::King).contains(king)
                && board.pieces(color, Role::Rook).contains(rook);
            ok.then_some(rook)
        } else {
            castling::outermost_rook(board, color, side)
        }
    }

    /// The game after an edit of the current position `before` into `edited`: castling
    /// rights and en passant made consistent, then the edited position becomes the start.
    fn edited(&mut self, before: &Position, mut edited: Position) {
        for color in Color::ALL {
            let king_moved = before.board.king(color) != edited.board.king(color)
                || edited.board.pieces(color, Role::King).count() != 1;
            for side in CastlingSide::ALL {
                if let Some(rook) = edited.castles.rook(color, side) {
                    let standard_ok = self.variant != Variant::Standard
                        || self.castling_rook(&edited.board, color, side) == Some(rook);
                    if king_moved
                        || !edited.board.pieces(color, Role::Rook).contains(rook)
                        || !standard_ok
                    {
                        edited.castles.set(color, side, None);
                    }
                }
            }
        }
        // chess.js forgets the en passant square on every put and remove (its check of the
        // squares around it never passes): so do we.
        edited.ep = None;
        self.reset_to(edited);
    }
}

/// Appends the tag `key` with `value` (one out-of-line copy of the key instead of an
/// inlined one per tag).
#[inline(never)]
fn push_tag(out: &mut Vec<(String, String)>, key: &str, value: String) {
    out.push((owned(key), value));
}

/// Whether a `Termination` tag says the game ended on time ("time forfeit", "Time").
fn mentions_time(termination: &str) -> bool {
    // By bytes: `str::contains` with a text pattern brings a 2 KB searcher into the wasm.
    termination
        .as_bytes()
        .windows(4)
        .any(|w| w.eq_ignore_ascii_case(b"time"))
}

/// Who made swap `ply` (1 = Black's, 2 = White's).
fn before_swap_color(ply: usize, _game: &Game) -> Color {
    if ply == 1 {
        Color::Black
    } else {
        Color::White
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

/// Insufficient material in chess.js's sense: K v K, K+minor v K, or only bishops, all on
/// one colour. Every such position is dead ([`crate::unwinnable::is_dead_position`]).
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
        && ((bishops & Bitboard::LIGHT).is_empty() || (bishops & Bitboard::DARK).is_empty())
}

/// Whether `c` can mate by some series of legal moves: [`crate::unwinnable::can_checkmate`].
pub fn has_mating_material(pos: &Position, c: Color) -> bool {
    crate::unwinnable::can_checkmate(pos, c)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rand = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
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
                    g.fen(false)
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
            g.fen(false),
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
            g.fen(false),
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
            g.fen(false),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1"
        );
        assert!(g.set_castling_rights(Color::White, Some(true), None));
        assert_eq!(g.fen(false), fen::STANDARD_FEN);
        g.remove_piece(Square::parse("e1").unwrap());
        assert!(!g.set_castling_rights(Color::White, Some(true), None));
        assert_eq!(
            g.fen(false),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1"
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
