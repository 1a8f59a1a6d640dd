//! Structured, cold data across the boundary, as plain JS objects: the envelope, the
//! tags, the PGN tree, the comment and NAG API. (Hot paths keep their packed forms:
//! records, `destsPacked`.)
//!
//! Output is built with js-sys directly, field by field into plain objects ([`Obj`]).
//! A serde derive per struct instantiated serde-wasm-bindgen's serializer once per field
//! type (the PGN tree alone cost 8.4 KB of gzipped wasm that way); one dynamic value
//! type serialised once still cost 1.6 KB, and building it before converting 2.3 KB
//! more (measured). Input is read field by field (src/read.rs).

use super::read::Args;
use super::Fault;
use chess960::adjourn::{Envelope, Resumption};
use chess960::fen::CastlingLetters;
use chess960::game::{Entry, Game};
use chess960::position::{Move, Position};
use chess960::square::{Color, Square};
use chess960::text::cat;
use chess960::tree::{Node, Notes};
use chess960::uci::CastlingNotation;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A plain object, filled field by field (`o[key] = value`; JS keeps the insertion
    /// order of string keys).
    pub type Obj;
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &Obj, key: &str, value: JsValue);
}

impl Obj {
    pub fn new() -> Obj {
        js_sys::Object::new().unchecked_into()
    }

    pub fn with(self, key: &str, value: impl Into<JsValue>) -> Obj {
        self.set(key, value.into());
        self
    }

    pub fn str(self, key: &str, value: &str) -> Obj {
        self.with(key, JsValue::from_str(value))
    }

    pub fn num(self, key: &str, value: f64) -> Obj {
        self.with(key, JsValue::from_f64(value))
    }
}

/// An array of strings.
pub fn strs<S: AsRef<str>>(list: &[S]) -> JsValue {
    list.iter()
        .map(|t| JsValue::from_str(t.as_ref()))
        .collect::<js_sys::Array>()
        .into()
}

/// An array of numbers.
pub fn nums(list: impl Iterator<Item = u8>) -> JsValue {
    list.map(|x| JsValue::from_f64(f64::from(x)))
        .collect::<js_sys::Array>()
        .into()
}

fn color(c: Color) -> &'static str {
    if c == Color::White {
        "w"
    } else {
        "b"
    }
}

/// The tags with a value, in order (derived ones included), as an object.
pub fn headers(game: &Game) -> JsValue {
    let o = Obj::new();
    for (k, v) in game.headers() {
        o.set(&k, JsValue::from_str(&v));
    }
    o.into()
}

/// chess.js's `header()`: every tag with a place, `null` where unset.
pub fn header_slots(game: &Game) -> JsValue {
    let o = Obj::new();
    for (k, v) in game.tags().slots() {
        o.set(k, v.map_or(JsValue::NULL, JsValue::from_str));
    }
    o.into()
}

// ---------------------------------------------------------------------------------------
// The envelope

/// The envelope as a JSON-safe object.
pub fn envelope_js(e: Envelope) -> JsValue {
    let r = &e.resumption;
    let resumption = Obj::new()
        .str("date", &r.date)
        .str("time", &r.time)
        .str("venue", &r.venue);
    Obj::new()
        .str("white", &e.white)
        .str("black", &e.black)
        .str("fen", &e.fen)
        .str("pgn", &e.pgn)
        .num("moveNumber", f64::from(e.move_number))
        .str("sealer", color(e.sealer))
        .str("move", &e.text)
        .num("whiteTimeMs", e.white_time_ms)
        .num("blackTimeMs", e.black_time_ms)
        .with("drawOffer", e.draw_offer)
        .with("resumption", resumption)
        .into()
}

/// When and where play resumes: arguments `at`, `at + 1`, `at + 2`.
pub fn resumption(a: &Args, at: u32) -> Resumption {
    Resumption {
        date: a.str(at),
        time: a.str(at + 1),
        venue: a.str(at + 2),
    }
}

