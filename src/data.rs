//! Structured data across the boundary: typed structs, each declared with its JS shape
//! (`js_struct!`, src/js.rs: every field named once, in Rust and in its JS spelling) and
//! turned into plain JS objects; the few objects JS hands in are read by name
//! (src/read.rs). js/types.ts and js/tree.ts declare the same shapes for TypeScript;
//! tests/package/shapes.test.mjs checks every answer against those declarations. (The hot paths keep their packed forms: move records and
//! `destsPacked`, js/RAW_API.md.)

use alloc::{borrow::ToOwned, string::String, vec::Vec};

use crate::js::{js_struct, Tags};
use crate::read::Args;
use crate::Fault;
use chess960::adjourn::{Envelope, Resumption};
use chess960::fen::{self, CastlingLetters};
use chess960::game::{Entry, Game};
use chess960::position::{Move, Position};
use chess960::square::{Color, Piece, Role, Square};
use chess960::text::cat;
use chess960::tree::{Node, Notes};
use chess960::uci::CastlingNotation;

/// chess.js's piece letter: `p n b r q k`.
fn role_letter(r: Role) -> &'static str {
    match r {
        Role::Pawn => "p",
        Role::Knight => "n",
        Role::Bishop => "b",
        Role::Rook => "r",
        Role::Queen => "q",
        Role::King => "k",
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "w",
        Color::Black => "b",
    }
}

// ---------------------------------------------------------------------------------------
// Tags

/// The tags with a value, in order, the derived ones included.
pub fn headers(game: &Game) -> Tags<String, String> {
    Tags(game.headers())
}

/// chess.js's `header()`: every tag with a place, `None` (null) where unset.
pub fn header_slots(game: &Game) -> Tags<&str, Option<&str>> {
    Tags(game.tags().slots())
}

// ---------------------------------------------------------------------------------------
// The envelope (js/types.ts `Envelope`)

js_struct! {
    /// When and where play resumes.
    pub struct ResumptionJs {
        date: String = "date",
        time: String = "time",
        venue: String = "venue",
    }
}

impl ResumptionJs {
    fn read(a: &Args) -> ResumptionJs {
        ResumptionJs {
            date: a.str("date"),
            time: a.str("time"),
            venue: a.str("venue"),
        }
    }
}

js_struct! {
    /// A sealed envelope, as JS sees it.
    pub struct EnvelopeJs {
        white: String = "white",
        black: String = "black",
        fen: String = "fen",
        pgn: String = "pgn",
        move_number: f64 = "moveNumber",
        sealer: &'static str = "sealer",
        text: String = "move",
        white_time_ms: f64 = "whiteTimeMs",
        black_time_ms: f64 = "blackTimeMs",
        draw_offer: bool = "drawOffer",
        resumption: ResumptionJs = "resumption",
    }
}

