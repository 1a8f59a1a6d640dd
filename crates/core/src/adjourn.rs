//! Sealed-move adjournment (FIDE Laws, Guidelines on adjourned games: Art. 2 the
//! envelope, Art. 6 concluding unopened, Art. 8 the sealed move, Art. 10 resumption).
//!
//! [`seal`] writes the player's move down *as given*, without judging it: whether it is
//! legal, ambiguous or meaningless is decided when the envelope is opened, as over the
//! board. The envelope holds what Art. 2 lists: the players' names, the position before
//! the sealed move (X-FEN, with the game so far as PGN so that repetition counts survive
//! the adjournment), each side's time used, who sealed, the number of the sealed move,
//! a draw offer made with it, and the date, time and venue of resumption.
//!
//! [`open`] re-creates the game and rules on the sealed move:
//! - legal and unambiguous (SAN or UCI): it is played; if it mates or stalemates, the game
//!   is decided at once (Art. 10 a/b) by the game's own outcome rules;
//! - ambiguous SAN (two pieces can make it): the sealer loses,
//!   [`Reason::SealedMoveAmbiguous`];
//! - well-formed but not legal (including a promotion without its piece): the sealer
//!   loses, [`Reason::SealedMoveIllegal`];
//! - not a move at all: the sealer loses, [`Reason::SealedMoveMeaningless`].
//!
//! The returned game carries two headers: `[SealedMove "..."]` with the text as sealed,
//! and, when the sealer offered a draw, `[DrawOffer "w"]` (or `"b"`): the sealer's colour,
//! for the opponent to accept or decline. A game without a pending offer has no
//! `DrawOffer` header.
//!
//! [`conclude`] ends an adjourned game without opening the envelope, by agreement or
//! resignation (Art. 6): the game as it stood, with the result recorded; the sealed move
//! is not played.

use alloc::{borrow::ToOwned, string::String};

use crate::fen::CastlingLetters;
use crate::fen::{self, FenError};
use crate::game::{Game, Outcome, PlayError, Reason};
use crate::pgn::{self, PgnError};
use crate::san::SanError;
use crate::square::Color;
use crate::uci::UciError;

/// The header that holds a pending draw offer on an opened game (`"w"` or `"b"`).
pub const DRAW_OFFER_TAG: &str = "DrawOffer";
/// The header that holds the sealed move as written, on an opened game.
pub const SEALED_MOVE_TAG: &str = "SealedMove";

/// The largest whole number a double holds exactly (2^53 - 1, JavaScript's
/// `Number.MAX_SAFE_INTEGER`): the bound on times.
pub const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// When and where play resumes (Art. 2 g); any part may be unknown (empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resumption {
    pub date: String,
    pub time: String,
    pub venue: String,
}

/// A sealed envelope.
#[derive(Clone, Debug, PartialEq)]
pub struct Envelope {
    /// White's and Black's names (Art. 2 a), from the game's tags when sealed.
    pub white: String,
    pub black: String,
    /// The position before the sealed move (X-FEN).
    pub fen: String,
    /// The game up to the sealed move (empty: start from `fen`).
    pub pgn: String,
    /// The full-move number of the sealed move.
    pub move_number: u32,
    /// The side that sealed (the side to move).
    pub sealer: Color,
    /// The sealed move exactly as written.
    pub text: String,
    /// Time used by White, in milliseconds.
    pub white_time_ms: f64,
    /// Time used by Black, in milliseconds.
    pub black_time_ms: f64,
    /// The sealer offers a draw with the sealed move.
    pub draw_offer: bool,
    pub resumption: Resumption,
}

/// How an adjourned game ends without being resumed (Art. 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conclusion {
    Agreement,
    /// This side resigns.
    Resignation(Color),
}

