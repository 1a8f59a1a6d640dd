//! `cargo run --release --example perft -- '<FEN>' <depth> [full]`: node count and speed.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = args
        .get(1)
        .map_or(chess960::fen::STANDARD_FEN, |s| s.as_str());
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(5);
    let full = args.get(3).is_some_and(|a| a == "full");
    let pos = match chess960::fen::parse(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let t = std::time::Instant::now();
    let n = if full {
        pos.perft_full(depth)
    } else {
        pos.perft(depth)
    };
    let s = t.elapsed().as_secs_f64();
    println!("{n} nodes in {s:.3} s: {:.1} Mnps", n as f64 / s / 1e6);
}
