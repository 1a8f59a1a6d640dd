//! Sealed-move adjournment (FIDE Laws, Guidelines on adjourned games: Art. 8 the sealed
//! move, Art. 10 resumption).
//!
//! [`seal`] writes the player's move down *as given*, without judging it: whether it is
//! legal, ambiguous or meaningless is decided when the envelope is opened, as over the
//! board. The envelope holds the position before the sealed move (X-FEN), the game so far
//! as PGN (so repetition counts survive the adjournment), the move number, the sealer,
//! each side's time used and whether the sealer offered a draw with the sealed move.
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
//! [`to_json`] and [`from_json`] write and read the envelope as one flat JSON object:
//! `{"fen", "pgn", "moveNumber", "sealer" ("w"/"b"), "move", "whiteTimeMs",
//! "blackTimeMs", "drawOffer"}`. The reader accepts any key order and whitespace, ignores
//! unknown keys and never panics.
//!
//! [`to_fields`] and [`from_fields`] are the same envelope as NUL-separated fields, for
//! callers that have JSON of their own: the JavaScript binding lets `JSON.parse` and
//! `JSON.stringify` do the JSON, which keeps a JSON reader out of the wasm.

#[allow(unused_imports)]
use crate::prelude::*;
use crate::text::{self, push_all, Push};

use crate::fen::{self, FenError};
use crate::game::{Game, Outcome, PlayError, Reason};
use crate::pgn::{self, PgnError};
use crate::san::SanError;
use crate::square::Color;
use crate::uci::UciError;
use core::fmt;

/// The header that holds a pending draw offer on an opened game (`"w"` or `"b"`).
pub const DRAW_OFFER_TAG: &str = "DrawOffer";
/// The header that holds the sealed move as written, on an opened game.
pub const SEALED_MOVE_TAG: &str = "SealedMove";

/// A sealed envelope.
#[derive(Clone, Debug, PartialEq)]
pub struct Envelope {
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
}

/// Why an envelope could not be sealed, read or opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdjournError {
    /// The game has already ended: there is nothing to seal.
    GameOver {
        result: &'static str,
    },
    /// A Chess-9 game whose swaps are not made yet: the first move cannot be sealed.
    SwapPhase {
        chooser: Color,
    },
    /// A time that is negative or not a finite number.
    BadTime {
        key: &'static str,
    },
    /// Text that is not JSON; `at` is a byte offset.
    Json {
        at: usize,
        reason: &'static str,
    },
    /// The JSON is not an object.
    NotAnObject,
    MissingKey {
        key: &'static str,
    },
    DuplicateKey {
        key: &'static str,
    },
    WrongType {
        key: &'static str,
        expected: &'static str,
    },
    /// The envelope's game record.
    Pgn(PgnError),
    /// The envelope's FEN.
    Fen(FenError),
    /// The game in `pgn` does not end in the position `fen`.
    PositionMismatch {
        fen: String,
        game: String,
    },
    /// The sealer is not the side to move.
    SealerMismatch {
        sealer: Color,
        to_move: Color,
    },
    /// The move number does not match the position.
    MoveNumberMismatch {
        envelope: u32,
        position: u32,
    },
}

impl AdjournError {
    /// The error as text (what `Display` writes).
    pub fn message(&self) -> String {
        cat!(self)
    }
}

