//! Bulk reading: a file split as it arrives (`pgn::complete_games`) finds the games that
//! splitting the whole text finds, whatever the parts; a game read for its mainline
//! (`pgn::read_mainline`) is the game `pgn::read_with` gives, less its variations and
//! annotations, and fails where and as it fails: on the shared files, on texts made to
//! hit each rule, and on thousands of mangled games.

#[path = "support/invariants.rs"]
mod invariants;

use chess960::fen::CastlingLetters;
use chess960::game::Game;
use chess960::pgn::{self, Fault, PgnError, ReadOptions, Span, TextStart};
use invariants::Rng;

fn data(name: &str) -> String {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data");
    std::fs::read_to_string(format!("{dir}/{name}")).unwrap()
}

fn shared() -> String {
    [
        "lichess-chess960-games.pgn",
        "cutechess-fischerrandom.pgn",
        "kokopu-chess960.pgn",
    ]
    .map(data)
    .join("\n")
}

/// Texts made to hit the reader's rules: variations (with illegal moves in them),
/// comments, NAGs, escapes, a null move, Chess-9, games without tags or results, tags
/// split by blank lines, CRLF and a byte order mark, and bad games of each kind.
const MADE: &[&str] = &[
    "\u{feff}[Event \"a\"]\r\n[Result \"*\"]\r\n\r\n1. e4 {a comment} (1. d4 d5 (1... Nf6 2. Qxh7)) 1... e5 $1 2. Nf3!? ; rest\r\n% escape\r\n2... Nc6 *\r\n",
    "[White \"x \\\"y\\\" \\\\z\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    "1. e4 e5 2. -- Nf6 3. d4 1/2-1/2",
    "1. f3 e5 2. g4 -- *",
    "[Variant \"Chess-9\"]\n[Chess9Swaps \"black:king white:none\"]\n\n1. e4 e5 *",
    "[Variant \"Chess-9\"]\n\n1. e4 e5 *",
    "[Variant \"Crazyhouse\"]\n\n1. e4 *",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *",
    "[Event \"x\"]\n\n[Site \"y\"]\n\n1. d4 d5",
    "1. e4 e5\n\n1. d4 d5\n",
    "[Event \"x\"]\n[Bad tag\n\n1. e4 *",
    "[Event \"x\"]\n\n1. e4 {never closed",
    "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *",
    "[Event \"x\"]\n\n1. e4 e5 2. Nc3 Nc6 3. Nd5 Nd4 4. Nb4 Nb5 5. Nd5 Nd4 6. Nb4 Nb5 7. Nd5 *",
    "[Event \"x\"]\n\n1. e4 e5 2. Nf3 N ( 2. Nc3 ) *",
    // An error in a variation names its move (Black's first here), as the full reading
    // does: the variation's moves are played, though not kept.
    "1. e4 (1. d4 d5!+) e5 *",
    "1. e4 (1. d4 Nf6 (1... d5 2. c4!?x)) e5 *",
    "{just a comment}",
    "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n1. O-O Kd7 2. Rd1+ *",
    "[FEN \"8/8/4k3/8/8/3K4/8/8 w - - 0 1\"]\n\n1. Kd4 *",
    "1. e4 ½-½",
    ") 1. e4 e5 )) 2. Nf3 *",
    "[Event \"a\"]\n\n1. e4 e5 {before} 1-0 {after}\n\n{and more}\n[Event \"b\"]\n\n1. d4 0-1 {last",
    "1. e4 * {x} 1. d4 1/2-1/2 {y}\n\n",
    // A game that starts within a line with `%` (an escape only at a line's start), and
    // an escape after spaces at a line's start.
    "1. e4 0-1\n\n)%) e5\n0-1\n\n$\n\n1. d4 *",
    "\t\t%\t\t9999 1. e4 *\n \u{3000}% 1. d4\n1. c4 *",
];

/// The whole text's games, as `pgn::games` finds them, with their offsets and lines.
fn whole(text: &str) -> Vec<(usize, usize, String)> {
    let (spans, rest) = pgn::complete_games(text, true);
    assert_eq!(rest.start, text.len());
    let mut out = Vec::new();
    for (s, g) in spans.iter().zip(pgn::games(text)) {
        assert_eq!(&text[s.start..s.end], g);
        assert_eq!(s.line, 1 + text[..s.start].matches('\n').count());
        out.push((s.start, s.line, g.to_owned()));
    }
    assert_eq!(spans.len(), pgn::games(text).count());
    out
}

