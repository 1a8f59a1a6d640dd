//! wasm-bindgen bindings: the raw `Game` class that `js/` wraps (see `js/RAW_API.md`).
//!
//! This file converts and forwards; no chess rule lives here. Data crosses the boundary
//! as one string per call (the destinations as bytes) so that JavaScript builds objects
//! only when asked. A fallible call that fails leaves the game unchanged and its error
//! message in the game, where JS fetches it (`get(GET_ERROR)`) and throws it as an
//! `Error`: no JS error object is made in the wasm, which keeps wasm-bindgen's `JsError`
//! and its table of JS references out of the download.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::adjourn;
use crate::game::{Entry, Game, Input, PlayError, PlayedMove};
use crate::pgn;
use crate::position::{Move, MoveKind};
use crate::resolve::Resolution;
use crate::setup::{self, SwapChoice};
use crate::square::{Color, Role, Square};
use crate::text::{first_chars, owned, push_char, Push};
use crate::uci::CastlingNotation;
use wasm_bindgen::prelude::*;

/// A failed call's error: the message that the JS wrapper throws as an `Error`.
pub type Failure = String;

fn failure(message: &str) -> Failure {
    owned(message)
}

fn err(e: impl Push) -> Failure {
    error_of(&e)
}

/// Every error's message is built here, out of line.
#[inline(never)]
fn error_of(e: &dyn Push) -> Failure {
    cat!(e)
}

/// A bad argument: `invalid <what> '<its first n characters>'<tail>`.
#[inline(never)]
fn invalid(what: &str, s: &str, n: usize, tail: &str) -> Failure {
    failure(&cat!(
        "invalid ",
        what,
        " '",
        crate::text::take_chars(s, n),
        "'",
        tail
    ))
}

/// The message of [`PlayError`] variant `make` for the first `n` characters of `s`.
#[inline(never)]
fn bad_arg(make: fn(String) -> PlayError, s: &str, n: usize) -> Failure {
    err(make(first_chars(s, n)))
}

fn square(s: &str) -> Result<Square, Failure> {
    Square::parse(s).ok_or_else(|| bad_arg(|found| PlayError::BadSquare { found }, s, 8))
}

fn color(s: &str) -> Result<Color, Failure> {
    match s {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(bad_arg(|found| PlayError::BadColor { found }, s, 8)),
    }
}

/// `n` if it is a whole number from 0 to `max`, else the error `<what> must be an
/// integer from 0 to <max>, got <n>`.
#[inline(never)]
fn whole_in(n: f64, max: u16, what: &str) -> Result<u16, Failure> {
    // `as` saturates (NaN gives 0): the round trip is exact only for a whole number in
    // range, and for any whole number below 10^15 through i64.
    if n >= 0.0 && n <= f64::from(max) && n == f64::from(n as u16) {
        return Ok(n as u16);
    }
    let mut s = cat!(what, " must be an integer from 0 to ", max, ", got ");
    // The number as JS writes it, without pulling float formatting into the wasm.
    if n.abs() < 1e15 && n == n as i64 as f64 {
        crate::text::push_int(&mut s, n as i64);
    } else {
        if n.is_nan() {
            "NaN"
        } else {
            "a non-integer number"
        }
        .push_to(&mut s);
    }
    Err(s)
}

/// A time as JS's `String(number)` writes it, rounded to whole milliseconds as
/// [`adjourn::seal`] rounds it; NaN (which `seal` rejects) for a negative number, NaN or
/// an infinity. A fraction rounds on its first digit: the shortest text of a double
/// rounds as the double does. An exponent is `e-` below 10^-6 or `e+` from 10^21, more
/// than any time can keep (`to_fields` clamps).
// `iter().any` rather than `contains`: `<[u8]>::contains` pulls in `memchr` (~130 B gz).
#[allow(clippy::manual_contains)]
fn js_time(s: &str) -> f64 {
    let b = s.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_digit) {
        return f64::NAN;
    }
    if b.iter().any(|&c| c == b'e') {
        // After a leading digit, a `-` can only be the exponent's.
        return if b.iter().any(|&c| c == b'-') {
            0.0
        } else {
            1e21
        };
    }
    let mut x = 0.0;
    let mut rest = b;
    while let [c, tail @ ..] = rest {
        match c {
            b'0'..=b'9' => x = x * 10.0 + f64::from(c - b'0'),
            b'.' => return x + f64::from(u8::from(tail.first() >= Some(&b'5'))),
            _ => return f64::NAN,
        }
        rest = tail;
    }
    x
}