/// An envelope from its fields (js/chess.ts checked their types): white, black, fen,
/// pgn, moveNumber, sealer, move, whiteTimeMs, blackTimeMs, drawOffer, then the
/// resumption's date, time and venue.
pub fn envelope(a: &Args) -> Result<Envelope, Fault> {
    let n = a.num(4);
    if !((1.0..=f64::from(u32::MAX)).contains(&n) && n.fract() == 0.0) {
        return Err(Fault::Range(
            "envelope.moveNumber must be a whole number from 1".to_owned(),
        ));
    }
    let sealer = match a.str(5).as_str() {
        "w" => Color::White,
        "b" => Color::Black,
        _ => {
            return Err(Fault::Error(
                "envelope.sealer must be \"w\" or \"b\"".to_owned(),
            ))
        }
    };
    Ok(Envelope {
        white: a.str(0),
        black: a.str(1),
        fen: a.str(2),
        pgn: a.str(3),
        move_number: n as u32,
        sealer,
        text: a.str(6),
        white_time_ms: a.num(7),
        black_time_ms: a.num(8),
        draw_offer: a.flag(9),
        resumption: resumption(a, 10),
    })
}

/// chess.js's `getComments()` entry.
pub fn fen_comment(fen: &str, comment: &str) -> JsValue {
    Obj::new().str("fen", fen).str("comment", comment).into()
}

// ---------------------------------------------------------------------------------------
// The PGN tree (js/tree.ts, the contract with the viewer)

/// A node of the tree: `mv` (SAN `san`) from `before` to `after`, ply `ply`.
fn node(
    before: &Position,
    after: &Position,
    mv: Option<Move>,
    san: &str,
    notes: Option<&Notes>,
    ply: usize,
    notation: CastlingNotation,
) -> JsValue {
    let empty = Notes::default();
    let n = notes.unwrap_or(&empty);
    let nags = n
        .suffix
        .iter()
        .chain(n.nags.iter().filter(|x| Some(**x) != n.suffix))
        .copied();
    let (uci, from, to) = match mv {
        Some(m) => (chess960::uci::to_uci(m, notation), m.from(), m.king_to()),
        None => (
            "0000".to_owned(),
            Square::from_index(56),
            Square::from_index(56),
        ),
    };
    let variations: js_sys::Array = n
        .variations
        .iter()
        .map(|line| variation(before, line, ply, notation))
        .collect();
    Obj::new()
        .num("ply", ply as f64)
        .num("moveNumber", f64::from(before.fullmoves()))
        .str("color", color(before.turn()))
        .str("san", san)
        .str("uci", &uci)
        .str("from", &cat!(from))
        .str("to", &cat!(to))
        .str("fen", &chess960::fen::to_fen(after, CastlingLetters::XFen))
        .with("startingComments", strs(&n.starting_comments))
        .with("comments", strs(&n.comments))
        .with("nags", nums(nags))
        .with("variations", variations)
        .into()
}

/// A variation from `start` whose first move is ply `ply`.
fn variation(start: &Position, line: &[Node], ply: usize, notation: CastlingNotation) -> JsValue {
    let mut pos = *start;
    let out = js_sys::Array::new();
    for (i, n) in line.iter().enumerate() {
        let after = pos.after(n.mv);
        out.push(&node(
            &pos,
            &after,
            Some(n.mv),
            &n.san,
            Some(&n.notes),
            ply + i,
            notation,
        ));
        pos = after;
    }
    out.into()
}

/// The game's annotated record (js/tree.ts `PgnGame`).
pub fn tree(game: &Game) -> JsValue {
    let base = game.swap_plies();
    let notation = game.notation();
    let start = game.position_at(base).copied().unwrap_or(*game.start());
    let moves = js_sys::Array::new();
    for p in base + 1..=game.ply_count() {
        let (Some(before), Some(after)) = (game.position_at(p - 1), game.position_at(p)) else {
            break;
        };
        let mv = match game.entry(p) {
            Some(Entry::Move(pm)) => Some(pm.mv),
            Some(Entry::Null { .. }) => None,
            _ => continue,
        };
        let notes = if mv.is_some() { game.notes(p) } else { None };
        moves.push(&node(
            before,
            after,
            mv,
            game.san_at(p),
            notes,
            p - base,
            notation,
        ));
    }
    Obj::new()
        .with("headers", headers(game))
        .str(
            "startFen",
            &chess960::fen::to_fen(&start, CastlingLetters::XFen),
        )
        .str("variant", game.variant().name())
        .with(
            "comments",
            strs(game.notes(base).map_or(&[][..], |n| &n.comments)),
        )
        .with("moves", moves)
        .str("result", game.header("Result").unwrap_or("*"))
        .into()
}
