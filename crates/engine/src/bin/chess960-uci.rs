//! The engine as a UCI program: `cargo build --release --bin chess960-uci`, then point a
//! GUI or match runner at `target/release/chess960-uci` (set `UCI_Chess960` for
//! Chess960 and Chess-9 positions).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    chess960_engine::uci::run(std::io::stdin().lock(), std::io::stdout());
}

// `cargo test --target wasm32-unknown-unknown` builds every binary; the UCI loop (threads,
// stdin) is native only, so there the program is empty.
#[cfg(target_arch = "wasm32")]
fn main() {}