impl Push for AdjournError {
    fn push_to(&self, out: &mut String) {
        match self {
            AdjournError::GameOver { result } => push_all!(out;
                "the game is already over (",
                result,
                "): no move can be sealed"
            ),
            AdjournError::SwapPhase { chooser } => push_all!(out;
                "Chess-9 swap phase: ",
                chooser.name(),
                " must choose a swap before a move can be sealed"
            ),
            AdjournError::BadTime { key } => push_all!(out;
                "envelope: '",
                key,
                "' must be a number of milliseconds, zero or more"
            ),
            AdjournError::Json { at, reason } => {
                push_all!(out; "envelope is not valid JSON at byte ", at, ": ", reason)
            }
            AdjournError::NotAnObject => push_all!(out; "envelope must be a JSON object"),
            AdjournError::MissingKey { key } => push_all!(out; "envelope has no '", key, "'"),
            AdjournError::DuplicateKey { key } => {
                push_all!(out; "envelope has '", key, "' twice")
            }
            AdjournError::WrongType { key, expected } => {
                push_all!(out; "envelope: '", key, "' must be ", expected)
            }
            AdjournError::Pgn(e) => push_all!(out; "envelope game record: ", e),
            AdjournError::Fen(e) => push_all!(out; "envelope position: ", e),
            AdjournError::PositionMismatch { fen, game } => push_all!(out;
                "envelope position '",
                fen,
                "' is not where its game record ends ('",
                game,
                "')"
            ),
            AdjournError::SealerMismatch { sealer, to_move } => push_all!(out;
                "envelope sealed by ",
                sealer.name(),
                " but ",
                to_move.name(),
                " is to move"
            ),
            AdjournError::MoveNumberMismatch { envelope, position } => push_all!(out;
                "envelope move number ",
                envelope,
                " does not match the position (move ",
                position,
                ")"
            ),
        }
    }
}

impl fmt::Display for AdjournError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for AdjournError {}

fn check_time(key: &'static str, ms: f64) -> Result<(), AdjournError> {
    if ms.is_finite() && ms >= 0.0 {
        Ok(())
    } else {
        Err(AdjournError::BadTime { key })
    }
}

/// Seals `text` for the side to move. The text is recorded as written, not judged (see
/// [`open`]). Fails only when there is nothing to seal: the game is over, or a Chess-9
/// swap is pending; or when a time is negative or not finite.
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
    check_time("whiteTimeMs", white_time_ms)?;
    check_time("blackTimeMs", black_time_ms)?;
    // Whole milliseconds: the envelope never needs float text (and the wasm stays small).
    let (white_time_ms, black_time_ms) = (text::round(white_time_ms), text::round(black_time_ms));
    Ok(Envelope {
        fen: game.fen(false),
        pgn: pgn::write(game),
        move_number: game.position().fullmoves(),
        sealer: game.turn(),
        text: text::owned(text),
        white_time_ms,
        black_time_ms,
        draw_offer,
    })
}

