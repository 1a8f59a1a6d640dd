//! Any text as PGN: reading and splitting never panic; a game that is read can be
//! written out again; the text cut in two where the input's first byte says, and split
//! as a stream splits it, gives the games of the whole text; each game read for its
//! mainline (as `readPgn` reads) gives the tree reader's moves, final position and
//! outcome, or its error.
#![no_main]

use chess960::fen::CastlingLetters;
use chess960::pgn::{self, ReadOptions, TextStart};
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
    // (`pgn::read` reads the first game it finds in its text: compared where that is the
    // whole game, which a game cut from within a line, say after a `)`, may not be.)
    for g in whole.iter().filter(|g| pgn::games(g).eq([**g])) {
        let tree = pgn::read(g);
        let main = pgn::read_mainline(g, ReadOptions::default(), false, 1).game;
        match (&tree, &main) {
            (Ok(t), Ok(Some(m))) => {
                assert_eq!(t.ply_count(), m.ply_count(), "{g:?}");
                for i in 1..=t.ply_count() {
                    assert_eq!(t.san_at(i), m.san_at(i), "{g:?}");
                }
                assert_eq!(t.fen(CastlingLetters::XFen), m.fen(CastlingLetters::XFen), "{g:?}");
                assert_eq!(t.outcome(), m.outcome(), "{g:?}");
                assert_eq!(t.headers(), m.headers(), "{g:?}");
            }
            (Err(e), Err(f)) => assert_eq!(e, &f.error, "{g:?}"),
            (t, m) => panic!("{g:?}: read {t:?}, mainline {m:?}"),
        }
    }
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
