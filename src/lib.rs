//! The rules' wasm bindings: the raw `Game` class that `js/` wraps (`js/RAW_API.md`).
//! The crate is empty but on wasm32.
//!
//! It converts and forwards; every rule lives in the core (`crates/core`, the crate
//! `chess960`). The boundary is coarse: a few dispatchers take an operation number from
//! [`ops`], the enums the build turns into `js/ops.ts`. Failures are thrown as JS errors
//! (`Error`; `RangeError` for a number out of range; the argument types are checked by
//! the JS wrapper before they cross, a `TypeError` there). Moves cross as text records
//! (the hot path of a board, [`records`]), destinations as bytes, structured data as
//! plain objects built from typed structs ([`data`], through [`js`]: serde-wasm-bindgen,
//! the design's crate, does not fit the rules wasm's budget, as `js` records).
#![cfg(target_arch = "wasm32")]
// Without std (feature `std` off: the shipped wasm, scripts/build.mjs) a panic traps at
// once, its message unformatted: std's panic machinery and `core::fmt` are not linked
// (-2.0 KB of the gzipped wasm, 2026-12-07). The core does not panic on input; were it to,
// JavaScript sees the same `RuntimeError: unreachable` as with std, which prints nothing
// on wasm32-unknown-unknown. With `std` on (the default: the tests, clippy, a build beside
// the engine, which links std) std's panic handler is used.
#![no_std]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(not(feature = "std"))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

mod bulk;
mod data;
mod heap;
mod js;
pub mod ops;
mod read;
mod records;

use alloc::{borrow::ToOwned, boxed::Box, string::String, vec, vec::Vec};

use chess960::adjourn::{self, Conclusion};
use chess960::fen::{self, CastlingLetters};
use chess960::game::{Game, Input, PlayError};
use chess960::pgn::{self, ReadOptions, WriteOptions};
use chess960::resolve::Resolution;
use chess960::san::Reading;
use chess960::setup::{self, SwapChoice};
use chess960::square::{Color, Piece, Role, Square};
use chess960::text::{cat, first_chars, Push};
use chess960::uci::CastlingNotation;
use js::ToJs;
use ops::{Act, Ask, Call, Data, Get, Make, Num, Open, Play, Read, Size, Status, Util};
use read::Args;
use wasm_bindgen::prelude::*;

/// A failure, thrown in JS as the error class its kind names.
pub enum Fault {
    Error(String),
    /// A number out of its range.
    Range(String),
    /// An `Error` with the precise reason as its `cause` (chess.js's message first).
    WithCause(String, String),
}

impl From<Fault> for JsValue {
    fn from(f: Fault) -> JsValue {
        match f {
            Fault::Error(m) => js_sys::Error::new(&m).into(),
            Fault::Range(m) => js_sys::RangeError::new(&m).into(),
            Fault::WithCause(m, cause) => {
                let e = js_sys::Error::new(&m);
                e.set_cause(&js_sys::Error::new(&cause).into());
                e.into()
            }
        }
    }
}

/// One of our errors, as an `Error` with its message.
fn fail(e: impl Push) -> Fault {
    let mut m = String::new();
    e.push_to(&mut m);
    Fault::Error(m)
}

fn unknown() -> Fault {
    Fault::Error("unknown operation".to_owned())
}

type Answer<T> = Result<T, Fault>;

/// `v` as a plain JS value.
fn to_js<T: ToJs + ?Sized>(v: &T) -> Answer<JsValue> {
    Ok(v.to_js())
}

fn square(s: &str) -> Answer<Square> {
    Square::parse(s).ok_or_else(|| {
        fail(PlayError::BadSquare {
            found: first_chars(s, 8),
        })
    })
}

fn color(s: &str) -> Answer<Color> {
    match s {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(fail(PlayError::BadColor {
            found: first_chars(s, 8),
        })),
    }
}

