//! Native perft speed beside cozy-chess and shakmaty (dev-dependencies), in one run.
//! `cargo bench --bench perft` (optionally `-- REPEAT`).

use std::time::Instant;

const POSITIONS: [(&str, &str, u32); 4] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
    ),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7),
    (
        "c960",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        6,
    ),
];

fn ours_bulk(fen: &str, d: u32) -> u64 {
    chess960::fen::parse(fen).unwrap().perft(d)
}
fn ours_full(fen: &str, d: u32) -> u64 {
    chess960::fen::parse(fen).unwrap().perft_full(d)
}

fn cozy_board(fen: &str) -> cozy_chess::Board {
    let castling = fen.split_whitespace().nth(2).unwrap_or("-");
    let shredder = castling != "-" && !castling.chars().any(|c| "KQkq".contains(c));
    cozy_chess::Board::from_fen(fen, shredder).unwrap()
}
fn cozy_bulk_rec(b: &cozy_chess::Board, d: u32) -> u64 {
    let mut n = 0;
    if d == 1 {
        b.generate_moves(|ms| {
            n += ms.len() as u64;
            false
        });
        return n;
    }
    b.generate_moves(|ms| {
        for m in ms {
            let mut c = b.clone();
            c.play_unchecked(m);
            n += cozy_bulk_rec(&c, d - 1);
        }
        false
    });
    n
}
fn cozy_full_rec(b: &cozy_chess::Board, d: u32) -> u64 {
    if d == 0 {
        return 1;
    }
    let mut n = 0;
    b.generate_moves(|ms| {
        for m in ms {
            let mut c = b.clone();
            c.play_unchecked(m);
            n += cozy_full_rec(&c, d - 1);
        }
        false
    });
    n
}

fn shak(fen: &str) -> shakmaty::Chess {
    let f: shakmaty::fen::Fen = fen.parse().unwrap();
    f.into_position(shakmaty::CastlingMode::Chess960).unwrap()
}
fn shak_full_rec(p: &shakmaty::Chess, d: u32) -> u64 {
    use shakmaty::Position;
    if d == 0 {
        return 1;
    }
    let mut n = 0;
    for m in p.legal_moves() {
        let mut c = p.clone();
        c.play_unchecked(m);
        n += shak_full_rec(&c, d - 1);
    }
    n
}

fn main() {
    let repeat: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(3);
    type Runner = fn(&str, u32) -> u64;
    let rows: [(&str, &str, Runner); 6] = [
        ("chess960", "bulk", ours_bulk),
        ("cozy-chess", "bulk", |f, d| {
            cozy_bulk_rec(&cozy_board(f), d)
        }),
        ("shakmaty", "bulk", |f, d| shakmaty::perft(&shak(f), d)),
        ("chess960", "full", ours_full),
        ("cozy-chess", "full", |f, d| {
            cozy_full_rec(&cozy_board(f), d)
        }),
        ("shakmaty", "full", |f, d| shak_full_rec(&shak(f), d)),
    ];
    println!("native perft, best of {repeat}; million nodes per second");
    println!(
        "{:<12} {:<5} {:<9} {:>5} {:>11} {:>8} {:>8}",
        "library", "mode", "position", "depth", "nodes", "seconds", "Mnps"
    );
    // Rounds alternate the libraries (the best of each is kept): this host's speed drifts
    // by up to 2x over seconds, and alternating gives every library the same chances.
    let mut best = [[f64::MAX; POSITIONS.len()]; 6];
    let mut nodes = [[0u64; POSITIONS.len()]; 6];
    for _ in 0..repeat {
        for (p, (_, fen, depth)) in POSITIONS.iter().enumerate() {
            for (r, (_, mode, run)) in rows.iter().enumerate() {
                let d = if *mode == "full" { depth - 1 } else { *depth };
                let t = Instant::now();
                nodes[r][p] = run(fen, d);
                best[r][p] = best[r][p].min(t.elapsed().as_secs_f64());
            }
        }
    }
    for (r, (lib, mode, _)) in rows.iter().enumerate() {
        for (p, (name, _, depth)) in POSITIONS.iter().enumerate() {
            let d = if *mode == "full" { depth - 1 } else { *depth };
            println!(
                "{lib:<12} {mode:<5} {name:<9} {d:>5} {:>11} {:>8.3} {:>8.1}",
                nodes[r][p],
                best[r][p],
                nodes[r][p] as f64 / best[r][p] / 1e6
            );
        }
    }
}
