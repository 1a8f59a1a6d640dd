//! Bulk reading (`Util::ReadPgn`): the games of one part of a PGN file, split as a
//! stream splits them (`pgn::complete_games`) and each read for its mainline
//! (`pgn::read_mainline`), answered as one text that js/read.ts reads. One call a part:
//! no game handle crosses, no object is built per game on this side.
//!
//! The answer, one record a line, fields apart by single spaces (a tag's value and a
//! message run to the end of their line):
//! - `g <from> <to> <byte> <line>` a complete game: where its text is in the part (UTF-16
//!   units, for `String.slice`), its first byte (UTF-8, from the part's start) and the
//!   file's line it starts on; then its records:
//! - `t <name> <value>` each tag as written, escapes undone, in order;
//! - `m <steps>` the mainline as `history()` writes it, `f <X-FEN>` the final position,
//!   `o <result> <outcome>`: the result the record states (`1-0`, `0-1`, `1/2-1/2`, `*`;
//!   its result token wins over its tag) and the outcome as `Get::Outcome` writes it
//!   (empty when the board decided none); not with tags only;
//! - `e <line> <message>` instead, for a game that could not be read: the file's line of
//!   the fault and the core's message;
//! - `r <from> <byte> <line>` last: where the rest of the part starts (what js/read.ts
//!   keeps and sends again with the next part), in UTF-16 units, bytes and the file's line.

use chess960::fen::CastlingLetters;
use chess960::pgn::{self, ReadOptions};
use chess960::text::push_all;

/// Counts UTF-16 units along a text, forward only.
struct Utf16<'a> {
    bytes: &'a [u8],
    at: usize,
    units: usize,
}

impl Utf16<'_> {
    /// The UTF-16 units before byte `to` (not before the last asked).
    fn at(&mut self, to: usize) -> usize {
        for &b in self.bytes.get(self.at..to).unwrap_or_default() {
            // A character's first byte is one unit; a four-byte one is two.
            self.units += usize::from(b & 0xc0 != 0x80) + usize::from(b >= 0xf0);
        }
        self.at = self.at.max(to);
        self.units
    }
}

/// The answer of `Util::ReadPgn` for part `text` (see the module).
pub fn read_part(text: &str, x: f64) -> String {
    let bits = x as u64;
    let (ended, tags_only) = (bits & 1 != 0, bits & 2 != 0);
    let opts = ReadOptions {
        strict: bits & 4 != 0,
    };
    let first = (bits >> 3) as usize;
    let (spans, rest) = pgn::complete_games(text, ended);
    let mut units = Utf16 {
        bytes: text.as_bytes(),
        at: 0,
        units: 0,
    };
    let mut out = String::with_capacity(text.len() / 2);
    for s in spans {
        let line = first + s.line - 1;
        let (from, to) = (units.at(s.start), units.at(s.end));
        push_all!(&mut out; "g ", from, " ", to, " ", s.start, " ", line, "\n");
        let read = pgn::read_mainline(
            text.get(s.start..s.end).unwrap_or_default(),
            opts,
            tags_only,
            line,
        );
        // Neither a tag's value nor a message holds a newline: the lexer ends a tag at
        // one, and messages quote tokens and tags.
        for (name, value) in &read.tags {
            push_all!(&mut out; "t ", *name, " ", value.as_str(), "\n");
        }
        match read.game {
            Ok(None) => {}
            Ok(Some(g)) => {
                out.push_str("m ");
                for ply in 1..=g.ply_count() {
                    if ply > 1 {
                        out.push(' ');
                    }
                    crate::push_step(&mut out, &g, ply);
                }
                let result = g.header("Result").unwrap_or("*");
                push_all!(&mut out; "\nf ", g.fen(CastlingLetters::XFen), "\no ", result, " ", crate::outcome_text(&g), "\n");
            }
            Err(f) => push_all!(&mut out; "e ", f.line, " ", f.error, "\n"),
        }
    }
    push_all!(&mut out; "r ", units.at(rest.start), " ", rest.start, " ", first + rest.line - 1, "\n");
    out
}
