//! Structured, cold data across the boundary, as plain JS objects through
//! serde-wasm-bindgen: the envelope, the tags, the PGN tree, `board()`, the comment and
//! NAG API. (Hot paths keep their packed forms: records, `destsPacked`.)

use crate::adjourn::{Envelope, Resumption};
use crate::game::{Entry, Game};
use crate::position::Position;
use crate::prelude::*;
use crate::square::{Color, Square};
use crate::text::cat;
use crate::tree::{self, Node, Notes};
use serde::{Serialize, Serializer};

/// Plain objects (not `Map`s) and `null` for a missing value, as chess.js answers.
pub fn serializer() -> serde_wasm_bindgen::Serializer {
    serde_wasm_bindgen::Serializer::new()
        .serialize_maps_as_objects(true)
        .serialize_missing_as_null(true)
}

/// Key-value pairs as an object, in their order.
pub struct Ordered<'a, V>(pub &'a [(String, V)]);

impl<V: Serialize> Serialize for Ordered<'_, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

// ---------------------------------------------------------------------------------------
// board()

#[derive(Serialize)]
pub struct Cell {
    square: String,
    #[serde(rename = "type")]
    role: String,
    color: String,
}

/// chess.js's `board()`: rows from rank 8 to rank 1, a to h.
pub fn board(pos: &Position) -> Vec<Vec<Option<Cell>>> {
    (0..8u8)
        .rev()
        .map(|rank| {
            (0..8u8)
                .map(|file| {
                    let sq = Square::from_index(rank * 8 + file);
                    pos.board().piece_at(sq).map(|p| Cell {
                        square: cat!(sq),
                        role: cat!(p.role.char()),
                        color: cat!(p.color.char()),
                    })
                })
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// The envelope

#[derive(Serialize)]
pub struct ResumptionJs {
    pub date: String,
    pub time: String,
    pub venue: String,
}

/// The envelope as JSON-safe JavaScript sees it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EnvelopeJs {
    pub white: String,
    pub black: String,
    pub fen: String,
    pub pgn: String,
    pub move_number: u32,
    pub sealer: &'static str,
    #[serde(rename = "move")]
    pub text: String,
    pub white_time_ms: f64,
    pub black_time_ms: f64,
    pub draw_offer: bool,
    pub resumption: ResumptionJs,
}

impl From<Envelope> for EnvelopeJs {
    fn from(e: Envelope) -> Self {
        EnvelopeJs {
            white: e.white,
            black: e.black,
            fen: e.fen,
            pgn: e.pgn,
            move_number: e.move_number,
            sealer: if e.sealer == Color::White { "w" } else { "b" },
            text: e.text,
            white_time_ms: e.white_time_ms,
            black_time_ms: e.black_time_ms,
            draw_offer: e.draw_offer,
            resumption: ResumptionJs {
                date: e.resumption.date,
                time: e.resumption.time,
                venue: e.resumption.venue,
            },
        }
    }
}

/// The `resumption` object of an envelope or of seal's options.
pub fn resumption(o: &super::read::Obj<'_>) -> Result<Resumption, super::Fault> {
    let Some(r) = o.object("resumption")? else {
        return Ok(Resumption::default());
    };
    Ok(Resumption {
        date: r.string("date")?.unwrap_or_default(),
        time: r.string("time")?.unwrap_or_default(),
        venue: r.string("venue")?.unwrap_or_default(),
    })
}

/// An envelope from its JS object (each field's type checked).
pub fn envelope(v: wasm_bindgen::JsValue) -> Result<Envelope, super::Fault> {
    let o = super::read::Obj::new(v, "envelope", false)?;
    let n = o.need_number("moveNumber")?;
    if !(1.0..=f64::from(u32::MAX)).contains(&n) || n.fract() != 0.0 {
        return Err(super::Fault::Range(
            "envelope.moveNumber must be a whole number from 1".to_owned(),
        ));
    }
    let sealer = match o.need_string("sealer")?.as_str() {
        "w" => Color::White,
        "b" => Color::Black,
        _ => {
            return Err(super::Fault::Error(
                "envelope.sealer must be \"w\" or \"b\"".to_owned(),
            ))
        }
    };
    Ok(Envelope {
        white: o.string("white")?.unwrap_or_default(),
        black: o.string("black")?.unwrap_or_default(),
        fen: o.need_string("fen")?,
        pgn: o.need_string("pgn")?,
        move_number: n as u32,
        sealer,
        text: o.need_string("move")?,
        white_time_ms: o.need_number("whiteTimeMs")?,
        black_time_ms: o.need_number("blackTimeMs")?,
        draw_offer: o.need_boolean("drawOffer")?,
        resumption: resumption(&o)?,
    })
}

// ---------------------------------------------------------------------------------------
// The comment and NAG API

#[derive(Serialize)]
pub struct FenComment {
    pub fen: String,
    pub comment: String,
}

// ---------------------------------------------------------------------------------------
// The PGN tree (js/tree.ts, the contract with the viewer)

#[derive(Serialize)]
pub struct Arrow {
    from: String,
    to: String,
    color: &'static str,
}

#[derive(Serialize)]
pub struct Circle {
    square: String,
    color: &'static str,
}

#[derive(Serialize)]
pub struct EvalJs {
    #[serde(skip_serializing_if = "Option::is_none")]
    pawns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mate: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
}

#[derive(Serialize)]
pub struct CommandJs {
    name: String,
    value: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PgnNode {
    ply: usize,
    move_number: u32,
    color: &'static str,
    san: String,
    uci: String,
    from: String,
    to: String,
    fen: String,
    starting_comments: Vec<String>,
    comments: Vec<String>,
    nags: Vec<u8>,
    arrows: Vec<Arrow>,
    circles: Vec<Circle>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<EvalJs>,
    commands: Vec<CommandJs>,
    variations: Vec<Vec<PgnNode>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PgnGame<'a> {
    headers: Ordered<'a, String>,
    start_fen: String,
    variant: &'static str,
    comments: Vec<String>,
    arrows: Vec<Arrow>,
    circles: Vec<Circle>,
    moves: Vec<PgnNode>,
    result: String,
}

/// The comments' texts and what their commands say.
struct Read {
    texts: Vec<String>,
    arrows: Vec<Arrow>,
    circles: Vec<Circle>,
    clock: Option<f64>,
    eval: Option<EvalJs>,
    commands: Vec<CommandJs>,
}

fn read_comments<'c>(comments: impl Iterator<Item = &'c String>) -> Read {
    let mut r = Read {
        texts: Vec::new(),
        arrows: Vec::new(),
        circles: Vec::new(),
        clock: None,
        eval: None,
        commands: Vec::new(),
    };
    for c in comments {
        let (text, cmds) = tree::commands(c);
        if !text.is_empty() {
            r.texts.push(text);
        }
        for cmd in cmds {
            match cmd.name {
                "cal" | "csl" => {
                    for s in tree::shapes(cmd.value, cmd.name == "cal") {
                        if cmd.name == "cal" {
                            r.arrows.push(Arrow {
                                from: cat!(s.from),
                                to: cat!(s.to),
                                color: s.color,
                            });
                        } else {
                            r.circles.push(Circle {
                                square: cat!(s.from),
                                color: s.color,
                            });
                        }
                    }
                }
                "clk" => r.clock = tree::clock_seconds(cmd.value).or(r.clock),
                "eval" => {
                    if let Some(e) = tree::eval(cmd.value) {
                        r.eval = Some(EvalJs {
                            pawns: e.pawns,
                            mate: e.mate,
                            depth: e.depth,
                        });
                    }
                }
                _ => {}
            }
            r.commands.push(CommandJs {
                name: cmd.name.to_owned(),
                value: cmd.value.to_owned(),
            });
        }
    }
    r
}

/// A node of the tree: the move `mv` (SAN `san`) played from `before`, ply `ply`.
#[allow(clippy::too_many_arguments)]
fn node(
    before: &Position,
    after: &Position,
    mv: crate::position::Move,
    san: &str,
    notes: Option<&Notes>,
    ply: usize,
    notation: crate::uci::CastlingNotation,
) -> PgnNode {
    let empty = Notes::default();
    let n = notes.unwrap_or(&empty);
    let read = read_comments(n.starting_comments.iter().chain(&n.comments));
    let starting = read_comments(n.starting_comments.iter()).texts;
    let after_texts = read_comments(n.comments.iter()).texts;
    let mut nags: Vec<u8> = n.suffix.into_iter().collect();
    nags.extend(n.nags.iter().filter(|x| Some(**x) != n.suffix));
    PgnNode {
        ply,
        move_number: before.fullmoves(),
        color: if before.turn() == Color::White {
            "w"
        } else {
            "b"
        },
        san: san.to_owned(),
        uci: crate::uci::to_uci(mv, notation),
        from: cat!(mv.from()),
        to: cat!(mv.king_to()),
        fen: crate::fen::to_fen(after, false),
        starting_comments: starting,
        comments: after_texts,
        nags,
        arrows: read.arrows,
        circles: read.circles,
        clock: read.clock,
        eval: read.eval,
        commands: read.commands,
        variations: n
            .variations
            .iter()
            .map(|line| variation(before, line, ply, notation))
            .collect(),
    }
}

/// A variation from `start` whose first move is ply `ply`.
fn variation(
    start: &Position,
    line: &[Node],
    ply: usize,
    notation: crate::uci::CastlingNotation,
) -> Vec<PgnNode> {
    let mut pos = *start;
    let mut out = Vec::with_capacity(line.len());
    for (i, n) in line.iter().enumerate() {
        let after = pos.after(n.mv);
        out.push(node(
            &pos,
            &after,
            n.mv,
            &n.san,
            Some(&n.notes),
            ply + i,
            notation,
        ));
        pos = after;
    }
    out
}

/// Builds the tree with its headers.
pub fn tree<'h>(game: &Game, headers: &'h [(String, String)]) -> PgnGame<'h> {
    let base = game.swap_plies();
    let notation = game.notation();
    let start = game.position_at(base).copied().unwrap_or(*game.start());
    let head = read_comments(game.notes(base).map_or(&[][..], |n| &n.comments).iter());
    let mut moves = Vec::new();
    for p in base + 1..=game.ply_count() {
        let (Some(before), Some(after)) = (game.position_at(p - 1), game.position_at(p)) else {
            break;
        };
        match game.entry(p) {
            Some(Entry::Move(pm)) => moves.push(node(
                before,
                after,
                pm.mv,
                &pm.san,
                game.notes(p),
                p - base,
                notation,
            )),
            // A null move: no move to describe; the viewer shows "--".
            Some(Entry::Null { color }) => moves.push(PgnNode {
                ply: p - base,
                move_number: before.fullmoves(),
                color: if color == Color::White { "w" } else { "b" },
                san: "--".to_owned(),
                uci: "0000".to_owned(),
                from: "a8".to_owned(),
                to: "a8".to_owned(),
                fen: crate::fen::to_fen(after, false),
                starting_comments: Vec::new(),
                comments: Vec::new(),
                nags: Vec::new(),
                arrows: Vec::new(),
                circles: Vec::new(),
                clock: None,
                eval: None,
                commands: Vec::new(),
                variations: Vec::new(),
            }),
            _ => {}
        }
    }
    PgnGame {
        headers: Ordered(headers),
        start_fen: crate::fen::to_fen(&start, false),
        variant: game.variant().name(),
        comments: head.texts,
        arrows: head.arrows,
        circles: head.circles,
        moves,
        result: game.header("Result").unwrap_or("*").to_owned(),
    }
}