/// `n` if it is a whole number from 0 to `max`, else a `RangeError`
/// `<what> must be an integer from 0 to <max>, got <n>`.
fn whole_in(n: f64, max: u32, what: &str) -> Answer<u32> {
    if (0.0..=f64::from(max)).contains(&n) && n % 1.0 == 0.0 {
        return Ok(n as u32);
    }
    // The number as JS writes it (`1.5`, `NaN`, `-Infinity`, `1e+21`).
    let got: String = js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map_or_else(|_| String::new(), Into::into);
    Err(Fault::Range(cat!(
        what,
        " must be an integer from 0 to ",
        max,
        ", got ",
        got
    )))
}

fn id(n: f64) -> Answer<u16> {
    Ok(whole_in(n, 959, "Chess960 id")? as u16)
}

/// The deepest perft asked: depth 8 from the start is 8.5e10 nodes, minutes of work;
/// depth 9 would be hours on the page's thread.
const MAX_PERFT: u32 = 8;

/// `wp`, `bk`, … (colour and piece letters).
fn piece_text(p: Piece) -> String {
    [p.color.char(), p.role.char()].iter().collect()
}

/// The raw game handle (JS name `Game`).
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    inner: Game,
    /// The hot calls' bytes ([`Play`]): move text in, the answer out. Never resized, so
    /// its place in the wasm memory (`io()`) holds while the game lives.
    io: Box<[u8]>,
    /// The hot calls' answer as it is written, kept between calls (no allocation a move).
    answer: String,
}

impl JsGame {
    fn of(inner: Game) -> JsGame {
        JsGame {
            inner,
            io: vec![0; Size::IoBytes as usize].into_boxed_slice(),
            answer: String::new(),
        }
    }

    /// The record of the step just played, a tab and the X-FEN after it.
    fn last_record(&self) -> String {
        let mut s = String::with_capacity(160);
        self.push_last_record(&mut s);
        s
    }

    /// Appends [`JsGame::last_record`] to `s`.
    fn push_last_record(&self, s: &mut String) {
        let g = &self.inner;
        if let Some(e) = g.entry(g.ply_count()) {
            records::push_entry(s, &e, g.notation());
            s.push('\t');
            fen::push_fen(g.position(), CastlingLetters::XFen, s);
        }
    }

    fn played(&self, r: Result<(), PlayError>) -> Answer<String> {
        r.map_err(fail)?;
        Ok(self.last_record())
    }

    /// The records of `moves` (each with a tab and the X-FEN after it), described here.
    fn moves_text(&self, moves: &[chess960::position::Move]) -> String {
        let g = &self.inner;
        let mut s = String::with_capacity(120 * moves.len());
        records::push_moves(&mut s, g.position(), moves, &g.legal_moves(), g.notation());
        s
    }

    /// The legal moves (from `from` only, when given) in chess.js's order, as records.
    fn legal_text(&self, from: Option<Square>) -> String {
        let g = &self.inner;
        let mut moves = chess960::san::chessjs_order(g.position(), &g.legal_moves());
        moves.retain(|m| from.is_none_or(|f| m.from() == f));
        self.moves_text(&moves)
    }

    fn resolve_text(&self, from: &str, to: &str) -> Answer<String> {
        let (from, to) = (square(from)?, square(to)?);
        let r = match self.inner.resolve(from, to) {
            Input::Swap(c) => {
                let mut s = "swap\n".to_owned();
                records::push_swap(&mut s, self.inner.turn(), c);
                return Ok(s);
            }
            Input::Resolved(r) => r,
        };
        let (kind, moves) = match r {
            Resolution::Move(m) => ("move", vec![m]),
            Resolution::Castle(m) => ("castle", vec![m]),
            Resolution::Promotion(ms) => ("promotion", ms),
            Resolution::Ambiguous { castle, king_move } => ("ambiguous", vec![castle, king_move]),
            Resolution::Illegal => ("illegal", Vec::new()),
        };
        let body = self.moves_text(&moves);
        Ok(if body.is_empty() {
            kind.to_owned()
        } else {
            cat!(kind, "\n", body)
        })
    }

