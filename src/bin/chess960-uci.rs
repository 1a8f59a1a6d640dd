//! The engine as a UCI program: `cargo build --release --bin chess960-uci`, then point a
//! GUI or match runner at `target/release/chess960-uci` (set `UCI_Chess960` for
//! Chess960 and Chess-9 positions).

fn main() {
    chess960::engine::uci::run(std::io::stdin().lock(), std::io::stdout());
}
