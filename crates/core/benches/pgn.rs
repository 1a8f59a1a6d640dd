//! Reading PGN natively, plies per second: the games of tests/data/*.pgn split and
//! replayed, each row one way of reading the same text, best of several rounds.
//! `cargo bench --bench pgn` (arguments: the rounds, 10 by default, and a word: only the
//! rows whose name holds it, for callgrind; `docs/bulk-pgn.md` has the profile).

use chess960::pgn;
use chess960::unwinnable;
use std::hint::black_box;
use std::time::Instant;

/// A row: its name and the reading it times (answering a count, so nothing is optimised away).
type Row<'a> = (&'static str, Box<dyn FnMut() -> usize + 'a>);

fn best(rounds: usize, f: &mut dyn FnMut() -> usize) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

#[path = "../tests/support/games.rs"]
mod games;

fn main() {
    let text = games::text().unwrap();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(10);
    let only = args
        .iter()
        .find(|a| a.parse::<usize>().is_err() && !a.starts_with('-'));
    let games: Vec<&str> = pgn::games(&text).collect();
    let read: Vec<_> = games.iter().filter_map(|g| pgn::read(g).ok()).collect();
    let plies: usize = read.iter().map(|g| g.ply_count()).sum();
    let positions: Vec<_> = read
        .iter()
        .flat_map(|g| (1..=g.ply_count()).filter_map(|i| g.position_at(i).copied()))
        .collect();
    // A peer's row: each game's start (its FEN) and mainline SANs, for shakmaty.
    let replays: Vec<(shakmaty::Chess, Vec<shakmaty::san::San>)> = read
        .iter()
        .filter_map(|g| {
            let fen = chess960::fen::to_fen(g.start(), chess960::fen::CastlingLetters::Shredder);
            let start = fen.parse::<shakmaty::fen::Fen>().ok()?;
            let start = start.into_position(shakmaty::CastlingMode::Chess960).ok()?;
            let sans = (1..=g.ply_count())
                .map(|i| g.san_at(i).parse().ok())
                .collect::<Option<Vec<_>>>()?;
            Some((start, sans))
        })
        .collect();
    assert_eq!(
        replays.len(),
        read.len(),
        "shakmaty reads every start and SAN"
    );
    drop(read);
    println!(
        "{} games, {plies} plies, {} bytes; best of {rounds}",
        games.len(),
        text.len()
    );
    println!("| read | ms | M plies/s | µs/ply |");
    println!("|---|---:|---:|---:|");
    let rows: Vec<Row> = vec![
        (
            "split only (`pgn::games`)",
            Box::new(|| pgn::games(&text).count()),
        ),
        (
            "split + `pgn::read` (the game with its tree)",
            Box::new(|| {
                pgn::games(&text)
                    .filter_map(|g| pgn::read(g).ok())
                    .map(|g| g.ply_count())
                    .sum()
            }),
        ),
        (
            "stream split (`pgn::complete_games`) + `pgn::read_mainline`",
            Box::new(|| {
                let (spans, _) = pgn::complete_games(&text, true);
                spans
                    .iter()
                    .filter_map(|s| {
                        let g = text.get(s.start..s.end)?;
                        let read =
                            pgn::read_mainline(g, pgn::ReadOptions::default(), false, s.line);
                        read.game.ok().flatten()
                    })
                    .map(|g| g.ply_count())
                    .sum()
            }),
        ),
        (
            "stream split + tags only (`read_mainline` with `tags_only`)",
            Box::new(|| {
                let (spans, _) = pgn::complete_games(&text, true);
                spans
                    .iter()
                    .filter_map(|s| {
                        let g = text.get(s.start..s.end)?;
                        Some(
                            pgn::read_mainline(g, pgn::ReadOptions::default(), true, s.line)
                                .tags
                                .len(),
                        )
                    })
                    .sum()
            }),
        ),
        (
            "shakmaty 0.30 (a peer): its SANs parsed beforehand, found and played; no PGN, draw rules or FEN",
            Box::new(|| {
                use shakmaty::Position;
                let mut n = 0;
                for (start, sans) in &replays {
                    let mut pos = start.clone();
                    for san in sans {
                        let Ok(m) = san.to_move(&pos) else { break };
                        pos.play_unchecked(m);
                        n += 1;
                    }
                }
                n
            }),
        ),
        (
            "the dead-position check alone, every position in play order",
            Box::new(|| {
                positions
                    .iter()
                    .filter(|p| unwinnable::is_dead_position(p))
                    .count()
            }),
        ),
        (
            "the same, searching every time (no `Reached` record)",
            Box::new(|| {
                positions
                    .iter()
                    .filter(|p| unwinnable::is_dead_position_uncached(p))
                    .count()
            }),
        ),
    ];
    for (name, mut f) in rows {
        if only.is_some_and(|w| !name.contains(w.as_str())) {
            continue;
        }
        let s = best(rounds, &mut f);
        println!(
            "| {name} | {:.2} | {:.2} | {:.3} |",
            s * 1e3,
            plies as f64 / s / 1e6,
            s * 1e6 / plies as f64
        );
    }
}
