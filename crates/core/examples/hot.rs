//! A profiling harness for the package's hot call, natively: what `move({from, to})` and
//! `undo()` ask of the core, `N` times. Count its instructions with callgrind (they do not
//! depend on the machine's load):
//!
//! ```text
//! cargo build --release -p chess960 --example hot
//! valgrind --tool=callgrind target/release/examples/hot 10000 all
//! ```
//!
//! The second argument picks a part: `play` (play and take back), `san` (what
//! `move('Nf3')` and `undo()` ask), `fen` (one FEN), `legal` (the legal moves); `all` is what the bindings do.
//! Subtract a run with `0` for the start-up.

use chess960::fen::CastlingLetters;
use chess960::game::Game;
use chess960::square::Square;
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let part = args.next().unwrap_or_default();
    let mut g = Game::new();
    let (Some(from), Some(to)) = (Square::parse("g1"), Square::parse("f3")) else {
        return;
    };
    for _ in 0..n {
        match part.as_str() {
            "play" => {
                let _ = g.play_input_quiet(from, to, None);
                g.take_back();
            }
            "san" => {
                // move('Nf3') as the bindings play it: chess.js's reading, the record,
                // the FEN after; then the take-back.
                let _ = g.play_chessjs("Nf3", chess960::san::Reading::Permissive);
                black_box(g.entry(g.ply_count()));
                black_box(g.fen(CastlingLetters::XFen));
                black_box(g.take_back());
            }
            "fen" => {
                black_box(g.fen(CastlingLetters::XFen));
            }
            "legal" => {
                black_box(g.legal_moves());
            }
            _ => {
                // The bindings: the move, its record and the FEN after it; then the
                // record-less take-back (js/chess.ts keeps the move).
                let _ = g.play_input_quiet(from, to, None);
                black_box(g.entry(g.ply_count()));
                black_box(g.fen(CastlingLetters::XFen));
                black_box(g.take_back());
            }
        }
    }
}
