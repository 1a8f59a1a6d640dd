#![cfg(not(target_arch = "wasm32"))]
//! Game rules: Chess-9 swaps, draws, outcome, SAN, UCI, setup.

use chess960::fen::CastlingLetters;
use chess960::game::{Entry, Game, PlayError, Reason};
use chess960::san::SanError;
use chess960::setup::{self, SwapChoice};
use chess960::square::Color;

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn all_960_ids_match_the_reference_list() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/chess960_start_positions.sfens"
    ))
    .unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 960);
    for (id, line) in lines.iter().enumerate() {
        let g = Game::chess960(id as u16).unwrap();
        assert_eq!(g.fen(CastlingLetters::Shredder), line.trim(), "id {id}");
        assert_eq!(g.chess960_id(), Some(id as u16));
        let back = line.split('/').nth(7).unwrap().split(' ').next().unwrap();
        assert_eq!(setup::id_of_str(back).unwrap(), id as u16);
    }
}

#[test]
fn chess9_black_swaps_first_then_white_then_white_moves() {
    let mut g = Game::chess9();
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(g.swap_choices().len(), 3);
    assert!(g.legal_moves().is_empty());
    assert!(matches!(
        g.play_text("e4"),
        Err(PlayError::SwapPhase {
            chooser: Color::Black
        })
    ));
    assert_eq!(g.swap(SwapChoice::King).unwrap(), Color::Black);
    assert_eq!(g.turn(), Color::White);
    assert_eq!(g.swap(SwapChoice::Queen).unwrap(), Color::White);
    assert!(g.swap_choices().is_empty());
    assert!(matches!(g.swap(SwapChoice::None), Err(PlayError::NoSwap)));
    assert_eq!(
        g.fen(CastlingLetters::XFen),
        "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBBKQNR w KQkq - 0 1"
    );
    assert_eq!(g.legal_moves().len(), 20);
    play(&mut g, "e4");
    // Undo takes back the move, then the swaps, one by one.
    assert!(matches!(g.undo(), Some(Entry::Move(_))));
    assert!(matches!(
        g.undo(),
        Some(Entry::Swap {
            color: Color::White,
            choice: SwapChoice::Queen
        })
    ));
    assert_eq!(g.turn(), Color::White);
    assert!(g.undo().is_some());
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(g.fen(CastlingLetters::XFen), chess960::fen::STANDARD_FEN);
}

#[test]
fn chess9_king_on_c8_castles_queenside_by_rook_move() {
    let mut g = Game::chess9();
    g.swap(SwapChoice::King).unwrap();
    g.swap(SwapChoice::None).unwrap();
    play(&mut g, "e4 Nc6 d4 d5 Nc3 Qd7 Nf3");
    // Black: king c8, rook a8; b8 and d8 now empty.
    play(&mut g, "O-O-O");
    assert!(
        g.fen(CastlingLetters::XFen).starts_with("2krbbnr/"),
        "{}",
        g.fen(CastlingLetters::XFen)
    );
}

#[test]
fn threefold_repetition_draws_automatically_and_stands() {
    let mut g = Game::new();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert!(!g.is_game_over());
    play(&mut g, "Ng8");
    assert!(g.is_threefold_repetition());
    assert!(g.is_draw());
    assert_eq!(g.outcome().unwrap().reason, Reason::ThreefoldRepetition);
    // Play continues (records that only draw on claim), the first result stands.
    play(&mut g, "e4");
    assert_eq!(g.outcome().unwrap().reason, Reason::ThreefoldRepetition);
    g.undo();
    g.undo();
    assert!(!g.is_game_over());
}

#[test]
fn en_passant_right_counts_for_repetition_only_when_legal() {
    // After 1. e4 the ep square e3 is not capturable: the position equals one without it.
    let mut g = Game::new();
    play(&mut g, "e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    // Positions with Black to move after e4, and after the two knight dances: 3 times.
    assert!(g.is_threefold_repetition());
}

#[test]
fn fifty_move_rule_draws_automatically_but_mate_comes_first() {
    let mut g = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    play(&mut g, "Ra2");
    assert!(g.is_fifty_moves());
    assert_eq!(g.outcome().unwrap().reason, Reason::FiftyMoves);
    let mut g = Game::from_fen("3k4/R7/3K4/8/8/8/8/8 w - - 99 80").unwrap();
    play(&mut g, "Ra8#");
    assert_eq!(g.outcome().unwrap().reason, Reason::Checkmate);
    assert_eq!(g.outcome().unwrap().winner, Some(Color::White));
}

#[test]
fn checkmate_stalemate_and_insufficient_material() {
    let mut g = Game::new();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert!(g.is_checkmate());
    assert_eq!(g.outcome().unwrap().winner, Some(Color::Black));
    let g = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(g.is_stalemate());
    assert_eq!(g.outcome().unwrap().reason, Reason::Stalemate);
    for (f, dead) in [
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", true),
        ("8/8/8/4k3/8/8/8/4KB2 w - - 0 1", true),
        ("8/8/8/4k3/8/8/8/4KN2 w - - 0 1", true),
        ("8/8/2b5/4k3/8/8/8/4KB2 w - - 0 1", true),
        ("8/8/3b4/4k3/8/8/8/4KB2 w - - 0 1", false),
        ("8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", false),
        ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false),
    ] {
        let g = Game::from_fen(f).unwrap();
        assert_eq!(g.is_insufficient_material(), dead, "{f}");
        assert_eq!(g.is_game_over(), dead, "{f}");
    }
}

