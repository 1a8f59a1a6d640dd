//! Bulk reading (`Util::ReadPgn`): the games of one part of a PGN file, split as a
//! stream splits them (`pgn::complete_games`) and each read for its mainline
//! (`pgn::read_mainline`), answered as one text that js/read.ts reads. One call a part:
//! no game handle crosses, no object is built per game on this side.
//!
//! The part crosses as UTF-8 bytes (js/read-games.ts keeps the file's bytes as they come,
//! and decodes only the text of a game it is asked for): wasm-bindgen's string glue copies
//! ASCII one character at a time in JS, 640 µs for a 256 KB part against 15 µs for the
//! bytes, and the answer's offsets are then bytes too.
//!
//! The answer, one record a line, fields apart by single spaces (a tag's value and a
//! message run to the end of their line):
//! - `g <from> <to> <line>` a complete game: where its text is in the part (bytes) and the
//!   file's line it starts on; then its records:
//! - `t <name> <value>` each tag as written, escapes undone, in order;
//! - `m <steps>` the mainline as `history()` writes it, `f <X-FEN>` the final position,
//!   `o <result> <outcome>`: the result the record states (`1-0`, `0-1`, `1/2-1/2`, `*`;
//!   its result token wins over its tag) and the outcome as `Get::Outcome` writes it
//!   (empty when the board decided none); not with tags only;
//! - `e <line> <message>` instead, for a game that could not be read: the file's line of
//!   the fault and the core's message;
//! - `r <from> <line> <mid>` last: where the rest of the part starts (what
//!   js/read-games.ts keeps and sends again with the next part), in bytes, the file's
//!   line, and `1` when it starts within a line (`pgn::TextStart`: what it sends back
//!   with it), else `0`.
//!
//! A part that is not UTF-8 is answered `u` alone: js/read-games.ts then mends it (each
//! byte that is not part of a character becomes U+FFFD, as a `TextDecoder` does) and sends
//! it again. When more follows, a character cut at the part's end is not a fault: the part
//! is read up to it, and the rest is sent again with the next part.

use alloc::{borrow::ToOwned, string::String};

use chess960::fen::CastlingLetters;
use chess960::pgn::{self, ReadOptions, TextStart};
use chess960::text::push_all;

/// The answer of `Util::ReadPgn` for part `bytes` (see the module).
pub fn read_part(bytes: &[u8], x: f64) -> String {
    let bits = x as u64;
    let (ended, tags_only) = (bits & 1 != 0, bits & 2 != 0);
    let opts = ReadOptions {
        strict: bits & 4 != 0,
    };
    let start = if bits & 8 != 0 {
        TextStart::MidLine
    } else {
        TextStart::LineStart
    };
    let first = (bits >> 4) as usize;
    let text = match core::str::from_utf8(bytes) {
        Ok(text) => text,
        // A character cut at the end, more to come: up to it (UTF-8, checked again).
        Err(e) if !ended && e.error_len().is_none() => bytes
            .get(..e.valid_up_to())
            .and_then(|b| core::str::from_utf8(b).ok())
            .unwrap_or_default(),
        Err(_) => return "u\n".to_owned(),
    };
    let (spans, rest) = pgn::complete_games_from(text, ended, start);
    let mut out = String::with_capacity(text.len() / 2);
    for s in spans {
        let line = first + s.line - 1;
        push_all!(&mut out; "g ", s.start, " ", s.end, " ", line, "\n");
        let read = pgn::read_mainline(
            text.get(s.start..s.end).unwrap_or_default(),
            opts,
            tags_only,
            line,
        );
        // Neither a tag's value nor a message holds a newline: the lexer ends a tag at
        // one, and messages quote tokens and tags.
        for (name, value) in &read.tags {
            push_all!(&mut out; "t ", *name, " ", &**value, "\n");
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
    let mid_line = usize::from(start.at(text, rest.start) == TextStart::MidLine);
    push_all!(&mut out; "r ", rest.start, " ", first + rest.line - 1, " ", mid_line, "\n");
    out
}
