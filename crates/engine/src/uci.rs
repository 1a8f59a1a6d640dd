//! The UCI protocol loop of the native binary (`chess960-uci`), so that GUIs and match
//! runners can use the engine: `uci`, `isready`, `setoption` (`Hash`, `UCI_Chess960`,
//! `MultiPV`, `Level`, `Seed`, `Disable`), `ucinewgame`, `position`, `go` (`nodes`, `movetime`,
//! `depth`, `wtime`/`btime`/`winc`/`binc`/`movestogo`, `infinite`), `stop`, `quit`.
//!
//! The search runs on its own thread so that `stop` and `isready` are answered while it
//! thinks.

extern crate std;

use std::io::{BufRead, Write};
use std::string::String;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::vec::Vec;

use super::levels::Level;
use super::search::{Engine, Info, Limits, Rules, Score, SearchResult};
use super::time::Clock;
use chess960::game::Game;
use chess960::position::Move;
use chess960::uci::{to_uci, CastlingNotation};

const NAME: &str = concat!("chess960 ", env!("CARGO_PKG_VERSION"));

/// The positions of `bench` (and of the wasm speed comparison in tests/engine/engine.test.mjs):
/// openings, middlegames and endgames of all three variants.
pub const BENCH_FENS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "2r3k1/pp3ppp/3bpn2/q2p4/3P4/P1NBPN2/1PQ2PPP/5RK1 b - - 3 17",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5p2/6p1/8/7P/8/5PK1/3R4 b - - 0 40",
];

/// Searches each bench position to `nodes` nodes from a cleared table; returns the
/// total nodes and milliseconds.
pub fn bench(nodes: u64) -> (u64, f64) {
    let mut engine = Engine::new(16);
    let (mut total, mut ms) = (0, 0.0);
    for fen in BENCH_FENS {
        let Ok(game) = Game::from_fen(fen) else {
            continue;
        };
        engine.clear();
        let r = engine.best_move(&game, &Limits::nodes(nodes), &mut |_| {});
        total += r.nodes;
        ms += r.time_ms;
    }
    (total, ms)
}

struct Options {
    chess960: bool,
    level: u8,
    multipv: usize,
    seed: u64,
}

/// What the loop keeps between commands.
struct State {
    engine: Arc<Mutex<Engine>>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    game: Game,
    options: Options,
}

fn notation(chess960: bool) -> CastlingNotation {
    if chess960 {
        CastlingNotation::KingOntoRook
    } else {
        CastlingNotation::KingToDestination
    }
}

fn score_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => std::format!("cp {cp}"),
        Score::Mate(n) => std::format!("mate {n}"),
    }
}

fn pv_text(pv: &[Move], n: CastlingNotation) -> String {
    pv.iter()
        .map(|&m| to_uci(m, n))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs the protocol on `input` and `output` until `quit` or the end of input.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) {
    let out = Arc::new(Mutex::new(output));
    let say = |line: &str| {
        if let Ok(mut o) = out.lock() {
            let _ = writeln!(o, "{line}");
            let _ = o.flush();
        }
    };
    let mut engine = Engine::new(16);
    let stop = Arc::new(AtomicBool::new(false));
    engine.set_stop_flag(Arc::clone(&stop));
    let mut st = State {
        engine: Arc::new(Mutex::new(engine)),
        stop,
        search: None,
        game: Game::new(),
        options: Options {
            chess960: false,
            level: 10,
            multipv: 1,
            seed: 0x5eed,
        },
    };
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say(&std::format!("id name {NAME}"));
                say("id author the chess960 authors");
                say("option name Hash type spin default 16 min 1 max 4096");
                say("option name UCI_Chess960 type check default false");
                say("option name MultiPV type spin default 1 min 1 max 64");
                say("option name Level type spin default 10 min 1 max 10");
                say("option name Seed type spin default 24301 min 0 max 2147483647");
                say("option name Disable type string default <empty>");
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("setoption") => {
                finish(&mut st);
                set_option(&mut st, &words);
            }
            Some("ucinewgame") => {
                finish(&mut st);
                if let Ok(mut e) = st.engine.lock() {
                    e.clear();
                }
            }
            Some("position") => {
                finish(&mut st);
                match parse_position(&words) {
                    Ok(g) => st.game = g,
                    Err(e) => say(&std::format!("info string {e}")),
                }
            }
            Some("go") => {
                finish(&mut st);
                go(&mut st, &words, Arc::clone(&out));
            }
            Some("stop") => finish(&mut st),
            Some("bench") => {
                let nodes = words.get(1).and_then(|n| n.parse().ok()).unwrap_or(500_000);
                let (n, ms) = bench(nodes);
                say(&std::format!(
                    "bench: {n} nodes in {ms:.0} ms: {} nodes/s",
                    (n as f64 * 1000.0 / ms.max(1.0)) as u64
                ));
            }
            Some("quit") => {
                finish(&mut st);
                return;
            }
            _ => {}
        }
    }
    finish(&mut st);
}

