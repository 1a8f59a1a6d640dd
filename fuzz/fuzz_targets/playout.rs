//! A byte string drives a game from a standard, Chess960, Double Chess960 or Chess-9
//! start; every invariant of `tests/support/invariants.rs` is checked after every step
//! (FEN round trip, undo, SAN/UCI read-back, board-input resolution, repetition and
//! fifty-move counters against a recount).
#![no_main]

#[path = "../../crates/core/tests/support/invariants.rs"]
mod invariants;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    invariants::playout(move || bytes.next(), 400);
});
