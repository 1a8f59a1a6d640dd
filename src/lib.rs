//! wasm-bindgen bindings: the raw `Game` class that `js/` wraps (see `js/RAW_API.md`).
//! The crate is empty but on wasm32.
//!
//! This module converts and forwards; no chess rule lives here. It keeps the boundary
//! coarse on purpose (one export per operation cost 4.9 KB of glue and wasm, measured):
//! a few dispatchers take an operation number from [`ops`], the enums the build turns
//! into `js/ops.ts`. Failures are thrown as JS errors (`Error`, `RangeError` for a number
//! out of range); argument types are checked by the JS wrapper before they cross (a
//! `TypeError` there). Moves cross as text records (the hot
//! path of a board), destinations as bytes, structured cold data as plain objects
//! built with js-sys (src/data.rs).
#![cfg(target_arch = "wasm32")]

mod alloc;
mod data;
pub mod ops;
mod read;
mod records;

use chess960::adjourn::{self, Conclusion};
use chess960::fen;
use chess960::fen::CastlingLetters;
use chess960::game::{Game, Input, PlayError};
use chess960::pgn::{self, ReadOptions, WriteOptions};
use chess960::resolve::Resolution;
use chess960::setup::{self, SwapChoice};
use chess960::square::{Color, Piece, Role, Square};
use chess960::text::cat;
use chess960::text::Push;
use chess960::tree;
use chess960::uci::CastlingNotation;
use data::Obj;
use ops::{Call, Data, Get, Make, Num, Open, Read, Util};
use wasm_bindgen::prelude::*;

