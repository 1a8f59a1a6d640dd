//! Property tests: thousands of random games (standard, Chess960, Double Chess960 and
//! Chess-9) with every invariant checked after every step, the same checks the
//! `playout` fuzz target runs. Deterministic: a fixed xorshift seed per game.
//!
//! Invariants: FEN round trip (X-FEN and Shredder-FEN); undo restores the exact state;
//! SAN and UCI (both castling forms) of every legal move read back to that move; every
//! legal move is what its board input resolves to; the halfmove clock, threefold
//! repetition and the automatic result agree with a recount from the record.

#[path = "support/invariants.rs"]
mod invariants;

use chess960::fen::CastlingLetters;
use chess960::game::{Game, Reason};
use invariants::{check_game, playout, Rng};

fn random_games(seeds: core::ops::Range<u64>) {
    for seed in seeds {
        let mut rng = Rng::new(seed);
        let len = 20 + rng.below(130);
        let mut left = len + 8;
        playout(
            move || {
                left = left.checked_sub(1)?;
                Some(rng.byte())
            },
            len,
        );
    }
}

// Two halves so that the test harness runs them side by side.
#[test]
fn random_games_keep_every_invariant_1() {
    random_games(0..1000);
}

#[test]
fn random_games_keep_every_invariant_2() {
    random_games(1000..2000);
}

/// Found by the property test: SAN "B6b7" (a bishop, disambiguated by rank) also reads
/// as UCI b6b7 when capitals are allowed in UCI; SAN must win.
#[test]
fn capital_b_san_is_a_bishop_move_not_uci() {
    let g = Game::from_fen("B4k2/6R1/BQ6/3ppP2/P5R1/7r/3K4/Bb1n4 w - - 0 55").unwrap();
    let m = g.parse_move("B6b7").unwrap();
    assert_eq!(m.from().to_string(), "a6");
    assert_eq!(m.to().to_string(), "b7");
    assert_eq!(g.parse_move("b6b7").unwrap().from().to_string(), "b6");
    // Capital UCI that is not SAN is still read.
    let g = Game::new();
    assert_eq!(g.parse_move("E2E4").unwrap(), g.parse_move("e2e4").unwrap());
}

/// Knight shuffles reach threefold repetition and long games reach the fifty-move rule:
/// the recount must see what the game sees, at the ply it happens.
#[test]
fn shuffling_games_reach_repetition_and_fifty_moves() {
    for id in [0u16, 518, 959, 123] {
        let mut g = Game::chess960(id).unwrap();
        let knights: Vec<_> = g
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| {
                g.position().board().role_at(m.from()) == Some(chess960::square::Role::Knight)
            })
            .collect();
        let out = knights[0];
        let mut plies = 0;
        while g.outcome().is_none() && plies < 40 {
            let m = if plies % 4 < 2 {
                // Out: the first knight move of the side to move.
                let legal = g.legal_moves();
                *legal
                    .iter()
                    .find(|m| {
                        g.position().board().role_at(m.from())
                            == Some(chess960::square::Role::Knight)
                    })
                    .unwrap()
            } else {
                // Back: the knight that just moved returns.
                let back = match g.entries()[g.entries().len() - 2] {
                    chess960::game::Entry::Move(ref pm) => pm.mv,
                    _ => unreachable!(),
                };
                chess960::position::Move::new(back.to(), back.from(), back.kind())
            };
            g.play(m).unwrap();
            plies += 1;
            check_game(&mut g);
        }
        let _ = out;
        assert_eq!(
            g.outcome().map(|o| o.reason),
            Some(Reason::ThreefoldRepetition),
            "array {id}"
        );
        assert_eq!(plies, 8, "array {id}");
    }
    // Fifty moves: rooks and kings wandering, no capture, no pawn.
    let mut g = Game::from_fen("r3k3/8/8/8/8/8/8/4K2R w - - 90 80").unwrap();
    let mut rng = Rng::new(7);
    while g.outcome().is_none() {
        let legal = g.legal_moves();
        let quiet: Vec<_> = legal
            .iter()
            .copied()
            .filter(|m| !g.position().board().occupied().contains(m.to()))
            .collect();
        let m = quiet[rng.below(quiet.len())];
        g.play(m).unwrap();
        check_game(&mut g);
    }
    assert!(matches!(
        g.outcome().map(|o| o.reason),
        Some(
            Reason::FiftyMoves
                | Reason::ThreefoldRepetition
                | Reason::Checkmate
                | Reason::Stalemate
        )
    ));
}

/// Random positions from FEN (reached by random play, then written and read again) keep
/// the invariants too, with the game starting from the FEN.
#[test]
fn games_from_fen_keep_every_invariant() {
    let mut rng = Rng::new(42);
    for _ in 0..300 {
        let mut g = invariants::start_game(&mut || rng.byte());
        for _ in 0..rng.below(60) {
            if g.swap_pending().is_some() {
                g.swap(chess960::setup::SwapChoice::ALL[rng.below(3)])
                    .unwrap();
                continue;
            }
            let legal = g.legal_moves();
            if legal.is_empty() {
                break;
            }
            g.play(legal.as_slice()[rng.below(legal.len())]).unwrap();
        }
        let letters = if rng.below(2) == 0 {
            CastlingLetters::Shredder
        } else {
            CastlingLetters::XFen
        };
        let mut from_fen = Game::from_fen(&g.fen(letters)).unwrap();
        check_game(&mut from_fen);
        for _ in 0..20 {
            let legal = from_fen.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal.as_slice()[rng.below(legal.len())];
            invariants::check_undo(&mut from_fen, m);
            invariants::play_by(&mut from_fen, m, rng.byte());
            check_game(&mut from_fen);
        }
    }
}

/// The moves to a square (what reading a move's text and a board input look at) are the
/// legal moves to that square plus every castling move, in random games' positions,
/// kings in and out of check, for every square: the generator limits the king's steps
/// to the square, and nothing else.
#[test]
fn the_moves_to_a_square_are_the_legal_moves_there_and_the_castlings() {
    use chess960::bitboard::Bitboard;
    use chess960::square::Square;
    let mut checked = 0;
    for seed in 0..200 {
        let mut rng = Rng::new(seed);
        let mut pos = *Game::chess960((seed * 7 % 960) as u16).unwrap().position();
        for _ in 0..60 {
            let all = pos.legal_moves();
            if all.is_empty() {
                break;
            }
            for i in 0..64 {
                let sq = Square::from_index(i);
                let mut want: Vec<_> = all
                    .iter()
                    .copied()
                    .filter(|m| m.is_castle() || m.to() == sq)
                    .collect();
                let mut got: Vec<_> = pos
                    .legal_moves_to(Bitboard::from_square(sq))
                    .iter()
                    .copied()
                    .collect();
                want.sort_by_key(|m| (m.from().u8(), m.to().u8(), m.promotion()));
                got.sort_by_key(|m| (m.from().u8(), m.to().u8(), m.promotion()));
                assert_eq!(
                    got,
                    want,
                    "{} to {sq}",
                    chess960::fen::to_fen(&pos, CastlingLetters::XFen)
                );
                checked += 1;
            }
            pos = pos.after(all.as_slice()[rng.below(all.len())]);
        }
    }
    assert!(checked > 500_000, "{checked}");
}
