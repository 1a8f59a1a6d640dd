//! Any bytes as an adjournment envelope's fields (the JS binding checks their types;
//! their values are anything): opening or concluding it never panics and gives a game
//! or an error.
#![no_main]

use chess960::fen::CastlingLetters;
use chess960::adjourn::{self, Conclusion, Envelope, Resumption};
use chess960::square::Color;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Fields split at NUL, the rest from the first bytes.
    let mut f = text.split('\0');
    let mut next = || f.next().unwrap_or_default().to_owned();
    let b = |i: usize| data.get(i).copied().unwrap_or(0);
    let env = Envelope {
        white: next(),
        black: next(),
        fen: next(),
        pgn: next(),
        move_number: u32::from(b(0)) + 1,
        sealer: if b(1) % 2 == 0 { Color::White } else { Color::Black },
        text: next(),
        white_time_ms: f64::from(b(2)) * 1e3 - 100.0,
        black_time_ms: f64::from(b(3)),
        draw_offer: b(4) % 2 == 0,
        resumption: Resumption { date: next(), time: next(), venue: next() },
    };
    if let Ok(game) = adjourn::open(&env) {
        let _ = game.fen(CastlingLetters::XFen);
        let _ = chess960::pgn::write(&game);
    }
    for how in [Conclusion::Agreement, Conclusion::Resignation(Color::White)] {
        if let Ok(game) = adjourn::conclude(&env, how) {
            assert!(game.outcome().is_some());
        }
    }
});
