//! The engine: mates found at fixed nodes in all three variants (Stockfish 15.1 agreed
//! on every mate here), legal answers at every level, draws seen from the game's
//! history, the Chess-9 swap choice, and the UCI binary's protocol.

use chess960::fen::CastlingLetters;
use chess960::game::Game;
use chess960::setup::SwapChoice;
use chess960_engine::{Engine, Level, Limits, Score};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// (FEN, mate in n, the mating first move in the game's UCI notation when it is unique).
const MATES: &[(&str, i32, Option<&str>)] = &[
    // Standard chess.
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, Some("d1d8")),
    (
        "6k1/3p2pp/1p2p3/pq1nNp2/3P4/1P3P1P/P4PP1/2Q3K1 w - - 1 23",
        1,
        Some("c1c8"),
    ),
    ("8/8/2kp4/4p3/K1P5/8/1q6/8 b - - 2 48", 2, None),
    (
        "R2Q4/7p/1p2kpp1/4q3/1Pr1P3/6PP/P4PK1/1B6 w - - 7 39",
        3,
        None,
    ),
    ("8/5k2/1pb3p1/2p4Q/2Pp1q2/1P1P4/1K4Pr/8 b - - 4 32", 3, None),
    // Chess960 (from lichess games), and mate by castling.
    (
        "rk1r4/p4nqp/B5p1/2p1b3/8/6B1/PPPP3P/R1K4Q w q - 0 20",
        1,
        Some("h1b7"),
    ),
    (
        "rkr5/p1pp3p/1pn3p1/1q2bp2/2R5/P3PPN1/1P4PP/1KR3Q1 b kq - 0 20",
        1,
        Some("b5b2"),
    ),
    ("2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1", 1, Some("b1a1")),
    (
        "nk6/p1pQ4/p3p3/5P2/4N3/1N3P2/1PPP1B1P/1RK5 w Q - 1 19",
        2,
        None,
    ),
    (
        "1k6/p1pQ4/pn2p3/2N2P2/4N3/5P2/1PPP1B1P/1RK5 w Q - 3 20",
        2,
        None,
    ),
    (
        "rk1n1q1r/p1p2bbp/1pn1pNp1/4N1B1/4Q2P/6P1/PPP3B1/2KR3R w - - 11 20",
        3,
        None,
    ),
    // Chess-9: the king swapped to c1 castles queenside by the rook alone, with mate.
    ("2rkr3/2p1p3/8/8/8/8/8/R1K5 w A - 0 1", 1, Some("c1a1")),
];

fn game(fen: &str) -> Game {
    let g = Game::from_fen(fen).unwrap();
    assert!(!g.legal_moves().is_empty(), "{fen}");
    g
}

#[test]
fn finds_mates_in_one_to_three_in_every_variant_at_fixed_nodes() {
    let mut engine = Engine::new(8);
    for &(fen, n, first) in MATES {
        engine.clear();
        let g = game(fen);
        let r = engine.best_move(&g, &Limits::nodes(200_000), &mut |_| {});
        assert_eq!(r.score, Score::Mate(n), "{fen}: {r:?}");
        let best = r.best.unwrap();
        if let Some(uci) = first {
            assert_eq!(g.uci(best), uci, "{fen}");
        }
        // The line is legal and ends in mate.
        let mut line = g.clone();
        for &m in &r.pv {
            line.play(m).unwrap();
        }
        assert_eq!(r.pv.len(), 2 * n as usize - 1, "{fen}: {:?}", r.pv);
        assert!(line.is_checkmate(), "{fen}: pv does not mate");
    }
}

#[test]
fn answers_in_a_chess9_game_after_both_swaps() {
    // Black swaps nothing, White swaps the king to c1.
    let mut g = Game::chess9();
    g.swap(SwapChoice::None).unwrap();
    g.swap(SwapChoice::King).unwrap();
    assert_eq!(
        g.position()
            .board()
            .king(chess960::square::Color::White)
            .map(|s| s.to_string()),
        Some("c1".into())
    );
    let mut engine = Engine::new(8);
    let r = engine.best_move(&g, &Limits::nodes(20_000), &mut |_| {});
    assert!(g.legal_moves().contains(r.best.unwrap()));
}

