//! A profiling harness for bulk PGN reading, natively: the games of tests/data/*.pgn split
//! as a stream is (`pgn::complete_games`) and read with their mainline replayed
//! (`pgn::read_mainline`), as `readPgn` reads them. Count its instructions with
//! callgrind, and divide by the plies it prints (34,773):
//!
//! ```text
//! cargo build --release -p chess960 --example bulk
//! valgrind --tool=callgrind target/release/examples/bulk          # or `tags`, or `none`
//! ```
//!
//! `tags` reads the tags only (`headersOnly`); `none` only loads the text (subtract it).
//! The release profile is the wasm's (`opt-level = "s"`): closer to the package than
//! `cargo bench`'s level 3.

use chess960::pgn;

#[path = "../tests/support/games.rs"]
mod games;

fn main() {
    let text = match games::text() {
        Ok(text) => text,
        Err(e) => {
            eprintln!("tests/data: {e}");
            return;
        }
    };
    let part = std::env::args().nth(1).unwrap_or_default();
    if part == "none" {
        return;
    }
    let (spans, _) = pgn::complete_games(&text, true);
    let plies: usize = spans
        .iter()
        .filter_map(|s| {
            let g = text.get(s.start..s.end)?;
            let read = pgn::read_mainline(g, pgn::ReadOptions::default(), part == "tags", s.line);
            read.game.ok().flatten()
        })
        .map(|g| g.ply_count())
        .sum();
    println!("{plies} plies");
}
