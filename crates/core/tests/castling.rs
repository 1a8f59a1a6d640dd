#![cfg(not(target_arch = "wasm32"))]
//! Castling in all its forms and the board-input resolution of SPEC §1.

use chess960::fen;
use chess960::fen::CastlingLetters;
use chess960::game::{Game, Input};
use chess960::resolve::Resolution;
use chess960::square::Square;

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn game(f: &str) -> Game {
    Game::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn resolved(g: &Game, from: &str, to: &str) -> Resolution {
    match g.resolve(sq(from), sq(to)) {
        Input::Resolved(r) => r,
        Input::Swap(s) => panic!("unexpected swap {s:?}"),
    }
}

fn castle_then_fen(f: &str, from: &str, to: &str) -> String {
    let mut g = game(f);
    match resolved(&g, from, to) {
        Resolution::Castle(m) => {
            g.play(m).unwrap();
        }
        other => panic!("{from}{to} in {f} is {other:?}, not castling"),
    }
    g.fen(CastlingLetters::XFen)
}

#[test]
fn standard_double_move_castling_by_king_to_g1_or_onto_rook() {
    let f = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let after = "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1";
    assert_eq!(castle_then_fen(f, "e1", "g1"), after);
    assert_eq!(castle_then_fen(f, "e1", "h1"), after);
    let after_q = "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1";
    assert_eq!(castle_then_fen(f, "e1", "c1"), after_q);
    assert_eq!(castle_then_fen(f, "e1", "a1"), after_q);
}

#[test]
fn transposition_castling_king_and_rook_trade_places() {
    // King f1, castling rook g1: O-O puts the king on g1 and the rook on f1.
    let f = "4k3/8/8/8/8/8/8/5KR1 w G - 0 1";
    assert_eq!(
        castle_then_fen(f, "f1", "g1"),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
}

#[test]
fn king_on_g1_castles_kingside_by_rook_move_only() {
    let f = "4k3/8/8/8/8/8/8/6KR w K - 0 1";
    assert_eq!(
        castle_then_fen(f, "h1", "f1"),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
    assert_eq!(
        castle_then_fen(f, "g1", "h1"),
        "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"
    );
}

#[test]
fn king_on_c1_castles_queenside_by_rook_move() {
    // The Chess-9 king swap puts the king on c1 with both castling rights.
    let f = "r3k2r/8/8/8/8/8/8/R1K4R w KQkq - 0 1";
    assert_eq!(
        castle_then_fen(f, "a1", "d1"),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );
    // and kingside the king travels c1 → g1
    assert_eq!(
        castle_then_fen(f, "c1", "g1"),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
}

#[test]
fn king_step_to_g1_with_rook_on_h1_is_ambiguous() {
    let g = game("4k3/8/8/8/8/8/8/5K1R w K - 0 1");
    match resolved(&g, "f1", "g1") {
        Resolution::Ambiguous { castle, king_move } => {
            assert!(castle.is_castle());
            assert!(!king_move.is_castle());
            assert_eq!(king_move.to(), sq("g1"));
        }
        other => panic!("expected ambiguous, got {other:?}"),
    }
    // King onto its own rook is always castling.
    assert!(matches!(resolved(&g, "f1", "h1"), Resolution::Castle(_)));
}

#[test]
fn queenside_king_step_to_c1_is_ambiguous_too() {
    let g = game("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1");
    assert!(matches!(
        resolved(&g, "d1", "c1"),
        Resolution::Ambiguous { .. }
    ));
}

#[test]
fn ordinary_moves_promotions_and_illegal_inputs() {
    let g = game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(matches!(resolved(&g, "e1", "e2"), Resolution::Move(_)));
    match resolved(&g, "a7", "a8") {
        Resolution::Promotion(ms) => assert_eq!(ms.len(), 4),
        other => panic!("{other:?}"),
    }
    assert_eq!(resolved(&g, "e1", "e3"), Resolution::Illegal);
    assert_eq!(resolved(&g, "h8", "h7"), Resolution::Illegal);
}

#[test]
fn castling_rook_uncovering_an_attack_on_the_king_square_is_illegal() {
    // King c1, castling rook b1, black rook a1: after O-O-O the rook leaves b1 and the
    // king on c1 would stand in check from a1.
    let p = fen::parse("4k3/8/8/8/8/8/8/rRK5 w B - 0 1").unwrap();
    assert!(p.legal_moves().iter().all(|m| !m.is_castle()));
    // Without the black rook it is legal, and only the rook moves.
    let p = fen::parse("4k3/8/8/8/8/8/8/1RK5 w B - 0 1").unwrap();
    assert_eq!(p.legal_moves().iter().filter(|m| m.is_castle()).count(), 1);
}

#[test]
fn no_castling_through_check_or_out_of_check() {
    // Black rook on f8 covers f1: no O-O; O-O-O still fine.
    let g = game("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    let castles: Vec<_> = g
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .copied()
        .collect();
    assert_eq!(castles.len(), 1);
    assert_eq!(castles[0].to(), sq("a1"));
    // In check: none.
    let g = game("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1");
    assert!(g.legal_moves().iter().all(|m| !m.is_castle()));
}

#[test]
fn dests_include_both_castling_inputs_and_the_rook_only_input() {
    let g = game("4k3/8/8/8/8/8/8/6KR w K - 0 1");
    let d = g.dests();
    let of = |s: &str| {
        d.iter()
            .find(|(f, _)| *f == sq(s))
            .map(|(_, v)| *v)
            .unwrap_or_default()
    };
    assert!(of("g1").contains(sq("h1")));
    assert!(of("h1").contains(sq("f1")));
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let d = g.dests();
    let e1 = d.iter().find(|(f, _)| *f == sq("e1")).unwrap().1;
    for s in ["g1", "h1", "c1", "a1", "f1", "d1"] {
        assert!(e1.contains(sq(s)), "{s} missing from {e1:?}");
    }
}

/// The board inputs `dests()` offers are exactly: every legal move's from→to (castling
/// as king onto rook), castling as king to g/c when the king travels, and the rook's
/// move when it does not. Checked against the move list over random games.
#[test]
fn dests_match_the_legal_moves_over_random_games() {
    use chess960::bitboard::Bitboard;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut rand = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut checked = 0;
    for game in 0..300 {
        let mut g = if game % 2 == 0 {
            Game::chess960(rand(960) as u16).unwrap()
        } else {
            let mut c = Game::chess9();
            for _ in 0..2 {
                let choice = chess960::setup::SwapChoice::ALL[rand(3)];
                c.swap(choice).unwrap();
            }
            c
        };
        for _ in 0..80 {
            let legal = g.legal_moves();
            let mut want = [Bitboard::EMPTY; 64];
            for &m in legal.iter() {
                want[m.from().index()] = want[m.from().index()].with(m.to());
                if let Some(side) = m.castling_side() {
                    if m.king_to() != m.from() {
                        want[m.from().index()] = want[m.from().index()].with(m.king_to());
                    } else {
                        let r = m.to();
                        want[r.index()] = want[r.index()].with(side.rook_to(r.rank()));
                    }
                }
            }
            assert_eq!(
                g.dests_by_square(),
                want,
                "{}",
                g.fen(CastlingLetters::XFen)
            );
            checked += 1;
            if legal.is_empty() {
                break;
            }
            g.play(legal.as_slice()[rand(legal.len())]).unwrap();
        }
    }
    assert!(checked > 10_000);
}