#[test]
fn every_level_answers_a_legal_move_in_every_variant() {
    let mut engine = Engine::new(4);
    let mut seed = 11;
    let mut c9 = Game::chess9();
    c9.swap(SwapChoice::Queen).unwrap();
    c9.swap(SwapChoice::King).unwrap();
    let starts = [
        Game::new(),
        Game::chess960(0).unwrap(),
        Game::chess960(959).unwrap(),
        c9,
    ];
    for n in 1..=10 {
        let level = Level::get(n).unwrap();
        for start in &starts {
            let mut g = start.clone();
            // A few moves in, so that each level meets more than the start position.
            for _ in 0..6 {
                if g.is_game_over() {
                    break;
                }
                let outer = Limits::nodes(if n == 10 { 20_000 } else { u64::MAX });
                let r = engine.play_level(&g, &level, &outer, &mut seed, &mut |_| {});
                let m = r.best.unwrap();
                assert!(g.legal_moves().contains(m), "level {n}");
                assert_eq!(r.pv.first(), Some(&m));
                g.play(m).unwrap();
            }
        }
    }
}

#[test]
fn low_levels_sometimes_choose_another_move_than_the_top_level() {
    // From the start position several moves are about equal: level 1 varies, level 10
    // does not.
    let g = Game::new();
    let mut engine = Engine::new(4);
    let mut seed = 3;
    let mut moves = std::collections::HashSet::new();
    for _ in 0..20 {
        let r = engine.play_level(
            &g,
            &Level::get(1).unwrap(),
            &Limits::default(),
            &mut seed,
            &mut |_| {},
        );
        moves.insert(r.best.unwrap());
    }
    assert!(moves.len() >= 3, "{moves:?}");
    let mut top = std::collections::HashSet::new();
    for _ in 0..3 {
        engine.clear();
        let r = engine.play_level(
            &g,
            &Level::get(10).unwrap(),
            &Limits::nodes(30_000),
            &mut seed,
            &mut |_| {},
        );
        top.insert(r.best.unwrap());
    }
    assert_eq!(top.len(), 1);
}

#[test]
fn takes_a_repetition_draw_that_only_the_game_history_shows() {
    // White is lost (a knight against queen and rook), but the knight's shuffle has
    // brought about the position after Ng1 (Black to move) twice: Ng1 now is the third
    // time, a draw. From the FEN alone nothing repeats and the engine sees a lost game.
    let start = "rn1q3k/8/8/8/8/8/PP6/K5N1 w - - 0 1";
    let mut g = Game::from_fen(start).unwrap();
    for m in [
        "Nf3", "Nc6", "Ng1", "Nb8", "Nh3", "Nc6", "Ng1", "Na5", "Nf3", "Nc6",
    ] {
        g.play_text(m).unwrap();
    }
    assert!(!g.is_game_over());
    let mut engine = Engine::new(4);
    let r = engine.best_move(&g, &Limits::nodes(50_000), &mut |_| {});
    assert_eq!(g.uci(r.best.unwrap()), "f3g1");
    assert_eq!(r.score, Score::Cp(0));
    let alone = Game::from_fen(&g.fen(CastlingLetters::XFen)).unwrap();
    engine.clear();
    let r = engine.best_move(&alone, &Limits::nodes(50_000), &mut |_| {});
    assert!(
        matches!(r.score, Score::Cp(cp) if cp < -500) || matches!(r.score, Score::Mate(n) if n < 0),
        "{r:?}"
    );
}

#[test]
fn sees_the_fifty_move_rule_in_the_history() {
    // K+R v K: a win, but with the half-move clock at 99 any move that does not mate or
    // reset the clock draws, so the score is 0 for every such line.
    let g = Game::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 150").unwrap();
    let mut engine = Engine::new(4);
    let r = engine.best_move(&g, &Limits::nodes(20_000), &mut |_| {});
    assert_eq!(r.score, Score::Cp(0), "{r:?}");
    let g = Game::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 150").unwrap();
    let r = engine.best_move(&g, &Limits::nodes(20_000), &mut |_| {});
    assert!(
        matches!(r.score, Score::Cp(cp) if cp > 300) || matches!(r.score, Score::Mate(n) if n > 0),
        "{r:?}"
    );
}

#[test]
fn a_stalemate_trick_is_avoided_and_the_swap_phase_has_no_move() {
    // White is a queen up; the natural Qg6 stalemates. The engine keeps winning.
    let g = Game::from_fen("7k/8/5K2/8/8/8/8/6Q1 w - - 0 1").unwrap();
    let mut engine = Engine::new(4);
    let r = engine.best_move(&g, &Limits::nodes(50_000), &mut |_| {});
    let mut after = g.clone();
    after.play(r.best.unwrap()).unwrap();
    assert!(!after.is_stalemate());
    assert!(matches!(r.score, Score::Mate(n) if n > 0), "{r:?}");
    let r = engine.best_move(&Game::chess9(), &Limits::nodes(1000), &mut |_| {});
    assert_eq!(r.best, None);
}