fn id(n: f64) -> Result<u16, Failure> {
    whole_in(n, 959, "Chess960 id")
}

fn random_u16() -> u16 {
    let mut b = [0u8; 2];
    // getrandom's js backend calls crypto.getRandomValues; it fails only without Web Crypto.
    if getrandom::fill(&mut b).is_err() {
        b = [0xff, 0xff];
    }
    u16::from_le_bytes(b)
}

fn random_id() -> Result<u16, Failure> {
    let mut b = [0u8; 2];
    getrandom::fill(&mut b).map_err(|_| {
        failure("no cryptographic random source (crypto.getRandomValues) available")
    })?;
    let first = u16::from_le_bytes(b);
    let mut used_first = false;
    Ok(setup::random_id(|| {
        if used_first {
            random_u16()
        } else {
            used_first = true;
            first
        }
    }))
}

/// `color piece from to captured promotion flags san uci [rookFrom rookTo]`.
fn push_record(out: &mut String, pm: &PlayedMove, notation: CastlingNotation) {
    let m = pm.mv;
    let opt = |r: Option<Role>| r.map_or('-', Role::char);
    let (from, to) = (m.from(), m.king_to());
    for c in [
        pm.color.char(),
        ' ',
        pm.role.char(),
        ' ',
        from.file().char(),
        from.rank().char(),
        ' ',
        to.file().char(),
        to.rank().char(),
        ' ',
        opt(pm.captured),
        ' ',
        opt(m.promotion()),
        ' ',
    ] {
        push_char(out, c);
    }
    pm.push_flags(out);
    push_char(out, ' ');
    pm.san.push_to(out);
    push_char(out, ' ');
    crate::uci::to_uci(m, notation).push_to(out);
    if let (MoveKind::Castle, Some(side)) = (m.kind(), m.castling_side()) {
        push_char(out, ' ');
        Push::push_to(&m.to(), out);
        push_char(out, ' ');
        Push::push_to(&side.rook_to(m.from().rank()), out);
    }
}
fn push_entry(out: &mut String, e: &Entry, notation: CastlingNotation) {
    match e {
        Entry::Move(pm) => push_record(out, pm, notation),
        Entry::Swap { color, choice } => push_swap(out, *color, *choice),
    }
}

/// `swap <color> <choice>`.
fn push_swap(out: &mut String, color: Color, choice: SwapChoice) {
    "swap ".push_to(out);
    push_char(out, color.char());
    push_char(out, ' ');
    choice.name().push_to(out);
}

/// The raw game handle (JS name `Game`).
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    inner: Game,
    /// The message of the last call that failed, until `get(GET_ERROR)` takes it.
    error: String,
}

impl JsGame {
    fn of(inner: Game) -> JsGame {
        JsGame {
            inner,
            error: String::new(),
        }
    }

    /// A new game for JS: on failure a standard game that holds the error, which JS
    /// takes (and throws) before it frees the game.
    fn made(g: Result<Game, Failure>) -> JsGame {
        match g {
            Ok(inner) => JsGame::of(inner),
            Err(error) => JsGame {
                inner: Game::new(),
                error,
            },
        }
    }

    /// A call's text for JS: on failure `""`, the error kept for `get(GET_ERROR)`.
    fn answer(&mut self, r: Result<String, Failure>) -> String {
        r.unwrap_or_else(|e| {
            self.error = e;
            String::new()
        })
    }

    /// The answer to a move or swap: the record of the step just played, or the error.
    /// Out of line: one copy for the three calls that play.
    #[inline(never)]
    fn played(&self, r: Result<(), PlayError>) -> Result<String, Failure> {
        r.map_err(err)?;
        Ok(self.last_record())
    }