    fn history_text(&self, verbose: bool) -> String {
        let g = &self.inner;
        let mut s = String::new();
        for ply in 1..=g.ply_count() {
            if ply > 1 {
                s.push(if verbose { '\n' } else { ' ' });
            }
            if verbose {
                if let Some(e) = g.entry(ply) {
                    records::push_entry(&mut s, &e, g.notation());
                }
                s.push('\t');
                if let Some(before) = g.position_at(ply - 1) {
                    fen::push_fen(before, CastlingLetters::XFen, &mut s);
                }
                continue;
            }
            push_step(&mut s, g, ply);
        }
        s
    }
}

/// The step of `ply` in `history()`: its SAN (`--` for a null move), `swap:<choice>` for a
/// Chess-9 swap.
fn push_step(s: &mut String, g: &Game, ply: usize) {
    match (g.san_at(ply), g.swap_at(ply)) {
        (_, Some(choice)) => {
            s.push_str("swap:");
            s.push_str(choice.name());
        }
        (san, None) => s.push_str(san),
    }
}

/// `""`, or `<winner> <reason>` (winner `w`, `b` or `-`).
fn outcome_text(g: &Game) -> String {
    match g.outcome() {
        None => String::new(),
        Some(o) => cat!(o.winner.map_or('-', Color::char), " ", o.reason.name()),
    }
}

