//! Any text as PGN: reading and splitting never panic; a game that is read can be
//! written out again; the text cut in two where the input's first byte says, and split
//! as a stream splits it, gives the games of the whole text.
#![no_main]

use chess960::pgn::{self, TextStart};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = pgn::split_games(text);
    if let Ok(game) = pgn::read(text) {
        let _ = pgn::write(&game);
    }
    let whole: Vec<&str> = pgn::games(text).collect();
    let mut cut = usize::from(data.first().copied().unwrap_or(0)) * text.len() / 256;
    while !text.is_char_boundary(cut) {
        cut += 1;
    }
    let head = text.get(..cut).unwrap_or_default();
    let (spans, rest) = pgn::complete_games(head, false);
    let mut got: Vec<&str> = spans.iter().filter_map(|s| head.get(s.start..s.end)).collect();
    let tail = text.get(rest.start..).unwrap_or_default();
    let start = TextStart::LineStart.at(head, rest.start);
    let (spans, _) = pgn::complete_games_from(tail, true, start);
    got.extend(spans.iter().filter_map(|s| tail.get(s.start..s.end)));
    assert_eq!(got, whole);
});