    /// The record of the move just played.
    fn last_record(&self) -> String {
        let mut s = String::new();
        if let Some(e) = self.inner.entries().last() {
            push_entry(&mut s, e, self.inner.notation());
        }
        s
    }

    /// Appends the records of `moves` (the legal moves when `None`) that start on `from`
    /// (any square when `None`), each after a newline unless `out` is empty. None in the
    /// swap phase.
    #[inline(never)]
    fn push_records(&self, out: &mut String, moves: Option<&[Move]>, from: Option<Square>) {
        if self.inner.swap_pending().is_some() {
            return;
        }
        let pos = self.inner.position();
        let legal = self.inner.legal_moves();
        let notation = self.inner.notation();
        for &m in moves.unwrap_or(legal.as_slice()) {
            if from.is_some_and(|f| f != m.from()) {
                continue;
            }
            if !out.is_empty() {
                push_char(out, '\n');
            }
            push_record(out, &PlayedMove::describe(pos, m, &legal), notation);
        }
    }

    fn records(&self, from: Option<Square>) -> String {
        let mut s = String::new();
        self.push_records(&mut s, None, from);
        s
    }
}

/// The per-call operations. Rust callers (and `tests/wasm.rs`) use them directly; JS
/// reaches them through the few dispatching exports below, which keeps the generated
/// glue (part of every page's download) small.
impl JsGame {
    pub fn chess960(n: f64) -> Result<JsGame, Failure> {
        JsGame::from_setup(Game::chess960(id(n)?))
    }

    pub fn chess960_random() -> Result<JsGame, Failure> {
        JsGame::from_setup(Game::chess960(random_id()?))
    }

    pub fn double_chess960(white: f64, black: f64) -> Result<JsGame, Failure> {
        JsGame::from_setup(Game::double_chess960(id(white)?, id(black)?))
    }

    fn from_setup(g: Result<Game, setup::SetupError>) -> Result<JsGame, Failure> {
        g.map(JsGame::of).map_err(err)
    }

    /// The standard start, or the position of `fen`. Not exported: JS makes these with
    /// `make(1)` and `parse(3)`, which costs less glue and wasm than a constructor.
    pub fn new(fen: Option<String>) -> Result<JsGame, Failure> {
        match fen {
            None => Ok(JsGame::of(Game::new())),
            Some(f) => JsGame::parse_game(3, &f).map(JsGame::of),
        }
    }

    pub fn chess9() -> JsGame {
        JsGame::of(Game::chess9())
    }

    pub fn from_pgn(text: &str) -> Result<JsGame, Failure> {
        JsGame::parse_game(0, text).map(JsGame::of)
    }

    /// `fields`: see [`adjourn::from_fields`] (JS does the JSON).
    pub fn open_envelope(fields: &str) -> Result<JsGame, Failure> {
        JsGame::parse_game(1, fields).map(JsGame::of)
    }

    /// [`JsGame::call`] with its error.
    pub fn try_call(&mut self, op: u32, a: &str, b: &str, c: &str) -> Result<String, Failure> {
        match op {
            CALL_SWAP => self.swap(a),
            CALL_MOVES_FROM => self.moves_from(a),
            CALL_RESOLVE => self.resolve(a, b),
            CALL_MOVE => self.play(a),
            CALL_MOVE_FROM_TO => self.move_from_to(a, b, c),
            CALL_HEADER => Ok(self.header(a)),
            CALL_SET_HEADER => self.set_header(a, b).map(|()| String::new()),
            CALL_SET_UCI_MODE => self.set_uci_mode(a).map(|()| String::new()),
            // The colour read once for the three.
            CALL_HAS_MATING_MATERIAL..=CALL_TIMEOUT => {
                let (g, c) = (&mut self.inner, color(a)?);
                Ok(flag(match op {
                    CALL_HAS_MATING_MATERIAL => g.has_mating_material(c),
                    CALL_RESIGN => g.resign(c),
                    _ => g.timeout(c),
                }))
            }
            CALL_PERFT => {
                // JS sends `String(depth)`: a whole number reads back as itself, "NaN" as
                // NaN, anything else (a fraction, an exponent, Infinity) as a fraction,
                // so that the error names it as `whole_in` does.
                let n = adjourn::whole_number(a).unwrap_or(if a == "NaN" { f64::NAN } else { 0.5 });
                Ok(cat!(self.inner.perft(u32::from(whole_in(
                    n,
                    12,
                    "perft depth"
                )?))))
            }
            CALL_SPLIT_PGN => Ok(split_pgn(a)),
            // The game becomes the one read (a failure leaves it unchanged, as always):
            // JS reads a text into a new standard game, one export less of glue.
            CALL_PARSE..=CALL_PARSE_FEN => {
                self.inner = JsGame::parse_game(op - CALL_PARSE, a)?;
                Ok(String::new())
            }
            CALL_SEAL | CALL_SEAL_DRAW_OFFER => {
                self.seal(a, js_time(b), js_time(c), op == CALL_SEAL_DRAW_OFFER)
            }
            _ => Err(failure("unknown operation")),
        }
    }

