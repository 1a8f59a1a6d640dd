//! Any bytes as FEN: never panics; a FEN that is accepted round-trips exactly, in X-FEN
//! and Shredder-FEN, and its position's legal moves can be generated.
#![no_main]

#[path = "../../crates/core/tests/support/invariants.rs"]
#[allow(dead_code, unused_imports)]
mod invariants;

use chess960::fen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = fen::parse(text) {
        invariants::check_fen_round_trip(&pos);
        let legal = pos.legal_moves();
        for &m in legal.iter() {
            invariants::check_fen_round_trip(&pos.after(m));
        }
    }
});
