//! Garbage in, errors out: thousands of random and mangled strings fed to every parser
//! and to the game's text inputs. Nothing may panic, and a refused call leaves the game
//! exactly as it was (FEN, history length, side to move, outcome).

#[path = "support/invariants.rs"]
mod invariants;

use chess960::fen;
use chess960::game::Game;
use chess960::san;
use chess960::setup;
use chess960::square::{Role, Square};
use chess960::uci;
use invariants::{snapshot, Rng};

const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'x', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'K',
    'Q', 'R', 'N', 'P', 'k', 'q', 'r', 'n', 'p', 'w', 'O', 'o', '0', '1', '2', '3', '4', '5', '6',
    '7', '8', '9', '-', '=', '+', '#', '!', '?', '/', ' ', '\t', '\n', ':', '.', '\0', 'é', 'ß',
    '♔', '♞', '\u{200b}', '\u{ffff}', '𝄞', '\u{7f}',
];

const SEEDS: &[&str] = &[
    fen::STANDARD_FEN,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3",
    "4k3/8/8/8/8/8/8/R3K1RR w GA - 0 1",
    "e4",
    "exd5",
    "Nf3",
    "Nbd7",
    "R1a3",
    "Qh4e1",
    "e8=Q+",
    "a8Q",
    "O-O",
    "O-O-O#",
    "0-0",
    "e2e4",
    "e1g1",
    "e1h1",
    "e7e8q",
    "a7a8n",
    "E2E4",
    "RNBQKBNR",
    "BBQNNRKR",
    "RKRNNQBB",
    "rnbqkbnr",
];

fn random_char(rng: &mut Rng) -> char {
    ALPHABET[rng.below(ALPHABET.len())]
}

/// A random string, or a seed with a few random edits (insert, delete, replace, swap,
/// duplicate, truncate), the kind of input a typo or a fuzzer makes.
fn garbage(rng: &mut Rng) -> String {
    if rng.below(4) == 0 {
        let n = rng.below(24);
        return (0..n).map(|_| random_char(rng)).collect();
    }
    let mut s: Vec<char> = SEEDS[rng.below(SEEDS.len())].chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(s.len() + 1);
        match rng.below(6) {
            0 => s.insert(at, random_char(rng)),
            1 if at < s.len() => {
                s.remove(at);
            }
            2 if at < s.len() => s[at] = random_char(rng),
            3 if at + 1 < s.len() => s.swap(at, at + 1),
            4 if at < s.len() => {
                let c = s[at];
                s.insert(at, c);
            }
            5 => s.truncate(at),
            _ => {}
        }
    }
    s.into_iter().collect()
}

/// Games in a few states: start, mid-game, Chess960, Chess-9 swap phase, checkmated.
fn games(rng: &mut Rng) -> Vec<Game> {
    let mut out = vec![
        Game::new(),
        Game::chess960(rng.below(960) as u16).unwrap(),
        Game::chess9(),
        Game::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap(),
    ];
    let mut mated = Game::new();
    for m in ["f3", "e5", "g4", "Qh4#"] {
        mated.play_text(m).unwrap();
    }
    out.push(mated);
    let mut mid = Game::chess960(rng.below(960) as u16).unwrap();
    for _ in 0..30 {
        let legal = mid.legal_moves();
        if legal.is_empty() {
            break;
        }
        mid.play(legal.as_slice()[rng.below(legal.len())]).unwrap();
    }
    out.push(mid);
    out
}

#[test]
fn parsers_reject_garbage_without_panicking() {
    let mut rng = Rng::new(1);
    let positions: Vec<_> = games(&mut rng).iter().map(|g| *g.position()).collect();
    for _ in 0..20_000 {
        let s = garbage(&mut rng);
        if let Ok(p) = fen::parse(&s) {
            invariants::check_fen_round_trip(&p);
        }
        let _ = setup::id_of_str(&s);
        let _ = uci::parse_parts(&s);
        let _ = Square::parse(&s);
        let pos = &positions[rng.below(positions.len())];
        let legal = pos.legal_moves();
        if let Ok(m) = san::parse_san(pos, &s, &legal) {
            assert!(legal.contains(m), "SAN '{s}' gave an illegal move");
        }
        if let Ok(m) = uci::parse_uci(pos, &s, &legal) {
            assert!(legal.contains(m), "UCI '{s}' gave an illegal move");
        }
    }
}

#[test]
fn refused_text_moves_leave_the_game_unchanged() {
    let mut rng = Rng::new(2);
    let mut games = games(&mut rng);
    for _ in 0..20_000 {
        let s = garbage(&mut rng);
        let i = rng.below(games.len());
        let g = &mut games[i];
        let before = snapshot(g);
        match g.play_text(&s) {
            Ok(_) => {
                assert_eq!(g.entries().len(), before.plies + 1, "'{s}'");
                g.undo();
                assert_eq!(snapshot(g), before, "undo after '{s}'");
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                assert_eq!(snapshot(g), before, "refused '{s}' changed the game");
            }
        }
        if let Some(c) = setup::SwapChoice::parse(&s) {
            if g.swap(c).is_ok() {
                g.undo();
            }
            assert_eq!(snapshot(g), before, "swap '{s}' then undo");
        }
    }
}

#[test]
fn every_board_input_resolves_without_panicking() {
    let mut rng = Rng::new(3);
    let mut games = games(&mut rng);
    let squares: Vec<Square> = (0..64).filter_map(Square::new).collect();
    for g in &mut games {
        let before = snapshot(g);
        for &from in &squares {
            for &to in &squares {
                let _ = g.resolve(from, to);
                for promo in [None, Some(Role::Queen), Some(Role::King)] {
                    if g.play_input(from, to, promo).is_ok() {
                        g.undo();
                    }
                    assert_eq!(snapshot(g), before, "{from}-{to} {promo:?}");
                }
            }
        }
    }
}

#[test]
fn back_ranks_and_ids_reject_garbage() {
    let mut rng = Rng::new(4);
    for _ in 0..20_000 {
        let s = garbage(&mut rng);
        if let Ok(id) = setup::id_of_str(&s) {
            assert_eq!(
                setup::back_rank_string(id).unwrap(),
                s.to_ascii_uppercase(),
                "'{s}'"
            );
        }
    }
    for id in 960..=u16::MAX {
        assert!(setup::back_rank(id).is_err());
        assert!(Game::chess960(id).is_err());
        assert!(Game::double_chess960(id, 0).is_err());
    }
    // Random permutations of the eight pieces: exactly the 960 valid ones are accepted.
    let mut accepted = std::collections::HashSet::new();
    for _ in 0..40_000 {
        let mut p: Vec<char> = "RNBQKBNR".chars().collect();
        for i in (1..8).rev() {
            p.swap(i, rng.below(i + 1));
        }
        let s: String = p.into_iter().collect();
        if let Ok(id) = setup::id_of_str(&s) {
            assert_eq!(setup::back_rank_string(id).unwrap(), s);
            accepted.insert(id);
        }
    }
    assert!(accepted.len() > 900, "{}", accepted.len());
}
