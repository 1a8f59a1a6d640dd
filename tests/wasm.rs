//! The wasm boundary, run by wasm-bindgen-test in Node and in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --test wasm`): the dispatchers forward
//! to the operations of `src/ops.rs`, failures are thrown as JS errors of the right
//! class, structured data comes back as plain objects.
#![cfg(target_arch = "wasm32")]

use chess960_wasm::ops::{
    Act, Ask, Call, Data, Get, Make, Num, Open, Play, Read, Size, Status, Util,
};
use chess960_wasm::JsGame;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// The message of a thrown JS error, checked to be an `Error`.
fn message(e: JsValue) -> String {
    let e: js_sys::Error = e.dyn_into().expect("an Error object");
    let m: String = e.message().into();
    assert!(!m.is_empty(), "an empty error message");
    m
}

fn is_range_error(e: &JsValue) -> bool {
    e.dyn_ref::<js_sys::RangeError>().is_some()
}

fn field(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn standard() -> JsGame {
    JsGame::make(Make::Standard as u32, 0.0, 0.0).unwrap()
}

/// js/ops.ts, which the build writes from src/ops.rs's text, names for each number what
/// the compiled enums mean by it (`export const GET_FEN = 2;` is `Get::from_u32(2)`, named
/// `Fen`): a generator that misread the source would fail here.
#[wasm_bindgen_test]
fn every_constant_of_js_ops_ts_names_the_operation_of_its_number() {
    fn name_of(kind: &str, n: u32) -> Option<&'static str> {
        match kind {
            "MAKE" => Make::from_u32(n).map(Make::name),
            "READ" => Read::from_u32(n).map(Read::name),
            "OPEN" => Open::from_u32(n).map(Open::name),
            "UTIL" => Util::from_u32(n).map(Util::name),
            "GET" => Get::from_u32(n).map(Get::name),
            "ACT" => Act::from_u32(n).map(Act::name),
            "CALL" => Call::from_u32(n).map(Call::name),
            "ASK" => Ask::from_u32(n).map(Ask::name),
            "NUM" => Num::from_u32(n).map(Num::name),
            "DATA" => Data::from_u32(n).map(Data::name),
            "STATUS" => Status::from_u32(n).map(Status::name),
            "PLAY" => Play::from_u32(n).map(Play::name),
            "SIZE" => Size::from_u32(n).map(Size::name),
            _ => None,
        }
    }
    // SNAKE_CASE after the dispatcher's prefix, as the enum spells it (`FenForcedEp`).
    let camel = |snake: &str| -> String {
        snake
            .split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next().map_or(String::new(), |f| {
                    f.to_uppercase()
                        .chain(c.flat_map(char::to_lowercase))
                        .collect()
                })
            })
            .collect()
    };
    let mut checked = 0;
    for line in include_str!("../js/ops.ts").lines() {
        let Some(rest) = line.strip_prefix("export const ") else {
            continue;
        };
        let (name, value) = rest.trim_end_matches(';').split_once(" = ").unwrap();
        let (kind, op) = name.split_once('_').unwrap();
        let n: u32 = value.parse().unwrap();
        assert_eq!(name_of(kind, n), Some(camel(op).as_str()), "{name} = {n}");
        checked += 1;
    }
    // Every variant of every enum has its constant (ops.test.mjs checks the table too).
    let variants = include_str!("../src/ops.rs")
        .lines()
        .filter_map(|l| l.trim().strip_suffix(',')?.split_once(" = "))
        .filter(|(v, n)| {
            v.starts_with(|c: char| c.is_ascii_uppercase())
                && v.chars().all(|c| c.is_ascii_alphanumeric())
                && n.parse::<u32>().is_ok()
        })
        .count();
    assert!(checked > 60, "{checked} constants read");
    assert_eq!(checked, variants);
    assert_eq!(name_of("GET", 999), None);
}

