//! Analysis and review: lines best first with distinct legal first moves, lichess's
//! grading (its curve and thresholds, a move into mate, a mate let go), a game's review,
//! and the game as the wasm boundary sends it (start, swaps, moves).

use chess960::game::{Game, Variant};
use chess960_engine::analysis::{as_stockfish, judge, winning_chances, Judgment, STOCKFISH_SCALE};
use chess960_engine::protocol::{GameSpec, SwapName, VariantName};
use chess960_engine::search::{MATE, MATE_BOUND};
use chess960_engine::{Engine, Limits, Score};

fn spec(variant: VariantName, fen: &str, swaps: &[SwapName], moves: &[&str]) -> GameSpec {
    GameSpec {
        variant,
        fen: fen.into(),
        swaps: swaps.to_vec(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A standard game from its SAN moves.
fn game_of(sans: &[&str]) -> Game {
    let mut g = Game::new();
    for s in sans {
        g.play_text_quiet(s).unwrap();
    }
    g
}

#[test]
fn winning_chances_follow_lichess_curve() {
    // 2/(1+e^(-k·cp)) - 1 is tanh(k·cp/2): checked against that other form.
    for cp in [-3000, -700, -169, -55, 0, 1, 54, 100, 300, 1000, 5000] {
        let expected = (0.003_682_08 * f64::from(cp) / 2.0).tanh();
        assert!((winning_chances(cp) - expected).abs() < 1e-12, "{cp}");
    }
    assert_eq!(winning_chances(0), 0.0);
    assert!(winning_chances(100_000) <= 1.0 && winning_chances(-100_000) >= -1.0);
}

#[test]
fn judgments_start_at_lichess_thresholds_on_stockfish_scale() {
    // From an equal position, the drop in winning chances reaches 0.1 at 54.5, 0.2 at
    // 110.1 and 0.3 at 168.1 of Stockfish's centipawns (2·atanh(t)/k); ours are 1.28
    // of those: 42.6, 86.0 and 131.3.
    assert_eq!(STOCKFISH_SCALE, 1.28);
    assert_eq!(as_stockfish(-131), -168);
    assert_eq!(judge(0, -42), None);
    assert_eq!(judge(0, -43), Some(Judgment::Inaccuracy));
    assert_eq!(judge(0, -86), Some(Judgment::Inaccuracy));
    assert_eq!(judge(0, -87), Some(Judgment::Mistake));
    assert_eq!(judge(0, -131), Some(Judgment::Mistake));
    assert_eq!(judge(0, -132), Some(Judgment::Blunder));
    // The same centipawns matter less where the game is decided already.
    assert_eq!(judge(900, 700), None);
    assert_eq!(judge(-700, -900), None);
    assert_eq!(judge(0, -200), Some(Judgment::Blunder));
    // A gain is never graded.
    assert_eq!(judge(-300, 200), None);
}

#[test]
fn a_move_into_mate_and_a_mate_let_go_are_graded() {
    let mated = -(MATE - 6); // the mover is mated in 3
    let mates = MATE - 5; // the mover mates in 3
    assert!(mated <= -MATE_BOUND && mates >= MATE_BOUND);
    // Into a forced mate: by how bad the position was already (Stockfish's −700 and
    // −999 are our −547 and −780).
    assert_eq!(judge(-500, mated), Some(Judgment::Blunder));
    assert_eq!(judge(-600, mated), Some(Judgment::Mistake));
    assert_eq!(judge(-800, mated), Some(Judgment::Inaccuracy));
    // A forced mate let go: by how good the position still is.
    assert_eq!(judge(mates, 300), Some(Judgment::Blunder));
    assert_eq!(judge(mates, 600), Some(Judgment::Mistake));
    assert_eq!(judge(mates, 800), Some(Judgment::Inaccuracy));
    assert_eq!(judge(mates, mated), Some(Judgment::Blunder));
    // A slower mate, a mate that was coming anyway, an escape: not graded.
    assert_eq!(judge(mates, mates - 4), None);
    assert_eq!(judge(mated, mated + 2), None);
    assert_eq!(judge(mated, -500), None);
}

#[test]
fn analyse_gives_distinct_legal_lines_best_first_in_chess960() {
    let game = Game::chess960(100).unwrap();
    let mut engine = Engine::new(8);
    let mut iterations = Vec::new();
    let limits = Limits {
        multipv: 3,
        ..Limits::nodes(60_000)
    };
    let a = engine.analyse(&game, &limits, &mut |a| iterations.push(a.clone()));
    assert_eq!(a.lines.len(), 3);
    assert!(a.depth >= 4, "depth {}", a.depth);
    // Each iteration was reported whole, deepening.
    assert!(iterations.len() >= 4);
    for (i, it) in iterations.iter().enumerate() {
        assert_eq!(it.depth, i as i32 + 1);
        assert_eq!(it.lines.len(), 3);
    }
    assert_eq!(
        Some(&a.lines),
        iterations.last().map(|it| &it.lines),
        "the last iteration's lines"
    );
    let firsts: Vec<_> = a.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    for w in a.lines.windows(2) {
        assert!(w[0].raw >= w[1].raw, "best first");
    }
    for l in &a.lines {
        let mut g = game.clone();
        for &m in &l.pv {
            g.play_quiet(m)
                .expect("every move of the line is legal in turn");
        }
    }
}

#[test]
fn analyse_reports_mate_in_one_for_either_side() {
    let mut engine = Engine::new(8);
    for (fen, mate) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
        ("3r2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", 1),
    ] {
        let game = Game::from_fen(fen).unwrap();
        let a = engine.analyse(
            &game,
            &Limits {
                multipv: 2,
                ..Limits::nodes(20_000)
            },
            &mut |_| {},
        );
        // Side to move's view here; the boundary's White view is tested in Node.
        assert_eq!(a.lines[0].score, Score::Mate(mate), "{fen}");
        assert!(a.lines[1].raw < a.lines[0].raw);
    }
}

#[test]
fn review_finds_the_queen_blunder_and_the_capture() {
    let game = game_of(&["e4", "e5", "Qg4", "d5", "Qxg7", "Bxg7"]);
    let mut engine = Engine::new(8);
    let mut heard = Vec::new();
    let plies = engine.review(&game, &Limits::nodes(50_000), &mut |r| heard.push(r.ply));
    assert_eq!(heard, [6, 5, 4, 3, 2, 1], "progress from the end backwards");
    assert_eq!(
        plies.iter().map(|p| p.ply).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    let qxg7 = &plies[4];
    assert_eq!(qxg7.judgment, Some(Judgment::Blunder));
    let bxg7 = &plies[5];
    let best = bxg7.best.expect("a best move before Black's third");
    assert_eq!(game.uci(best), "f8g7");
    assert_eq!(bxg7.judgment, None);
    match bxg7.score {
        Score::Cp(cp) => assert!(cp <= -500, "White is a queen down: {cp}"),
        Score::Mate(n) => assert!(n < 0),
    }
}

#[test]
fn review_ends_a_mated_game_at_mate_zero_and_grades_a_missed_mate() {
    // Fool's mate: the last move mates, White's 2. g4 walks into it.
    let game = game_of(&["f3", "e5", "g4", "Qh4#"]);
    let mut engine = Engine::new(8);
    let plies = engine.review(&game, &Limits::nodes(20_000), &mut |_| {});
    assert_eq!(plies.len(), 4);
    assert_eq!(plies[3].score, Score::Mate(0));
    assert_eq!(plies[3].judgment, None);
    assert_eq!(
        plies[2].score,
        Score::Mate(-1),
        "after 2. g4 Black mates in one"
    );
    assert_eq!(
        plies[2].judgment,
        Some(Judgment::Blunder),
        "a move into mate"
    );
    // A mate in one let go: 1. Rd7 instead of Rd8#.
    let mut g = Game::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
    g.play_text_quiet("Rd7").unwrap();
    let plies = engine.review(&g, &Limits::nodes(20_000), &mut |_| {});
    assert_eq!(g.uci(plies[0].best.unwrap()), "d1d8");
    assert!(plies[0].judgment.is_some(), "the missed mate is graded");
}

#[test]
fn a_game_crosses_as_its_start_swaps_and_moves() {
    // Standard, with castling in either notation and a null move.
    let moves = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "0000",
    ];
    let g = spec(VariantName::Standard, START, &[], &moves)
        .to_game()
        .unwrap();
    assert_eq!(g.ply_count(), 8);
    assert_eq!(g.variant(), Variant::Standard);
    let g2 = spec(
        VariantName::Standard,
        START,
        &[],
        &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1h1"],
    )
    .to_game()
    .unwrap();
    assert_eq!(g2.position().board(), g.position_at(7).unwrap().board());

    // Chess-9: the position before the first move, after both swaps.
    let mut c9 = Game::chess9();
    c9.swap(chess960::setup::SwapChoice::Queen).unwrap();
    c9.swap(chess960::setup::SwapChoice::King).unwrap();
    c9.play_text_quiet("e4").unwrap();
    let after_swaps = c9.position_at(2).unwrap();
    let fen = chess960::fen::to_fen(after_swaps, chess960::fen::CastlingLetters::XFen);
    let g = spec(
        VariantName::Chess9,
        &fen,
        &[SwapName::Queen, SwapName::King],
        &["e2e4"],
    )
    .to_game()
    .unwrap();
    assert_eq!(g.variant(), Variant::Chess9);
    assert_eq!(g.swap_plies(), 2);
    assert_eq!(g.position(), c9.position());
    assert_eq!(g.start(), c9.start());

    // In the swap phase, after Black's choice: White chooses next.
    let mut phase = Game::chess9();
    phase.swap(chess960::setup::SwapChoice::King).unwrap();
    let fen = chess960::fen::to_fen(phase.position(), chess960::fen::CastlingLetters::XFen);
    let g = spec(VariantName::Chess9, &fen, &[SwapName::King], &[])
        .to_game()
        .unwrap();
    assert_eq!(g.swap_pending(), Some(chess960::square::Color::White));

    // What does not fit is refused with the reason.
    let err = |s: GameSpec| s.to_game().unwrap_err();
    assert!(err(spec(VariantName::Chess9, &fen, &[SwapName::King; 3], &[])).contains("swaps"));
    assert!(err(spec(VariantName::Standard, START, &[SwapName::King], &[])).contains("swaps"));
    assert!(err(spec(VariantName::Standard, START, &[], &["e2e5"])).contains("e2e5"));
    assert!(err(spec(VariantName::Standard, "not a fen", &[], &[])).len() > 5);
    let many: Vec<&str> = ["g1f3", "g8f6", "f3g1", "f6g8"]
        .iter()
        .copied()
        .cycle()
        .take(20_001)
        .collect();
    assert!(err(spec(VariantName::Standard, START, &[], &many)).contains("too long"));
}