/// An edited position without a king on a side plays as chess.js plays it: that side
/// moves every piece (no move of it is refused for what it leaves attacked), never
/// castles, is never in check, so never mated; no position without both kings is dead.
/// The perft numbers are chess.js 1.4.0's.
#[test]
fn a_side_without_a_king_moves_as_in_chessjs() {
    for (fen, perft) in [
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
            [21, 441, 10103, 231054],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
            [21, 420, 9622, 213302],
        ),
        ("8/8/8/3pP3/8/8/8/4K3 w - d6 0 1", [7, 6, 41, 39]),
    ] {
        let pos = chess960::fen::parse_lenient(fen).unwrap();
        for (depth, &n) in (1..).zip(&perft) {
            assert_eq!(pos.perft(depth), n, "{fen}: perft({depth})");
            assert_eq!(pos.perft_full(depth), n, "{fen}: perft_full({depth})");
        }
        let g = Game::from_parsed(pos);
        assert!(
            !g.is_check() && !g.is_stalemate() && !g.is_checkmate(),
            "{fen}"
        );
        assert!(!g.is_dead_position() && g.outcome().is_none(), "{fen}");
    }
    // The empty board: no moves, stalemate (chess.js's isStalemate too).
    let g = Game::from_parsed(chess960::fen::parse_lenient("8/8/8/8/8/8/8/8 w - - 0 1").unwrap());
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Stalemate));
    // A queen against a lone king: two pieces, insufficient material as chess.js counts it.
    let g =
        Game::from_parsed(chess960::fen::parse_lenient("8/8/8/3q4/8/8/8/4K3 w - - 0 1").unwrap());
    assert_eq!(
        g.outcome().map(|o| o.reason),
        Some(Reason::InsufficientMaterial)
    );
}

#[test]
fn mating_material_for_timeouts() {
    let g = Game::from_fen("8/8/8/4k3/8/8/8/4KN2 w - - 0 1").unwrap();
    assert!(!g.has_mating_material(Color::White));
    assert!(!g.has_mating_material(Color::Black));
    let mut g = Game::from_fen("8/8/8/4k3/8/8/4p3/4KN2 w - - 0 1").unwrap();
    assert!(g.has_mating_material(Color::White)); // knight vs pawn can mate
    assert!(g.has_mating_material(Color::Black));
    let mut lone = Game::from_fen("8/8/8/4k3/8/8/8/4KQ2 b - - 0 1").unwrap();
    assert!(lone.timeout(Color::White));
    assert_eq!(lone.outcome().unwrap().winner, None);
    assert_eq!(
        lone.outcome().unwrap().reason,
        Reason::TimeoutInsufficientMaterial
    );
    assert!(g.timeout(Color::Black));
    assert_eq!(g.outcome().unwrap().winner, Some(Color::White));
    assert!(!g.resign(Color::White), "first result stands");
}

#[test]
fn san_is_strict_about_ambiguity() {
    let mut g = Game::from_fen("4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1").unwrap();
    assert!(matches!(
        g.parse_move("Ne4"),
        Err(PlayError::San(SanError::Ambiguous { .. }))
    ));
    let m = g.play_text("Nce4").unwrap();
    assert_eq!(m.san, "Nce4");
    let mut g = Game::from_fen("4k3/8/8/8/8/2N5/8/2N1K3 w - - 0 1").unwrap();
    assert!(g.parse_move("Ne2").is_err());
    assert_eq!(g.play_text("N1e2").unwrap().san, "N1e2");
}

#[test]
fn san_tolerates_common_variants() {
    let g = Game::from_fen("4k3/P7/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    for s in [
        "0-0", "O-O+", "a8Q", "a8=Q+", "a8=q", "Kf1!?", "Ke1-f1", "Kef1", "e1f1",
    ] {
        assert!(g.parse_move(s).is_ok(), "{s}");
    }
    assert!(matches!(
        g.parse_move("a8"),
        Err(PlayError::San(SanError::MissingPromotion { .. }))
    ));
    for s in ["", "Zf3", "O-O-O", "Kxe2", "e9", "a8=K", "Nf3g", "ééé"] {
        assert!(g.parse_move(s).is_err(), "{s}");
    }
}

#[test]
fn uci_reads_both_castling_forms_and_writes_per_variant() {
    let mut g = Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let a = g.parse_move("e1g1").unwrap();
    let b = g.parse_move("e1h1").unwrap();
    assert_eq!(a, b);
    assert_eq!(g.uci(a), "e1g1");
    let c = Game::chess960(518).unwrap();
    let mut c = c;
    play(&mut c, "e4 e5 Nf3 Nc6 Bc4 Bc5");
    let m = c.parse_move("O-O").unwrap();
    assert_eq!(c.uci(m), "e1h1");
    g.set_notation(Some(chess960::uci::CastlingNotation::KingOntoRook));
    assert_eq!(g.uci(a), "e1h1");
    // A Chess960 king on f1 stepping to g1 is a king move in UCI.
    let g = Game::from_fen("4k3/8/8/8/8/8/8/5K1R w K - 0 1").unwrap();
    assert!(!g.parse_move("f1g1").unwrap().is_castle());
    assert!(g.parse_move("f1h1").unwrap().is_castle());
}

#[test]
fn rejected_calls_leave_the_game_unchanged() {
    let mut g = Game::new();
    play(&mut g, "e4 e5");
    let before = g.fen(CastlingLetters::XFen);
    let n = g.entries().len();
    for bad in ["e5", "Ke3", "xyz", "", "e1e8", "O-O"] {
        assert!(g.play_text(bad).is_err());
        assert_eq!(g.fen(CastlingLetters::XFen), before);
        assert_eq!(g.entries().len(), n);
    }
}
