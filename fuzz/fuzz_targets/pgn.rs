//! Any text as PGN: reading and splitting never panic; a game that is read can be
//! written out again.
#![no_main]

use chess960::pgn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = pgn::split_games(text);
    if let Ok(game) = pgn::read(text) {
        let _ = pgn::write(&game);
    }
});
