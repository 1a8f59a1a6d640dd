//! A position from the FEN on the first line (or one of a few fixed positions when that
//! line is not a FEN) and arbitrary SAN text on the rest: never panics; an accepted SAN
//! is a legal move whose own SAN reads back to it; a refused one leaves a game unchanged.
#![no_main]

#[path = "../../crates/core/tests/support/invariants.rs"]
#[allow(dead_code, unused_imports)]
mod invariants;

use chess960::game::Game;
use chess960::{fen, san};
use libfuzzer_sys::fuzz_target;

const FALLBACK: &[&str] = &[
    fen::STANDARD_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "B4k2/6R1/BQ6/3ppP2/P5R1/7r/3K4/Bb1n4 w - - 0 55",
    "4k3/1P6/8/2pP4/8/8/8/R3K1NR w KQ c6 0 1",
    "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (head, san_text) = text.split_once('\n').unwrap_or(("", text));
    let mut game = Game::from_fen(head).unwrap_or_else(|_| {
        let fen = FALLBACK[head.len() % FALLBACK.len()];
        Game::from_fen(fen).expect("fallback FEN")
    });
    let pos = *game.position();
    let legal = pos.legal_moves();
    if let Ok(m) = san::parse_san(&pos, san_text, &legal) {
        assert!(legal.contains(m), "SAN {san_text:?} gave an illegal move");
        let own = san::to_san(&pos, m, &legal);
        assert_eq!(san::parse_san(&pos, &own, &legal), Ok(m), "own SAN {own}");
    }
    let before = invariants::snapshot(&game);
    match game.play_text(san_text) {
        Ok(pm) => {
            assert!(legal.contains(pm.mv));
            game.undo();
            assert_eq!(invariants::snapshot(&game), before);
        }
        Err(_) => assert_eq!(invariants::snapshot(&game), before, "refused {san_text:?}"),
    }
});
