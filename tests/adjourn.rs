//! Sealed-move adjournment: each ruling on the sealed move (FIDE Art. 8, 10), the envelope's
//! JSON form, and broken envelopes giving errors rather than panics.

use chess960::adjourn::{self, AdjournError, Envelope, DRAW_OFFER_TAG, SEALED_MOVE_TAG};
use chess960::game::{Game, Outcome, Reason};
use chess960::setup::SwapChoice;
use chess960::square::Color;

fn game_after(moves: &[&str]) -> Game {
    let mut g = Game::new();
    for m in moves {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// The field form as the JS binding writes it: each value tagged with its type's initial.
fn tagged(env: &Envelope) -> String {
    let untagged = adjourn::to_fields(env);
    let tags = ["s", "s", "n", "s", "n", "n", "b", "s"];
    let mut parts: Vec<String> = untagged.splitn(8, '\0').map(str::to_string).collect();
    parts[6] = if parts[6] == "1" { "true" } else { "false" }.to_string();
    let out: Vec<String> = tags
        .iter()
        .zip(&parts)
        .map(|(t, v)| format!("{t}{v}"))
        .collect();
    out.join("\0")
}

/// Seals, goes through JSON and through the field form, and opens.
fn seal_and_open(g: &Game, text: &str) -> Game {
    let env = adjourn::seal(g, text, 60_000.0, 75_500.0, false).unwrap();
    let back = adjourn::from_json(&adjourn::to_json(&env)).unwrap();
    assert_eq!(back, env);
    assert_eq!(adjourn::from_fields(&tagged(&env)).unwrap(), env);
    adjourn::open(&back).unwrap_or_else(|e| panic!("open: {e}"))
}

fn lost_by(sealer: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(sealer.other()),
        reason,
    })
}

