#![cfg(not(target_arch = "wasm32"))]
//! Differential test against shakmaty (a dev-dependency oracle, never a runtime one):
//! random playouts from random Chess-9, Chess960 and asymmetric Double-Chess960 starts
//! must agree on the legal move set, check / mate / stalemate and the FEN after every
//! move.

use chess960::fen::CastlingLetters;
use chess960::game::Game;
use chess960::setup::{self, SwapChoice};
use chess960::uci::{to_uci, CastlingNotation};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn oracle(fen: &str) -> Chess {
    let f: Fen = fen
        .parse()
        .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"));
    f.into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"))
}

fn rook_squares(ours: &chess960::position::Position) -> Vec<u32> {
    let mut v = Vec::new();
    for c in chess960::square::Color::ALL {
        for side in chess960::castling::CastlingSide::ALL {
            if let Some(r) = ours.castles().rook(c, side) {
                v.push(r.index() as u32);
            }
        }
    }
    v.sort();
    v
}

/// Compares one position; returns the number of positions checked (1).
fn compare(g: &Game, theirs: &Chess) {
    let pos = g.position();
    let fen = g.fen(CastlingLetters::Shredder);
    let mut ours_moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| to_uci(m, CastlingNotation::KingOntoRook))
        .collect();
    let mut their_moves: Vec<String> = theirs
        .legal_moves()
        .iter()
        .map(|m| UciMove::from_move(*m, CastlingMode::Chess960).to_string())
        .collect();
    ours_moves.sort();
    their_moves.sort();
    assert_eq!(ours_moves, their_moves, "legal moves differ in {fen}");
    assert_eq!(g.is_check(), theirs.is_check(), "check differs in {fen}");
    assert_eq!(
        g.is_checkmate(),
        theirs.is_checkmate(),
        "mate differs in {fen}"
    );
    assert_eq!(
        g.is_stalemate(),
        theirs.is_stalemate(),
        "stalemate differs in {fen}"
    );
    let their_fen = Fen::from_position(theirs, EnPassantMode::Legal).to_string();
    let a: Vec<&str> = fen.split(' ').collect();
    let b: Vec<&str> = their_fen.split(' ').collect();
    for i in [0, 1, 3, 4, 5] {
        assert_eq!(
            a[i], b[i],
            "FEN field {i} differs: ours {fen}, shakmaty {their_fen}"
        );
    }
    let mut their_rooks: Vec<u32> = theirs
        .castles()
        .castling_rights()
        .into_iter()
        .map(u32::from)
        .collect();
    their_rooks.sort();
    assert_eq!(
        rook_squares(pos),
        their_rooks,
        "castling differs in {fen} / {their_fen}"
    );
}

fn playout(mut g: Game, rng: &mut Rng, max_plies: usize) -> usize {
    let mut theirs = oracle(&g.fen(CastlingLetters::Shredder));
    let mut n = 0;
    for _ in 0..max_plies {
        compare(&g, &theirs);
        n += 1;
        let legal = g.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal.as_slice()[rng.below(legal.len())];
        let uci: UciMove = to_uci(m, CastlingNotation::KingOntoRook).parse().unwrap();
        let tm = uci.to_move(&theirs).unwrap();
        theirs.play_unchecked(tm);
        g.play(m).unwrap();
        // FEN round trip through our own parser.
        let f = g.fen(CastlingLetters::XFen);
        assert_eq!(Game::from_fen(&f).unwrap().fen(CastlingLetters::XFen), f);
    }
    n
}

#[test]
fn agrees_with_shakmaty_on_100k_positions_from_random_starts() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    let mut games = 0;
    while positions < 100_000 {
        let g = match games % 3 {
            0 => {
                let mut g = Game::chess9();
                g.swap(SwapChoice::ALL[rng.below(3)]).unwrap();
                g.swap(SwapChoice::ALL[rng.below(3)]).unwrap();
                g
            }
            1 => Game::chess960(rng.below(960) as u16).unwrap(),
            _ => Game::double_chess960(rng.below(960) as u16, rng.below(960) as u16).unwrap(),
        };
        positions += playout(g, &mut rng, 300);
        games += 1;
    }
    assert!(games > 100);
}

#[test]
fn agrees_with_shakmaty_on_the_start_arrays_perft() {
    for id in (0..960).step_by(37) {
        let g = Game::chess960(id).unwrap();
        let theirs = oracle(&g.fen(CastlingLetters::Shredder));
        assert_eq!(g.perft(3), shakmaty::perft(&theirs, 3), "id {id}");
    }
    let _ = setup::STANDARD_ID;
}