#[wasm_bindgen_test]
fn the_standard_start_has_twenty_moves_in_chessjs_order() {
    let g = standard();
    let sans: Vec<String> = g
        .get(Get::Moves as u32)
        .split(' ')
        .map(str::to_owned)
        .collect();
    assert_eq!(sans.len(), 20);
    // chess.js generates from a8 to h1: the a-pawn's moves, then the b-pawn's, …
    assert_eq!(&sans[..4], ["a3", "a4", "b3", "b4"]);
    let verbose = g.get(Get::MovesVerbose as u32);
    // Each record with the FEN after its move.
    assert!(
        verbose.lines().any(|l| {
            l
            == "w p e2 e4 - - b e4 e2e4\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        }),
        "{verbose}"
    );
    assert_eq!(g.get(Get::Turn as u32), "w");
    assert_eq!(g.get(Get::Variant as u32), "standard");
}

#[wasm_bindgen_test]
fn a_refused_call_throws_and_changes_nothing() {
    let mut g = standard();
    let before = g.get(Get::Fen as u32);
    for bad in ["e5", "Qh5", "", "zz", "e2e5", "O-O"] {
        assert!(!message(g.call(Call::Move as u32, bad, "").unwrap_err()).is_empty());
        assert_eq!(g.get(Get::Fen as u32), before);
        // Why not, without playing: the cause of chess.js's "Invalid move".
        assert!(!g.call(Call::WhyNot as u32, bad, "").unwrap().is_empty());
    }
    assert_eq!(g.call(Call::WhyNot as u32, "e4", "").unwrap(), "");
    assert_eq!(g.get(Get::Fen as u32), before);
    for bad in ["e9e4", "e2", "e2e", "e2e4k", "e7e8qq"] {
        assert!(g.call(Call::MoveFromTo as u32, bad, "").is_err(), "{bad}");
        assert_eq!(g.get(Get::Fen as u32), before);
    }
    let e = g.call(Call::MoveFromTo as u32, "e9e4", "").unwrap_err();
    assert!(message(e).contains("invalid square"));
    let played = g.call(Call::MoveFromTo as u32, "g1f3", "").unwrap();
    assert!(played.starts_with("w n g1 f3 - - n Nf3 g1f3\t"), "{played}");
}

#[wasm_bindgen_test]
fn numbers_out_of_range_are_range_errors() {
    // The number as JS writes it.
    for (bad, written) in [
        (960.0, "960"),
        (1.5, "1.5"),
        (f64::NAN, "NaN"),
        (-1.0, "-1"),
        (f64::INFINITY, "Infinity"),
        (1e21, "1e+21"),
    ] {
        let e = JsGame::make(Make::Chess960 as u32, bad, 0.0).err().unwrap();
        assert!(is_range_error(&e));
        assert_eq!(
            message(e),
            format!("Chess960 id must be an integer from 0 to 959, got {written}")
        );
    }
    let mut g = standard();
    for bad in [9.0, -1.0, 0.5] {
        let e = g.num(Num::Perft as u32, bad).unwrap_err();
        assert!(is_range_error(&e), "perft({bad})");
    }
    assert_eq!(g.num(Num::Perft as u32, 3.0).unwrap(), 8902.0);
}

#[wasm_bindgen_test]
fn fens_read_leniently_or_strictly() {
    // What chess.js loads (js/fen.ts checks its rules first): the side not to move in
    // check, a right without its rook dropped.
    let g = JsGame::read(Read::Fen as u32, "4k3/8/8/8/8/8/4R3/4K2R w KQ - 0 1", false).unwrap();
    assert_eq!(g.get(Get::Fen as u32), "4k3/8/8/8/8/8/4R3/4K2R w K - 0 1");
    let e = JsGame::read(
        Read::StrictFen as u32,
        "4k3/8/8/8/8/8/4R3/4K2R w K - 0 1",
        false,
    )
    .err()
    .unwrap();
    assert!(message(e).contains("not to move is in check"));
}

#[wasm_bindgen_test]
fn chess9_swaps_through_the_bindings() {
    let mut g = JsGame::make(Make::Chess9 as u32, 0.0, 0.0).unwrap();
    assert_eq!(g.get(Get::SwapChoices as u32), "king queen none");
    // A swap's answer is its record.
    assert_eq!(
        g.call(Call::Swap as u32, "king", "").unwrap(),
        "swap b king"
    );
    assert_eq!(
        g.call(Call::Swap as u32, "none", "").unwrap(),
        "swap w none"
    );
    assert_eq!(g.get(Get::SwapChoices as u32), "");
    assert!(g.call(Call::Swap as u32, "queen", "").is_err());
}

#[wasm_bindgen_test]
fn structured_data_comes_back_as_plain_objects() {
    let mut g = standard();
    g.call(Call::Move as u32, "e4", "").unwrap();
    let headers = g.data(Data::Headers as u32, JsValue::UNDEFINED).unwrap();
    assert_eq!(field(&headers, "Event").as_string().as_deref(), Some("?"));
    let slots = g
        .data(Data::HeaderSlots as u32, JsValue::UNDEFINED)
        .unwrap();
    assert_eq!(field(&slots, "Result").as_string().as_deref(), Some("*"));
    assert!(
        field(&slots, "ECO").is_null(),
        "a tag with a place but no value is null"
    );
    let tree = g.data(Data::Tree as u32, JsValue::UNDEFINED).unwrap();
    let moves = field(&tree, "moves");
    assert_eq!(js_sys::Array::from(&moves).length(), 1);
    let board = g.data(Data::Board as u32, JsValue::UNDEFINED).unwrap();
    let a8 = js_sys::Array::from(&js_sys::Array::from(&board).get(0)).get(0);
    assert_eq!(field(&a8, "type").as_string().as_deref(), Some("r"));
    // Arguments as an object, read by field name (js/chess.ts checks their types); a time
    // out of range is the core's RangeError.
    let e = g.data(Data::Seal as u32, seal("Nf6", -5.0)).unwrap_err();
    assert!(is_range_error(&e), "a negative time is a RangeError");
}

/// `{ move, whiteTimeMs }`, what `seal()` hands in.
fn seal(mv: &str, white_ms: f64) -> JsValue {
    let o = js_sys::Object::new();
    js_sys::Reflect::set(&o, &"move".into(), &mv.into()).unwrap();
    js_sys::Reflect::set(&o, &"whiteTimeMs".into(), &white_ms.into()).unwrap();
    o.into()
}

#[wasm_bindgen_test]
fn questions_answer_booleans_and_acts_change_the_game() {
    let mut g = standard();
    assert!(g.ask(Ask::HasMatingMaterial as u32, "w", "", "").unwrap());
    assert!(
        !g.ask(Ask::Put as u32, "wk", "e4", "").unwrap(),
        "a second white king"
    );
    assert!(g.ask(Ask::Put as u32, "wq", "e4", "").unwrap());
    assert!(g.ask(Ask::HasMatingMaterial as u32, "x", "", "").is_err());
    g.call(Call::Move as u32, "Nf3", "").unwrap();
    // Undo answers the record and the FEN now.
    let undone = g.act(Act::Undo as u32);
    assert!(undone.starts_with("w n g1 f3 - - n Nf3 g1f3\t"), "{undone}");
    assert_eq!(g.act(Act::Undo as u32), "");
    // The take-back without a record answers whether there was a step.
    let before = g.get(Get::Fen as u32);
    g.call(Call::Move as u32, "Nf3", "").unwrap();
    assert_eq!(g.play(Play::TakeBack as u32, 0), 1);
    assert_eq!(g.get(Get::Fen as u32), before);
    assert_eq!(g.play(Play::TakeBack as u32, 0), 0);
    assert!(g.ask(Ask::DrawByAgreement as u32, "", "", "").unwrap());
    assert!(
        !g.ask(Ask::Resign as u32, "w", "", "").unwrap(),
        "the first result stands"
    );
}

#[wasm_bindgen_test]
fn envelopes_seal_open_and_conclude() {
    let mut g = standard();
    g.call(Call::Move as u32, "e4", "").unwrap();
    let env = g.data(Data::Seal as u32, seal("e5", 0.0)).unwrap();
    assert_eq!(field(&env, "sealer").as_string().as_deref(), Some("b"));
    let opened = JsGame::open(Open::Open as u32, env.clone()).unwrap();
    assert_eq!(opened.get(Get::History as u32), "e4 e5");
    let agreed = JsGame::open(Open::ConcludeAgreement as u32, env).unwrap();
    assert_eq!(agreed.get(Get::Outcome as u32), "- agreement");
}

#[wasm_bindgen_test]
fn functions_of_no_game() {
    let a = JsGame::util(Util::Chess960Array as u32, b"", 959.0).unwrap();
    assert_eq!(a.as_string().as_deref(), Some("RKRNNQBB"));
    let id = JsGame::util(Util::Chess960Id as u32, b"RNBQKBNR", 0.0).unwrap();
    assert_eq!(id.as_f64(), Some(518.0));
    let r = JsGame::util(Util::RandomId as u32, b"", 0.0)
        .unwrap()
        .as_f64()
        .unwrap();
    assert!((0.0..960.0).contains(&r) && r.fract() == 0.0);
    // Both games of a whole text (flag 1, line 1 × 16), their mainlines, and the rest
    // after them (within a line: `1`).
    let read = JsGame::util(Util::ReadPgn as u32, b"1. e4 *\n\n1. d4 *", 1.0 + 16.0).unwrap();
    assert_eq!(
        read.as_string().as_deref(),
        Some(concat!(
            "g 0 7 1\nm e4\nf rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\no * \n",
            "g 9 16 3\nm d4\nf rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\no * \n",
            "r 16 3 1\n"
        ))
    );
    // Offsets are bytes. A character cut at the end of a part that more follows is read up
    // to; bytes that are not UTF-8 are answered `u` (js/read-games.ts mends them).
    let tag = "[White \"Müller\"]\n\n1. e4 *\n\n[Black \"Ł";
    let part = |bytes: &[u8], x: f64| {
        JsGame::util(Util::ReadPgn as u32, bytes, x)
            .unwrap()
            .as_string()
            .unwrap_or_default()
    };
    let cut = &tag.as_bytes()[..tag.len() - 1];
    let answer = part(cut, 16.0);
    assert!(answer.starts_with("g 0 26 1\nt White Müller\n"), "{answer}");
    assert!(answer.ends_with("r 28 5 0\n"), "{answer}");
    assert_eq!(part(cut, 1.0 + 16.0), "u\n");
    assert_eq!(part(b"[White \"M\xfcller\"]\n\n1. e4 *", 16.0), "u\n");
    // A part that starts within a line (flag 8): a `%` there is a word, not an escape line.
    assert!(part(b"%x\n1. e4 *", 1.0 + 16.0).starts_with("g 3 10 2\n"));
    assert!(part(b"%x\n1. e4 *", 1.0 + 8.0 + 16.0).starts_with("g 0 10 1\n"));
}

#[wasm_bindgen_test]
fn a_big_game_grows_memory_in_few_steps() {
    let pages = JsGame::memory_pages();
    let pgn = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(20_000) + "*";
    let g = JsGame::read(Read::Pgn as u32, &pgn, false).unwrap();
    assert!(JsGame::memory_pages() >= pages);
    drop(g);
    let too_long = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(60_000) + "*";
    let e = JsGame::read(Read::Pgn as u32, &too_long, false)
        .err()
        .unwrap();
    assert!(message(e).contains("too long"));
    // The instance keeps working.
    assert_eq!(standard().get(Get::Moves as u32).split(' ').count(), 20);
}