#[test]
fn chooses_a_swap_for_each_side_in_the_swap_phase_only() {
    let mut engine = Engine::new(4);
    let mut g = Game::chess9();
    let black = engine.choose_swap(&g, &Limits::nodes(3_000)).unwrap();
    g.swap(black).unwrap();
    let white = engine.choose_swap(&g, &Limits::nodes(3_000)).unwrap();
    g.swap(white).unwrap();
    assert!(engine.choose_swap(&g, &Limits::nodes(3_000)).is_none());
    assert!(engine
        .choose_swap(&Game::new(), &Limits::nodes(3_000))
        .is_none());
}

#[test]
fn depth_and_node_limits_hold() {
    let mut engine = Engine::new(4);
    let r = engine.best_move(&Game::new(), &Limits::depth(4), &mut |_| {});
    assert_eq!(r.depth, 4);
    let r = engine.best_move(&Game::new(), &Limits::nodes(5_000), &mut |_| {});
    assert!(r.nodes <= 5_000, "{}", r.nodes);
    let mut iterations = 0;
    engine.best_move(&Game::new(), &Limits::depth(6), &mut |i| {
        iterations += 1;
        assert_eq!(i.depth, iterations);
    });
    assert_eq!(iterations, 6);
}

#[test]
fn movetime_is_kept() {
    let mut engine = Engine::new(4);
    let t = std::time::Instant::now();
    let r = engine.best_move(&Game::new(), &Limits::movetime(100.0), &mut |_| {});
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    assert!(r.best.is_some());
    // Generous: the machine is shared; the search checks the clock every 1024 nodes.
    assert!(ms < 400.0, "{ms} ms");
}

/// The UCI binary, driven as a GUI would.
struct Uci {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Uci {
    fn start() -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chess960-uci"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        Uci { child, out }
    }
    fn send(&mut self, s: &str) {
        writeln!(self.child.stdin.as_mut().unwrap(), "{s}").unwrap();
    }
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut l = String::new();
            assert!(
                self.out.read_line(&mut l).unwrap() > 0,
                "eof before {prefix}"
            );
            let l = l.trim_end().to_string();
            let done = l.starts_with(prefix);
            lines.push(l);
            if done {
                return lines;
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn uci_binary_speaks_the_protocol_in_chess960() {
    let mut e = Uci::start();
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name chess960")));
    assert!(lines
        .iter()
        .any(|l| l == "option name UCI_Chess960 type check default false"));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin")));
    e.send("setoption name UCI_Chess960 value true");
    e.send("setoption name Hash value 8");
    e.send("isready");
    e.until("readyok");
    // Mate by castling, written king onto rook.
    e.send("position fen 2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1");
    e.send("go nodes 20000");
    let lines = e.until("bestmove");
    assert_eq!(lines.last().unwrap(), "bestmove b1a1");
    assert!(lines.iter().any(|l| l.contains("score mate 1")));
    // Moves in either castling notation; the standard start in Chess960 mode.
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    e.send("go depth 6");
    let best = e.until("bestmove").last().unwrap().clone();
    assert!(best.starts_with("bestmove "));
    e.send("setoption name UCI_Chess960 value false");
    e.send("position fen r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
    e.send("go depth 3");
    e.until("bestmove");
    e.send("quit");
}

#[test]
fn uci_stop_ends_an_infinite_search_with_a_move() {
    let mut e = Uci::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("isready");
    e.until("readyok");
    let t = std::time::Instant::now();
    e.send("stop");
    let best = e.until("bestmove").last().unwrap().clone();
    assert!(t.elapsed().as_millis() < 500);
    assert!(best.len() > "bestmove ".len());
    // A clock game: answers well within the time left.
    e.send("position startpos moves e2e4");
    let t = std::time::Instant::now();
    e.send("go wtime 1000 btime 1000 winc 0 binc 0");
    e.until("bestmove");
    assert!(t.elapsed().as_millis() < 600);
}

#[test]
fn uci_levels_and_bad_input_do_not_break_the_loop() {
    let mut e = Uci::start();
    e.send("setoption name Level value 1");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go nodes 100000");
    let best = e.until("bestmove").last().unwrap().clone();
    let g = {
        let mut g = Game::new();
        g.play_text("e4").unwrap();
        g.play_text("e5").unwrap();
        g
    };
    // "bestmove <move> [ponder <move>]": level 1 searches 3 plies, so a ponder move may follow.
    let mv = best.split_whitespace().nth(1).unwrap_or("");
    assert!(g.parse_move(mv).is_ok(), "{best}");
    e.send("position fen not a fen");
    e.send("position startpos moves e2e5");
    e.send("go depth 1");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info string")));
    e.send("isready");
    e.until("readyok");
}
