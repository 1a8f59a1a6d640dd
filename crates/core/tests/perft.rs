#![cfg(not(target_arch = "wasm32"))]
//! Perft suites from `tests/data/` (shakmaty's line format: `id`, `epd`, `perft d n`).

use chess960::fen;
use std::path::PathBuf;

struct Case {
    id: String,
    epd: String,
    counts: Vec<(u32, u64)>,
}

fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

fn cases(name: &str) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in data(name).lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("id ") {
            out.push(Case {
                id: rest.to_string(),
                epd: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("epd ") {
            if out.last().is_none_or(|c| !c.epd.is_empty()) {
                out.push(Case {
                    id: format!("#{}", out.len()),
                    epd: String::new(),
                    counts: Vec::new(),
                });
            }
            if let Some(c) = out.last_mut() {
                c.epd = rest.to_string();
            }
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let d: u32 = it.next().unwrap().parse().unwrap();
            let n: u64 = it.next().unwrap().parse().unwrap();
            out.last_mut().unwrap().counts.push((d, n));
        }
    }
    assert!(!out.is_empty(), "{name} has no cases");
    out
}

/// Runs every case of `name` to `max_depth`, also capping at `max_nodes` per case;
/// `every` samples one case in that many.
fn run(name: &str, max_depth: u32, max_nodes: u64, every: usize) -> usize {
    let mut checked = 0;
    for (i, c) in cases(name).iter().enumerate() {
        if i % every != 0 {
            continue;
        }
        let pos = fen::parse(&c.epd).unwrap_or_else(|e| panic!("{} {}: {e}", c.id, c.epd));
        for &(d, n) in &c.counts {
            if d > max_depth || n > max_nodes {
                continue;
            }
            assert_eq!(pos.perft(d), n, "{name} {} ({}) depth {d}", c.id, c.epd);
            checked += 1;
        }
    }
    assert!(checked > 0);
    checked
}

#[test]
fn tricky_positions_exact() {
    run("tricky.perft", 99, 10_000_000, 1);
}

#[test]
fn cpw_positions_exact() {
    run("cpw-perft-results.perft", 99, 12_000_000, 1);
}

#[test]
fn all_960_start_positions_to_depth_4() {
    assert_eq!(run("chess960-startpos.perft", 4, u64::MAX, 1), 960 * 4);
}

#[test]
fn sample_of_start_positions_to_depth_5() {
    run("chess960-startpos.perft", 5, u64::MAX, 24);
}

#[test]
fn chess960_suite_to_depth_4() {
    run("chess960.perft", 4, u64::MAX, 1);
}

#[test]
#[ignore = "minutes: depth 5-6 of all 960 positions"]
fn chess960_suite_deep() {
    run("chess960.perft", 6, u64::MAX, 1);
}

#[test]
fn random_suite_sample() {
    run("random.perft", 4, 2_000_000, 7);
}

#[test]
fn full_and_bulk_perft_agree() {
    let p =
        fen::parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(p.perft_full(3), 97862);
}

#[test]
#[ignore = "about a minute: every position of chess960.perft to depth 5"]
fn chess960_suite_depth_5() {
    run("chess960.perft", 5, u64::MAX, 1);
}

#[test]
#[ignore = "minutes: every random.perft position to depth 5"]
fn random_suite_full_to_depth_5() {
    run("random.perft", 5, u64::MAX, 1);
}