#[test]
fn envelope_records_position_number_sealer_and_times() {
    let g = game_after(&["e4", "e5", "Nf3"]);
    let env = adjourn::seal(&g, "Nc6", 1_000.0, 2_500.5, true).unwrap();
    assert_eq!(
        env.fen,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(env.move_number, 2);
    assert_eq!(env.sealer, Color::Black);
    assert_eq!(env.text, "Nc6");
    assert_eq!(env.white_time_ms, 1_000.0);
    assert_eq!(env.black_time_ms, 2_501.0, "whole milliseconds, rounded");
    assert!(env.draw_offer);
    assert!(env.pgn.contains("1. e4 e5 2. Nf3 *"));
}

#[test]
fn legal_sealed_move_is_played() {
    let g = game_after(&["e4", "e5"]);
    let opened = seal_and_open(&g, "Nf3");
    assert_eq!(opened.outcome(), None);
    assert_eq!(
        opened.fen(false),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(opened.entries().len(), 3);
    assert_eq!(opened.header(SEALED_MOVE_TAG), Some("Nf3"));
    assert_eq!(opened.header(DRAW_OFFER_TAG), None);
}

#[test]
fn legal_sealed_move_in_uci_is_played() {
    let g = game_after(&["e4", "e5"]);
    let opened = seal_and_open(&g, "g1f3");
    assert_eq!(opened.outcome(), None);
    assert_eq!(opened.entries().len(), 3);
}

#[test]
fn ambiguous_sealed_move_loses() {
    // Knights on c3 and d4 can both go to b5.
    let g = game_after(&["Nf3", "a6", "Nd4", "a5", "Nc3", "a4"]);
    let opened = seal_and_open(&g, "Nb5");
    assert_eq!(
        opened.outcome(),
        lost_by(Color::White, Reason::SealedMoveAmbiguous)
    );
    assert_eq!(opened.entries().len(), 6, "the move is not played");
    // Disambiguated, the same move is fine.
    assert_eq!(seal_and_open(&g, "Ncb5").outcome(), None);
}

#[test]
fn illegal_sealed_move_loses() {
    let g = game_after(&["e4", "e5"]);
    for text in ["Ke3", "Nf6", "e5", "Bxf7", "e2e5", "O-O"] {
        assert_eq!(
            seal_and_open(&g, text).outcome(),
            lost_by(Color::White, Reason::SealedMoveIllegal),
            "{text}"
        );
    }
    // A promotion without its piece is illegal as written.
    let p = Game::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        seal_and_open(&p, "a8").outcome(),
        lost_by(Color::White, Reason::SealedMoveIllegal)
    );
    assert_eq!(seal_and_open(&p, "a8=Q").outcome(), None);
}

#[test]
fn meaningless_sealed_move_loses() {
    let g = game_after(&["e4"]);
    for text in ["", "  ", "hello", "Zz9", "resign", "e9", "Nf3 Nf6"] {
        assert_eq!(
            seal_and_open(&g, text).outcome(),
            lost_by(Color::Black, Reason::SealedMoveMeaningless),
            "{text:?}"
        );
    }
}

#[test]
fn sealed_mate_decides_the_game() {
    let g = game_after(&["f3", "e5", "g4"]);
    let opened = seal_and_open(&g, "Qh4#");
    assert_eq!(
        opened.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: Reason::Checkmate
        })
    );
    assert_eq!(opened.outcome().map(|o| o.result()), Some("0-1"));

    let g = game_after(&["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]);
    let opened = seal_and_open(&g, "Qxf7");
    assert_eq!(opened.outcome().map(|o| o.result()), Some("1-0"));
    assert!(opened.is_checkmate());
}

#[test]
fn sealed_stalemate_decides_the_game() {
    let g = Game::from_fen("7k/8/6K1/8/8/8/8/5Q2 w - - 10 60").unwrap();
    let opened = seal_and_open(&g, "Qf7");
    assert_eq!(
        opened.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn sealed_move_completing_a_repetition_draws() {
    let g = game_after(&["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]);
    let opened = seal_and_open(&g, "Ng8");
    assert_eq!(
        opened.outcome(),
        Some(Outcome {
            winner: None,
            reason: Reason::ThreefoldRepetition
        })
    );
}

#[test]
fn draw_offer_is_kept() {
    let g = game_after(&["d4", "d5"]);
    let env = adjourn::seal(&g, "c4", 0.0, 0.0, true).unwrap();
    let json = adjourn::to_json(&env);
    assert!(json.contains("\"drawOffer\":true"));
    let opened = adjourn::open(&adjourn::from_json(&json).unwrap()).unwrap();
    assert_eq!(opened.header(DRAW_OFFER_TAG), Some("w"));
    assert_eq!(opened.outcome(), None);
    assert!(chess960::pgn::write(&opened).contains("[DrawOffer \"w\"]"));
}

#[test]
fn chess960_and_chess9_games_adjourn() {
    let mut g = Game::chess960(0).unwrap();
    g.play_text("e4").unwrap();
    let opened = seal_and_open(&g, "e5");
    assert_eq!(opened.variant(), chess960::game::Variant::Chess960);
    assert_eq!(opened.entries().len(), 2);

    let mut g = Game::chess9();
    assert!(matches!(
        adjourn::seal(&g, "e4", 0.0, 0.0, false),
        Err(AdjournError::SwapPhase {
            chooser: Color::Black
        })
    ));
    g.swap(SwapChoice::King).unwrap();
    g.swap(SwapChoice::None).unwrap();
    let opened = seal_and_open(&g, "e4");
    assert_eq!(opened.variant(), chess960::game::Variant::Chess9);
    assert_eq!(opened.entries(), {
        let mut h = g.clone();
        h.play_text("e4").unwrap();
        h.entries().to_vec()
    });
}

#[test]
fn sealing_a_finished_game_is_refused() {
    let g = game_after(&["f3", "e5", "g4", "Qh4#"]);
    let err = adjourn::seal(&g, "Kf2", 0.0, 0.0, false).unwrap_err();
    assert!(err.to_string().contains("already over"), "{err}");
    let g = Game::new();
    assert!(adjourn::seal(&g, "e4", f64::NAN, 0.0, false).is_err());
    assert!(adjourn::seal(&g, "e4", 0.0, -1.0, false).is_err());
}

#[test]
fn json_round_trips_awkward_strings() {
    let env = Envelope {
        fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into(),
        pgn: String::new(),
        move_number: 1,
        sealer: Color::White,
        text: "O-O \"quoted\" \\ back\nnew\tline é 😀 \u{1}".into(),
        white_time_ms: 123.0,
        black_time_ms: 9_007_199_254_740_991.0,
        draw_offer: false,
    };
    let json = adjourn::to_json(&env);
    assert!(!json.contains('\n'));
    assert_eq!(adjourn::from_json(&json).unwrap(), env);
    // Key order, whitespace, unknown keys, escapes written differently.
    let by_hand = r#"
      { "drawOffer" : false, "extra": [1, {"a": null}, "x"], "sealer":"w",
        "move":"O-O \"quoted\" \\ back\nnew\tline \u00e9 \ud83d\ude00 \u0001",
        "whiteTimeMs": 123, "blackTimeMs": 9007199254740991,
        "moveNumber": 1, "pgn": "", "fen": "4k3\/8/8/8/8/8/8/4K2R w K - 0 1" }
    "#;
    assert_eq!(adjourn::from_json(by_hand).unwrap(), env);
    // An empty pgn opens from the FEN.
    let opened = adjourn::open(&Envelope {
        text: "O-O".into(),
        ..env
    })
    .unwrap();
    assert_eq!(opened.fen(false), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn broken_json_gives_typed_errors() {
    let good =
        adjourn::to_json(&adjourn::seal(&game_after(&["e4"]), "e5", 5.0, 6.0, false).unwrap());
    assert!(adjourn::from_json(&good).is_ok());
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "not valid JSON"),
        ("[1,2]".into(), "must be a JSON object"),
        ("{".into(), "not valid JSON"),
        (good.replace("\"fen\"", "\"fen2\""), "no 'fen'"),
        (
            good.replace("\"sealer\":\"b\"", "\"sealer\":\"x\""),
            "'sealer'",
        ),
        (
            good.replace("\"drawOffer\":false", "\"drawOffer\":0"),
            "'drawOffer'",
        ),
        (
            good.replace("\"moveNumber\":1", "\"moveNumber\":1.5"),
            "whole numbers",
        ),
        (
            good.replace("\"moveNumber\":1", "\"moveNumber\":\"1\""),
            "'moveNumber'",
        ),
        (
            good.replace("\"whiteTimeMs\":5", "\"whiteTimeMs\":-5"),
            "whiteTimeMs",
        ),
        (
            good.replace("\"whiteTimeMs\":5", "\"whiteTimeMs\":1e999"),
            "whole numbers",
        ),
        (good.replace('}', ",\"fen\":\"x\"}"), "twice"),
        (format!("{good} x"), "after the JSON object"),
        (good.replace("\"e5\"", "\"\\ud800\""), "surrogate"),
        (good.replace("\"e5\"", "\"\\x\""), "escape"),
        (
            "{\"a\":".to_string() + &"[".repeat(10_000),
            "nested too deeply",
        ),
    ];
    for (json, want) in &cases {
        let err = adjourn::from_json(json).expect_err(json);
        let msg = err.to_string();
        assert!(msg.contains(want), "{json}\n  got: {msg}\n  want: {want}");
    }
}

#[test]
fn fields_round_trip_and_give_the_json_errors() {
    let env = Envelope {
        fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into(),
        pgn: "[Event \"x\"]\n\n*".into(),
        move_number: 1,
        sealer: Color::White,
        text: "O-O \u{0} after a NUL, \"quoted\"\nline é 😀".into(),
        white_time_ms: 123.0,
        black_time_ms: 9_007_199_254_740_991.0,
        draw_offer: true,
    };
    let f = adjourn::to_fields(&env);
    assert_eq!(
        f,
        [
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "[Event \"x\"]\n\n*",
            "1",
            "w",
            "123",
            "9007199254740991",
            "1",
            "O-O \u{0} after a NUL, \"quoted\"\nline é 😀"
        ]
        .join("\0")
    );
    assert_eq!(adjourn::from_fields(&tagged(&env)).unwrap(), env);

    let good = tagged(&adjourn::seal(&game_after(&["e4"]), "e5", 5.0, 6.0, false).unwrap());
    let with = |i: usize, v: &str| {
        let mut p: Vec<&str> = good.splitn(8, '\0').collect();
        p[i] = v;
        p.join("\0")
    };
    let cases = [
        (with(0, ""), "no 'fen'"),
        (with(0, "n5"), "'fen' must be a string"),
        (with(1, "x"), "'pgn' must be a string"),
        (
            with(2, "n1.5"),
            "'moveNumber' must be a whole number from 1",
        ),
        (with(2, "n0"), "'moveNumber'"),
        (with(2, "s1"), "'moveNumber'"),
        (with(2, "n4294967296"), "'moveNumber'"),
        (with(3, "sx"), "'sealer' must be \"w\" or \"b\""),
        (
            with(4, "n-5"),
            "'whiteTimeMs' must be a number of milliseconds, zero or more",
        ),
        (
            with(4, "n0.5"),
            "'whiteTimeMs' must be a whole number of milliseconds",
        ),
        (with(5, "nNaN"), "'blackTimeMs' must be a whole number"),
        (with(5, "n1e+21"), "'blackTimeMs' must be a whole number"),
        (
            with(5, "n9007199254740992"),
            "'blackTimeMs' must be a whole number of milliseconds below 2^53",
        ),
        (with(5, "btrue"), "'blackTimeMs' must be a number"),
        (with(6, "n0"), "'drawOffer' must be true or false"),
        (with(7, ""), "no 'move'"),
        (with(7, "x"), "'move' must be a string"),
        ("sonly a fen".into(), "no 'pgn'"),
        (String::new(), "no 'fen'"),
    ];
    for (fields, want) in &cases {
        let msg = adjourn::from_fields(fields).expect_err(fields).to_string();
        assert!(
            msg.contains(want),
            "{fields:?}\n  got: {msg}\n  want: {want}"
        );
    }
    // Whatever the bytes, an error or an envelope, never a panic.
    let mut seed = 7u64;
    for _ in 0..20_000 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut b = good.clone().into_bytes();
        let at = (seed >> 33) as usize % b.len();
        b[at] = (seed >> 20) as u8 & 0x7f;
        if let Ok(s) = String::from_utf8(b) {
            let _ = adjourn::from_fields(&s);
        }
    }
}

#[test]
fn inconsistent_envelopes_are_errors() {
    let g = game_after(&["e4", "e5"]);
    let env = adjourn::seal(&g, "Nf3", 0.0, 0.0, false).unwrap();
    let wrong_fen = Envelope {
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        ..env.clone()
    };
    assert!(matches!(
        adjourn::open(&wrong_fen),
        Err(AdjournError::PositionMismatch { .. })
    ));
    let wrong_sealer = Envelope {
        sealer: Color::Black,
        ..env.clone()
    };
    assert!(matches!(
        adjourn::open(&wrong_sealer),
        Err(AdjournError::SealerMismatch { .. })
    ));
    let wrong_number = Envelope {
        move_number: 7,
        ..env.clone()
    };
    assert!(matches!(
        adjourn::open(&wrong_number),
        Err(AdjournError::MoveNumberMismatch { .. })
    ));
    let bad_pgn = Envelope {
        pgn: "1. e4 Ke7 Ke6 *".into(),
        ..env.clone()
    };
    assert!(matches!(adjourn::open(&bad_pgn), Err(AdjournError::Pgn(_))));
    let bad_fen = Envelope {
        fen: "nonsense".into(),
        ..env
    };
    assert!(matches!(adjourn::open(&bad_fen), Err(AdjournError::Fen(_))));
}

#[test]
fn mangled_json_never_panics() {
    let g = game_after(&["e4", "c5", "Nf3", "d6"]);
    let good = adjourn::to_json(&adjourn::seal(&g, "d4 \"é😀\"", 5.5, 6.0, true).unwrap());
    let chars: Vec<char> = good.chars().collect();
    let alphabet: Vec<char> = "{}[]\":,\\u0123456789abcdefDEtrunlsx-+.eE \n\t\u{0}é😀"
        .chars()
        .collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed as usize
    };
    let mut ok = 0;
    for round in 0..5_000 {
        let mut c = chars.clone();
        for _ in 0..(next() % 6 + 1) {
            if c.is_empty() {
                break;
            }
            let i = next() % c.len();
            match next() % 4 {
                0 => c[i] = alphabet[next() % alphabet.len()],
                1 => {
                    c.remove(i);
                }
                2 => c.insert(i, alphabet[next() % alphabet.len()]),
                _ => c.truncate(i),
            }
        }
        let s: String = c.into_iter().collect();
        if let Ok(env) = adjourn::from_json(&s) {
            ok += 1;
            // Whatever parsed must also open or fail cleanly, and re-serialise the same.
            let _ = adjourn::open(&env);
            assert_eq!(
                adjourn::from_json(&adjourn::to_json(&env)).unwrap(),
                env,
                "{round}"
            );
        }
    }
    assert!(ok > 0, "some mutations leave valid envelopes");
}