/// What JavaScript sees (see `js/RAW_API.md`).
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of kind `kind` ([`Make`]).
    pub fn make(kind: u32, a: f64, b: f64) -> Result<JsGame, JsValue> {
        let g = match Make::from_u32(kind).ok_or_else(unknown)? {
            Make::Standard => Game::new(),
            Make::Chess960 => Game::chess960(id(a)?).map_err(fail)?,
            Make::Double => Game::double_chess960(id(a)?, id(b)?).map_err(fail)?,
            Make::Chess9 => Game::chess9(),
            Make::Random960 => Game::chess960_random().map_err(fail)?,
        };
        Ok(JsGame::of(g))
    }

    /// A new game read from `text` ([`Read`]).
    pub fn read(kind: u32, text: &str, strict: bool) -> Result<JsGame, JsValue> {
        let g = match Read::from_u32(kind).ok_or_else(unknown)? {
            Read::Pgn => pgn::read_with(text, ReadOptions { strict }).map_err(|e| {
                match (&e, e.move_token()) {
                    (
                        pgn::PgnError::Move {
                            error: PlayError::TooLong,
                            ..
                        },
                        _,
                    ) => fail(e),
                    // chess.js's message, ours as the cause.
                    (_, Some(t)) => Fault::WithCause(cat!("Invalid move in PGN: ", t), e.message()),
                    (_, None) => fail(e),
                }
            })?,
            Read::Fen => Game::from_parsed(fen::parse_lenient(text).map_err(fail)?),
            Read::BackRank => setup::id_of_str(text)
                .and_then(Game::chess960)
                .map_err(fail)?,
            Read::StrictFen => Game::from_fen(text).map_err(fail)?,
        };
        Ok(JsGame::of(g))
    }

    /// A game from an envelope ([`Open`]).
    pub fn open(op: u32, envelope: JsValue) -> Result<JsGame, JsValue> {
        let env = data::envelope(&Args::new(envelope))?;
        let g = match Open::from_u32(op).ok_or_else(unknown)? {
            Open::Open => adjourn::open(&env),
            Open::ConcludeAgreement => adjourn::conclude(&env, Conclusion::Agreement),
            Open::ConcludeWhiteResigns => {
                adjourn::conclude(&env, Conclusion::Resignation(Color::White))
            }
            Open::ConcludeBlackResigns => {
                adjourn::conclude(&env, Conclusion::Resignation(Color::Black))
            }
        };
        g.map(JsGame::of).map_err(|e| {
            match e {
                adjourn::AdjournError::BadTime { .. } => Fault::Range(e.message()),
                e => fail(e),
            }
            .into()
        })
    }

    /// Functions of no game ([`Util`]).
    pub fn util(op: u32, a: &[u8], x: f64) -> Result<JsValue, JsValue> {
        Ok(match Util::from_u32(op).ok_or_else(unknown)? {
            Util::Chess960Array => {
                JsValue::from_str(&setup::back_rank_string(id(x)?).map_err(fail)?)
            }
            Util::Chess960Id => {
                let a = core::str::from_utf8(a).unwrap_or_default();
                JsValue::from_f64(f64::from(setup::id_of_str(a).map_err(fail)?))
            }
            Util::RandomId => {
                JsValue::from_f64(f64::from(setup::random_id_secure().map_err(fail)?))
            }
            Util::ReadPgn => JsValue::from_str(&bulk::read_part(a, x)),
        })
    }

    /// A view of the game ([`Get`]).
    pub fn get(&self, op: u32) -> String {
        let g = &self.inner;
        let Some(op) = Get::from_u32(op) else {
            return String::new();
        };
        match op {
            Get::Variant => g.variant().name().to_owned(),
            Get::SwapChoices => {
                // A loop, not `join`: its copy for `&str` cost ~0.5 KB of wasm.
                let mut s = String::new();
                for c in g.swap_choices() {
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    s.push_str(c.name());
                }
                s
            }
            Get::Fen => g.fen(CastlingLetters::XFen),
            Get::ShredderFen => g.fen(CastlingLetters::Shredder),
            Get::FenForcedEp => fen::to_fen_forced_ep(g.position()),
            Get::Turn => cat!(g.turn().char()),
            Get::Moves => {
                let pos = g.position();
                let legal = g.legal_moves();
                let mut s = String::with_capacity(8 * legal.len());
                for m in chess960::san::chessjs_order(pos, &legal) {
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    chess960::san::push_san(&mut s, pos, m, &legal);
                }
                s
            }
            Get::MovesVerbose => self.legal_text(None),
            Get::History => self.history_text(false),
            Get::HistoryVerbose => self.history_text(true),
            Get::Outcome => outcome_text(g),
            Get::Pgn => pgn::write(g),
            Get::Chess960Id => g.chess960_id().map_or(String::new(), |id| cat!(id)),
            Get::Hash => {
                let h = g.position().hash();
                // 16 hex digits, high first.
                let mut s = String::with_capacity(16);
                for i in (0..16).rev() {
                    let digit = b"0123456789abcdef".get(((h >> (i * 4)) & 15) as usize);
                    s.push(char::from(digit.copied().unwrap_or(b'0')));
                }
                s
            }
        }
    }

    /// A change of the game that takes no argument ([`Act`]).
    pub fn act(&mut self, op: u32) -> String {
        let g = &mut self.inner;
        let Some(op) = Act::from_u32(op) else {
            return String::new();
        };
        match op {
            Act::Undo => {
                let notation = g.notation();
                let mut s = String::with_capacity(128);
                if let Some(e) = g.undo() {
                    records::push_entry(&mut s, &e, notation);
                    s.push('\t');
                    fen::push_fen(g.position(), CastlingLetters::XFen, &mut s);
                }
                s
            }
            Act::Clear => {
                g.clear_board();
                String::new()
            }
            Act::ClearTags => {
                g.clear_headers();
                String::new()
            }
        }
    }

    /// An operation with text arguments ([`Call`]).
    pub fn call(&mut self, op: u32, a: &str, b: &str) -> Result<String, JsValue> {
        Ok(self.try_call(op, a, b)?)
    }

    fn try_call(&mut self, op: u32, a: &str, b: &str) -> Answer<String> {
        let g = &mut self.inner;
        match Call::from_u32(op).ok_or_else(unknown)? {
            Call::Swap => {
                let choice = SwapChoice::parse(a).ok_or_else(|| {
                    fail(PlayError::BadSwap {
                        found: first_chars(a, 16),
                    })
                })?;
                g.swap(choice).map_err(fail)?;
                let mut s = String::new();
                if let Some(e) = g.entry(g.ply_count()) {
                    records::push_entry(&mut s, &e, g.notation());
                }
                Ok(s)
            }
            Call::MovesFrom => Ok(match Square::parse(a) {
                Some(sq) => self.legal_text(Some(sq)),
                None => String::new(),
            }),
            Call::Resolve => self.resolve_text(a, b),
            Call::Move => {
                let r = g.play_text_quiet(a);
                self.played(r)
            }
            Call::MoveChessJs => {
                let reading = if b == "strict" {
                    Reading::Strict
                } else {
                    Reading::Permissive
                };
                match g.play_chessjs(a, reading).map_err(fail)? {
                    true => Ok(self.last_record()),
                    false => Ok(String::new()),
                }
            }
            Call::WhyNot => Ok(match g.parse_move(a) {
                Ok(_) => String::new(),
                Err(e) => e.message(),
            }),
            Call::MoveFromTo => {
                // `a` is the two squares and the promotion letter, one string: one copy
                // across the boundary instead of three.
                let (f, t) = (
                    square(a.get(..2).unwrap_or(a))?,
                    square(a.get(2..4).unwrap_or(""))?,
                );
                let c = a.get(4..).unwrap_or("");
                let bad = || {
                    fail(PlayError::BadPromotion {
                        found: first_chars(c, 8),
                    })
                };
                let promotion = match *c.as_bytes() {
                    [] => None,
                    [p] => Some(
                        Role::from_char(char::from(p))
                            .filter(|r| Role::PROMOTIONS.contains(r))
                            .ok_or_else(bad)?,
                    ),
                    _ => return Err(bad()),
                };
                let r = g.play_input_quiet(f, t, promotion);
                self.played(r)
            }
            Call::Null => match g.play_null() {
                Ok(()) => Ok(self.last_record()),
                Err(PlayError::NullInCheck) => Err(Fault::WithCause(
                    "Null move not allowed when in check".to_owned(),
                    PlayError::NullInCheck.message(),
                )),
                Err(e) => Err(fail(e)),
            },
            Call::SetHeader => {
                g.set_header(a, b).map_err(fail)?;
                Ok(String::new())
            }
            Call::SetUciMode => {
                let n = match a {
                    "auto" => None,
                    "chess960" => Some(CastlingNotation::KingOntoRook),
                    "standard" => Some(CastlingNotation::KingToDestination),
                    _ => {
                        return Err(Fault::Error(cat!(
                            "invalid UCI mode '",
                            first_chars(a, 16),
                            "' (expected 'auto', 'chess960' or 'standard')"
                        )))
                    }
                };
                g.set_notation(n);
                Ok(String::new())
            }
            Call::Remove => Ok(Square::parse(a)
                .and_then(|sq| g.remove_piece(sq))
                .map_or(String::new(), piece_text)),
            Call::PieceAt => Ok(Square::parse(a)
                .and_then(|sq| g.position().board().piece_at(sq))
                .map_or(String::new(), piece_text)),
            Call::Attackers => {
                let (Some(sq), Ok(by)) = (Square::parse(a), color(b)) else {
                    return Ok(String::new());
                };
                let board = g.position().board();
                let set = board.attackers(sq, by, board.occupied());
                // a8 to h1, chess.js's order.
                let mut s = String::new();
                for at in (0..64u8)
                    .map(|i| Square::from_index(i ^ 56))
                    .filter(|&at| set.contains(at))
                {
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    at.push_to(&mut s);
                }
                Ok(s)
            }
            Call::Castling => {
                use chess960::castling::CastlingSide;
                let c = color(a)?;
                let castles = g.position().castles();
                let mut s = String::new();
                if castles.rook(c, CastlingSide::KingSide).is_some() {
                    s.push('k');
                }
                if castles.rook(c, CastlingSide::QueenSide).is_some() {
                    s.push('q');
                }
                Ok(s)
            }
        }
    }

    /// A question or a change with text arguments, answered as a boolean ([`Ask`]).
    pub fn ask(&mut self, op: u32, a: &str, b: &str, c: &str) -> Result<bool, JsValue> {
        let g = &mut self.inner;
        Ok(match Ask::from_u32(op).ok_or_else(unknown)? {
            Ask::HasMatingMaterial => g.has_mating_material(color(a)?),
            Ask::Resign => g.resign(color(a)?),
            Ask::Timeout => g.timeout(color(a)?),
            Ask::DrawByAgreement => g.draw_by_agreement(),
            Ask::RemoveHeader => g.remove_header(a),
            Ask::Put => {
                let piece = match *a.as_bytes() {
                    [c, r] => Color::from_char(char::from(c)).and_then(|color| {
                        Role::from_char(char::from(r)).map(|role| Piece { color, role })
                    }),
                    _ => None,
                };
                match (piece, Square::parse(b)) {
                    (Some(p), Some(sq)) => g.put(p, sq),
                    _ => false,
                }
            }
            Ask::SetCastling => {
                let side = color(a)?;
                let wish = |s: &str| match s {
                    "1" => Some(true),
                    "0" => Some(false),
                    _ => None,
                };
                g.set_castling_rights(side, wish(b), wish(c))
            }
        })
    }

    /// Where the hot calls' bytes are in the wasm memory ([`Play`]).
    pub fn io(&self) -> u32 {
        self.io.as_ptr() as usize as u32
    }

    /// A hot move call ([`Play`]): the answer's length at `io()`, or -1 when nothing was
    /// played.
    pub fn play(&mut self, op: u32, x: u32) -> i32 {
        let g = &mut self.inner;
        let played = match Play::from_u32(op) {
            Some(Play::FromTo) => {
                let square = |i: u32| Square::from_index((i & 63) as u8);
                let promotion = match x >> 12 {
                    0 => Ok(None),
                    c => char::from_u32(c)
                        .and_then(Role::from_char)
                        .filter(|r| Role::PROMOTIONS.contains(r))
                        .map(Some)
                        .ok_or(()),
                };
                promotion.is_ok_and(|p| g.play_input_quiet(square(x), square(x >> 6), p).is_ok())
            }
            Some(op @ (Play::ChessJs | Play::ChessJsStrict)) => {
                let reading = match op {
                    Play::ChessJsStrict => Reading::Strict,
                    _ => Reading::Permissive,
                };
                let text = self.io.get(..x as usize).map(core::str::from_utf8);
                matches!(text, Some(Ok(t)) if matches!(g.play_chessjs(t, reading), Ok(true)))
            }
            Some(Play::TakeBack) => return i32::from(g.take_back()),
            None => false,
        };
        if !played {
            return -1;
        }
        let mut answer = core::mem::take(&mut self.answer);
        answer.clear();
        self.push_last_record(&mut answer);
        let n = match self.io.get_mut(..answer.len()) {
            Some(out) => {
                out.copy_from_slice(answer.as_bytes());
                answer.len() as i32
            }
            // (Never: see `Size::IoBytes`.)
            None => -1,
        };
        self.answer = answer;
        n
    }

    /// An operation on a number ([`Num`]).
    pub fn num(&mut self, op: u32, x: f64) -> Result<f64, JsValue> {
        let g = &mut self.inner;
        Ok(match Num::from_u32(op).ok_or_else(unknown)? {
            Num::Perft => g.perft(whole_in(x, MAX_PERFT, "perft depth")?) as f64,
            Num::MoveNumber => f64::from(g.position().fullmoves()),
            Num::Repetitions => f64::from(g.repetitions()),
        })
    }

    /// Structured data ([`Data`]).
    pub fn data(&mut self, op: u32, value: JsValue) -> Result<JsValue, JsValue> {
        Ok(self.try_data(op, value)?)
    }

    fn try_data(&mut self, op: u32, value: JsValue) -> Answer<JsValue> {
        let g = &mut self.inner;
        match Data::from_u32(op).ok_or_else(unknown)? {
            Data::Headers => to_js(&data::headers(g)),
            Data::HeaderSlots => to_js(&data::header_slots(g)),
            Data::Tree => to_js(&data::tree(g)),
            Data::Pgn => {
                let o = data::PgnOptionsJs::read(&Args::new(value));
                let w = o.max_width;
                let max_width = if w.is_finite() && w > 0.0 {
                    w as usize
                } else {
                    0
                };
                Ok(JsValue::from_str(&pgn::write_with(
                    g,
                    &WriteOptions {
                        max_width,
                        newline: &o.newline,
                    },
                )))
            }
            Data::Seal => {
                let o = data::SealJs::read(&Args::new(value));
                let mut env =
                    adjourn::seal(g, &o.text, o.white_time_ms, o.black_time_ms, o.draw_offer)
                        .map_err(|e| match e {
                            adjourn::AdjournError::BadTime { .. } => Fault::Range(e.message()),
                            e => fail(e),
                        })?;
                env.resumption = o.resumption;
                to_js(&data::EnvelopeJs::from(env))
            }
            Data::Comments => to_js(&fen_comments(g.fen_comments())),
            Data::RemoveComments => to_js(&fen_comments(g.remove_fen_comments())),
            Data::GetNotes => {
                let fen = Args::new(value).str("fen");
                let Some(ply) = g.ply_with_fen(&fen) else {
                    return Ok(JsValue::NULL);
                };
                let empty = chess960::tree::Notes::default();
                to_js(&data::NotesJs::from(g.notes(ply).unwrap_or(&empty)))
            }
            Data::SetNotes => {
                let n = data::SetNotesJs::read(&Args::new(value));
                if let Some(ply) = g.ply_with_fen(&n.fen) {
                    g.annotate(ply, n.comments, n.nags, n.suffix)
                        .map_err(fail)?;
                }
                Ok(JsValue::UNDEFINED)
            }
            Data::Board => to_js(&data::board(g.position())),
        }
    }

    /// The game's state as [`Status`] bits.
    pub fn status(&self) -> u32 {
        let g = &self.inner;
        let check = g.is_check();
        // No legal move (checkmate or stalemate); never in the swap phase.
        let stuck = g.swap_pending().is_none() && !g.position().has_legal_moves();
        [
            (check, Status::Check),
            (check && stuck, Status::Checkmate),
            (!check && stuck, Status::Stalemate),
            (g.is_insufficient_material(), Status::InsufficientMaterial),
            (g.is_threefold_repetition(), Status::ThreefoldRepetition),
            (g.is_fifty_moves(), Status::FiftyMoves),
            (g.is_draw(), Status::Draw),
            (g.is_game_over(), Status::GameOver),
            (g.is_dead_position(), Status::DeadPosition),
        ]
        .into_iter()
        .filter(|&(on, _)| on)
        .fold(0, |bits, (_, s)| bits | s as u32)
    }

    /// Legal destinations, bytes rather than text (no string decoding on the hot path of
    /// a board): for each origin with moves, its square index (a1 = 0, h8 = 63), the
    /// number of destinations, then their indices; castling inputs and Chess-9 swap
    /// inputs included, as in `dests_by_square`.
    #[wasm_bindgen(js_name = destsPacked)]
    pub fn dests_packed(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(128);
        for (i, tos) in self.inner.dests_by_square().into_iter().enumerate() {
            if tos.any() {
                out.push(i as u8);
                out.push(tos.count() as u8);
                out.extend(tos.map(|to| to.u8()));
            }
        }
        out
    }

    /// Pages of wasm memory (64 KiB each), for memory tests.
    /// The wasm memory (js/chess.ts reads the hot calls' answers from it).
    pub fn memory() -> JsValue {
        wasm_bindgen::memory()
    }

    #[wasm_bindgen(js_name = memoryPages)]
    pub fn memory_pages() -> usize {
        heap::pages()
    }
}

/// chess.js's `getComments()` entries.
fn fen_comments(list: Vec<(String, String)>) -> Vec<data::FenComment> {
    list.into_iter()
        .map(|(fen, comment)| data::FenComment { fen, comment })
        .collect()
}

#[wasm_bindgen(start)]
pub fn start() {
    chess960::attacks::init();
}