/// The games of `text` when it arrives in parts ending at `cuts`, read as a stream reads
/// them: what comes after the last complete game is kept and the next part appended.
fn streamed(text: &str, cuts: &[usize]) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let (mut kept, mut offset, mut line) = (String::new(), 0, 1);
    let mut start = TextStart::LineStart;
    let mut from = 0;
    for &cut in cuts.iter().chain([text.len()].iter()) {
        kept.push_str(&text[from..cut]);
        from = cut;
        let (spans, rest): (Vec<Span>, Span) =
            pgn::complete_games_from(&kept, cut == text.len(), start);
        start = start.at(&kept, rest.start);
        for s in spans {
            out.push((
                offset + s.start,
                line + s.line - 1,
                kept[s.start..s.end].to_owned(),
            ));
        }
        offset += rest.start;
        line += rest.line - 1;
        kept.drain(..rest.start);
    }
    assert!(kept.is_empty(), "left over: {kept:?}");
    out
}

#[test]
fn a_text_split_at_every_byte_finds_the_games_of_the_whole_text() {
    for text in MADE.iter().map(|s| s.to_string()).chain([MADE.join("\n")]) {
        let want = whole(&text);
        let bytes: Vec<usize> = (1..text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        for &i in &bytes {
            assert_eq!(streamed(&text, &[i]), want, "cut at {i} of {text:?}");
        }
        // And in parts of every length from 1 byte.
        for step in 1..12 {
            let cuts: Vec<usize> = bytes.iter().copied().filter(|i| i % step == 0).collect();
            assert_eq!(streamed(&text, &cuts), want, "parts of {step} of {text:?}");
        }
    }
}

/// The comments after a result token belong to the game it ends (chess.js gives them its
/// last position): no game of its own is made of them, whatever follows.
#[test]
fn comments_after_a_result_stay_with_the_game() {
    let text = "[Event \"a\"]\n\n1. e4 1-0 {x}\n\n[Event \"b\"]\n\n1. d4 0-1 {y} {z}\n";
    assert_eq!(
        pgn::split_games(text),
        [
            "[Event \"a\"]\n\n1. e4 1-0 {x}",
            "[Event \"b\"]\n\n1. d4 0-1 {y} {z}"
        ]
    );
    assert_eq!(
        pgn::split_games("1. e4 * {x} 1. d4 *"),
        ["1. e4 * {x}", "1. d4 *"]
    );
    // A result token right after another ends a game of its own (as before).
    assert_eq!(
        pgn::split_games("1. e4 1-0 {x} 0-1"),
        ["1. e4 1-0 {x}", "0-1"]
    );
    // Read, each comment goes to the last move, after those written before the result.
    let game = pgn::read("1. e4 e5 {before} 1-0 {after}\n\n{and more}").unwrap();
    let notes = game.notes(2).unwrap();
    assert_eq!(notes.comments, ["before", "after", "and more"]);
    let game = pgn::read("* {x}").unwrap();
    assert_eq!(game.notes(0).unwrap().comments, ["x"]);
    // An empty one is dropped there, as chess.js drops it.
    assert!(pgn::read("1. e4 * {}").unwrap().notes(1).is_none());
    // Anything else ends the game; an unterminated comment is an error, as in chess.js.
    assert_eq!(pgn::read("1. e4 1-0 {x} 2. d4").unwrap().ply_count(), 1);
    assert!(matches!(
        pgn::read("1. e4 1-0 {x"),
        Err(PgnError::UnterminatedComment { .. })
    ));
}

#[test]
fn the_shared_files_in_parts_find_the_same_games() {
    let text = shared();
    let want = whole(&text);
    assert!(want.len() > 600);
    let mut rng = Rng::new(24);
    for _ in 0..20 {
        let mut cuts = Vec::new();
        let mut at = 0;
        loop {
            at += 1 + rng.below(4000);
            while at < text.len() && !text.is_char_boundary(at) {
                at += 1;
            }
            if at >= text.len() {
                break;
            }
            cuts.push(at);
        }
        assert_eq!(streamed(&text, &cuts), want);
    }
}

/// What a game read with `pgn::read_with` gives that a mainline reading must give too.
fn summary(g: &Game) -> (Vec<String>, String, String, Vec<(String, String)>) {
    let sans = (1..=g.ply_count())
        .map(|i| g.san_at(i).to_owned())
        .collect();
    let outcome = g.outcome().map_or(String::new(), |o| format!("{o:?}"));
    (sans, g.fen(CastlingLetters::XFen), outcome, g.headers())
}

/// Reads `text` (one game) both ways and compares; true when it was read.
fn same_as_read(text: &str, strict: bool) -> bool {
    let opts = ReadOptions { strict };
    let tree = pgn::read_with(text, opts);
    let line = 7;
    let bulk = pgn::read_mainline(text, opts, false, line);
    let tags_only = pgn::read_mainline(text, opts, true, line);
    assert_eq!(bulk.tags, tags_only.tags, "{text:?}");
    match (&tree, &bulk.game) {
        (Ok(t), Ok(Some(b))) => {
            assert_eq!(summary(t), summary(b), "{text:?}");
            assert!(matches!(tags_only.game, Ok(None)), "{text:?}");
            true
        }
        (Err(e), Err(Fault { error, line: at })) => {
            // The same error, its lines counted from the file's first line.
            let shifted = match e.clone() {
                PgnError::BadTag { line: l, text } => PgnError::BadTag {
                    line: l + line - 1,
                    text,
                },
                PgnError::UnterminatedComment { line: l } => {
                    PgnError::UnterminatedComment { line: l + line - 1 }
                }
                e => e,
            };
            assert_eq!(&shifted, error, "{text:?}");
            assert!(
                *at >= line && *at < line + text.matches('\n').count() + 1,
                "{text:?}: line {at}"
            );
            false
        }
        (t, b) => panic!("{text:?}: read {t:?}, mainline {b:?}"),
    }
}

#[test]
fn a_mainline_reading_is_the_games_mainline_or_its_error() {
    let text = shared();
    let mut read = 0;
    for g in pgn::games(&text) {
        read += usize::from(same_as_read(g, false));
        same_as_read(g, true);
    }
    assert!(read > 600, "{read}");
    let mut failed = 0;
    for g in MADE.iter().flat_map(|t| pgn::games(t)) {
        failed += usize::from(!same_as_read(g, false));
        same_as_read(g, true);
    }
    assert!(failed >= 6, "{failed} of the made games failed");
}

#[test]
fn mangled_games_fail_or_read_as_the_tree_reader_decides() {
    let text = shared();
    let games: Vec<&str> = pgn::games(&text)
        .chain(MADE.iter().flat_map(|t| pgn::games(t)))
        .collect();
    let mut rng = Rng::new(0xb01c);
    let pieces = [
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        " ",
        "\n",
        "--",
        "$3",
        "1-0",
        "*",
        "x",
        "Q",
        "=",
        "O-O",
        "#",
        ";",
        "\"",
        "[Event \"z\"]\n",
    ];
    let (mut ok, mut bad) = (0, 0);
    for _ in 0..4000 {
        let mut g = games[rng.below(games.len())].to_owned();
        for _ in 0..1 + rng.below(3) {
            let mut at = rng.below(g.len() + 1);
            while !g.is_char_boundary(at) {
                at -= 1;
            }
            match rng.below(3) {
                0 => g.insert_str(at, pieces[rng.below(pieces.len())]),
                1 => {
                    let mut end = (at + 1 + rng.below(6)).min(g.len());
                    while !g.is_char_boundary(end) {
                        end += 1;
                    }
                    g.replace_range(at..end, "");
                }
                _ => g.truncate(at),
            }
        }
        // A mangled text may hold several games now: each is read alone.
        for one in pgn::games(&g) {
            if same_as_read(one, false) {
                ok += 1;
            } else {
                bad += 1;
            }
        }
    }
    assert!(ok > 500 && bad > 500, "{ok} read, {bad} failed");
}
