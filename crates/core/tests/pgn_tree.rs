//! The PGN tree: comments before and after moves, NAGs, suffix glyphs, variations and
//! embedded commands survive a read and a write; faults of the earlier flat reader stay
//! fixed.

use chess960::fen::CastlingLetters;
use chess960::game::{Game, Reason};
use chess960::pgn;
use chess960::square::Color;

const ANNOTATED: &str = r#"[Event "Annotated"]
[Site "?"]
[Date "2024.05.01"]
[Round "1"]
[White "Anna"]
[Black "Ben"]
[Result "1-0"]

{The opening.} 1. e4 { [%clk 0:05:00] [%cal Ge2e4,Rd7d5] best by test } e5!? $14
(1... c5 2. Nf3 (2. c3 {Alapin}) d6 (2... Nc6 3. d4) 3. d4) (1... e6 2. d4 d5)
2. Nf3 {[%eval 0.3,20]} Nc6 3. Bb5 a6 $6 4. Ba4 Nf6 5. O-O 1-0"#;

fn game(text: &str) -> Game {
    pgn::read(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn comments_nags_glyphs_and_variations_are_kept() {
    let g = game(ANNOTATED);
    assert_eq!(g.ply_count(), 9);
    assert_eq!(g.notes(0).unwrap().comments, ["The opening."]);
    let e4 = g.notes(1).unwrap();
    assert_eq!(
        e4.comments,
        [" [%clk 0:05:00] [%cal Ge2e4,Rd7d5] best by test "]
    );
    let e5 = g.notes(2).unwrap();
    assert_eq!(e5.suffix, Some(5));
    assert_eq!(e5.nags, [14]);
    assert_eq!(e5.variations.len(), 2);
    let sicilian = &e5.variations[0];
    let sans: Vec<&str> = sicilian.iter().map(|n| n.san.as_str()).collect();
    assert_eq!(sans, ["c5", "Nf3", "d6", "d4"]);
    assert_eq!(sicilian[1].notes.variations[0][0].san, "c3");
    assert_eq!(
        sicilian[1].notes.variations[0][0].notes.comments,
        ["Alapin"]
    );
    assert_eq!(sicilian[2].notes.variations[0].len(), 2, "2... Nc6 3. d4");
    assert_eq!(g.notes(6).unwrap().nags, [6], "a6 $6");
    assert_eq!(g.header("Result"), Some("1-0"));
}

#[test]
fn the_tree_round_trips_through_write() {
    let g = game(ANNOTATED);
    let out = pgn::write(&g);
    assert!(
        out.contains(
            "{The opening.} 1. e4 { [%clk 0:05:00] [%cal Ge2e4,Rd7d5] best by test } e5!? $14 \
         (1... c5 2. Nf3 (2. c3 {Alapin}) 2... d6 (2... Nc6 3. d4) 3. d4) (1... e6 2. d4 d5) \
         2. Nf3"
        ),
        "{out}"
    );
    let back = game(&out);
    assert_eq!(pgn::write(&back), out, "stable");
    for ply in 0..=g.ply_count() {
        assert_eq!(back.notes(ply), g.notes(ply), "ply {ply}");
    }
}

#[test]
fn a_variation_move_that_cannot_be_played_ends_that_variation() {
    let g = game("1. e4 (1. d4 Ke7 2. c4) e5 *");
    let v = &g.notes(1).unwrap().variations;
    assert_eq!(v[0].len(), 1, "d4 kept, the rest dropped");
    assert_eq!(g.ply_count(), 2);
}

#[test]
fn an_empty_line_inside_the_tag_section_is_not_the_end_of_the_game() {
    // ChessBase writes these.
    let text = "[Event \"x\"]\n[Site \"y\"]\n\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1/2-1/2\n";
    assert_eq!(pgn::split_games(text).len(), 1);
    let g = game(text);
    assert_eq!(g.header("White"), Some("A"));
    assert_eq!(g.ply_count(), 2);
}

#[test]
fn a_mate_after_an_unclaimed_repetition_is_the_records_ending() {
    // Fool's mate after the knights have gone back and forth three times.
    let text =
        "[Result \"0-1\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. f3 e5 6. g4 Qh4# 0-1";
    let g = game(text);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), Reason::Checkmate)
    );
    assert!(g.is_checkmate());
    assert!(!g.is_draw());
    assert!(pgn::write(&g).ends_with("Qh4# 0-1"));
    // Without a decided result the automatic draw stands.
    let open = game(&text.replace("0-1", "*"));
    assert_eq!(
        open.outcome().map(|o| o.reason),
        Some(Reason::ThreefoldRepetition)
    );
}