/// A failure, thrown in JS as the error class its kind names.
enum Fault {
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

/// Our errors' messages, as an `Error`.
fn fail(e: impl Push) -> Fault {
    Fault::Error(cat!(e))
}

type Answer<T> = Result<T, Fault>;

fn square(s: &str) -> Answer<Square> {
    Square::parse(s).ok_or_else(|| {
        fail(PlayError::BadSquare {
            found: chess960::text::first_chars(s, 8),
        })
    })
}

fn color(s: &str) -> Answer<Color> {
    match s {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(fail(PlayError::BadColor {
            found: chess960::text::first_chars(s, 8),
        })),
    }
}

/// `n` if it is a whole number from 0 to `max`, else a `RangeError`
/// `<what> must be an integer from 0 to <max>, got <n>`.
fn whole_in(n: f64, max: u32, what: &str) -> Answer<u32> {
    if (0.0..=f64::from(max)).contains(&n) && (n.is_finite() && n.fract() == 0.0) {
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

fn flag(b: bool) -> String {
    if b { "1" } else { "" }.to_owned()
}

fn piece_text(p: Piece) -> String {
    cat!(p.color.char(), p.role.char())
}

/// The raw game handle (JS name `Game`).
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    inner: Game,
}

impl JsGame {
    fn of(inner: Game) -> JsGame {
        JsGame { inner }
    }

    /// The record of the step just played.
    /// The last step's record, a tab and the FEN before it (`Move.before`).
    fn last_record(&self) -> String {
        let g = &self.inner;
        let mut s = String::with_capacity(128);
        let ply = g.ply_count();
        if let (Some(e), Some(before)) = (
            g.entry(ply),
            ply.checked_sub(1).and_then(|p| g.position_at(p)),
        ) {
            records::push_entry(&mut s, &e, g.notation());
            s.push('\t');
            s.push_str(&fen::to_fen(before, CastlingLetters::XFen));
        }
        s
    }

    fn played(&self, r: Result<(), PlayError>) -> Answer<String> {
        r.map_err(fail)?;
        Ok(self.last_record())
    }

    /// The ply a chess.js `fen` argument names: the latest position of the mainline
    /// with that FEN, or the current one when none is given.
    fn ply_of(&self, fen: Option<&str>) -> Option<usize> {
        let g = &self.inner;
        let Some(fen) = fen.filter(|f| !f.is_empty()) else {
            return Some(g.ply_count());
        };
        (g.swap_plies()..=g.ply_count()).rev().find(|&p| {
            g.position_at(p)
                .is_some_and(|pos| fen::to_fen(pos, CastlingLetters::XFen) == fen)
        })
    }

    /// The records of the legal moves (from `from` only, when given), in chess.js's
    /// order.
    fn moves_text(&self, from: Option<Square>) -> String {
        let g = &self.inner;
        let legal = g.legal_moves();
        let mut moves = chess960::san::chessjs_order(g.position(), &legal);
        moves.retain(|m| from.is_none_or(|f| m.from() == f));
        let mut s = String::with_capacity(32 * moves.len());
        records::push_moves(&mut s, g.position(), &moves, &legal, g.notation());
        s
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
        let pair;
        let (kind, moves): (&str, &[chess960::position::Move]) = match &r {
            Resolution::Move(m) => ("move", core::slice::from_ref(m)),
            Resolution::Castle(m) => ("castle", core::slice::from_ref(m)),
            Resolution::Promotion(ms) => ("promotion", ms),
            Resolution::Ambiguous { castle, king_move } => {
                pair = [*castle, *king_move];
                ("ambiguous", &pair)
            }
            Resolution::Illegal => ("illegal", &[]),
        };
        let g = &self.inner;
        let mut body = String::new();
        records::push_moves(
            &mut body,
            g.position(),
            moves,
            &g.legal_moves(),
            g.notation(),
        );
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
                    s.push_str(&fen::to_fen(before, CastlingLetters::XFen));
                }
                continue;
            }
            // A move's SAN (`--` for a null move); a swap has none.
            match (g.san_at(ply), g.swap_at(ply)) {
                (_, Some(choice)) => chess960::text::push_all!(&mut s; "swap:", choice.name()),
                (san, None) => s.push_str(san),
            }
        }
        s
    }

    /// The annotations at the position `fen` of the mainline (the latest with that FEN;
    /// the current position without one): `{ comments, nags, suffix }`, or `null` when
    /// no position of the mainline has that FEN.
    fn get_notes(&self, arg: JsValue) -> Answer<JsValue> {
        let a = read::Args::new(arg);
        let Some(ply) = self.ply_of(Some(&a.str(0))) else {
            return Ok(JsValue::NULL);
        };
        let empty = tree::Notes::default();
        let n = self.inner.notes(ply).unwrap_or(&empty);
        Ok(Obj::new()
            .with("comments", data::strs(&n.comments))
            .with("nags", data::nums(n.nags.iter().copied()))
            .with(
                "suffix",
                n.suffix
                    .map_or(JsValue::NULL, |x| JsValue::from_f64(f64::from(x))),
            )
            .into())
    }

    /// Sets the fields given: `[fen, comments?, nags?, suffix?]` (suffix a NAG 1–6, `null`
    /// for none) at the position `fen` (as [`JsGame::get_notes`]); nothing for a FEN not
    /// in the mainline.
    fn set_notes(&mut self, arg: JsValue) -> Answer<JsValue> {
        let a = read::Args::new(arg);
        let Some(ply) = self.ply_of(Some(&a.str(0))) else {
            return Ok(JsValue::UNDEFINED);
        };
        // null: no suffix; a number: that NAG (1-6).
        let suffix = a.has(3).then(|| {
            Some(a.num(3))
                .filter(|x| (1.0..=6.0).contains(x))
                .map(|x| x as u8)
        });
        self.inner
            .annotate(
                ply,
                a.has(1).then(|| a.strs(1)),
                a.has(2).then(|| a.nags(2)),
                suffix,
            )
            .map_err(fail)?;
        Ok(JsValue::UNDEFINED)
    }

    /// chess.js's `getComments()` (and, `remove`, `removeComments()`): the comments of
    /// the mainline's positions, in order.
    fn comments(&mut self, remove: bool) -> Answer<JsValue> {
        let g = &mut self.inner;
        let out = js_sys::Array::new();
        for p in g.swap_plies()..=g.ply_count() {
            let Some(n) = g.notes(p).filter(|n| !n.comments.is_empty()) else {
                continue;
            };
            let fen = g
                .position_at(p)
                .map(|pos| fen::to_fen(pos, CastlingLetters::XFen))
                .unwrap_or_default();
            out.push(&data::fen_comment(
                &fen,
                &cat!(chess960::text::Joined(&n.comments, " ")),
            ));
            if remove {
                let _ = g.annotate(p, Some(Vec::new()), None, None);
            }
        }
        Ok(out.into())
    }
}

