//! wasm-bindgen bindings: the raw `Game` class that `js/` wraps (see `js/RAW_API.md`).
//!
//! This file converts and forwards; no chess rule lives here. Data crosses the boundary
//! as one string per call so that JavaScript builds objects only when asked. Every
//! fallible call returns a JS `Error` and leaves the game unchanged.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::adjourn;
use crate::game::{Entry, Game, Input, PlayedMove};
use crate::pgn;
use crate::position::{Move, MoveKind};
use crate::resolve::Resolution;
use crate::setup::{self, SwapChoice};
use crate::square::{Color, Role, Square};
use crate::uci::CastlingNotation;
use wasm_bindgen::prelude::*;

fn err(e: impl crate::text::Push) -> JsError {
    JsError::new(&cat!(e))
}

fn square(s: &str) -> Result<Square, JsError> {
    Square::parse(s).ok_or_else(|| {
        JsError::new(&cat!(
            "invalid square '",
            crate::text::take_chars(s, 8),
            "' (expected a1..h8)"
        ))
    })
}

fn color(s: &str) -> Result<Color, JsError> {
    let mut it = s.chars();
    match (it.next().and_then(Color::from_char), it.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(JsError::new(&cat!(
            "invalid colour '",
            crate::text::take_chars(s, 8),
            "' (expected 'w' or 'b')"
        ))),
    }
}

/// A JS number for messages, without pulling float formatting into the wasm.
fn number(n: f64) -> String {
    if crate::text::is_whole(n) && n.abs() < 1e15 {
        cat!(n as i64)
    } else if n.is_nan() {
        "NaN".to_string()
    } else {
        "a non-integer number".to_string()
    }
}

fn id(n: f64) -> Result<u16, JsError> {
    if crate::text::is_whole(n) && (0.0..=959.0).contains(&n) {
        Ok(n as u16)
    } else {
        Err(JsError::new(&cat!(
            "Chess960 id must be an integer from 0 to 959, got ",
            number(n)
        )))
    }
}

fn random_u16() -> u16 {
    let mut b = [0u8; 2];
    // getrandom's js backend calls crypto.getRandomValues; it fails only without Web Crypto.
    if getrandom::fill(&mut b).is_err() {
        b = [0xff, 0xff];
    }
    u16::from_le_bytes(b)
}

