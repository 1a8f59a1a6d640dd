//! The wasm bindings, run by wasm-bindgen-test in Node and in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --test wasm`).
#![cfg(target_arch = "wasm32")]

use chess960::wasm::{chess960_array, chess960_id, random_chess960_id, JsGame};
use wasm_bindgen_test::*;

/// `get(GET_ERROR)`: the error a failed `make` or `call` left in the
/// game, which the JS wrapper throws as an `Error`.
const GET_ERROR: u32 = 14;

/// The message of a failed call, which must say something.
fn error_message(e: String) -> String {
    assert!(!e.is_empty(), "an empty error message");
    e
}

/// The error a failed export left in `g`; taking it clears it.
fn taken_error(g: &mut JsGame) -> String {
    let msg = error_message(g.get(GET_ERROR));
    assert_eq!(g.get(GET_ERROR), "", "the error was not taken");
    msg
}

#[wasm_bindgen_test]
fn standard_start_has_twenty_moves_and_records_decode() {
    let g = JsGame::new(None).unwrap();
    assert_eq!(g.moves().split(' ').count(), 20);
    let verbose = g.moves_verbose();
    assert_eq!(verbose.lines().count(), 20);
    assert!(
        verbose.lines().any(|l| l == "w p e2 e4 - - b e4 e2e4"),
        "{verbose}"
    );
    assert_eq!(g.turn(), "w");
    assert_eq!(g.variant(), "standard");
}

#[wasm_bindgen_test]
fn bad_input_fails_with_a_message_and_leaves_the_game_unchanged() {
    let mut g = JsGame::new(None).unwrap();
    let before = g.fen(false);
    for bad in ["e5", "Qh5", "", "zz", "e2e5", "O-O"] {
        let msg = error_message(g.play(bad).err().unwrap());
        assert!(!msg.is_empty());
        assert_eq!(g.fen(false), before);
    }
    let msg = error_message(g.move_from_to("e9", "e4", "").err().unwrap());
    assert!(msg.contains("invalid square"), "{msg}");
    let msg = error_message(JsGame::new(Some("not a fen".into())).err().unwrap());
    assert!(msg.contains("FEN"), "{msg}");
    assert!(JsGame::chess960(960.0).is_err());
    assert!(JsGame::chess960(1.5).is_err());
    assert!(JsGame::chess960(f64::NAN).is_err());
    assert!(g.perft(-1.0).is_err());
}

#[wasm_bindgen_test]
fn chess960_castling_input_resolution() {
    let g = JsGame::new(Some("4k3/8/8/8/8/8/8/5K1R w K - 0 1".into())).unwrap();
    let r = g.resolve("f1", "g1").unwrap();
    let mut lines = r.lines();
    assert_eq!(lines.next(), Some("ambiguous"));
    assert_eq!(lines.count(), 2);
    let r = g.resolve("f1", "h1").unwrap();
    assert!(
        r.starts_with("castle\nw k f1 g1 - - k O-O f1h1 h1 f1"),
        "{r}"
    );
    // Walk the packed bytes: origin, count, targets. The king on f1 (5) reaches e1 e2 f2
    // g2, g1 (step and castling) and h1 (7, king onto rook).
    let d = g.dests_packed();
    let mut by_from = std::collections::BTreeMap::new();
    let mut i = 0;
    while i < d.len() {
        let n = d[i + 1] as usize;
        by_from.insert(d[i], d[i + 2..i + 2 + n].to_vec());
        i += 2 + n;
    }
    assert_eq!(i, d.len());
    assert_eq!(by_from.get(&5), Some(&vec![4, 6, 7, 12, 13, 14]), "{d:?}");
}

#[wasm_bindgen_test]
fn chess9_swap_phase_through_the_bindings() {
    let mut g = JsGame::chess9();
    assert_eq!(g.turn(), "b");
    assert_eq!(g.swap_choices(), "king queen none");
    assert_eq!(g.resolve("e8", "c8").unwrap(), "swap\nswap b king");
    assert_eq!(g.swap("king").unwrap(), "swap b king");
    assert_eq!(g.swap("none").unwrap(), "swap w none");
    assert_eq!(g.swap_choices(), "");
    assert!(g.swap("king").is_err());
    assert_eq!(g.history(), "swap b king\nswap w none");
    assert_eq!(g.undo(), "swap w none");
}