/// Stops a running search and waits for its `bestmove`.
fn finish(st: &mut State) {
    if let Some(h) = st.search.take() {
        st.stop.store(true, Ordering::Relaxed);
        let _ = h.join();
    }
    st.stop.store(false, Ordering::Relaxed);
}

fn set_option(st: &mut State, words: &[&str]) {
    let text = words.join(" ");
    let Some(rest) = text.strip_prefix("setoption name ") else {
        return;
    };
    let (name, value) = match rest.split_once(" value ") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (rest.trim(), ""),
    };
    match name.to_ascii_lowercase().as_str() {
        "hash" => {
            if let (Ok(mb), Ok(mut e)) = (value.parse::<usize>(), st.engine.lock()) {
                e.set_hash(mb.clamp(1, 4096));
            }
        }
        "uci_chess960" => st.options.chess960 = value.eq_ignore_ascii_case("true"),
        "multipv" => st.options.multipv = value.parse().unwrap_or(1).clamp(1, 64),
        "level" => st.options.level = value.parse().unwrap_or(10).clamp(1, 10),
        "seed" => st.options.seed = value.parse().unwrap_or(0),
        // Search rules to turn off, comma-separated (Rules::NAMES): for measuring them.
        "disable" => {
            if let Ok(mut e) = st.engine.lock() {
                e.rules = Rules::default();
                for name in value
                    .split(',')
                    .map(str::trim)
                    .filter(|n| !n.is_empty() && *n != "<empty>")
                {
                    e.rules.disable(name);
                }
            }
        }
        _ => {}
    }
}

/// `position [startpos | fen <fen>] [moves <uci>...]`.
fn parse_position(words: &[&str]) -> Result<Game, String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let head = words
        .get(1..moves_at.unwrap_or(words.len()))
        .unwrap_or_default();
    let mut game = match head.first().copied() {
        Some("startpos") => Game::new(),
        Some("fen") => {
            let fen = head.get(1..).unwrap_or_default().join(" ");
            Game::from_fen(&fen).map_err(|e| e.message())?
        }
        _ => return Err(String::from("position: expected startpos or fen")),
    };
    if let Some(i) = moves_at {
        for m in words.get(i + 1..).unwrap_or_default() {
            game.play_text_quiet(m)
                .map_err(|e| std::format!("position: move {m}: {}", e.message()))?;
        }
    }
    Ok(game)
}

fn go(st: &mut State, words: &[&str], out: Arc<Mutex<impl Write + Send + 'static>>) {
    let num = |key: &str| -> Option<f64> {
        let i = words.iter().position(|&w| w == key)?;
        words.get(i + 1)?.parse::<f64>().ok()
    };
    let white = st.game.turn() == chess960::square::Color::White;
    let (time, inc) = if white {
        (num("wtime"), num("winc"))
    } else {
        (num("btime"), num("binc"))
    };
    let limits = Limits {
        nodes: num("nodes").map(|n| n.max(1.0) as u64),
        depth: num("depth").map(|d| d.clamp(1.0, 120.0) as i32),
        movetime: num("movetime"),
        clock: time.map(|t| Clock {
            time: t,
            increment: inc.unwrap_or(0.0),
            moves_to_go: num("movestogo").map(|m| m.max(1.0) as u32),
        }),
        multipv: st.options.multipv,
    };
    let game = st.game.clone();
    let engine = Arc::clone(&st.engine);
    let n = notation(st.options.chess960);
    let level = Level::get(st.options.level).filter(|l| l.number < 10);
    let mut seed = st.options.seed ^ st.game.ply_count() as u64;
    st.options.seed = st.options.seed.wrapping_add(1);
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let say = |line: &str| {
                if let Ok(mut o) = out.lock() {
                    let _ = writeln!(o, "{line}");
                    let _ = o.flush();
                }
            };
            let mut report = |i: &Info| {
                let nps = (i.nodes as f64 * 1000.0 / i.time_ms.max(1.0)) as u64;
                say(&std::format!(
                    "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
                    i.depth,
                    i.seldepth,
                    i.multipv,
                    score_text(i.line.score),
                    i.nodes,
                    nps,
                    i.time_ms as u64,
                    pv_text(&i.line.pv, n)
                ));
            };
            let Ok(mut e) = engine.lock() else { return };
            let result: SearchResult = match level {
                Some(l) => e.play_level(&game, &l, &limits, &mut seed, &mut report),
                None => e.best_move(&game, &limits, &mut report),
            };
            match result.best {
                Some(m) => match result.pv.get(1) {
                    Some(&p) => say(&std::format!(
                        "bestmove {} ponder {}",
                        to_uci(m, n),
                        to_uci(p, n)
                    )),
                    None => say(&std::format!("bestmove {}", to_uci(m, n))),
                },
                None => say("bestmove 0000"),
            }
        });
    st.search = handle.ok();
}
