//! Arbitrary UCI text against a position (first line FEN, or a fixed position): never
//! panics; an accepted move is legal and its own UCI, in both castling forms, reads back.
#![no_main]

use chess960::fen;
use chess960::game::Game;
use chess960::uci::{self, CastlingNotation};
use libfuzzer_sys::fuzz_target;

const FALLBACK: &[&str] = &[
    fen::STANDARD_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
    "4k3/1P6/8/2pP4/8/8/8/R3K1NR w KQ c6 0 1",
    "rk4rn/8/8/8/8/8/8/RK4RN w GAga - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (head, uci_text) = text.split_once('\n').unwrap_or(("", text));
    let game = Game::from_fen(head).unwrap_or_else(|_| {
        Game::from_fen(FALLBACK[head.len() % FALLBACK.len()]).expect("fallback FEN")
    });
    let pos = *game.position();
    let legal = pos.legal_moves();
    let parts = uci::parse_parts(uci_text);
    match uci::parse_uci(&pos, uci_text, &legal) {
        Ok(m) => {
            assert!(parts.is_some());
            assert!(legal.contains(m), "UCI {uci_text:?} gave an illegal move");
            let own = uci::to_uci(m, CastlingNotation::KingOntoRook);
            assert_eq!(uci::parse_uci(&pos, &own, &legal), Ok(m), "own UCI {own}");
        }
        Err(_) => {
            if let Some((from, to, promo)) = parts {
                // Refused although well-formed: no legal move fits it in either form.
                assert!(!legal.iter().any(|m| m.from() == from
                    && (m.to() == to || m.king_to() == to)
                    && m.promotion() == promo));
            }
        }
    }
});
