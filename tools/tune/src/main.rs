//! The tuner of the engine's evaluation (`crates/engine/src/eval.rs`), outside the shipped code.
//!
//! 1. `selfplay`: the engine plays itself at fixed nodes from random Chess960 arrays and
//!    Chess-9 starts, with a few random opening plies; every quiet position (not in check,
//!    the engine's chosen move neither a capture nor a promotion) is written with the
//!    game's result: `FEN;1.0|0.5|0.0` (White's score), one per line.
//! 2. `tune`: Texel's method: fit K of the win-probability curve 1/(1 + 10^(-K·e/400))
//!    to the data at the current weights, then minimise the mean squared error between
//!    curve and results over all weights (Adam, full batch, the evaluation being linear
//!    in its weights: `eval::trace`), and print the table for `eval::WEIGHTS`.
//!
//! ```text
//! cargo run --release -- selfplay --games 3000 --nodes 3000 --seed 1 --out data.epd
//! cargo run --release -- tune --data data.epd --epochs 3000 > weights.txt
//! ```

use chess960::fen::CastlingLetters;
use chess960_engine::eval::{self, Shape, W, PARAMS};
use chess960_engine::{Engine, Limits, Score};
use chess960::fen;
use chess960::game::Game;
use chess960::position::MoveKind;
use chess960::setup::SwapChoice;
use chess960::square::Color;
use std::io::{BufRead, BufWriter, Write};

fn next(state: &mut u64) -> u64 {
    chess960_engine::levels::next_random(state)
}

