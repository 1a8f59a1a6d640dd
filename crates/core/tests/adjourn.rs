//! Sealed-move adjournment: what the envelope holds (FIDE Art. 2), each ruling on the
//! sealed move (Art. 8, 10), concluding unopened (Art. 6), and broken envelopes giving
//! errors rather than panics. (The envelope's JSON form is the JS binding's: see
//! test/api.)

use chess960::adjourn::{self, AdjournError, Envelope, DRAW_OFFER_TAG, SEALED_MOVE_TAG};
use chess960::fen::CastlingLetters;
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

/// Seals and opens.
fn seal_and_open(g: &Game, text: &str) -> Game {
    let env = adjourn::seal(g, text, 60_000.0, 75_500.0, false).unwrap();
    adjourn::open(&env).unwrap_or_else(|e| panic!("open: {e}"))
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
    assert_eq!(env.black_time_ms, 2_500.5, "times are kept as given");
    assert!(env.draw_offer);
    assert!(env.pgn.contains("1. e4 e5 2. Nf3 *"));
    assert_eq!(
        (env.white.as_str(), env.black.as_str()),
        ("", ""),
        "names unset"
    );
}

#[test]
fn envelope_names_the_players_and_conclusion_needs_no_opening() {
    let mut g = game_after(&["e4", "e5"]);
    g.set_header("White", "Anna").unwrap();
    g.set_header("Black", "Ben").unwrap();
    let env = adjourn::seal(&g, "Nf3", 0.0, 0.0, false).unwrap();
    assert_eq!((env.white.as_str(), env.black.as_str()), ("Anna", "Ben"));
    // Art. 6: resigned or agreed drawn before resumption, the sealed move unplayed.
    let resigned = adjourn::conclude(&env, adjourn::Conclusion::Resignation(Color::White)).unwrap();
    assert_eq!(
        resigned.outcome(),
        lost_by(Color::White, Reason::Resignation)
    );
    assert_eq!(resigned.entries().len(), 2);
    assert_eq!(resigned.header("Result"), Some("0-1"));
    let agreed = adjourn::conclude(&env, adjourn::Conclusion::Agreement).unwrap();
    assert_eq!(agreed.outcome().map(|o| o.reason), Some(Reason::Agreement));
    assert!(chess960::pgn::write(&agreed).ends_with("1. e4 e5 1/2-1/2"));
}

#[test]
fn legal_sealed_move_is_played() {
    let g = game_after(&["e4", "e5"]);
    let opened = seal_and_open(&g, "Nf3");
    assert_eq!(opened.outcome(), None);
    assert_eq!(
        opened.fen(CastlingLetters::XFen),
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
    let opened = adjourn::open(&env).unwrap();
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
fn an_empty_record_opens_from_the_fen() {
    let env = Envelope {
        white: String::new(),
        black: String::new(),
        fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1".into(),
        pgn: String::new(),
        move_number: 1,
        sealer: Color::White,
        text: "O-O".into(),
        white_time_ms: 123.0,
        black_time_ms: 9_007_199_254_740_991.0,
        draw_offer: false,
        resumption: adjourn::Resumption::default(),
    };
    let opened = adjourn::open(&env).unwrap();
    assert_eq!(
        opened.fen(CastlingLetters::XFen),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
    let late = Envelope {
        black_time_ms: 9_007_199_254_740_992.0,
        ..env
    };
    assert!(matches!(
        adjourn::open(&late),
        Err(AdjournError::BadTime { .. })
    ));
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