/// Why an envelope could not be sealed, opened or concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdjournError {
    /// The game has already ended: there is nothing to seal.
    GameOver { result: &'static str },
    /// A Chess-9 game whose swaps are not made yet: the first move cannot be sealed.
    SwapPhase { chooser: Color },
    /// A time that is negative, not finite or not below 2^53.
    BadTime { key: &'static str },
    /// The envelope's game record.
    Pgn(PgnError),
    /// The envelope's FEN.
    Fen(FenError),
    /// The game in `pgn` does not end in the position `fen`.
    PositionMismatch { fen: String, game: String },
    /// The sealer is not the side to move.
    SealerMismatch { sealer: Color, to_move: Color },
    /// The move number does not match the position.
    MoveNumberMismatch { envelope: u32, position: u32 },
}

crate::text::error_messages!(AdjournError, e, out => match e {
    AdjournError::GameOver { result } => push_all!(out;
        "the game is already over (", result, "): no move can be sealed"
    ),
    AdjournError::SwapPhase { chooser } => push_all!(out;
        "Chess-9 swap phase: ", chooser.name(), " must choose a swap before a move can be sealed"
    ),
    AdjournError::BadTime { key } => push_all!(out;
        "envelope: '", key, "' must be a number of milliseconds from 0 to 2^53"
    ),
    AdjournError::Pgn(e) => push_all!(out; "envelope game record: ", e),
    AdjournError::Fen(e) => push_all!(out; "envelope position: ", e),
    AdjournError::PositionMismatch { fen, game } => push_all!(out;
        "envelope position '", fen, "' is not where its game record ends ('", game, "')"
    ),
    AdjournError::SealerMismatch { sealer, to_move } => push_all!(out;
        "envelope sealed by ", sealer.name(), " but ", to_move.name(), " is to move"
    ),
    AdjournError::MoveNumberMismatch { envelope, position } => push_all!(out;
        "envelope move number ", envelope, " does not match the position (move ", position, ")"
    ),
});

fn check_time(key: &'static str, ms: f64) -> Result<f64, AdjournError> {
    if ms.is_finite() && (0.0..=MAX_SAFE).contains(&ms) {
        Ok(ms)
    } else {
        Err(AdjournError::BadTime { key })
    }
}

/// Seals `text` for the side to move. The text is recorded as written, not judged (see
/// [`open`]). Fails only when there is nothing to seal: the game is over, or a Chess-9
/// swap is pending; or when a time is negative or not finite. The players' names come
/// from the `White` and `Black` tags (empty while unset).
pub fn seal(
    game: &Game,
    text: &str,
    white_time_ms: f64,
    black_time_ms: f64,
    draw_offer: bool,
) -> Result<Envelope, AdjournError> {
    if let Some(o) = game.outcome() {
        return Err(AdjournError::GameOver { result: o.result() });
    }
    if let Some(chooser) = game.swap_pending() {
        return Err(AdjournError::SwapPhase { chooser });
    }
    let name = |tag| match game.header(tag) {
        Some("?") | None => String::new(),
        Some(n) => n.to_owned(),
    };
    Ok(Envelope {
        white: name("White"),
        black: name("Black"),
        fen: game.fen(CastlingLetters::XFen),
        pgn: pgn::write(game),
        move_number: game.position().fullmoves(),
        sealer: game.turn(),
        text: text.to_owned(),
        white_time_ms: check_time("whiteTimeMs", white_time_ms)?,
        black_time_ms: check_time("blackTimeMs", black_time_ms)?,
        draw_offer,
        resumption: Resumption::default(),
    })
}

/// The game the envelope holds, before the sealed move, checked against the envelope.
fn game_of(env: &Envelope) -> Result<Game, AdjournError> {
    check_time("whiteTimeMs", env.white_time_ms)?;
    check_time("blackTimeMs", env.black_time_ms)?;
    let expected = fen::parse(&env.fen).map_err(AdjournError::Fen)?;
    let game = if env.pgn.trim().is_empty() {
        Game::from_parsed(expected)
    } else {
        pgn::read(&env.pgn).map_err(AdjournError::Pgn)?
    };
    let want = fen::to_fen(&expected, CastlingLetters::XFen);
    let have = game.fen(CastlingLetters::XFen);
    if want != have {
        return Err(AdjournError::PositionMismatch {
            fen: want,
            game: have,
        });
    }
    if let Some(o) = game.outcome() {
        return Err(AdjournError::GameOver { result: o.result() });
    }
    if let Some(chooser) = game.swap_pending() {
        return Err(AdjournError::SwapPhase { chooser });
    }
    if env.sealer != game.turn() {
        return Err(AdjournError::SealerMismatch {
            sealer: env.sealer,
            to_move: game.turn(),
        });
    }
    let number = game.position().fullmoves();
    if env.move_number != number {
        return Err(AdjournError::MoveNumberMismatch {
            envelope: env.move_number,
            position: number,
        });
    }
    Ok(game)
}

/// Opens the envelope: re-creates the game and rules on the sealed move (module docs).
/// Errors only for an envelope that does not hold together.
pub fn open(env: &Envelope) -> Result<Game, AdjournError> {
    let mut game = game_of(env)?;
    let tags = game.tags_mut();
    tags.set_unchecked(SEALED_MOVE_TAG, &env.text);
    if env.draw_offer {
        tags.set_unchecked(
            DRAW_OFFER_TAG,
            if env.sealer == Color::White { "w" } else { "b" },
        );
    } else {
        tags.remove(DRAW_OFFER_TAG);
    }
    let forfeit = |reason| Outcome {
        winner: Some(env.sealer.other()),
        reason,
    };
    // A move that is refused leaves the game as it was, for the forfeit.
    if let Err(e) = game.play_text_quiet(&env.text) {
        let reason = match e {
            PlayError::San(SanError::Ambiguous { .. }) => Reason::SealedMoveAmbiguous,
            PlayError::San(SanError::Illegal { .. } | SanError::MissingPromotion { .. })
            | PlayError::Uci(UciError::Illegal { .. })
            | PlayError::Illegal { .. }
            | PlayError::MissingPromotion { .. }
            | PlayError::AmbiguousCastle { .. } => Reason::SealedMoveIllegal,
            _ => Reason::SealedMoveMeaningless,
        };
        game.record(forfeit(reason));
    }
    Ok(game)
}

/// Ends the adjourned game unopened (Art. 6): the game as it stood when sealed, with
/// the result recorded; the sealed move stays unplayed.
pub fn conclude(env: &Envelope, how: Conclusion) -> Result<Game, AdjournError> {
    let mut game = game_of(env)?;
    match how {
        Conclusion::Agreement => game.draw_by_agreement(),
        Conclusion::Resignation(c) => game.resign(c),
    };
    Ok(game)
}