fn arg<T: std::str::FromStr>(args: &[String], key: &str, default: T) -> T {
    args.iter()
        .position(|a| a == key)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn start(seed: &mut u64) -> Game {
    if next(seed) % 4 == 0 {
        let mut g = Game::chess9();
        for _ in 0..2 {
            let c = SwapChoice::ALL[(next(seed) % 3) as usize];
            let _ = g.swap(c);
        }
        g
    } else {
        Game::chess960((next(seed) % 960) as u16).expect("an id below 960")
    }
}

fn selfplay(args: &[String]) {
    let games: usize = arg(args, "--games", 100);
    let nodes: u64 = arg(args, "--nodes", 3000);
    let mut seed: u64 = arg(args, "--seed", 1);
    let out: String = arg(args, "--out", "selfplay.epd".to_string());
    let file = std::fs::OpenOptions::new().create(true).append(true).open(&out).expect("output file");
    let mut w = BufWriter::new(file);
    let mut engine = Engine::new(16);
    let (mut positions, started) = (0usize, std::time::Instant::now());
    for n in 0..games {
        let mut g = start(&mut seed);
        engine.clear();
        // Random opening plies: each game its own line even from the same array.
        for _ in 0..(2 + next(&mut seed) % 4) {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.as_slice()[(next(&mut seed) % moves.len() as u64) as usize];
            g.play_quiet(m).expect("a legal move");
        }
        let mut quiet: Vec<String> = Vec::new();
        let mut result: Option<f64> = None;
        let mut lopsided = 0;
        while result.is_none() {
            if let Some(o) = g.outcome() {
                result = Some(match o.winner {
                    Some(Color::White) => 1.0,
                    Some(Color::Black) => 0.0,
                    None => 0.5,
                });
                break;
            }
            if g.ply_count() > 400 {
                result = Some(0.5);
                break;
            }
            let r = engine.best_move(&g, &Limits::nodes(nodes), &mut |_| {});
            let Some(m) = r.best else { break };
            let pos = *g.position();
            let tactical = m.promotion().is_some()
                || m.kind() == MoveKind::EnPassant
                || (!m.is_castle() && pos.board().by_color(pos.turn().other()).contains(m.to()));
            if !tactical && !pos.is_check() && g.ply_count() > 8 {
                quiet.push(g.fen(CastlingLetters::Shredder));
            }
            // Resign at a big score held for 8 plies; the side to move's score.
            let white = match (r.score, pos.turn()) {
                (Score::Cp(cp), Color::White) => cp,
                (Score::Cp(cp), Color::Black) => -cp,
                (Score::Mate(k), c) => (if (k > 0) == (c == Color::White) { 1 } else { -1 }) * 10_000,
            };
            lopsided = if white.abs() >= 1200 { lopsided + white.signum() } else { 0 };
            if lopsided.abs() >= 8 {
                result = Some(if lopsided > 0 { 1.0 } else { 0.0 });
            }
            g.play_quiet(m).expect("the engine's move is legal");
        }
        let r = result.unwrap_or(0.5);
        for f in &quiet {
            writeln!(w, "{f};{r:.1}").expect("write");
        }
        positions += quiet.len();
        if (n + 1) % 20 == 0 {
            w.flush().expect("flush");
            eprintln!(
                "selfplay: {} games, {positions} positions, {:.0} s",
                n + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
}

struct Sample {
    features: Vec<(u16, i16)>,
    shape: Shape,
    /// What the curve is fitted to: the game's result, or a blend with the search score.
    result: f64,
    /// White's score from a short search of the position (0 when not searched).
    search: f64,
}

/// The samples of a data file; with `score_nodes` > 0 each position is also searched
/// to that many nodes for its score (White's point of view).
fn load(path: &str, score_nodes: u64) -> Vec<Sample> {
    let f = std::fs::File::open(path).expect("data file");
    let mut engine = Engine::new(16);
    let started = std::time::Instant::now();
    std::io::BufReader::new(f)
        .lines()
        .map_while(Result::ok)
        .enumerate()
        .filter_map(|(i, line)| {
            let (fen_text, r) = line.rsplit_once(';')?;
            let pos = fen::parse(fen_text).ok()?;
            let (features, shape) = eval::trace(&pos);
            let mut search = 0.0;
            if score_nodes > 0 {
                let g = Game::from_fen(fen_text).ok()?;
                let r = engine.best_move(&g, &Limits::nodes(score_nodes), &mut |_| {});
                let stm = match r.score {
                    Score::Cp(cp) => f64::from(cp),
                    Score::Mate(k) => f64::from(k.signum()) * 3000.0,
                };
                search = if pos.turn() == Color::White { stm } else { -stm };
                if i % 10_000 == 0 {
                    eprintln!("tune: searched {i} positions, {:.0} s", started.elapsed().as_secs_f64());
                }
            }
            Some(Sample { features, shape, result: r.trim().parse().ok()?, search })
        })
        .collect()
}

/// White's evaluation of a sample under weights `w` (as floats), and the two
/// factors that turn the middlegame and endgame sums into it.
fn predict(s: &Sample, w: &[[f64; 2]]) -> (f64, f64, f64) {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(i, n) in &s.features {
        let [a, b] = w[usize::from(i)];
        mg += a * f64::from(n);
        eg += b * f64::from(n);
    }
    let scale = if eg > 0.0 { s.shape.scale_white } else { s.shape.scale_black };
    let phase = f64::from(s.shape.phase) / f64::from(eval::PHASE_MAX);
    let fm = phase;
    let fe = (1.0 - phase) * f64::from(scale) / 64.0;
    (mg * fm + eg * fe, fm, fe)
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

fn error(data: &[Sample], w: &[[f64; 2]], k: f64) -> f64 {
    data.iter()
        .map(|s| (s.result - sigmoid(k, predict(s, w).0)).powi(2))
        .sum::<f64>()
        / data.len() as f64
}

fn tune(args: &[String]) {
    let path: String = arg(args, "--data", "selfplay.epd".to_string());
    let epochs: usize = arg(args, "--epochs", 2000);
    let lr: f64 = arg(args, "--lr", 0.5);
    // Ridge toward the starting weights: keeps rarely seen terms near a sane value.
    let ridge: f64 = arg(args, "--ridge", 5e-8);
    // Targets blend the result with the search score: lambda 1 is results only.
    let lambda: f64 = arg(args, "--lambda", 1.0);
    let score_nodes: u64 = if lambda < 1.0 { arg(args, "--score-nodes", 2000) } else { 0 };
    let all = load(&path, score_nodes);
    // Every tenth position is held out, to see overfitting.
    let (mut data, mut held) = (Vec::new(), Vec::new());
    for (i, s) in all.into_iter().enumerate() {
        if i % 10 == 9 {
            held.push(s);
        } else {
            data.push(s);
        }
    }
    eprintln!("tune: {} positions, {} held out", data.len(), held.len());
    let mut w: Vec<[f64; 2]> = eval::WEIGHTS.iter().map(|&W(a, b)| [f64::from(a), f64::from(b)]).collect();
    let start = w.clone();
    // K: the curve that best fits the results at the current weights (golden section).
    let (mut lo, mut hi) = (0.1f64, 4.0f64);
    for _ in 0..40 {
        let m1 = hi - (hi - lo) / 1.618;
        let m2 = lo + (hi - lo) / 1.618;
        if error(&data, &w, m1) < error(&data, &w, m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let k = (lo + hi) / 2.0;
    eprintln!("tune: K = {k:.3}, error {:.6}", error(&data, &w, k));
    if lambda < 1.0 {
        for s in data.iter_mut().chain(held.iter_mut()) {
            s.result = lambda * s.result + (1.0 - lambda) * sigmoid(k, s.search);
        }
        eprintln!("tune: targets blended, lambda {lambda}; error now {:.6}", error(&data, &w, k));
    }
    let (mut m, mut v) = (vec![[0.0; 2]; PARAMS], vec![[0.0; 2]; PARAMS]);
    let (b1, b2, eps) = (0.9, 0.999, 1e-8);
    let c = k * std::f64::consts::LN_10 / 400.0;
    for epoch in 1..=epochs {
        let mut grad = vec![[0.0f64; 2]; PARAMS];
        for s in &data {
            let (e, fm, fe) = predict(s, &w);
            let p = sigmoid(k, e);
            let g = -2.0 * (s.result - p) * p * (1.0 - p) * c;
            for &(i, n) in &s.features {
                let gi = &mut grad[usize::from(i)];
                gi[0] += g * fm * f64::from(n);
                gi[1] += g * fe * f64::from(n);
            }
        }
        let n = data.len() as f64;
        for i in 0..PARAMS {
            for j in 0..2 {
                let gij = grad[i][j] / n + 2.0 * ridge * (w[i][j] - start[i][j]);
                m[i][j] = b1 * m[i][j] + (1.0 - b1) * gij;
                v[i][j] = b2 * v[i][j] + (1.0 - b2) * gij * gij;
                let mh = m[i][j] / (1.0 - b1.powi(epoch as i32));
                let vh = v[i][j] / (1.0 - b2.powi(epoch as i32));
                w[i][j] -= lr * mh / (vh.sqrt() + eps);
            }
        }
        center_tables(&mut w);
        if epoch % 100 == 0 {
            eprintln!(
                "tune: epoch {epoch}, error {:.6}, held out {:.6}",
                error(&data, &w, k),
                error(&held, &w, k)
            );
        }
    }
    print_table(&w);
}

/// Each piece has one rank entry and one file entry besides its material, so a constant
/// added to a table and taken from the material changes nothing: the tables are kept at
/// mean zero (the pawn's first and last ranks, never used, stay zero; the king has no
/// material, and a constant for it cancels between the sides).
fn center_tables(w: &mut [[f64; 2]]) {
    use eval::*;
    for role in 0..6 {
        let ranks: Vec<usize> = if role == 0 { (1..7).collect() } else { (0..8).collect() };
        for (first, idx) in [(PST_RANK + role * 8, ranks), (PST_FILE + role * 4, (0..4).collect())] {
            for j in 0..2 {
                let mean = idx.iter().map(|&i| w[first + i][j]).sum::<f64>() / idx.len() as f64;
                for &i in &idx {
                    w[first + i][j] -= mean;
                }
                if role < 5 {
                    w[MATERIAL + role][j] += mean;
                }
            }
        }
    }
}

/// The weights as the body of `eval::WEIGHTS`, one group per line as there.
fn print_table(w: &[[f64; 2]]) {
    use eval::*;
    let groups: &[(&str, usize, usize, usize)] = &[
        ("material: P N B R Q", MATERIAL, 5, 5),
        ("rank tables, ranks 1..8 from each side: pawn, knight, bishop, rook, queen, king", PST_RANK, 48, 8),
        ("file tables, files a/h, b/g, c/f, d/e: pawn, knight, bishop, rook, queen, king", PST_FILE, 24, 4),
        ("mobility: N B R Q", MOBILITY, 4, 4),
        ("king attack: N B R Q", KING_ATTACK, 4, 4),
        ("shield, king open file", SHIELD, 3, 3),
        ("doubled, isolated, supported, phalanx", DOUBLED, 4, 4),
        ("passed by rank", PASSED, 8, 8),
        ("passed: own king, their king, blocked", PASSED_OWN_KING, 3, 3),
        ("bishop pair, rook open, rook semi-open", BISHOP_PAIR, 3, 3),
        ("pawn threat, minor threat, tempo", PAWN_THREAT, 3, 3),
    ];
    for &(title, first, len, per_line) in groups {
        println!("    // {title}");
        for row in (first..first + len).collect::<Vec<_>>().chunks(per_line) {
            let items: Vec<String> = row
                .iter()
                .map(|&i| format!("W({}, {})", w[i][0].round() as i32, w[i][1].round() as i32))
                .collect();
            println!("    {},", items.join(", "));
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("selfplay") => selfplay(&args),
        Some("tune") => tune(&args),
        _ => eprintln!("usage: chess960-tune selfplay|tune [options] (see src/main.rs)"),
    }
}