/// Opens the envelope: re-creates the game and rules on the sealed move (module docs).
/// Errors only for an envelope that does not hold together.
pub fn open(env: &Envelope) -> Result<Game, AdjournError> {
    let expected = fen::parse(&env.fen).map_err(AdjournError::Fen)?;
    let mut game = if text::trim(&env.pgn).is_empty() {
        // The same text as `expected`: no need to read it again.
        Game::from_parsed(expected)
    } else {
        pgn::read(&env.pgn).map_err(AdjournError::Pgn)?
    };
    let want = fen::to_fen(&expected, false);
    let have = game.fen(false);
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
    game.set_header(SEALED_MOVE_TAG, &env.text);
    if env.draw_offer {
        game.set_header(
            DRAW_OFFER_TAG,
            if env.sealer == Color::White { "w" } else { "b" },
        );
    } else {
        game.remove_header(DRAW_OFFER_TAG);
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

// ---------------------------------------------------------------------------------------
// Fields

/// The keys in [`to_fields`]/[`from_fields`] order: the sealed move last, so that it may
/// hold any text.
pub const FIELD_KEYS: [&str; 8] = [
    "fen",
    "pgn",
    "moveNumber",
    "sealer",
    "whiteTimeMs",
    "blackTimeMs",
    "drawOffer",
    "move",
];

/// The largest whole number a double holds exactly (2^53 - 1, JavaScript's
/// `Number.MAX_SAFE_INTEGER`): the bound on times in every envelope form.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// The envelope as its [`FIELD_KEYS`] values, separated by NUL: numbers in decimal
/// (whole milliseconds), `sealer` `w`/`b`, `drawOffer` `1` or `0`.
pub fn to_fields(env: &Envelope) -> String {
    let ms = |x: f64| text::round(x).clamp(0.0, MAX_SAFE) as u64;
    cat!(
        env.fen,
        '\0',
        env.pgn,
        '\0',
        env.move_number,
        '\0',
        env.sealer.char(),
        '\0',
        ms(env.white_time_ms),
        '\0',
        ms(env.black_time_ms),
        '\0',
        if env.draw_offer { '1' } else { '0' },
        '\0',
        env.text
    )
}

/// A whole number written in decimal digits (an optional `-` first), as JavaScript's
/// `String(x)` writes one below 10^21; `None` for anything else.
pub(crate) fn whole_number(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let negative = b.first() == Some(&b'-');
    let digits = b.get(usize::from(negative)..).unwrap_or_default();
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let x = digits
        .iter()
        .fold(0.0, |x, &b| x * 10.0 + f64::from(b - b'0'));
    Some(if negative { -x } else { x })
}

/// Reads an envelope from [`FIELD_KEYS`] fields separated by NUL, each its JSON type's
/// initial (`s` string, `n` number, `b` boolean; any other letter: another type) and
/// then the value as JavaScript's `String(value)` writes it. An empty field is a
/// missing key. The checks and errors are those of [`from_json`], except that times
/// must be whole numbers here (a JSON text with a fraction is not valid there).
pub fn from_fields(fields: &str) -> Result<Envelope, AdjournError> {
    let mut env = Envelope {
        fen: String::new(),
        pgn: String::new(),
        move_number: 0,
        sealer: Color::White,
        text: String::new(),
        white_time_ms: 0.0,
        black_time_ms: 0.0,
        draw_offer: false,
    };
    let mut rest = fields;
    // Fields in order, each checked before the next is looked at.
    for (i, key) in FIELD_KEYS.into_iter().enumerate() {
        // The last field is the rest of the text, NULs and all.
        let end = match i {
            7 => None,
            _ => rest.bytes().position(|b| b == 0),
        };
        let field = match end {
            Some(e) => {
                let f = rest.get(..e).unwrap_or_default();
                rest = rest.get(e + 1..).unwrap_or_default();
                f
            }
            None => core::mem::take(&mut rest),
        };
        let Some(&tag) = field.as_bytes().first() else {
            return Err(AdjournError::MissingKey { key });
        };
        let v = field.get(1..).unwrap_or_default();
        let expected = match (i, tag) {
            (0 | 1 | 7, b's') => {
                // Into the empty string: nothing to drop.
                v.push_to(match i {
                    0 => &mut env.fen,
                    1 => &mut env.pgn,
                    _ => &mut env.text,
                });
                continue;
            }
            (0 | 1 | 7, _) => "a string",
            (2, _) => match whole_number(v) {
                Some(x) if tag == b'n' && (1.0..=4_294_967_295.0).contains(&x) => {
                    env.move_number = x as u32;
                    continue;
                }
                _ => "a whole number from 1",
            },
            (3, _) => match (tag, v) {
                (b's', "w" | "b") => {
                    env.sealer = if v == "w" { Color::White } else { Color::Black };
                    continue;
                }
                _ => "\"w\" or \"b\"",
            },
            (4 | 5, b'n') => match whole_number(v) {
                Some(x) if x < 0.0 => return Err(AdjournError::BadTime { key }),
                // The largest whole number a JSON reader keeps exactly, as in `from_json`.
                Some(x) if x <= MAX_SAFE => {
                    *if i == 4 {
                        &mut env.white_time_ms
                    } else {
                        &mut env.black_time_ms
                    } = x;
                    continue;
                }
                _ => "a whole number of milliseconds below 2^53",
            },
            (4 | 5, _) => "a number of milliseconds",
            _ => match (tag, v) {
                (b'b', "true" | "false") => {
                    env.draw_offer = v == "true";
                    continue;
                }
                _ => "true or false",
            },
        };
        return Err(AdjournError::WrongType { key, expected });
    }
    Ok(env)
}

// ---------------------------------------------------------------------------------------
// JSON

fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                // `\u00XX` / `\u202X`: four hex digits.
                out.push_str("\\u");
                for shift in [12, 8, 4, 0] {
                    let digit = (c as u32 >> shift) & 15;
                    out.push(char::from_digit(digit, 16).unwrap_or('0'));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A number as JSON: integers without a fraction; `null` for NaN and infinities (which
/// JSON cannot hold, and [`seal`] never produces).
fn json_number(x: f64) -> String {
    if !x.is_finite() {
        "null".to_string()
    } else {
        // Times are whole milliseconds (rounded when sealed); no float formatting needed.
        let mut s = String::new();
        text::push_int(&mut s, text::round(x).clamp(-MAX_SAFE, MAX_SAFE) as i64);
        s
    }
}

/// The envelope as one flat JSON object.
pub fn to_json(env: &Envelope) -> String {
    let mut out = String::from("{");
    out.push_str("\"fen\":");
    push_json_string(&mut out, &env.fen);
    out.push_str(",\"pgn\":");
    push_json_string(&mut out, &env.pgn);
    out.push_str(",\"moveNumber\":");
    text::push_uint(&mut out, u64::from(env.move_number));
    out.push_str(",\"sealer\":\"");
    out.push(env.sealer.char());
    out.push('"');
    out.push_str(",\"move\":");
    push_json_string(&mut out, &env.text);
    out.push_str(",\"whiteTimeMs\":");
    out.push_str(&json_number(env.white_time_ms));
    out.push_str(",\"blackTimeMs\":");
    out.push_str(&json_number(env.black_time_ms));
    out.push_str(if env.draw_offer {
        ",\"drawOffer\":true"
    } else {
        ",\"drawOffer\":false"
    });
    out.push('}');
    out
}

/// A JSON value, as far as an envelope needs one.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    /// Arrays and objects: only ever skipped (unknown keys).
    Nested,
}

/// Nesting deeper than this is refused (no recursion without bound on hostile input).
const MAX_DEPTH: usize = 64;

struct Json<'a> {
    bytes: &'a [u8],
    text: &'a str,
    pos: usize,
}

type JsonResult<T> = Result<T, AdjournError>;

impl<'a> Json<'a> {
    fn err<T>(&self, reason: &'static str) -> JsonResult<T> {
        Err(AdjournError::Json {
            at: self.pos,
            reason,
        })
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn expect(&mut self, b: u8, reason: &'static str) -> JsonResult<()> {
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(reason)
        }
    }

    fn literal(&mut self, word: &str, v: Value) -> JsonResult<Value> {
        let end = self.pos + word.len();
        if self.bytes.get(self.pos..end) == Some(word.as_bytes()) {
            self.pos = end;
            Ok(v)
        } else {
            self.err("unknown literal (expected true, false or null)")
        }
    }

    fn value(&mut self, depth: usize) -> JsonResult<Value> {
        if depth > MAX_DEPTH {
            return self.err("nested too deeply");
        }
        self.ws();
        match self.peek() {
            None => self.err("unexpected end of text"),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => Ok(Value::Number(self.number()?)),
            Some(b'[') => {
                self.pos += 1;
                self.ws();
                if self.peek() == Some(b']') {
                    self.pos += 1;
                    return Ok(Value::Nested);
                }
                loop {
                    self.value(depth + 1)?;
                    self.ws();
                    match self.peek() {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {
                            self.pos += 1;
                            return Ok(Value::Nested);
                        }
                        _ => return self.err("expected ',' or ']' in an array"),
                    }
                }
            }
            Some(b'{') => {
                self.object(depth + 1, |_, _| Ok(()))?;
                Ok(Value::Nested)
            }
            Some(_) => self.err("unexpected character"),
        }
    }

    /// An object; `each` sees every key and value in order.
    fn object(
        &mut self,
        depth: usize,
        mut each: impl FnMut(String, Value) -> JsonResult<()>,
    ) -> JsonResult<()> {
        self.expect(b'{', "expected '{'")?;
        self.ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return self.err("expected a key in double quotes");
            }
            let key = self.string()?;
            self.ws();
            self.expect(b':', "expected ':' after a key")?;
            let v = self.value(depth)?;
            each(key, v)?;
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => return self.err("expected ',' or '}' in an object"),
            }
        }
    }

    fn hex4(&mut self) -> JsonResult<u32> {
        let mut n = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(b) => (b as char).to_digit(16),
                None => None,
            };
            match d {
                Some(d) => {
                    n = n * 16 + d;
                    self.pos += 1;
                }
                None => return self.err("expected four hex digits after \\u"),
            }
        }
        Ok(n)
    }

    fn string(&mut self) -> JsonResult<String> {
        self.expect(b'"', "expected '\"'")?;
        let mut out = String::new();
        loop {
            let run_start = self.pos;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            // The run stops at an ASCII byte or the end, so it is whole UTF-8 characters.
            match self.text.get(run_start..self.pos) {
                Some(s) => out.push_str(s),
                None => return self.err("invalid UTF-8"),
            }
            match self.peek() {
                None => return self.err("unterminated string"),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let Some(e) = self.peek() else {
                        return self.err("unterminated string");
                    };
                    self.pos += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if self.bytes.get(self.pos..self.pos + 2) != Some(b"\\u") {
                                    return self.err("lone high surrogate in \\u escape");
                                }
                                self.pos += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return self.err("high surrogate not followed by a low one");
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else if (0xDC00..0xE000).contains(&hi) {
                                return self.err("lone low surrogate in \\u escape");
                            } else {
                                hi
                            };
                            match char::from_u32(code) {
                                Some(c) => out.push(c),
                                None => return self.err("invalid \\u escape"),
                            }
                        }
                        _ => return self.err("unknown escape in a string"),
                    }
                }
                Some(_) => return self.err("control character in a string (escape it)"),
            }
        }
    }

    fn number(&mut self) -> JsonResult<f64> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let digits = |j: &mut Json| {
            let s = j.pos;
            while j.peek().is_some_and(|b| b.is_ascii_digit()) {
                j.pos += 1;
            }
            j.pos - s
        };
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return self.err("invalid number"),
        }
        if matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return self.err("invalid number: only whole numbers are used in an envelope");
        }
        // Whole numbers only: parsed as integers, so no float parser is linked in.
        let text = self.text.get(start..self.pos).unwrap_or("");
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        let parsed = digits.bytes().try_fold(0u64, |acc, b| {
            acc.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        });
        match parsed.filter(|&v| v <= MAX_SAFE as u64) {
            Some(v) => Ok(if neg { -(v as f64) } else { v as f64 }),
            _ => {
                self.pos = start;
                self.err("number out of range")
            }
        }
    }
}