#[wasm_bindgen_test]
fn setup_functions_and_crypto_random_ids() {
    assert_eq!(chess960_array(0.0).unwrap(), "BBQNNRKR");
    assert_eq!(chess960_array(518.0).unwrap(), "RNBQKBNR");
    assert_eq!(chess960_id("RKRNNQBB").unwrap(), 959);
    assert!(chess960_id("RRRRKKKK").is_err());
    // What the JS API's chess960Id uses: the game of a back rank.
    assert_eq!(JsGame::parse(2, "RKRNNQBB").chess960_id(), 959);
    assert_eq!(JsGame::parse(2, "RNBQKBNR").chess960_id(), 518);
    assert_eq!(JsGame::parse(2, "RNBQKBNR").get(GET_ERROR), "");
    let msg = taken_error(&mut JsGame::parse(2, "RRRRKKKK"));
    assert_eq!(msg, chess960_id("RRRRKKKK").unwrap_err());
    let mut seen = std::collections::HashSet::new();
    for _ in 0..200 {
        let id = random_chess960_id().unwrap();
        assert!(id < 960);
        seen.insert(id);
    }
    assert!(seen.len() > 100, "random ids look constant: {}", seen.len());
    let g = JsGame::chess960_random().unwrap();
    assert!((0..960).contains(&g.chess960_id()));
}

#[wasm_bindgen_test]
fn perft_in_wasm_is_exact() {
    let g = JsGame::new(Some(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".into(),
    ))
    .unwrap();
    assert_eq!(g.perft(3.0).unwrap(), 97862.0);
    let c = JsGame::chess960(959.0).unwrap();
    assert_eq!(c.perft(2.0).unwrap(), 400.0);
}

#[wasm_bindgen_test]
fn dispatching_exports_forward_to_the_operations() {
    // make(3) = Chess-9; get(4) = turn; call(0) = swap; status bit 128 = game over.
    let mut g = JsGame::make(3, 0.0, 0.0);
    assert_eq!(g.get(GET_ERROR), "");
    assert_eq!(g.get(4), "b");
    assert_eq!(g.call(0, "king", "", ""), "swap b king");
    assert_eq!(
        taken_error(&mut JsGame::make(9, 0.0, 0.0)),
        "unknown game kind"
    );
    let mut g = JsGame::new(None).unwrap();
    assert_eq!(g.get(5).split(' ').count(), 20); // moves
    for m in ["f3", "e5", "g4"] {
        assert_ne!(g.call(3, m, "", ""), ""); // move
    }
    assert_eq!(g.get(GET_ERROR), "");
    assert_eq!(g.status() & 128, 0);
    // Illegal: rejected with "", the error kept, the game unchanged.
    let before = g.get(2);
    assert_eq!(g.call(3, "Qa5", "", ""), "");
    assert_eq!(
        taken_error(&mut g),
        g.try_call(3, "Qa5", "", "").unwrap_err()
    );
    assert_eq!(g.get(2), before);
    // A "" that is a result, not a failure: no error.
    assert_eq!(g.call(5, "Event", "", ""), "");
    assert_eq!(g.get(GET_ERROR), "");
    assert_ne!(g.call(3, "Qh4#", "", ""), "");
    assert_eq!(g.status() & (2 | 128), 2 | 128); // checkmate, game over
    assert_eq!(g.get(10), "b checkmate"); // outcome

    // Sealing a finished game fails the same way.
    assert_eq!(g.call(13, "a3", "0", "0"), ""); // seal
    assert!(taken_error(&mut g).contains("over"));
    assert!(JsGame::parse(0, "1. e4 e5 *").get(9).contains("e4"));
    // Failed constructions: a game holding the error, as the JS wrapper expects.
    let msg = taken_error(&mut JsGame::parse(3, "not a fen"));
    assert_eq!(msg, JsGame::new(Some("not a fen".into())).err().unwrap());
    for bad in [960.0, 1.5, f64::NAN] {
        let msg = taken_error(&mut JsGame::make(0, bad, 0.0));
        assert_eq!(msg, JsGame::chess960(bad).err().unwrap());
        let msg = taken_error(&mut JsGame::make(2, 0.0, bad));
        assert_eq!(msg, JsGame::double_chess960(0.0, bad).err().unwrap());
    }
    let mut g = JsGame::new(None).unwrap();
    assert_eq!(g.call(11, "-1", "", ""), ""); // perft
    assert_eq!(
        taken_error(&mut g),
        "perft depth must be an integer from 0 to 12, got -1"
    );
}