/// What JavaScript sees (see `js/RAW_API.md`).
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of kind `kind` ([`Make`]).
    pub fn make(kind: u32, a: f64, b: f64) -> Result<JsGame, JsValue> {
        let g = match Make::from_u32(kind) {
            Some(Make::Standard) => Game::new(),
            Some(Make::Chess960) => Game::chess960(id(a)?).map_err(fail)?,
            Some(Make::Double) => Game::double_chess960(id(a)?, id(b)?).map_err(fail)?,
            Some(Make::Chess9) => Game::chess9(),
            Some(Make::Random960) => Game::chess960_random().map_err(fail)?,
            None => return Err(Fault::Error("unknown game kind".to_owned()).into()),
        };
        Ok(JsGame::of(g))
    }

    /// A new game read from `text` ([`Read`]).
    pub fn read(kind: u32, text: &str, flags: u32) -> Result<JsGame, JsValue> {
        let g = match Read::from_u32(kind) {
            Some(Read::Pgn) => pgn::read_with(
                text,
                ReadOptions {
                    strict: flags & 1 != 0,
                },
            )
            .map_err(|e| match (&e, e.move_token()) {
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
            })?,
            Some(Read::Fen) => Game::from_parsed(fen::parse_lenient(text).map_err(fail)?),
            Some(Read::BackRank) => setup::id_of_str(text)
                .and_then(Game::chess960)
                .map_err(fail)?,
            Some(Read::StrictFen) => Game::from_fen(text).map_err(fail)?,
            None => return Err(Fault::Error("unknown text kind".to_owned()).into()),
        };
        Ok(JsGame::of(g))
    }

    /// A game from an envelope ([`Open`]).
    pub fn open(op: u32, envelope: JsValue) -> Result<JsGame, JsValue> {
        let env = data::envelope(&read::Args::new(envelope))?;
        let g = match Open::from_u32(op) {
            Some(Open::Open) => adjourn::open(&env),
            Some(Open::ConcludeAgreement) => adjourn::conclude(&env, Conclusion::Agreement),
            Some(Open::ConcludeWhiteResigns) => {
                adjourn::conclude(&env, Conclusion::Resignation(Color::White))
            }
            Some(Open::ConcludeBlackResigns) => {
                adjourn::conclude(&env, Conclusion::Resignation(Color::Black))
            }
            None => return Err(Fault::Error("unknown operation".to_owned()).into()),
        };
        g.map(JsGame::of).map_err(|e| {
            match e {
                adjourn::AdjournError::BadTime { .. } => Fault::Range(e.message()),
                e => fail(e),
            }
            .into()
        })
    }

    /// A view of the game ([`Get`]).
    pub fn get(&mut self, op: u32) -> String {
        let g = &mut self.inner;
        match Get::from_u32(op) {
            Some(Get::Variant) => g.variant().name().to_owned(),
            Some(Get::SwapChoices) => {
                let mut s = String::new();
                for c in g.swap_choices() {
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    s.push_str(c.name());
                }
                s
            }
            Some(Get::Fen) => g.fen(CastlingLetters::XFen),
            Some(Get::ShredderFen) => g.fen(CastlingLetters::Shredder),
            Some(Get::Turn) => cat!(g.turn().char()),
            Some(Get::Moves) => {
                let pos = *g.position();
                let legal = g.legal_moves();
                let mut s = String::with_capacity(8 * legal.len());
                for m in chess960::san::chessjs_order(&pos, &legal) {
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    chess960::san::push_san(&mut s, &pos, m, &legal);
                }
                s
            }
            Some(Get::MovesVerbose) => self.moves_text(None),
            Some(Get::Undo) => {
                let notation = g.notation();
                let mut s = String::with_capacity(128);
                if let Some(e) = g.undo() {
                    records::push_entry(&mut s, &e, notation);
                    s.push('\t');
                    s.push_str(&fen::to_fen(g.position(), CastlingLetters::XFen));
                }
                s
            }
            Some(Get::History) => self.history_text(false),
            Some(Get::HistoryVerbose) => self.history_text(true),
            Some(Get::Outcome) => match g.outcome() {
                None => String::new(),
                Some(o) => cat!(o.winner.map_or('-', Color::char), " ", o.reason.name()),
            },
            Some(Get::Pgn) => pgn::write(g),
            Some(Get::Chess960Id) => g.chess960_id().map_or(String::new(), |id| cat!(id)),
            Some(Get::Hash) => {
                let h = g.position().hash();
                // 16 hex digits, high first.
                (0..16)
                    .rev()
                    .filter_map(|i| char::from_digit(((h >> (i * 4)) & 15) as u32, 16))
                    .collect()
            }
            Some(Get::DrawByAgreement) => flag(g.draw_by_agreement()),
            Some(Get::Clear) => {
                g.clear_board();
                String::new()
            }
            Some(Get::ClearTags) => {
                g.clear_headers();
                String::new()
            }
            Some(Get::FenForcedEp) => fen::to_fen_forced_ep(g.position()),
            None => String::new(),
        }
    }

    /// An operation with text arguments ([`Call`]).
    pub fn call(&mut self, op: u32, a: &str, b: &str, c: &str) -> Result<String, JsValue> {
        Ok(self.try_call(op, a, b, c)?)
    }

    fn try_call(&mut self, op: u32, a: &str, b: &str, c: &str) -> Answer<String> {
        let g = &mut self.inner;
        match Call::from_u32(op) {
            Some(Call::Swap) => {
                let choice = SwapChoice::parse(a).ok_or_else(|| {
                    fail(PlayError::BadSwap {
                        found: chess960::text::first_chars(a, 16),
                    })
                })?;
                let r = g.swap(choice).map(drop);
                self.played(r)
            }
            Some(Call::MovesFrom) => Ok(match Square::parse(a) {
                Some(sq) => self.moves_text(Some(sq)),
                None => String::new(),
            }),
            Some(Call::Resolve) => self.resolve_text(a, b),
            Some(Call::Move) => {
                let r = g.play_text_quiet(a);
                self.played(r)
            }
            Some(Call::MoveExact) => match g.play_exact_quiet(a, b == "uci") {
                Ok(true) => Ok(self.last_record()),
                Ok(false) => Ok(String::new()),
                Err(e) => Err(fail(e)),
            },
            Some(Call::WhyNot) => Ok(match g.parse_move(a) {
                Ok(_) => String::new(),
                Err(e) => e.message(),
            }),
            Some(Call::MoveFromTo) => {
                let (f, t) = (square(a)?, square(b)?);
                let promo = match *c.as_bytes() {
                    [] => None,
                    [p] => Some(
                        Role::from_char(char::from(p))
                            .filter(|r| Role::PROMOTIONS.contains(r))
                            .ok_or_else(|| {
                                fail(PlayError::BadPromotion {
                                    found: chess960::text::first_chars(c, 8),
                                })
                            })?,
                    ),
                    _ => {
                        return Err(fail(PlayError::BadPromotion {
                            found: chess960::text::first_chars(c, 8),
                        }))
                    }
                };
                let r = g.play_input_quiet(f, t, promo);
                self.played(r)
            }
            Some(Call::SetHeader) => {
                g.set_header(a, b).map_err(fail)?;
                Ok(String::new())
            }
            Some(Call::RemoveHeader) => Ok(flag(g.remove_header(a))),
            Some(Call::SetUciMode) => {
                let n = match a {
                    "auto" => None,
                    "chess960" => Some(CastlingNotation::KingOntoRook),
                    "standard" => Some(CastlingNotation::KingToDestination),
                    _ => {
                        return Err(Fault::Error(cat!(
                            "invalid UCI mode '",
                            chess960::text::take_chars(a, 16),
                            "' (expected 'auto', 'chess960' or 'standard')"
                        )))
                    }
                };
                g.set_notation(n);
                Ok(String::new())
            }
            Some(Call::HasMatingMaterial) => Ok(flag(g.has_mating_material(color(a)?))),
            Some(Call::Resign) => Ok(flag(g.resign(color(a)?))),
            Some(Call::Timeout) => Ok(flag(g.timeout(color(a)?))),
            Some(Call::Put) => {
                let piece = match *a.as_bytes() {
                    [c, r] => Color::from_char(char::from(c)).and_then(|color| {
                        Role::from_char(char::from(r)).map(|role| Piece { color, role })
                    }),
                    _ => None,
                };
                Ok(flag(match (piece, Square::parse(b)) {
                    (Some(p), Some(sq)) => g.put(p, sq),
                    _ => false,
                }))
            }
            Some(Call::Remove) => Ok(Square::parse(a)
                .and_then(|sq| g.remove_piece(sq))
                .map_or(String::new(), piece_text)),
            Some(Call::PieceAt) => Ok(Square::parse(a)
                .and_then(|sq| g.position().board().piece_at(sq))
                .map_or(String::new(), piece_text)),
            Some(Call::Attackers) => {
                let (Some(sq), Ok(by)) = (Square::parse(a), color(b)) else {
                    return Ok(String::new());
                };
                let board = g.position().board();
                let set = board.attackers(sq, by, board.occupied());
                let mut s = String::new();
                for i in 0..64u8 {
                    let at = Square::from_index(i ^ 56);
                    if set.contains(at) {
                        if !s.is_empty() {
                            s.push(' ');
                        }
                        at.push_to(&mut s);
                    }
                }
                Ok(s)
            }
            Some(Call::SetTurn) => {
                let c = color(a)?;
                if g.turn() == c {
                    return Ok(String::new());
                }
                match g.play_null() {
                    Ok(()) => Ok("1".to_owned()),
                    Err(PlayError::NullInCheck) => Err(Fault::WithCause(
                        "Null move not allowed when in check".to_owned(),
                        PlayError::NullInCheck.message(),
                    )),
                    Err(e) => Err(fail(e)),
                }
            }
            Some(Call::SetCastling) => {
                let side = color(a)?;
                let wish = |s: &str| match s {
                    "1" => Some(true),
                    "0" => Some(false),
                    _ => None,
                };
                Ok(flag(g.set_castling_rights(side, wish(b), wish(c))))
            }
            Some(Call::Castling) => {
                let c = color(a)?;
                let castles = g.position().castles();
                let mut s = String::new();
                if castles
                    .rook(c, chess960::castling::CastlingSide::KingSide)
                    .is_some()
                {
                    s.push('k');
                }
                if castles
                    .rook(c, chess960::castling::CastlingSide::QueenSide)
                    .is_some()
                {
                    s.push('q');
                }
                Ok(s)
            }
            None => Err(Fault::Error("unknown operation".to_owned())),
        }
    }

    /// An operation on a number ([`Num`]).
    pub fn num(&mut self, op: u32, x: f64) -> Result<f64, JsValue> {
        let g = &self.inner;
        Ok(match Num::from_u32(op) {
            Some(Num::Perft) => g.perft(whole_in(x, MAX_PERFT, "perft depth")?) as f64,
            Some(Num::MoveNumber) => f64::from(g.position().fullmoves()),
            Some(Num::Repetitions) => f64::from(g.repetitions()),
            None => return Err(Fault::Error("unknown operation".to_owned()).into()),
        })
    }

    /// Structured data ([`Data`]).
    pub fn data(&mut self, op: u32, value: JsValue) -> Result<JsValue, JsValue> {
        Ok(self.try_data(op, value)?)
    }

    fn try_data(&mut self, op: u32, value: JsValue) -> Answer<JsValue> {
        let Some(op) = Data::from_u32(op) else {
            return Err(Fault::Error("unknown operation".to_owned()));
        };
        let g = &self.inner;
        match op {
            Data::Headers => Ok(data::headers(g)),
            Data::HeaderSlots => Ok(data::header_slots(g)),
            Data::Tree => Ok(data::tree(g)),
            Data::Pgn => {
                let o = read::Args::new(value);
                let w = o.num(0);
                let max_width = if w.is_finite() && w > 0.0 {
                    w as usize
                } else {
                    0
                };
                let newline = if o.has(1) { o.str(1) } else { "\n".to_owned() };
                Ok(JsValue::from_str(&pgn::write_with(
                    g,
                    &WriteOptions {
                        max_width,
                        newline: &newline,
                    },
                )))
            }
            Data::Seal => {
                // [move, whiteTimeMs, blackTimeMs, drawOffer, date, time, venue]
                let o = read::Args::new(value);
                let text = o.str(0);
                let white = o.num(1);
                let black = o.num(2);
                let offer = o.flag(3);
                let mut env =
                    adjourn::seal(g, &text, white, black, offer).map_err(|e| match e {
                        adjourn::AdjournError::BadTime { .. } => Fault::Range(e.message()),
                        e => fail(e),
                    })?;
                env.resumption = data::resumption(&o, 4);
                Ok(data::envelope_js(env))
            }
            Data::Comments => self.comments(false),
            Data::RemoveComments => self.comments(true),
            Data::GetNotes => self.get_notes(value),
            Data::SetNotes => self.set_notes(value),
        }
    }

    /// Functions of no game ([`Util`]).
    pub fn util(op: u32, a: &str, b: &str, x: f64) -> Result<JsValue, JsValue> {
        Ok(util(op, a, b, x)?)
    }

    /// Bit flags: 1 check, 2 checkmate, 4 stalemate, 8 insufficient material,
    /// 16 threefold repetition, 32 fifty moves, 64 draw, 128 game over, 256 dead position.
    pub fn status(&self) -> u32 {
        let g = &self.inner;
        let check = g.is_check();
        // No legal move (checkmate or stalemate); never in the swap phase.
        let stuck = g.swap_pending().is_none() && !g.position().has_legal_moves();
        [
            check,
            check && stuck,
            !check && stuck,
            g.is_insufficient_material(),
            g.is_threefold_repetition(),
            g.is_fifty_moves(),
            g.is_draw(),
            g.is_game_over(),
            g.is_dead_position(),
        ]
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (u32::from(b) << i))
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
    #[wasm_bindgen(js_name = memoryPages)]
    pub fn memory_pages() -> usize {
        alloc::pages()
    }
}

