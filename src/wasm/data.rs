//! Structured, cold data across the boundary, as plain JS objects: the envelope, the
//! tags, the PGN tree, the comment and NAG API. (Hot paths keep their packed forms:
//! records, `destsPacked`.)
//!
//! The data is built as one small dynamic value type, [`V`], turned into JS values by
//! js-sys directly: a serde derive per struct instantiated serde-wasm-bindgen's
//! serializer once per field type (600 bytes each; the PGN tree alone cost 8.4 KB of
//! gzipped wasm that way), and serde-wasm-bindgen's one `Serialize` impl for `V` still
//! cost 1.6 KB (measured). Input is read field by field (src/wasm/read.rs).

use super::read::Args;
use super::Fault;
use crate::adjourn::{Envelope, Resumption};
use crate::game::{Entry, Game};
use crate::position::{Move, Position};
use crate::prelude::*;
use crate::square::{Color, Square};
use crate::text::cat;
use crate::tree::{Node, Notes};
use crate::uci::CastlingNotation;
use wasm_bindgen::prelude::*;

/// A JS value to be: `null`, a boolean, a number, a string, an array, an object.
pub enum V {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<V>),
    /// Keys in order (JS keeps the insertion order of string keys).
    Obj(Vec<(&'static str, V)>),
    /// An object whose keys are made at run time (the tags), in order.
    Map(Vec<(String, V)>),
}

#[wasm_bindgen]
extern "C" {
    /// A plain object as the target of `o[key] = value`.
    type Obj;
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &Obj, key: &str, value: JsValue);
}

impl V {
    /// The JS value: plain objects (not `Map`s), `null` for [`V::Null`]. Built with
    /// js-sys directly (an array, an object, and `o[key] = value` per field).
    pub fn js(&self) -> JsValue {
        match self {
            V::Null => JsValue::NULL,
            V::Bool(b) => JsValue::from_bool(*b),
            V::Num(x) => JsValue::from_f64(*x),
            V::Str(t) => JsValue::from_str(t),
            V::Arr(items) => items.iter().map(V::js).collect::<js_sys::Array>().into(),
            V::Obj(fields) => object(fields.iter().map(|(k, v)| (*k, v))),
            V::Map(fields) => object(fields.iter().map(|(k, v)| (k.as_str(), v))),
        }
    }
}

fn object<'a>(fields: impl Iterator<Item = (&'a str, &'a V)>) -> JsValue {
    let o: Obj = js_sys::Object::new().unchecked_into();
    for (k, v) in fields {
        o.set(k, v.js());
    }
    o.into()
}

fn s(t: impl Into<String>) -> V {
    V::Str(t.into())
}

fn sq(q: Square) -> V {
    V::Str(cat!(q))
}

fn color(c: Color) -> V {
    s(cat!(c.char()))
}

/// The tags with a value, in order (derived ones included), as an object.
pub fn headers(game: &Game) -> V {
    V::Map(
        game.headers()
            .into_iter()
            .map(|(k, v)| (k, V::Str(v)))
            .collect(),
    )
}

/// chess.js's `header()`: every tag with a place, `null` where unset.
pub fn header_slots(game: &Game) -> V {
    V::Map(
        game.tags()
            .slots()
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.map_or(V::Null, s)))
            .collect(),
    )
}

// ---------------------------------------------------------------------------------------
// The envelope

/// The envelope as a JSON-safe object.
pub fn envelope_js(e: Envelope) -> V {
    V::Obj(vec![
        ("white", s(e.white)),
        ("black", s(e.black)),
        ("fen", s(e.fen)),
        ("pgn", s(e.pgn)),
        ("moveNumber", V::Num(f64::from(e.move_number))),
        ("sealer", color(e.sealer)),
        ("move", s(e.text)),
        ("whiteTimeMs", V::Num(e.white_time_ms)),
        ("blackTimeMs", V::Num(e.black_time_ms)),
        ("drawOffer", V::Bool(e.draw_offer)),
        (
            "resumption",
            V::Obj(vec![
                ("date", s(e.resumption.date)),
                ("time", s(e.resumption.time)),
                ("venue", s(e.resumption.venue)),
            ]),
        ),
    ])
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
    if !(1.0..=f64::from(u32::MAX)).contains(&n) || !crate::text::is_whole(n) {
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
pub fn fen_comment(fen: String, comment: String) -> V {
    V::Obj(vec![("fen", s(fen)), ("comment", s(comment))])
}

// ---------------------------------------------------------------------------------------
// The PGN tree (js/tree.ts, the contract with the viewer)

/// Comments as written (js/tree.ts reads the commands out of them).
fn comments(list: &[String]) -> V {
    V::Arr(list.iter().cloned().map(V::Str).collect())
}

/// A node of the tree: `mv` (SAN `san`) from `before` to `after`, ply `ply`.
fn node(
    before: &Position,
    after: &Position,
    mv: Option<Move>,
    san: &str,
    notes: Option<&Notes>,
    ply: usize,
    notation: CastlingNotation,
) -> V {
    let empty = Notes::default();
    let n = notes.unwrap_or(&empty);
    let nags: Vec<V> = n
        .suffix
        .iter()
        .chain(n.nags.iter().filter(|x| Some(**x) != n.suffix))
        .map(|x| V::Num(f64::from(*x)))
        .collect();
    let (uci, from, to) = match mv {
        Some(m) => (crate::uci::to_uci(m, notation), m.from(), m.king_to()),
        None => (
            "0000".to_owned(),
            Square::from_index(56),
            Square::from_index(56),
        ),
    };
    let variations = n
        .variations
        .iter()
        .map(|line| variation(before, line, ply, notation))
        .collect();
    V::Obj(vec![
        ("ply", V::Num(ply as f64)),
        ("moveNumber", V::Num(f64::from(before.fullmoves()))),
        ("color", color(before.turn())),
        ("san", s(san)),
        ("uci", s(uci)),
        ("from", sq(from)),
        ("to", sq(to)),
        ("fen", s(crate::fen::to_fen(after, false))),
        ("startingComments", comments(&n.starting_comments)),
        ("comments", comments(&n.comments)),
        ("nags", V::Arr(nags)),
        ("variations", V::Arr(variations)),
    ])
}

/// A variation from `start` whose first move is ply `ply`.
fn variation(start: &Position, line: &[Node], ply: usize, notation: CastlingNotation) -> V {
    let mut pos = *start;
    let mut out = Vec::with_capacity(line.len());
    for (i, n) in line.iter().enumerate() {
        let after = pos.after(n.mv);
        out.push(node(
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
    V::Arr(out)
}

/// The game's annotated record (js/tree.ts `PgnGame`).
pub fn tree(game: &Game) -> V {
    let base = game.swap_plies();
    let notation = game.notation();
    let start = game.position_at(base).copied().unwrap_or(*game.start());
    let mut moves = Vec::new();
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
        moves.push(node(
            before,
            after,
            mv,
            game.san_at(p),
            notes,
            p - base,
            notation,
        ));
    }
    V::Obj(vec![
        ("headers", headers(game)),
        ("startFen", s(crate::fen::to_fen(&start, false))),
        ("variant", s(game.variant().name())),
        (
            "comments",
            comments(game.notes(base).map_or(&[][..], |n| &n.comments)),
        ),
        ("moves", V::Arr(moves)),
        ("result", s(game.header("Result").unwrap_or("*"))),
    ])
}