    /// 0 the first game of a PGN text, 1 an adjournment envelope as
    /// [`adjourn::from_fields`] reads it, 2 the Chess960 game of a back rank such as
    /// `RNBQKBNR` (how JS reads a back rank's id), 3 the position of a FEN. Not exported:
    /// JS asks `call(CALL_PARSE + kind)` of a new standard game. Cannot fail: a failure's
    /// game (the standard start) holds the error (`get(GET_ERROR)`).
    pub fn parse(kind: u32, text: &str) -> JsGame {
        let mut g = JsGame::of(Game::new());
        g.call(CALL_PARSE.saturating_add(kind), text, "", "");
        g
    }

    /// The game of [`JsGame::parse`] or its error.
    pub fn parse_game(kind: u32, text: &str) -> Result<Game, Failure> {
        match kind {
            0 => pgn::read(text).map_err(err),
            1 => adjourn::from_fields(text)
                .and_then(|env| adjourn::open(&env))
                .map_err(err),
            2 => setup::id_of_str(text).and_then(Game::chess960).map_err(err),
            3 => Game::from_fen(text).map_err(err),
            _ => Err(failure("unknown text kind")),
        }
    }

    /// The Scharnagl id of the start array, -1 if none. (JS reads it as text from `get`.)
    pub fn chess960_id(&self) -> i32 {
        self.inner.chess960_id().map_or(-1, i32::from)
    }

    /// Not exported (JS asks `call(CALL_PERFT)`, one export less).
    pub fn perft(&self, depth: f64) -> Result<f64, Failure> {
        Ok(self
            .inner
            .perft(u32::from(whole_in(depth, 12, "perft depth")?)) as f64)
    }

    pub fn variant(&self) -> String {
        owned(self.inner.variant().name())
    }

    pub fn swap_choices(&self) -> String {
        let mut s = String::new();
        for c in self.inner.swap_choices() {
            if !s.is_empty() {
                push_char(&mut s, ' ');
            }
            c.name().push_to(&mut s);
        }
        s
    }

    pub fn swap(&mut self, choice: &str) -> Result<String, Failure> {
        let c = SwapChoice::parse(choice)
            .ok_or_else(|| bad_arg(|found| PlayError::BadSwap { found }, choice, 16))?;
        let r = self.inner.swap(c).map(drop);
        self.played(r)
    }

    pub fn fen(&self, shredder: bool) -> String {
        self.inner.fen(shredder)
    }

    pub fn turn(&self) -> String {
        cat!(self.inner.turn().char())
    }

    pub fn moves(&self) -> String {
        let pos = self.inner.position();
        let legal = self.inner.legal_moves();
        let mut s = String::new();
        for &m in legal.iter() {
            if !s.is_empty() {
                push_char(&mut s, ' ');
            }
            crate::san::to_san(pos, m, &legal).push_to(&mut s);
        }
        s
    }

    pub fn moves_verbose(&self) -> String {
        self.records(None)
    }

    pub fn moves_from(&self, from: &str) -> Result<String, Failure> {
        Ok(self.records(Some(square(from)?)))
    }