impl From<Envelope> for EnvelopeJs {
    fn from(e: Envelope) -> EnvelopeJs {
        EnvelopeJs {
            white: e.white,
            black: e.black,
            fen: e.fen,
            pgn: e.pgn,
            move_number: f64::from(e.move_number),
            sealer: color_name(e.sealer),
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

/// The core's envelope from the object JS hands in: a `RangeError` for a move number
/// that is no whole number from 1, an `Error` for a sealer that is not `w` or `b`.
pub fn envelope(a: &Args) -> Result<Envelope, Fault> {
    let n = a.num("moveNumber");
    if !((1.0..=f64::from(u32::MAX)).contains(&n) && n % 1.0 == 0.0) {
        return Err(Fault::Range(
            "envelope.moveNumber must be a whole number from 1".to_owned(),
        ));
    }
    let sealer = match a.str("sealer").as_str() {
        "w" => Color::White,
        "b" => Color::Black,
        _ => {
            return Err(Fault::Error(
                "envelope.sealer must be \"w\" or \"b\"".to_owned(),
            ))
        }
    };
    let r = ResumptionJs::read(&a.object("resumption"));
    Ok(Envelope {
        white: a.str("white"),
        black: a.str("black"),
        fen: a.str("fen"),
        pgn: a.str("pgn"),
        move_number: n as u32,
        sealer,
        text: a.str("move"),
        white_time_ms: a.num("whiteTimeMs"),
        black_time_ms: a.num("blackTimeMs"),
        draw_offer: a.flag("drawOffer"),
        resumption: Resumption {
            date: r.date,
            time: r.time,
            venue: r.venue,
        },
    })
}

/// What `seal()` is given: `{ move, whiteTimeMs?, blackTimeMs?, drawOffer?, resumption? }`.
pub struct SealJs {
    pub text: String,
    pub white_time_ms: f64,
    pub black_time_ms: f64,
    pub draw_offer: bool,
    pub resumption: Resumption,
}

impl SealJs {
    pub fn read(a: &Args) -> SealJs {
        let r = ResumptionJs::read(&a.object("resumption"));
        SealJs {
            text: a.str("move"),
            white_time_ms: a.num_or("whiteTimeMs", 0.0),
            black_time_ms: a.num_or("blackTimeMs", 0.0),
            draw_offer: a.flag("drawOffer"),
            resumption: Resumption {
                date: r.date,
                time: r.time,
                venue: r.venue,
            },
        }
    }
}

// ---------------------------------------------------------------------------------------
// PGN options, annotations and comments

/// chess.js's `pgn({ maxWidth, newline })`, as js/chess.ts passes them.
pub struct PgnOptionsJs {
    pub max_width: f64,
    pub newline: String,
}

impl PgnOptionsJs {
    pub fn read(a: &Args) -> PgnOptionsJs {
        PgnOptionsJs {
            max_width: a.num_or("maxWidth", 0.0),
            newline: if a.has("newline") {
                a.str("newline")
            } else {
                "\n".to_owned()
            },
        }
    }
}

js_struct! {
    /// The annotations of a position: `{ comments, nags, suffix }`.
    pub struct NotesJs<'a> {
        comments: &'a [String] = "comments",
        nags: &'a [u8] = "nags",
    /// The assessment as its NAG (1–6), or null.
        suffix: Option<u8> = "suffix",
    }
}

impl<'a> From<&'a Notes> for NotesJs<'a> {
    fn from(n: &'a Notes) -> NotesJs<'a> {
        NotesJs {
            comments: &n.comments,
            nags: &n.nags,
            suffix: n.suffix,
        }
    }
}

/// What `setNotes` changes at the position `fen` (`""`: the current one): each field
/// given is set; `suffix: null` removes the assessment.
pub struct SetNotesJs {
    pub fen: String,
    pub comments: Option<Vec<String>>,
    pub nags: Option<Vec<u8>>,
    /// Absent: unchanged; `null` or a number that is no assessment (1–6): none.
    pub suffix: Option<Option<u8>>,
}

impl SetNotesJs {
    pub fn read(a: &Args) -> SetNotesJs {
        SetNotesJs {
            fen: a.str("fen"),
            comments: a.has("comments").then(|| a.strs("comments")),
            nags: a.has("nags").then(|| a.nags("nags")),
            suffix: a.has("suffix").then(|| {
                Some(a.num("suffix"))
                    .filter(|x| (1.0..=6.0).contains(x) && *x % 1.0 == 0.0)
                    .map(|x| x as u8)
            }),
        }
    }
}

js_struct! {
    /// chess.js's `getComments()` entry.
    pub struct FenComment {
        fen: String = "fen",
        comment: String = "comment",
    }
}

js_struct! {
    /// A square of chess.js's `board()`.
    pub struct BoardSquare {
        square: String = "square",
        role: &'static str = "type",
        color: &'static str = "color",
    }
}

/// chess.js's `board()`: 8 rows from rank 8, a1…h1 last.
pub fn board(pos: &Position) -> Vec<Vec<Option<BoardSquare>>> {
    (0..8u8)
        .rev()
        .map(|rank| {
            (0..8u8)
                .map(|file| {
                    let sq = Square::from_index(rank * 8 + file);
                    pos.board()
                        .piece_at(sq)
                        .map(|Piece { color, role }| BoardSquare {
                            square: cat!(sq),
                            role: role_letter(role),
                            color: color_name(color),
                        })
                })
                .collect()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// The PGN tree (js/tree.ts, the contract with the viewer)

js_struct! {
    /// A move of the record, its comments as written (js/tree.ts `RawNode`, which reads
    /// the commands out of them).
    pub struct NodeJs<'a> {
        ply: usize = "ply",
        move_number: u32 = "moveNumber",
        color: &'static str = "color",
        san: &'a str = "san",
        uci: String = "uci",
        from: String = "from",
        to: String = "to",
        fen: String = "fen",
        starting_comments: &'a [String] = "startingComments",
        comments: &'a [String] = "comments",
        nags: Vec<u8> = "nags",
        variations: Vec<Vec<NodeJs<'a>>> = "variations",
    }
}

js_struct! {
    /// The game's annotated record, its comments as written (js/tree.ts `RawGame`).
    pub struct TreeJs<'a> {
        headers: Tags<String, String> = "headers",
        start_fen: String = "startFen",
        variant: &'static str = "variant",
        comments: &'a [String] = "comments",
        moves: Vec<NodeJs<'a>> = "moves",
        result: &'a str = "result",
    }
}

/// How a node came to be: its move (none for a null move), SAN, annotations and ply.
struct Step<'a> {
    mv: Option<Move>,
    san: &'a str,
    notes: Option<&'a Notes>,
    ply: usize,
}

/// The variations of a move whose position before is `before`, each a line of nodes.
///
/// Nesting recurses through here and [`variation`] (the reader refuses nesting past
/// `pgn::MAX_NESTING`): the variations are built before the node that holds them, so
/// that no node under construction stays on the stack while they are.
fn variations<'a>(
    before: &Position,
    notes: Option<&'a Notes>,
    ply: usize,
    notation: CastlingNotation,
) -> Vec<Vec<NodeJs<'a>>> {
    let lines = notes.map_or(&[][..], |n| n.variations.as_slice());
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        out.push(variation(before, line, ply, notation));
    }
    out
}

