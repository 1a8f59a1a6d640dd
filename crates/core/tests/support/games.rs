//! The shared games: tests/data's three PGN files of real Chess960 games (655 games,
//! 34,773 plies), as one text, and the classified dead-position sets' positions, for the
//! tests, benchmarks and profiling harnesses that read them all (included with `#[path]`).

#![allow(dead_code)]

/// The files, in the order they are joined.
pub const FILES: [&str; 3] = [
    "lichess-chess960-games.pgn",
    "cutechess-fischerrandom.pgn",
    "kokopu-chess960.pgn",
];

/// The files' texts, each followed by a blank line (so that the last game of one and the
/// first of the next stay apart).
pub fn text() -> std::io::Result<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data");
    let mut text = String::new();
    for f in FILES {
        text.push_str(&std::fs::read_to_string(format!("{dir}/{f}"))?);
        text.push_str("\n\n");
    }
    Ok(text)
}

/// The positions of the classified sets (tests/data/dead-positions.txt and
/// cha-test-vectors.txt: a classification, then a FEN, a line), in the files' order.
pub fn classified_positions() -> Vec<chess960::position::Position> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data");
    let mut out = Vec::new();
    for f in ["dead-positions.txt", "cha-test-vectors.txt"] {
        let text = std::fs::read_to_string(format!("{dir}/{f}"))
            .unwrap_or_else(|e| panic!("tests/data/{f}: {e}"));
        let lines = text.lines().filter(|l| !l.starts_with('#') && l.len() > 3);
        out.extend(lines.filter_map(|l| chess960::fen::parse(l.get(3..)?).ok()));
    }
    out
}