    pub fn resolve(&self, from: &str, to: &str) -> Result<String, Failure> {
        let (from, to) = (square(from)?, square(to)?);
        let r = match self.inner.resolve(from, to) {
            Input::Swap(c) => {
                let mut s = owned("swap\n");
                push_swap(&mut s, self.inner.turn(), c);
                return Ok(s);
            }
            Input::Resolved(r) => r,
        };
        let pair;
        let (kind, moves): (&str, &[Move]) = match &r {
            Resolution::Move(m) => ("move", core::slice::from_ref(m)),
            Resolution::Castle(m) => ("castle", core::slice::from_ref(m)),
            Resolution::Promotion(ms) => ("promotion", ms),
            Resolution::Ambiguous { castle, king_move } => {
                pair = [*castle, *king_move];
                ("ambiguous", &pair)
            }
            Resolution::Illegal => ("illegal", &[]),
        };
        let mut s = owned(kind);
        self.push_records(&mut s, Some(moves), None);
        Ok(s)
    }

    pub fn play(&mut self, text: &str) -> Result<String, Failure> {
        let r = self.inner.play_text_quiet(text);
        self.played(r)
    }

    pub fn move_from_to(
        &mut self,
        from: &str,
        to: &str,
        promotion: &str,
    ) -> Result<String, Failure> {
        let (f, t) = (square(from)?, square(to)?);
        let promo = match *promotion.as_bytes() {
            [p] => Role::from_char(char::from(p)).filter(|r| Role::PROMOTIONS.contains(r)),
            _ => None,
        };
        // One error path: any text but "" that is not one promotion letter.
        if promo.is_none() && !promotion.is_empty() {
            return Err(bad_arg(
                |found| PlayError::BadPromotion { found },
                promotion,
                8,
            ));
        }
        let r = self.inner.play_input_quiet(f, t, promo);
        self.played(r)
    }

    pub fn undo(&mut self) -> String {
        let notation = self.inner.notation();
        let mut s = String::new();
        if let Some(e) = self.inner.undo() {
            push_entry(&mut s, &e, notation);
        }
        s
    }

    pub fn history(&self) -> String {
        let notation = self.inner.notation();
        let mut s = String::new();
        for e in self.inner.entries() {
            if !s.is_empty() {
                push_char(&mut s, '\n');
            }
            push_entry(&mut s, e, notation);
        }
        s
    }

    pub fn is_check(&self) -> bool {
        self.inner.is_check()
    }
    pub fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }
    pub fn is_stalemate(&self) -> bool {
        self.inner.is_stalemate()
    }
    pub fn is_insufficient_material(&self) -> bool {
        self.inner.is_insufficient_material()
    }
    pub fn is_threefold_repetition(&self) -> bool {
        self.inner.is_threefold_repetition()
    }
    pub fn is_fifty_moves(&self) -> bool {
        self.inner.is_fifty_moves()
    }
    pub fn is_draw(&self) -> bool {
        self.inner.is_draw()
    }
    pub fn is_game_over(&self) -> bool {
        self.inner.is_game_over()
    }

    pub fn outcome(&self) -> String {
        match self.inner.outcome() {
            None => String::new(),
            Some(o) => cat!(o.winner.map_or('-', Color::char), " ", o.reason.name()),
        }
    }

    pub fn has_mating_material(&self, c: &str) -> Result<bool, Failure> {
        Ok(self.inner.has_mating_material(color(c)?))
    }

    pub fn resign(&mut self, c: &str) -> Result<bool, Failure> {
        Ok(self.inner.resign(color(c)?))
    }
    pub fn draw_by_agreement(&mut self) -> bool {
        self.inner.draw_by_agreement()
    }
    pub fn timeout(&mut self, c: &str) -> Result<bool, Failure> {
        Ok(self.inner.timeout(color(c)?))
    }

    /// The envelope as [`adjourn::to_fields`] writes it. Not exported: JS asks
    /// `call(CALL_SEAL)` with the times as text (one export less of glue).
    pub fn seal(
        &self,
        text: &str,
        white_time_ms: f64,
        black_time_ms: f64,
        draw_offer: bool,
    ) -> Result<String, Failure> {
        adjourn::seal(&self.inner, text, white_time_ms, black_time_ms, draw_offer)
            .map(|env| adjourn::to_fields(&env))
            .map_err(err)
    }

    pub fn pgn(&self) -> String {
        pgn::write(&self.inner)
    }

    pub fn set_header(&mut self, key: &str, value: &str) -> Result<(), Failure> {
        let b = key.as_bytes();
        if b.is_empty()
            || (0..b.len()).any(|i| {
                matches!(b.get(i), Some(b'"' | b']' | b'['))
                    || crate::text::space_len(b.get(i..).unwrap_or_default()) > 0
            })
        {
            return Err(invalid("PGN tag name", key, 32, ""));
        }
        if value.bytes().any(|c| c == b'\n' || c == b'\r') {
            return Err(failure("a PGN tag value must be a single line"));
        }
        self.inner.set_header(key, value);
        Ok(())
    }

    pub fn header(&self, key: &str) -> String {
        owned(self.inner.header(key).unwrap_or(""))
    }

    pub fn set_uci_mode(&mut self, mode: &str) -> Result<(), Failure> {
        let n = match mode {
            "auto" => None,
            "chess960" => Some(CastlingNotation::KingOntoRook),
            "standard" => Some(CastlingNotation::KingToDestination),
            _ => {
                return Err(invalid(
                    "UCI mode",
                    mode,
                    16,
                    " (expected 'auto', 'chess960' or 'standard')",
                ))
            }
        };
        self.inner.set_notation(n);
        Ok(())
    }
}