/// A node of the tree: `step` from `before` to `after`, with its variations.
fn node<'a>(
    before: &Position,
    after: &Position,
    step: Step<'a>,
    variations: Vec<Vec<NodeJs<'a>>>,
    notation: CastlingNotation,
) -> NodeJs<'a> {
    let (notes, ply) = (step.notes, step.ply);
    let none: &[String] = &[];
    let mut nags = Vec::new();
    if let Some(n) = notes {
        nags.extend(n.suffix);
        nags.extend(n.nags.iter().filter(|x| Some(**x) != n.suffix));
    }
    let (uci, from, to) = match step.mv {
        Some(m) => (chess960::uci::to_uci(m, notation), m.from(), m.king_to()),
        None => (
            "0000".to_owned(),
            Square::from_index(56),
            Square::from_index(56),
        ),
    };
    NodeJs {
        ply,
        move_number: before.fullmoves(),
        color: color_name(before.turn()),
        san: step.san,
        uci,
        from: cat!(from),
        to: cat!(to),
        fen: fen::to_fen(after, CastlingLetters::XFen),
        starting_comments: notes.map_or(none, |n| &n.starting_comments),
        comments: notes.map_or(none, |n| &n.comments),
        nags,
        variations,
    }
}

/// A variation from `start` whose first move is ply `ply`.
///
/// This recurses (through [`variations`]) once per level of nesting, and the wasm's stack
/// is 64 KiB: the positions go on the heap and each node is built in a function of its
/// own, so that the frame that stays on the stack while the variations are built is small.
fn variation<'a>(
    start: &Position,
    line: &'a [Node],
    ply: usize,
    notation: CastlingNotation,
) -> Vec<NodeJs<'a>> {
    let mut positions = Vec::with_capacity(line.len() + 1);
    positions.push(*start);
    for n in line {
        let after = positions.last().unwrap_or(start).after(n.mv);
        positions.push(after);
    }
    let mut out = Vec::with_capacity(line.len());
    for (i, (n, pair)) in line.iter().zip(positions.windows(2)).enumerate() {
        if let [before, after] = pair {
            let vars = variations(before, Some(&n.notes), ply + i, notation);
            push_node(&mut out, [before, after], n, ply + i, vars, notation);
        }
    }
    out
}

/// Appends the node of variation move `n` (ply `ply`), from `positions[0]` to `positions[1]`.
fn push_node<'a>(
    out: &mut Vec<NodeJs<'a>>,
    [before, after]: [&Position; 2],
    n: &'a Node,
    ply: usize,
    vars: Vec<Vec<NodeJs<'a>>>,
    notation: CastlingNotation,
) {
    let step = Step {
        mv: Some(n.mv),
        san: n.san.as_str(),
        notes: Some(&n.notes),
        ply,
    };
    out.push(node(before, after, step, vars, notation));
}

/// The game's annotated record.
pub fn tree(game: &Game) -> TreeJs<'_> {
    let base = game.swap_plies();
    let notation = game.notation();
    let start = game.position_at(base).copied().unwrap_or(*game.start());
    let mut moves = Vec::with_capacity(game.ply_count() - base);
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
        let vars = variations(before, notes, p - base, notation);
        let step = Step {
            mv,
            san: game.san_at(p),
            notes,
            ply: p - base,
        };
        moves.push(node(before, after, step, vars, notation));
    }
    TreeJs {
        headers: headers(game),
        start_fen: fen::to_fen(&start, CastlingLetters::XFen),
        variant: game.variant().name(),
        comments: game.notes(base).map_or(&[], |n| &n.comments),
        moves,
        result: game.header("Result").unwrap_or("*"),
    }
}