fn random_id() -> Result<u16, JsError> {
    let mut b = [0u8; 2];
    getrandom::fill(&mut b).map_err(|_| {
        JsError::new("no cryptographic random source (crypto.getRandomValues) available")
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
    out.push(pm.color.char());
    out.push(' ');
    out.push(pm.role.char());
    out.push(' ');
    m.from().push_to(out);
    out.push(' ');
    m.king_to().push_to(out);
    out.push(' ');
    out.push(opt(pm.captured));
    out.push(' ');
    out.push(opt(m.promotion()));
    out.push(' ');
    out.push_str(&pm.flags());
    out.push(' ');
    out.push_str(&pm.san);
    out.push(' ');
    out.push_str(&crate::uci::to_uci(m, notation));
    if let (MoveKind::Castle, Some(side)) = (m.kind(), m.castling_side()) {
        out.push(' ');
        m.to().push_to(out);
        out.push(' ');
        side.rook_to(m.from().rank()).push_to(out);
    }
}

fn push_entry(out: &mut String, e: &Entry, notation: CastlingNotation) {
    match e {
        Entry::Move(pm) => push_record(out, pm, notation),
        Entry::Swap { color, choice } => {
            out.push_str("swap ");
            out.push(color.char());
            out.push(' ');
            out.push_str(choice.name());
        }
    }
}

/// The raw game handle (JS name `Game`).
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    inner: Game,
}

impl JsGame {
    fn record_of(&self, pm: &PlayedMove) -> String {
        let mut s = String::with_capacity(40);
        push_record(&mut s, pm, self.inner.notation());
        s
    }
    fn records(&self, moves: impl Iterator<Item = Move>) -> String {
        let pos = *self.inner.position();
        let legal = pos.legal_moves();
        let mut s = String::with_capacity(48 * legal.len());
        for m in moves {
            if !s.is_empty() {
                s.push('\n');
            }
            push_record(
                &mut s,
                &PlayedMove::describe(&pos, m, &legal),
                self.inner.notation(),
            );
        }
        s
    }
}

/// The per-call operations. Rust callers (and `tests/wasm.rs`) use them directly; JS
/// reaches them through the few dispatching exports below, which keeps the generated
/// glue (part of every page's download) small.
impl JsGame {
    pub fn chess960(n: f64) -> Result<JsGame, JsError> {
        Ok(JsGame {
            inner: Game::chess960(id(n)?).map_err(err)?,
        })
    }

    pub fn chess960_random() -> Result<JsGame, JsError> {
        Ok(JsGame {
            inner: Game::chess960(random_id()?).map_err(err)?,
        })
    }

    pub fn double_chess960(white: f64, black: f64) -> Result<JsGame, JsError> {
        Ok(JsGame {
            inner: Game::double_chess960(id(white)?, id(black)?).map_err(err)?,
        })
    }

    pub fn chess9() -> JsGame {
        JsGame {
            inner: Game::chess9(),
        }
    }

    pub fn from_pgn(text: &str) -> Result<JsGame, JsError> {
        Ok(JsGame {
            inner: pgn::read(text).map_err(err)?,
        })
    }

    /// `fields`: see [`adjourn::from_fields`] (JS does the JSON).
    pub fn open_envelope(fields: &str) -> Result<JsGame, JsError> {
        let env = adjourn::from_fields(fields).map_err(err)?;
        Ok(JsGame {
            inner: adjourn::open(&env).map_err(err)?,
        })
    }

    pub fn variant(&self) -> String {
        self.inner.variant().name().to_string()
    }

    pub fn swap_choices(&self) -> String {
        let mut s = String::new();
        for c in self.inner.swap_choices() {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(c.name());
        }
        s
    }

    pub fn swap(&mut self, choice: &str) -> Result<String, JsError> {
        let c = SwapChoice::parse(choice).ok_or_else(|| {
            JsError::new(&cat!(
                "invalid swap choice '",
                crate::text::take_chars(choice, 16),
                "' (expected 'king', 'queen' or 'none')"
            ))
        })?;
        let color = self.inner.swap(c).map_err(err)?;
        Ok(cat!("swap ", color.char(), " ", c.name()))
    }

    pub fn fen(&self, shredder: bool) -> String {
        self.inner.fen(shredder)
    }

    pub fn turn(&self) -> String {
        self.inner.turn().char().to_string()
    }

    pub fn moves(&self) -> String {
        let pos = self.inner.position();
        let legal = self.inner.legal_moves();
        let mut s = String::with_capacity(6 * legal.len());
        for &m in legal.iter() {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(&crate::san::to_san(pos, m, &legal));
        }
        s
    }

    pub fn moves_verbose(&self) -> String {
        let legal = self.inner.legal_moves();
        self.records(legal.iter().copied())
    }

    pub fn moves_from(&self, from: &str) -> Result<String, JsError> {
        let sq = square(from)?;
        let legal = self.inner.legal_moves();
        Ok(self.records(legal.iter().copied().filter(|m| m.from() == sq)))
    }

    pub fn dests(&self) -> String {
        let mut s = String::with_capacity(128);
        for (i, tos) in self.inner.dests_by_square().into_iter().enumerate() {
            if tos.is_empty() {
                continue;
            }
            if !s.is_empty() {
                s.push('\n');
            }
            Square::from_index(i as u8).push_to(&mut s);
            for t in tos {
                s.push(' ');
                t.push_to(&mut s);
            }
        }
        s
    }

    pub fn resolve(&self, from: &str, to: &str) -> Result<String, JsError> {
        let (from, to) = (square(from)?, square(to)?);
        Ok(match self.inner.resolve(from, to) {
            Input::Swap(c) => {
                let color = self.inner.turn();
                cat!("swap\nswap ", color.char(), " ", c.name())
            }
            Input::Resolved(r) => {
                let (kind, moves) = match r {
                    Resolution::Move(m) => ("move", vec![m]),
                    Resolution::Castle(m) => ("castle", vec![m]),
                    Resolution::Promotion(ms) => ("promotion", ms),
                    Resolution::Ambiguous { castle, king_move } => {
                        ("ambiguous", vec![castle, king_move])
                    }
                    Resolution::Illegal => ("illegal", vec![]),
                };
                let recs = self.records(moves.into_iter());
                if recs.is_empty() {
                    kind.to_string()
                } else {
                    cat!(kind, "\n", recs)
                }
            }
        })
    }

    pub fn play(&mut self, text: &str) -> Result<String, JsError> {
        let pm = self.inner.play_text(text).map_err(err)?;
        Ok(self.record_of(&pm))
    }

    pub fn move_from_to(
        &mut self,
        from: &str,
        to: &str,
        promotion: &str,
    ) -> Result<String, JsError> {
        let (f, t) = (square(from)?, square(to)?);
        let promo = match promotion {
            "" => None,
            p => {
                let mut it = p.chars();
                match (it.next().and_then(Role::from_char), it.next()) {
                    (Some(r), None) if Role::PROMOTIONS.contains(&r) => Some(r),
                    _ => {
                        return Err(JsError::new(&cat!(
                            "invalid promotion '",
                            crate::text::take_chars(p, 8),
                            "' (expected 'q', 'r', 'b' or 'n')"
                        )))
                    }
                }
            }
        };
        let pm = self.inner.play_input(f, t, promo).map_err(err)?;
        Ok(self.record_of(&pm))
    }

    pub fn undo(&mut self) -> String {
        let notation = self.inner.notation();
        match self.inner.undo() {
            Some(e) => {
                let mut s = String::new();
                push_entry(&mut s, &e, notation);
                s
            }
            None => String::new(),
        }
    }

    pub fn history(&self) -> String {
        let notation = self.inner.notation();
        let mut s = String::new();
        for e in self.inner.entries() {
            if !s.is_empty() {
                s.push('\n');
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

    pub fn has_mating_material(&self, c: &str) -> Result<bool, JsError> {
        Ok(self.inner.has_mating_material(color(c)?))
    }

    pub fn resign(&mut self, c: &str) -> Result<bool, JsError> {
        Ok(self.inner.resign(color(c)?))
    }
    pub fn draw_by_agreement(&mut self) -> bool {
        self.inner.draw_by_agreement()
    }
    pub fn timeout(&mut self, c: &str) -> Result<bool, JsError> {
        Ok(self.inner.timeout(color(c)?))
    }

    pub fn pgn(&self) -> String {
        pgn::write(&self.inner)
    }

    pub fn set_header(&mut self, key: &str, value: &str) -> Result<(), JsError> {
        if key.is_empty()
            || key
                .chars()
                .any(|c| c.is_whitespace() || c == '"' || c == ']' || c == '[')
        {
            return Err(JsError::new(&cat!(
                "invalid PGN tag name '",
                crate::text::take_chars(key, 32),
                "'"
            )));
        }
        if value.contains(['\n', '\r']) {
            return Err(JsError::new("a PGN tag value must be a single line"));
        }
        self.inner.set_header(key, value);
        Ok(())
    }

    pub fn header(&self, key: &str) -> String {
        self.inner.header(key).unwrap_or("").to_string()
    }

    pub fn set_uci_mode(&mut self, mode: &str) -> Result<(), JsError> {
        let n = match mode {
            "auto" => None,
            "chess960" => Some(CastlingNotation::KingOntoRook),
            "standard" => Some(CastlingNotation::KingToDestination),
            _ => {
                return Err(JsError::new(&cat!(
                    "invalid UCI mode '",
                    crate::text::take_chars(mode, 16),
                    "' (expected 'auto', 'chess960' or 'standard')"
                )))
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
const GET_DESTS: u32 = 7;
const GET_UNDO: u32 = 8;
const GET_HISTORY: u32 = 9;
const GET_OUTCOME: u32 = 10;
const GET_PGN: u32 = 11;
const GET_DRAW_BY_AGREEMENT: u32 = 12;

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

fn flag(b: bool) -> String {
    if b { "1" } else { "" }.to_string()
}

/// What JavaScript sees (see `js/RAW_API.md`).
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>) -> Result<JsGame, JsError> {
        let inner = match fen {
            None => Game::new(),
            Some(f) => Game::from_fen(&f).map_err(err)?,
        };
        Ok(JsGame { inner })
    }

    /// 0 Chess960 id `a`, 1 crypto-random Chess960, 2 Double Chess960 `a`/`b`, 3 Chess-9.
    pub fn make(kind: u32, a: f64, b: f64) -> Result<JsGame, JsError> {
        match kind {
            0 => JsGame::chess960(a),
            1 => JsGame::chess960_random(),
            2 => JsGame::double_chess960(a, b),
            3 => Ok(JsGame::chess9()),
            _ => Err(JsError::new("unknown game kind")),
        }
    }

    /// 0 the first game of a PGN text, 1 an adjournment envelope as
    /// [`adjourn::from_fields`] reads it.
    pub fn parse(kind: u32, text: &str) -> Result<JsGame, JsError> {
        match kind {
            0 => JsGame::from_pgn(text),
            1 => JsGame::open_envelope(text),
            _ => Err(JsError::new("unknown text kind")),
        }
    }

    /// A string view of the game (the `GET_*` operations).
    pub fn get(&mut self, op: u32) -> String {
        match op {
            GET_VARIANT => self.variant(),
            GET_SWAP_CHOICES => self.swap_choices(),
            GET_FEN => self.fen(false),
            GET_SHREDDER_FEN => self.fen(true),
            GET_TURN => self.turn(),
            GET_MOVES => self.moves(),
            GET_MOVES_VERBOSE => self.moves_verbose(),
            GET_DESTS => self.dests(),
            GET_UNDO => self.undo(),
            GET_HISTORY => self.history(),
            GET_OUTCOME => self.outcome(),
            GET_PGN => self.pgn(),
            GET_DRAW_BY_AGREEMENT => flag(self.draw_by_agreement()),
            _ => String::new(),
        }
    }

    /// An operation with string arguments (the `CALL_*` operations).
    pub fn call(&mut self, op: u32, a: &str, b: &str, c: &str) -> Result<String, JsError> {
        match op {
            CALL_SWAP => self.swap(a),
            CALL_MOVES_FROM => self.moves_from(a),
            CALL_RESOLVE => self.resolve(a, b),
            CALL_MOVE => self.play(a),
            CALL_MOVE_FROM_TO => self.move_from_to(a, b, c),
            CALL_HEADER => Ok(self.header(a)),
            CALL_SET_HEADER => self.set_header(a, b).map(|()| String::new()),
            CALL_SET_UCI_MODE => self.set_uci_mode(a).map(|()| String::new()),
            CALL_HAS_MATING_MATERIAL => self.has_mating_material(a).map(flag),
            CALL_RESIGN => self.resign(a).map(flag),
            CALL_TIMEOUT => self.timeout(a).map(flag),
            _ => Err(JsError::new("unknown operation")),
        }
    }

    /// Bit flags: 1 check, 2 checkmate, 4 stalemate, 8 insufficient material,
    /// 16 threefold repetition, 32 fifty moves, 64 draw, 128 game over.
    pub fn status(&self) -> u32 {
        [
            self.is_check(),
            self.is_checkmate(),
            self.is_stalemate(),
            self.is_insufficient_material(),
            self.is_threefold_repetition(),
            self.is_fifty_moves(),
            self.is_draw(),
            self.is_game_over(),
        ]
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (u32::from(b) << i))
    }

    #[wasm_bindgen(js_name = chess960Id)]
    pub fn chess960_id(&self) -> i32 {
        self.inner.chess960_id().map_or(-1, i32::from)
    }

    pub fn perft(&self, depth: f64) -> Result<f64, JsError> {
        if !crate::text::is_whole(depth) || !(0.0..=12.0).contains(&depth) {
            return Err(JsError::new(&cat!(
                "perft depth must be an integer from 0 to 12, got ",
                number(depth)
            )));
        }
        Ok(self.inner.perft(depth as u32) as f64)
    }

    pub fn seal(
        &self,
        text: &str,
        white_time_ms: f64,
        black_time_ms: f64,
        draw_offer: bool,
    ) -> Result<String, JsError> {
        let env = adjourn::seal(&self.inner, text, white_time_ms, black_time_ms, draw_offer)
            .map_err(err)?;
        Ok(adjourn::to_fields(&env))
    }
}

#[wasm_bindgen(js_name = chess960Array)]
pub fn chess960_array(n: f64) -> Result<String, JsError> {
    setup::back_rank_string(id(n)?).map_err(err)
}

#[wasm_bindgen(js_name = chess960Id)]
pub fn chess960_id(back_rank: &str) -> Result<u16, JsError> {
    setup::id_of_str(back_rank).map_err(err)
}

#[wasm_bindgen(js_name = randomChess960Id)]
pub fn random_chess960_id() -> Result<u16, JsError> {
    random_id()
}

/// The games' lengths in UTF-16 units (JS string lengths), space-separated, a newline,
/// then the games' texts one after another: one string, no array glue in every page.
#[wasm_bindgen(js_name = splitPgn)]
pub fn split_pgn(text: &str) -> String {
    let games = pgn::split_games(text);
    let mut out = String::with_capacity(text.len() + 8 * games.len() + 1);
    for (i, g) in games.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let units: usize = g.chars().map(char::len_utf16).sum();
        crate::text::push_uint(&mut out, units as u64);
    }
    out.push('\n');
    for g in &games {
        out.push_str(g);
    }
    out
}

#[wasm_bindgen(start)]
pub fn start() {
    crate::attacks::init();
}