/// Operations of [`JsGame::get`]: no argument, cannot fail.
const GET_VARIANT: u32 = 0;
const GET_SWAP_CHOICES: u32 = 1;
const GET_FEN: u32 = 2;
const GET_SHREDDER_FEN: u32 = 3;
const GET_TURN: u32 = 4;
const GET_MOVES: u32 = 5;
const GET_MOVES_VERBOSE: u32 = 6;
// 7 was the destinations as text; they are `destsPacked` now.
const GET_UNDO: u32 = 8;
const GET_HISTORY: u32 = 9;
const GET_OUTCOME: u32 = 10;
const GET_PGN: u32 = 11;
const GET_DRAW_BY_AGREEMENT: u32 = 12;
const GET_CHESS960_ID: u32 = 13;
/// The error of the last call that failed (`""` when none), taken: JS asks after a
/// `""` from `call` and after `make`.
const GET_ERROR: u32 = 14;

/// Operations of [`JsGame::call`]: up to three string arguments, may fail.
const CALL_SWAP: u32 = 0;
const CALL_MOVES_FROM: u32 = 1;
const CALL_RESOLVE: u32 = 2;
const CALL_MOVE: u32 = 3;
const CALL_MOVE_FROM_TO: u32 = 4;
const CALL_HEADER: u32 = 5;
const CALL_SET_HEADER: u32 = 6;
const CALL_SET_UCI_MODE: u32 = 7;
const CALL_HAS_MATING_MATERIAL: u32 = 8;
const CALL_RESIGN: u32 = 9;
const CALL_TIMEOUT: u32 = 10;
const CALL_PERFT: u32 = 11;
const CALL_SPLIT_PGN: u32 = 12;
const CALL_SEAL: u32 = 13;
const CALL_SEAL_DRAW_OFFER: u32 = 14;
/// 15 to 18: the game of text, [`JsGame::parse_game`]'s kinds 0 to 3.
const CALL_PARSE: u32 = 15;
const CALL_PARSE_FEN: u32 = 18;

#[inline(never)]
fn flag(b: bool) -> String {
    owned(if b { "1" } else { "" })
}

