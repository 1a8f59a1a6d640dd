//! PGN replay: every game of the shared Chess960 game files replays to its last position,
//! checked against an independent replay with shakmaty; write → read round trips; Chess-9
//! swaps survive PGN; malformed PGN gives errors that name the move and the token.

#![cfg(not(target_arch = "wasm32"))]

use chess960::fen::CastlingLetters;
use chess960::game::{Entry, Game, Variant};
use chess960::pgn::{self, PgnError};
use chess960::setup::SwapChoice;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

const LICHESS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/lichess-chess960-games.pgn"
));
const CUTECHESS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/cutechess-fischerrandom.pgn"
));
const KOKOPU: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/data/kokopu-chess960.pgn"
));

/// The FEN tag, found without the library's PGN reader.
fn fen_tag(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let l = l.trim();
        let v = l.strip_prefix("[FEN \"")?.strip_suffix("\"]")?;
        Some(v.to_string())
    })
}

/// The mainline SAN tokens of a simple game text (comments and numbers dropped), found
/// without the library's PGN reader. Enough for the shared files: no variations there.
fn san_tokens(text: &str) -> Vec<String> {
    let mut movetext = String::new();
    for l in text.lines() {
        if !l.trim_start().starts_with('[') {
            movetext.push_str(l);
            movetext.push('\n');
        }
    }
    let mut plain = String::new();
    let mut in_comment = false;
    for c in movetext.chars() {
        match c {
            '{' => in_comment = true,
            '}' => in_comment = false,
            c if !in_comment => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(|t| {
            let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            t.trim_end_matches(['!', '?']).to_string()
        })
        .filter(|t| !t.is_empty())
        .collect()
}

/// Castling rights as a sorted set of Shredder letters.
fn shredder_set(field: &str) -> Vec<char> {
    let mut v: Vec<char> = field.chars().filter(|&c| c != '-').collect();
    v.sort_unstable();
    v
}

/// Replays `text` with shakmaty (Chess960 castling) and returns its final FEN fields:
/// placement, turn, castling (as a sorted set of Shredder letters), halfmove, fullmove; and
/// the SAN shakmaty writes for each move.
fn shakmaty_replay(text: &str) -> (Vec<String>, Vec<char>, Vec<String>) {
    let fen = fen_tag(text)
        .unwrap_or_else(|| "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string());
    let setup: Fen = fen.parse().expect("shakmaty parses the FEN tag");
    let mut pos: Chess = setup
        .into_position(CastlingMode::Chess960)
        .expect("shakmaty accepts the position");
    let mut sans = Vec::new();
    for tok in san_tokens(text) {
        let san: SanPlus = tok
            .parse()
            .unwrap_or_else(|e| panic!("shakmaty SAN '{tok}': {e:?}"));
        let m = san
            .san
            .to_move(&pos)
            .unwrap_or_else(|e| panic!("shakmaty move '{tok}': {e:?}"));
        sans.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
    }
    let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
    let fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    let mut castling: Vec<char> = pos
        .castles()
        .castling_rights()
        .into_iter()
        .map(|sq| {
            let f = sq.file().char();
            if sq.rank() == shakmaty::Rank::First {
                f.to_ascii_uppercase()
            } else {
                f
            }
        })
        .collect();
    castling.sort_unstable();
    (fields, castling, sans)
}

fn sans_of(g: &Game) -> Vec<String> {
    g.entries()
        .iter()
        .filter_map(|e| match e {
            Entry::Move(pm) => Some(pm.san.as_str().to_owned()),
            Entry::Swap { .. } | Entry::Null { .. } => None,
        })
        .collect()
}

/// Replays every game of a file and checks it against shakmaty and the round trip;
/// returns the number of games and of moves.
fn replay_file(text: &str) -> (usize, usize) {
    let games = pgn::split_games(text);
    let mut moves = 0;
    for (i, g_text) in games.iter().enumerate() {
        let game = pgn::read(g_text).unwrap_or_else(|e| {
            panic!(
                "game {i}: {e}\n{}",
                g_text.chars().take(400).collect::<String>()
            )
        });
        assert_eq!(game.variant(), Variant::Chess960, "game {i}");
        let ours = game.fen(CastlingLetters::Shredder);
        let fields: Vec<&str> = ours.split(' ').collect();
        let (theirs, castling, their_sans) = shakmaty_replay(g_text);
        let ctx = || format!("game {i}: ours {ours}, shakmaty {}", theirs.join(" "));
        assert_eq!(fields.len(), 6, "{}", ctx());
        assert_eq!(fields[0], theirs[0], "placement, {}", ctx());
        assert_eq!(fields[1], theirs[1], "turn, {}", ctx());
        assert_eq!(shredder_set(fields[2]), castling, "castling, {}", ctx());
        assert_eq!(fields[3], theirs[3], "en passant, {}", ctx());
        assert_eq!(fields[4], theirs[4], "halfmoves, {}", ctx());
        assert_eq!(fields[5], theirs[5], "fullmoves, {}", ctx());
        let sans = sans_of(&game);
        assert_eq!(sans, their_sans, "SAN as written, game {i}");
        moves += sans.len();

        let written = pgn::write(&game);
        let again = pgn::read(&written).unwrap_or_else(|e| panic!("game {i} re-read: {e}"));
        assert_eq!(
            again.fen(CastlingLetters::XFen),
            game.fen(CastlingLetters::XFen),
            "round trip, game {i}"
        );
        assert_eq!(fen_of_start(&again), fen_of_start(&game), "start, game {i}");
        assert_eq!(sans_of(&again), sans, "round trip SAN, game {i}");
        assert_eq!(
            again.variant(),
            game.variant(),
            "round trip variant, game {i}"
        );
        assert_eq!(pgn::write(&again), written, "write is stable, game {i}");
        let wrapped = pgn::write_with(
            &game,
            &pgn::WriteOptions {
                max_width: 80,
                newline: "\n",
            },
        );
        // chess.js's rule checks the width before the space it adds: 81 at most.
        for line in wrapped.lines() {
            assert!(
                line.starts_with('[') || line.len() <= 81,
                "line too long: {line}"
            );
        }
        assert_eq!(
            sans_of(&pgn::read(&wrapped).unwrap()),
            sans,
            "wrapped, game {i}"
        );
    }
    (games.len(), moves)
}

fn fen_of_start(g: &Game) -> String {
    chess960::fen::to_fen(g.start(), CastlingLetters::Shredder)
}

#[test]
fn lichess_chess960_games_replay_like_shakmaty() {
    let (games, moves) = replay_file(LICHESS);
    assert_eq!(games, 647);
    assert!(moves > 30_000, "{moves} moves");
}

#[test]
fn cutechess_fischerrandom_games_replay_like_shakmaty() {
    let (games, _) = replay_file(CUTECHESS);
    assert_eq!(games, 4);
}

#[test]
fn kokopu_games_replay_with_every_castling_spelling() {
    let (games, _) = replay_file(KOKOPU);
    assert_eq!(games, 4);
    let all = pgn::split_games(KOKOPU);
    let empty = pgn::read(&all[3]).unwrap();
    assert!(empty.entries().is_empty());
    assert_eq!(
        empty.fen(CastlingLetters::Shredder),
        "rnkrbbnq/pppppppp/8/8/8/8/PPPPPPPP/RNKRBBNQ w DAda - 0 1"
    );
    assert_eq!(empty.header("Event"), Some("Event 2"));
}

#[test]
fn lichess_results_and_tags_are_kept() {
    let first = &pgn::split_games(LICHESS)[0];
    let g = pgn::read(first).unwrap();
    assert_eq!(g.header("Site"), Some("https://lichess.org/LE8yu7AO"));
    assert_eq!(g.header("GameId"), Some("LE8yu7AO"));
    let out = pgn::write(&g);
    assert!(out.starts_with("[Event \"Chess960 Revolution #1\"]\n[Site "));
    assert!(out.contains("[Result \"0-1\"]"));
    assert!(out.contains("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"nqrkrbbn/"));
    assert!(out.trim_end().ends_with("Nxf2+ 0-1"));
}

#[test]
fn standard_game_writes_seven_tag_roster_and_numbers() {
    let mut g = Game::new();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bb5"] {
        g.play_text(m).unwrap();
    }
    g.set_header("White", "A \"quoted\" \\ name").unwrap();
    let out = pgn::write(&g);
    assert_eq!(
        out,
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"A \\\"quoted\\\" \\\\ name\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
         1. e4 e5 2. Nf3 Nc6 3. Bb5 *"
    );
    let back = pgn::read(&out).unwrap();
    assert_eq!(back.header("White"), Some("A \"quoted\" \\ name"));
    assert_eq!(back.variant(), Variant::Standard);
    assert_eq!(
        back.fen(CastlingLetters::XFen),
        g.fen(CastlingLetters::XFen)
    );
}

#[test]
fn black_to_move_start_begins_with_ellipsis() {
    let mut g = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 30").unwrap();
    g.play_text("Kd7").unwrap();
    g.play_text("e4").unwrap();
    let out = pgn::write(&g);
    assert!(out.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]"));
    assert!(out.ends_with("\n30. ... Kd7 31. e4 *"), "{out}");
    let back = pgn::read(&out).unwrap();
    assert_eq!(
        back.fen(CastlingLetters::XFen),
        g.fen(CastlingLetters::XFen)
    );
}

#[test]
fn the_result_tag_is_the_callers_as_in_chessjs() {
    let mut g = Game::new();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(m).unwrap();
    }
    // chess.js leaves the Result tag to its caller, and so does `write`.
    let out = pgn::write(&g);
    assert!(out.contains("[Result \"*\"]"));
    assert!(out.ends_with("1. f3 e5 2. g4 Qh4# *"), "{out}");
    let back = pgn::read(&out).unwrap();
    assert_eq!(back.outcome(), g.outcome(), "the mate is on the board");
    // A result the caller records is written.
    let mut r = Game::new();
    r.play_text("e4").unwrap();
    r.resign(chess960::square::Color::Black);
    assert!(pgn::write(&r).ends_with("1. e4 1-0"));
}

#[test]
fn long_games_wrap_as_chessjs_wraps_them() {
    let mut g = Game::new();
    for _ in 0..12 {
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            g.play_text(m).unwrap();
        }
    }
    let out = pgn::write_with(
        &g,
        &pgn::WriteOptions {
            max_width: 80,
            newline: "\n",
        },
    );
    let movetext: Vec<&str> = out.lines().filter(|l| !l.starts_with('[')).collect();
    assert!(movetext.iter().filter(|l| !l.is_empty()).count() > 1);
    // As chess.js 1.4.0 wraps it: its width test comes before the space it adds, so the
    // second line has 81 characters (the JS differential suite compares many games).
    assert_eq!(
        movetext[2],
        "8. Ng1 Ng8 9. Nf3 Nf6 10. Ng1 Ng8 11. Nf3 Nf6 12. Ng1 Ng8 13. Nf3 Nf6 14. Ng1 Ng8"
    );
    assert!(movetext.iter().all(|l| l.len() <= 81));
    assert_eq!(sans_of(&pgn::read(&out).unwrap()), sans_of(&g));
}

#[test]
fn chess960_standard_array_keeps_its_variant() {
    let mut g = Game::chess960(518).unwrap();
    g.play_text("e4").unwrap();
    let out = pgn::write(&g);
    assert!(out.contains("[Variant \"Chess960\"]"));
    assert!(!out.contains("[FEN"));
    let back = pgn::read(&out).unwrap();
    assert_eq!(back.variant(), Variant::Chess960);
}

#[test]
fn chess9_game_round_trips_with_its_swaps() {
    let mut g = Game::chess9();
    g.swap(SwapChoice::King).unwrap();
    g.swap(SwapChoice::Queen).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6", "Qe2", "Qe7", "O-O", "O-O-O"] {
        g.play_text(m)
            .unwrap_or_else(|e| panic!("{m}: {e} in {}", g.fen(CastlingLetters::XFen)));
    }
    let out = pgn::write(&g);
    assert!(out.contains("[Variant \"Chess-9\"]"), "{out}");
    assert!(
        out.contains("[Chess9Swaps \"black:king white:queen\"]"),
        "{out}"
    );
    assert!(!out.contains("[FEN"));
    let back = pgn::read(&out).unwrap();
    assert_eq!(back.variant(), Variant::Chess9);
    assert_eq!(back.entries(), g.entries());
    assert_eq!(
        back.fen(CastlingLetters::XFen),
        g.fen(CastlingLetters::XFen)
    );

    // Partial swaps: only Black has chosen.
    let mut half = Game::chess9();
    half.swap(SwapChoice::None).unwrap();
    let back = pgn::read(&pgn::write(&half)).unwrap();
    assert_eq!(back.swap_pending(), Some(chess960::square::Color::White));

    // A Chess-9 game without its swaps cannot replay its moves.
    let err = pgn::read("[Variant \"Chess9\"]\n\n1. e4 *").unwrap_err();
    assert!(err.to_string().contains("'e4' at move 1"), "{err}");
}

#[test]
fn reader_skips_comments_variations_nags_and_escapes() {
    let text = "% escape line, ignored\n\
        [Event \"x\"]\n[Variant \"Fischer Random\"]\n\n\
        {opening} 1. e4 $1 e5!? (1... c5 2. Nf3 (2. c3 {deep (parens) in comment}) d6) \
        2.Nf3 ; rest of line ignored ) (\n\
        2... Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 0-0 6. Kh1?? {no} 1-0 trailing junk";
    let g = pgn::read(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        sans_of(&g),
        ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "d3", "O-O", "Kh1"]
    );
    assert_eq!(g.variant(), Variant::Chess960);
    // The Variant tag is the game's own: written as the rules it names.
    assert!(g.headers().contains(&("Variant".into(), "Chess960".into())));
}