const KEYS: [&str; 8] = [
    "fen",
    "pgn",
    "moveNumber",
    "sealer",
    "move",
    "whiteTimeMs",
    "blackTimeMs",
    "drawOffer",
];

/// Reads an envelope written by [`to_json`] (or by hand: any key order, any whitespace,
/// unknown keys ignored).
pub fn from_json(json: &str) -> Result<Envelope, AdjournError> {
    let mut p = Json {
        bytes: json.as_bytes(),
        text: json,
        pos: 0,
    };
    p.ws();
    if p.peek().is_none() {
        return p.err("empty text");
    }
    if p.peek() != Some(b'{') {
        // Still report malformed JSON as such before complaining about its shape.
        p.value(0)?;
        p.ws();
        if p.peek().is_some() {
            return p.err("unexpected text after the JSON value");
        }
        return Err(AdjournError::NotAnObject);
    }
    let mut found: [Option<Value>; 8] = Default::default();
    p.object(1, |key, v| {
        if let Some(i) = KEYS.iter().position(|k| *k == key) {
            if let Some(slot) = found.get_mut(i) {
                if slot.replace(v).is_some() {
                    let key = KEYS.get(i).copied().unwrap_or("?");
                    return Err(AdjournError::DuplicateKey { key });
                }
            }
        }
        Ok(())
    })?;
    p.ws();
    if p.peek().is_some() {
        return p.err("unexpected text after the JSON object");
    }
    let mut take = |key: &'static str| -> Result<Value, AdjournError> {
        let i = KEYS.iter().position(|k| *k == key);
        i.and_then(|i| found.get_mut(i))
            .and_then(Option::take)
            .ok_or(AdjournError::MissingKey { key })
    };
    let string = |key: &'static str, v: Value| match v {
        Value::String(s) => Ok(s),
        _ => Err(AdjournError::WrongType {
            key,
            expected: "a string",
        }),
    };
    let fen = string("fen", take("fen")?)?;
    let pgn = string("pgn", take("pgn")?)?;
    let move_number = match take("moveNumber")? {
        Value::Number(x) if text::is_whole(x) && (1.0..=4_294_967_295.0).contains(&x) => x as u32,
        _ => {
            return Err(AdjournError::WrongType {
                key: "moveNumber",
                expected: "a whole number from 1",
            })
        }
    };
    let sealer = match take("sealer")? {
        Value::String(s) if s == "w" => Color::White,
        Value::String(s) if s == "b" => Color::Black,
        _ => {
            return Err(AdjournError::WrongType {
                key: "sealer",
                expected: "\"w\" or \"b\"",
            })
        }
    };
    let text = string("move", take("move")?)?;
    let time = |key: &'static str, v: Value| match v {
        Value::Number(x) if x >= 0.0 => Ok(x),
        Value::Number(_) => Err(AdjournError::BadTime { key }),
        _ => Err(AdjournError::WrongType {
            key,
            expected: "a number of milliseconds",
        }),
    };
    let white_time_ms = time("whiteTimeMs", take("whiteTimeMs")?)?;
    let black_time_ms = time("blackTimeMs", take("blackTimeMs")?)?;
    let draw_offer = match take("drawOffer")? {
        Value::Bool(b) => b,
        _ => {
            return Err(AdjournError::WrongType {
                key: "drawOffer",
                expected: "true or false",
            })
        }
    };
    Ok(Envelope {
        fen,
        pgn,
        move_number,
        sealer,
        text,
        white_time_ms,
        black_time_ms,
        draw_offer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_escape_both_ways() {
        let mut s = String::new();
        let text = "a\"b\\c\nd\te\u{1}f😀é";
        push_json_string(&mut s, text);
        let mut p = Json {
            bytes: s.as_bytes(),
            text: &s,
            pos: 0,
        };
        assert_eq!(p.string().unwrap(), text);
        let src = r#""\ud83d\ude00 \u00e9 \/""#;
        let mut p = Json {
            bytes: src.as_bytes(),
            text: src,
            pos: 0,
        };
        assert_eq!(p.string().unwrap(), "😀 é /");
        for bad in [
            r#""\ud83d""#,
            r#""\ude00""#,
            r#""\ud83dx""#,
            r#""\q""#,
            "\"a\nb\"",
        ] {
            let mut p = Json {
                bytes: bad.as_bytes(),
                text: bad,
                pos: 0,
            };
            assert!(p.string().is_err(), "{bad}");
        }
    }

    #[test]
    fn fields_clamp_and_round_times() {
        let env = Envelope {
            fen: "f".to_string(),
            pgn: String::new(),
            move_number: 7,
            sealer: Color::Black,
            text: "a\0b".to_string(),
            white_time_ms: 2.5,
            black_time_ms: 1e300,
            draw_offer: true,
        };
        let want = ["f", "", "7", "b", "3", "9007199254740991", "1", "a\0b"];
        assert_eq!(to_fields(&env), want.join("\0"));
        for (x, text) in [
            (-5.0, "0"),
            (f64::NAN, "0"),
            (-0.4, "0"),
            (f64::INFINITY, "9007199254740991"),
        ] {
            let env = Envelope {
                white_time_ms: x,
                ..env.clone()
            };
            assert_eq!(to_fields(&env).split('\0').nth(4), Some(text));
        }
    }

    #[test]
    fn numbers_are_written_plainly() {
        assert_eq!(json_number(0.0), "0");
        assert_eq!(json_number(123456.0), "123456");
        assert_eq!(json_number(1.5), "2"); // whole milliseconds
        assert_eq!(json_number(f64::NAN), "null");
    }
}