/// What JavaScript sees (see `js/RAW_API.md`).
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// 0 Chess960 id `a`, 1 the standard start, 2 Double Chess960 `a`/`b`, 3 Chess-9.
    /// (JS draws random Chess960 ids itself, which keeps a crypto binding out of the
    /// wasm.)
    /// Cannot fail: a failure's game holds the error (`get(GET_ERROR)`).
    pub fn make(kind: u32, a: f64, b: f64) -> JsGame {
        JsGame::made(match kind {
            // Chess960 is Double Chess960 with one array for both sides.
            0 | 2 => id(a).and_then(|w| {
                let black = if kind == 0 { w } else { id(b)? };
                Game::double_chess960(w, black).map_err(err)
            }),
            1 => Ok(Game::new()),
            3 => Ok(Game::chess9()),
            _ => Err(failure("unknown game kind")),
        })
    }

    /// An operation with string arguments (the `CALL_*` operations). Cannot fail: on
    /// failure it returns `""` and keeps the error for `get(GET_ERROR)`.
    pub fn call(&mut self, op: u32, a: &str, b: &str, c: &str) -> String {
        let r = self.try_call(op, a, b, c);
        self.answer(r)
    }

    /// A string view of the game (the `GET_*` operations).
    pub fn get(&mut self, op: u32) -> String {
        match op {
            GET_VARIANT => self.variant(),
            GET_SWAP_CHOICES => self.swap_choices(),
            GET_FEN | GET_SHREDDER_FEN => self.fen(op == GET_SHREDDER_FEN),
            GET_TURN => self.turn(),
            GET_MOVES => self.moves(),
            GET_MOVES_VERBOSE => self.moves_verbose(),
            GET_UNDO => self.undo(),
            GET_HISTORY => self.history(),
            GET_OUTCOME => self.outcome(),
            GET_PGN => self.pgn(),
            GET_DRAW_BY_AGREEMENT => flag(self.draw_by_agreement()),
            GET_ERROR => core::mem::take(&mut self.error),
            GET_CHESS960_ID => {
                let mut s = String::new();
                if let Some(id) = self.inner.chess960_id() {
                    crate::text::push_uint(&mut s, u64::from(id));
                }
                s
            }
            _ => String::new(),
        }
    }

    /// Bit flags: 1 check, 2 checkmate, 4 stalemate, 8 insufficient material,
    /// 16 threefold repetition, 32 fifty moves, 64 draw, 128 game over.
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
        // Written into a buffer that always has room: each origin's 2 bytes and its
        // destinations, all squares, are at most 64 * (2 + 64) bytes.
        let mut buf = [0u8; 64 * 66];
        let mut n = 0;
        let mut put = |b: u8| {
            if let Some(slot) = buf.get_mut(n) {
                *slot = b;
            }
            n += 1;
        };
        for (i, tos) in self.inner.dests_by_square().into_iter().enumerate() {
            if tos.any() {
                put(i as u8);
                put(tos.count() as u8);
                tos.for_each(|to| put(to.u8()));
            }
        }
        buf.get(..n).unwrap_or_default().to_vec()
    }
}

/// Not exported (the JS API reads it off a new game's FEN, one export less of glue).
pub fn chess960_array(n: f64) -> Result<String, Failure> {
    setup::back_rank_string(id(n)?).map_err(err)
}

/// Not exported (JS reads the id of a game read with `call(CALL_PARSE + 2, back_rank)`).
pub fn chess960_id(back_rank: &str) -> Result<u16, Failure> {
    setup::id_of_str(back_rank).map_err(err)
}

/// Not exported (the JS API draws random ids itself: the crypto binding that this and
/// [`JsGame::chess960_random`] pull in costs ~360 bytes of gzipped wasm).
pub fn random_chess960_id() -> Result<u16, Failure> {
    random_id()
}

/// The games' lengths in UTF-16 units (JS string lengths), space-separated, a newline,
/// then the games' texts one after another: one string, no array glue in every page.
/// Not exported: JS asks `call(CALL_SPLIT_PGN)` of a game made for it (one export less of
/// glue and wasm).
pub fn split_pgn(text: &str) -> String {
    let mut out = String::new();
    let mut games = String::with_capacity(text.len());
    for g in pgn::games(text) {
        if !out.is_empty() {
            push_char(&mut out, ' ');
        }
        // One unit per character, two for those beyond the BMP (4-byte UTF-8).
        let units = g
            .bytes()
            .map(|b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
            .sum::<usize>();
        crate::text::push_uint(&mut out, units as u64);
        g.push_to(&mut games);
    }
    push_char(&mut out, '\n');
    games.push_to(&mut out);
    out
}

#[wasm_bindgen(start)]
pub fn start() {
    crate::attacks::init();
}