#[test]
fn games_without_tags_and_without_results_split() {
    let text =
        "1. e4 e5 1-0\n1. d4 d5 0-1\n\n[Event \"a\"]\n1. c4 *\n[Event \"b\"]\n\n1. f4\n\n1. g3\n";
    let games = pgn::split_games(text);
    assert_eq!(games.len(), 5, "{games:?}");
    assert_eq!(sans_of(&pgn::read(&games[1]).unwrap()), ["d4", "d5"]);
    assert_eq!(pgn::read(&games[3]).unwrap().header("Event"), Some("b"));
    assert_eq!(sans_of(&pgn::read(&games[4]).unwrap()), ["g3"]);
    assert!(pgn::split_games("  \n\n ").is_empty());
    // An empty line inside a game's moves does not split it.
    let one = pgn::split_games("1. e4 e5\n\n2. Nf3 Nc6\n\n{note}\n\n3. Bb5");
    assert_eq!(one.len(), 1, "{one:?}");
    assert_eq!(sans_of(&pgn::read(&one[0]).unwrap()).len(), 5);
    assert_eq!(
        sans_of(&pgn::read("\u{feff}[Event \"bom\"]\n\n1. e4 *").unwrap()),
        ["e4"]
    );
    assert!(matches!(pgn::read(""), Err(PgnError::NoGame)));
}