#[test]
fn a_decided_record_without_a_board_ending_keeps_its_result() {
    let g = game("[Result \"1-0\"]\n[Termination \"Time forfeit\"]\n\n1. e4 e5 1-0");
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Timeout));
    let g = game("1. e4 e5 1/2-1/2");
    assert_eq!(g.outcome().map(|o| o.reason), Some(Reason::Agreement));
    assert_eq!(
        g.header("Result"),
        Some("1/2-1/2"),
        "the result token sets the tag"
    );
}

#[test]
fn start_tags_in_any_case_are_the_games_own_and_written_once() {
    let g = game("[fen \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[variant \"Standard\"]\n\n1. O-O *");
    assert_eq!(
        g.fen(CastlingLetters::XFen),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
    let out = pgn::write(&g);
    assert!(
        out.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]"),
        "{out}"
    );
    assert!(!out.contains("[fen") && !out.contains("[variant"), "{out}");
    assert_eq!(
        game(&out).fen(CastlingLetters::XFen),
        g.fen(CastlingLetters::XFen)
    );
    let mut h = Game::new();
    assert!(h.set_header("fen", "x").is_err());
    assert!(h.set_header("variant", "Atomic").is_err());
}

#[test]
fn null_moves_are_read_and_written() {
    let g = game("1. e4 -- 2. d4 *");
    assert_eq!(g.san_at(2), "--");
    assert!(pgn::write(&g).ends_with("1. e4 -- 2. d4 *"));
    // With a comment and a variation of its own; a null move in a variation ends it.
    let g = game("1. e4 -- {pass} (1... e5 2. Nf3 (2. --)) 2. d4 *");
    assert_eq!(g.ply_count(), 3);
    assert!(
        pgn::write(&g).ends_with("1. e4 -- {pass} (1... e5 2. Nf3) 2. d4 *"),
        "{}",
        pgn::write(&g)
    );
}

#[test]
fn strict_reading_needs_setup_and_strict_san() {
    let strict = pgn::ReadOptions { strict: true };
    assert!(pgn::read_with("1. e4 Nge7 *", strict).is_err());
    assert!(pgn::read_with("1. e2e4 *", strict).is_err());
    assert_eq!(
        game("1. e2e4 e7e5 2. Ng1f3 *").ply_count(),
        3,
        "permissive by default"
    );
    // Strict: a FEN tag without SetUp is not the start.
    let g = pgn::read_with("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*", strict).unwrap();
    assert_eq!(g.fen(CastlingLetters::XFen), chess960::fen::STANDARD_FEN);
    assert!(matches!(
        pgn::read_with("[SetUp \"1\"]\n\n*", strict),
        Err(pgn::PgnError::SetUpWithoutFen)
    ));
}

#[test]
fn huge_records_are_refused_with_an_error() {
    let text = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(60_000) + "*";
    let err = pgn::read(&text).unwrap_err();
    assert!(err.to_string().contains("too long"), "{err}");
}

/// Live games and the same games read back from their PGN end alike (issue 23): the
/// replay plays every move as live play does, and a record whose result agrees with the
/// ending its moves reached keeps that ending (the first, as live: a dead position stays
/// one after the forced capture that follows it).
#[test]
fn a_game_ends_for_the_same_reason_live_and_read_back() {
    let cases = [
        // Rb7 leaves Black one move, Kxb7, into bare kings: dead at Rb7.
        ("k7/8/8/8/8/8/1R6/7K w - - 0 1", "Rb7 Kxb7 Kg2 Kc6"),
        ("k7/8/8/8/8/8/1R6/7K w - - 0 1", "Rb7"),
        // A threefold repetition, then play goes on to a mate.
        ("", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 f3 e5 g4 Qh4#"),
        ("", "f3 e5 g4 Qh4#"),
        ("7k/5Q2/8/6K1/8/8/8/8 w - - 0 1", "Kg6"),
        // Insufficient material by a capture.
        ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kxe2 Kd7"),
    ];
    for (fen, moves) in cases {
        let mut live = if fen.is_empty() {
            Game::new()
        } else {
            Game::from_fen(fen).unwrap()
        };
        for m in moves.split_whitespace() {
            live.play_text(m).unwrap();
        }
        let ended = live.outcome().expect("every case ends");
        for result in ["*", ended.result()] {
            live.set_header("Result", result).unwrap();
            let back = game(&pgn::write(&live));
            assert_eq!(
                back.outcome(),
                Some(ended),
                "{fen} {moves}, Result {result}"
            );
        }
    }
}