fn util(op: u32, a: &str, b: &str, x: f64) -> Answer<JsValue> {
    match Util::from_u32(op) {
        Some(Util::SplitPgn) => {
            if a.len() > pgn::MAX_TEXT {
                return Err(fail(pgn::PgnError::TooLong { bytes: a.len() }));
            }
            Ok(data::strs(&pgn::split_games(a)))
        }
        Some(Util::Chess960Array) => Ok(JsValue::from_str(
            &setup::back_rank_string(id(x)?).map_err(fail)?,
        )),
        Some(Util::Chess960Id) => Ok(JsValue::from_f64(f64::from(
            setup::id_of_str(a).map_err(fail)?,
        ))),
        Some(Util::RandomId) => Ok(JsValue::from_f64(f64::from(
            setup::random_id_secure().map_err(fail)?,
        ))),
        Some(Util::FenAfter) => {
            let pos = fen::parse_lenient(a).map_err(fail)?;
            if b == "0000" {
                return Ok(JsValue::from_str(&fen::to_fen(
                    &pos.after_null(),
                    CastlingLetters::XFen,
                )));
            }
            let legal = pos.legal_moves();
            let m = chess960::uci::parse_uci(&pos, b, &legal).map_err(fail)?;
            Ok(JsValue::from_str(&fen::to_fen(
                &pos.after(m),
                CastlingLetters::XFen,
            )))
        }
        None => Err(Fault::Error("unknown operation".to_owned())),
    }
}

#[wasm_bindgen(start)]
pub fn start() {
    chess960::attacks::init();
}