#[test]
fn malformed_pgn_names_move_number_and_token() {
    let cases: &[(&str, &str)] = &[
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Nf6 *",
            "illegal move 'Nf6' at move 12 (black)",
        ),
        ("1. e4 e5 2. Qh5 Ke7 3. Nf3 Nc6 4. Ng5 Nf6 5. Nc3 Nd4 6. Nb5 d5 7. Nd5 *", "at move 7 (white)"),
        ("1. e4 e5 2. Nf3 d6 3. Nc3 c6 4. Nd5 cxd5 5. Ne4 *", "'Ne4' at move 5 (white)"),
        ("1. e4 Zz9 *", "invalid move 'Zz9' at move 1 (black)"),
        ("1. e4 d5 2. exd5 e6 3. dxe6 fxe6 4. Nc3 a6 5. Nge2 a5 6. Ng3 a4 7. Ne4 *", "ambiguous move 'Ne4' at move 7 (white)"),
        (
            "[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a8 *",
            "'a8' at move 1 (white)",
        ),
        ("[Event \"x\"\n1. e4 *", "tag on line 1"),
        ("[FEN \"garbage\"]\n1. e4 *", "invalid FEN tag"),
        ("[Variant \"Atomic\"]\n1. e4 *", "unsupported variant 'Atomic'"),
        ("1. e4 { never closed", "never closed"),
        ("[Variant \"Chess-9\"]\n[Chess9Swaps \"black:rook\"]\n*", "Chess9Swaps"),
    ];
    for (text, want) in cases {
        let err = pgn::read(text).expect_err(text);
        let msg = err.to_string();
        assert!(msg.contains(want), "{text}\n  got: {msg}\n  want: {want}");
    }
}

#[test]
fn mangled_pgn_never_panics() {
    let base = &pgn::split_games(CUTECHESS)[0];
    let bytes = base.as_bytes();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for s in [
        "}",
        "]",
        "1. e4 } e5 ] *",
        "[",
        "[A",
        "[A \"",
        "(",
        ")",
        "{",
        "%",
        ";",
        "$",
        "\\",
    ] {
        let _ = pgn::read(s);
        let _ = pgn::split_games(s);
    }
    for _ in 0..2_000 {
        let mut b = bytes.to_vec();
        for _ in 0..(next() % 8 + 1) {
            let i = (next() as usize) % b.len();
            match next() % 3 {
                0 => {
                    const CH: &[u8] = b"{}()[];$%\"\\ \n0-1*.Oox";
                    b[i] = CH[(next() as usize) % CH.len()];
                }
                1 => {
                    b.remove(i);
                }
                _ => b.truncate(i),
            }
            if b.is_empty() {
                break;
            }
        }
        let text = String::from_utf8_lossy(&b);
        let _ = pgn::read(&text);
        let _ = pgn::split_games(&text);
    }
}
