//! Invariants of a game in progress, shared by `tests/properties.rs` and the `playout`
//! and `resolve` fuzz targets (included there with `#[path]`), so that `cargo test` and
//! the fuzzer check exactly the same things.
//!
//! Every check panics with a message naming the position (FEN) and what disagreed.

#![allow(dead_code)]

use chess960::fen;
use chess960::fen::CastlingLetters;
use chess960::game::{Entry, Game, Input, PlayError, Reason};
use chess960::movegen::MoveList;
use chess960::position::{Move, MoveKind, Position, RepetitionKey};
use chess960::resolve::{self, Resolution};
use chess960::san;
use chess960::setup::{self, SwapChoice};
use chess960::square::{Color, Role, Square};
use chess960::uci::{self, CastlingNotation};

/// A small deterministic generator (xorshift64*), enough for test games.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15 | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// Uniform enough in `0..n` for test games (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    pub fn byte(&mut self) -> u8 {
        (self.next_u64() >> 56) as u8
    }
}

/// What must survive a rejected call unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub fen: String,
    pub shredder: String,
    pub plies: usize,
    pub turn: Color,
    pub outcome: Option<(Option<Color>, Reason)>,
}

pub fn snapshot(g: &Game) -> Snapshot {
    Snapshot {
        fen: g.fen(CastlingLetters::XFen),
        shredder: g.fen(CastlingLetters::Shredder),
        plies: g.entries().len(),
        turn: g.turn(),
        outcome: g.outcome().map(|o| (o.winner, o.reason)),
    }
}

/// FEN out, FEN in, FEN out again: identical, in X-FEN and in Shredder-FEN, and either
/// form reads back to the same position.
pub fn check_fen_round_trip(pos: &Position) {
    let xfen = fen::to_fen(pos, CastlingLetters::XFen);
    let shredder = fen::to_fen(pos, CastlingLetters::Shredder);
    for text in [&xfen, &shredder] {
        let back = fen::parse(text).unwrap_or_else(|e| panic!("own FEN {text} rejected: {e}"));
        assert_eq!(
            fen::to_fen(&back, CastlingLetters::XFen),
            xfen,
            "X-FEN round trip of {text}"
        );
        assert_eq!(
            fen::to_fen(&back, CastlingLetters::Shredder),
            shredder,
            "Shredder round trip of {text}"
        );
        assert_eq!(
            back.repetition_key(),
            pos.repetition_key(),
            "position read back from {text} differs"
        );
    }
}

/// Every legal move's SAN and UCI (both castling forms) read back to that move, and every
/// legal move is what a board input for it resolves to.
pub fn check_notation(game: &Game) {
    let pos = game.position();
    let legal = game.legal_moves();
    let fen = fen::to_fen(pos, CastlingLetters::XFen);
    if let Some(&m) = legal.as_slice().first() {
        assert_eq!(
            game.resolve(m.from(), m.to()),
            Input::Resolved(resolve::resolve(&legal, m.from(), m.to())),
            "Game::resolve in {fen}"
        );
    }
    for &m in legal.iter() {
        let s = san::to_san(pos, m, &legal);
        assert_eq!(
            san::parse_san(pos, &s, &legal),
            Ok(m),
            "SAN {s} does not read back in {fen}"
        );
        assert_eq!(game.parse_move(&s), Ok(m), "Game::parse_move({s}) in {fen}");

        let onto_rook = uci::to_uci(m, CastlingNotation::KingOntoRook);
        assert_eq!(
            uci::parse_uci(pos, &onto_rook, &legal),
            Ok(m),
            "UCI {onto_rook} does not read back in {fen}"
        );
        let to_dest = uci::to_uci(m, CastlingNotation::KingToDestination);
        let read = uci::parse_uci(pos, &to_dest, &legal);
        // King to g/c is an ordinary king step too when the king stands next to its
        // destination; UCI then means the step (castling is written king onto rook).
        let step = legal
            .iter()
            .copied()
            .find(|o| !o.is_castle() && o.from() == m.from() && o.to() == m.king_to());
        match (m.is_castle(), step) {
            (true, Some(step)) => assert_eq!(read, Ok(step), "UCI {to_dest} in {fen}"),
            _ => assert_eq!(read, Ok(m), "UCI {to_dest} does not read back in {fen}"),
        }

        check_resolves_to(game, &legal, m, &fen);
    }
}

fn check_resolves_to(game: &Game, legal: &MoveList, m: Move, fen: &str) {
    // `Game::resolve` is this plus the swap phase; the move list is shared to keep the
    // property test fast. The wrapper itself is checked once per position.
    let resolved = |from: Square, to: Square| resolve::resolve(legal, from, to);
    let _ = game;
    if let Some(side) = m.castling_side() {
        assert_eq!(
            resolved(m.from(), m.to()),
            Resolution::Castle(m),
            "king onto rook {m:?} in {fen}"
        );
        if m.king_to() != m.from() {
            match resolved(m.from(), m.king_to()) {
                Resolution::Castle(c) => assert_eq!(c, m, "king to g/c in {fen}"),
                Resolution::Ambiguous { castle, king_move } => {
                    assert_eq!(castle, m, "ambiguous castle in {fen}");
                    assert!(!king_move.is_castle() && king_move.from() == m.from());
                    assert_eq!(king_move.to(), m.king_to(), "ambiguous king step in {fen}");
                }
                other => panic!("king to g/c resolves to {other:?} in {fen}"),
            }
        } else {
            assert_eq!(
                resolved(m.to(), side.rook_to(m.from().rank())),
                Resolution::Castle(m),
                "rook-only castling input in {fen}"
            );
        }
        return;
    }
    match (resolved(m.from(), m.to()), m.kind()) {
        (Resolution::Move(r), MoveKind::Normal | MoveKind::EnPassant) => {
            assert_eq!(r, m, "board input {m:?} in {fen}")
        }
        (Resolution::Promotion(ms), MoveKind::Promotion(_)) => {
            assert!(ms.contains(&m), "promotion {m:?} missing in {fen}");
            assert_eq!(ms.len(), 4, "four promotions in {fen}");
        }
        // A king step that is also castling's king trip is rule 2's ambiguity.
        (Resolution::Ambiguous { king_move, .. }, MoveKind::Normal) => {
            assert_eq!(king_move, m, "ambiguous king step in {fen}")
        }
        (other, _) => panic!("board input {m:?} resolves to {other:?} in {fen}"),
    }
}

/// The positions of the game in order, rebuilt from the start position and the record:
/// only the positions of play (the swap phase's positions before the last swap are not
/// positions of the game).
pub fn replay(game: &Game) -> Vec<Position> {
    let mut pos = *game.start();
    let mut out = vec![pos];
    for e in game.entries() {
        match e {
            Entry::Swap { color, choice } => {
                setup::apply_swap(&mut pos, color, choice);
                out.clear();
                out.push(pos);
            }
            Entry::Move(pm) => {
                assert_eq!(
                    pm.before, pos,
                    "record's position before {} differs",
                    pm.san
                );
                pos = pos.after(pm.mv);
                out.push(pos);
            }
            Entry::Null { .. } => panic!("the invariant tests play no null moves"),
        }
    }
    assert_eq!(&pos, game.position(), "replayed record ends elsewhere");
    out
}

/// The halfmove clock, counted afresh: plies since the last capture or pawn move (on top
/// of the start position's clock when there was none).
pub fn naive_halfmoves(game: &Game) -> u32 {
    let mut clock = game.start().halfmoves();
    for e in game.entries() {
        if let Entry::Move(pm) = e {
            if pm.role == Role::Pawn || pm.captured.is_some() {
                clock = 0;
            } else {
                clock += 1;
            }
        }
    }
    clock
}

fn key_count(keys: &[RepetitionKey], key: &RepetitionKey) -> usize {
    keys.iter().filter(|k| *k == key).count()
}

/// The first automatic result of the record, found by looking at each position of play
/// from scratch (mate, stalemate, insufficient material, other dead positions, threefold, fifty
/// moves, in that order).
pub fn naive_first_result(game: &Game, positions: &[Position]) -> Option<(Option<Color>, Reason)> {
    let swaps = game.entries().len() + 1 - positions.len();
    let first_judged = if swaps > 0 { 1 } else { 0 };
    let keys: Vec<RepetitionKey> = positions.iter().map(Position::repetition_key).collect();
    for (i, (pos, key)) in positions.iter().zip(&keys).enumerate().skip(first_judged) {
        let result = if !pos.has_legal_moves() {
            if pos.is_check() {
                Some((Some(pos.turn().other()), Reason::Checkmate))
            } else {
                Some((None, Reason::Stalemate))
            }
        } else if chess960::game::is_insufficient_material(pos) {
            Some((None, Reason::InsufficientMaterial))
        } else if chess960::unwinnable::is_dead_position(pos) {
            Some((None, Reason::DeadPosition))
        } else if key_count(&keys[..=i], key) >= 3 {
            Some((None, Reason::ThreefoldRepetition))
        } else if pos.halfmoves() >= 100 {
            Some((None, Reason::FiftyMoves))
        } else {
            None
        };
        if result.is_some() {
            return result;
        }
    }
    None
}

/// The repetition and fifty-move state agree with a recount from the record, and so does
/// the automatic result.
pub fn check_counters(game: &Game) {
    if game.swap_pending().is_some() {
        return;
    }
    let positions = replay(game);
    let pos = game.position();
    let fen = fen::to_fen(pos, CastlingLetters::XFen);
    assert_eq!(
        pos.halfmoves(),
        naive_halfmoves(game),
        "halfmove clock in {fen}"
    );
    assert_eq!(
        game.is_fifty_moves(),
        pos.halfmoves() >= 100,
        "fifty moves in {fen}"
    );
    let keys: Vec<RepetitionKey> = positions.iter().map(Position::repetition_key).collect();
    let reps = key_count(&keys, &pos.repetition_key());
    assert_eq!(
        game.is_threefold_repetition(),
        reps >= 3,
        "threefold ({reps}) in {fen}"
    );
    let automatic = game.outcome().map(|o| (o.winner, o.reason));
    assert_eq!(
        automatic,
        naive_first_result(game, &positions),
        "outcome in {fen}"
    );
    assert_eq!(game.is_game_over(), automatic.is_some());
    assert_eq!(game.is_draw(), automatic.is_some_and(|(w, _)| w.is_none()));
}

/// Plays `m` and takes it back: everything is as before.
pub fn check_undo(game: &mut Game, m: Move) {
    let before = snapshot(game);
    let played = game
        .play(m)
        .unwrap_or_else(|e| panic!("legal move refused: {e}"));
    assert_eq!(game.entries().len(), before.plies + 1);
    match game.undo() {
        Some(Entry::Move(pm)) => assert_eq!(pm, played, "undo returns another move"),
        other => panic!("undo returned {other:?}"),
    }
    assert_eq!(snapshot(game), before, "undo does not restore the game");
}

/// The move counter perft uses at the leaves' parents, which repeats the generator's
/// rules rather than calling it, counts exactly the legal moves.
pub fn check_count(pos: &Position) {
    assert_eq!(
        pos.count_legal(),
        pos.legal_moves().len() as u64,
        "count_legal disagrees with the move list in {}",
        fen::to_fen(pos, CastlingLetters::Shredder)
    );
}

/// All the invariants of the position the game is in.
pub fn check_game(game: &mut Game) {
    check_fen_round_trip(game.position());
    check_count(game.position());
    check_counters(game);
    if game.swap_pending().is_none() {
        check_notation(game);
    }
}

/// One move of a playout, by a chosen input path; all paths must agree.
pub fn play_by(game: &mut Game, m: Move, how: u8) {
    let before = snapshot(game);
    let legal = game.legal_moves();
    let pos = *game.position();
    let text = match how % 4 {
        0 => san::to_san(&pos, m, &legal),
        1 => uci::to_uci(m, CastlingNotation::KingOntoRook),
        _ => String::new(),
    };
    let result = match how % 4 {
        0 | 1 => game.play_text(&text),
        2 => match game.play_input(m.from(), m.to(), m.promotion()) {
            // A king stepping next to its rook where castling lands it too: ask again
            // the unambiguous way, as a board would after its prompt.
            Err(PlayError::AmbiguousCastle { .. }) => game.play(m),
            r => r,
        },
        _ => game.play(m),
    };
    match result {
        Ok(pm) => assert_eq!(pm.mv, m, "input path {} played another move", how % 4),
        Err(e) => {
            assert_eq!(snapshot(game), before, "a refused move changed the game");
            panic!("legal move {m:?} ({text}) refused by path {}: {e}", how % 4);
        }
    }
}

/// The start of a playout: standard, a Chess960 array, Double Chess960 or Chess-9 (with
/// its swaps), chosen by three bytes.
pub fn start_game(next: &mut impl FnMut() -> u8) -> Game {
    let id = |a: u8, b: u8| (u16::from(a) << 8 | u16::from(b)) % 960;
    match next() % 8 {
        0 => Game::new(),
        1 => Game::chess9(),
        2 | 3 => Game::double_chess960(id(next(), next()), id(next(), next()))
            .unwrap_or_else(|e| panic!("{e}")),
        _ => Game::chess960(id(next(), next())).unwrap_or_else(|e| panic!("{e}")),
    }
}

/// A whole game driven by `next` (each call one byte; `None` ends the game), checking
/// every invariant after every step. Occasionally takes a move back.
pub fn playout(mut next: impl FnMut() -> Option<u8>, max_plies: usize) {
    let mut game = start_game(&mut || next().unwrap_or(0));
    let mut plies = 0;
    while plies < max_plies {
        let Some(b) = next() else {
            break;
        };
        if game.swap_pending().is_some() {
            let choice = SwapChoice::ALL[usize::from(b) % 3];
            let before = game.entries().len();
            game.swap(choice)
                .unwrap_or_else(|e| panic!("swap refused: {e}"));
            assert_eq!(game.entries().len(), before + 1);
            check_game(&mut game);
            continue;
        }
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        // One byte in sixteen takes the last step back (when there is one).
        if b >> 4 == 0xf && !game.entries().is_empty() {
            let snap_len = game.entries().len();
            game.undo();
            assert_eq!(game.entries().len(), snap_len - 1);
            check_game(&mut game);
            continue;
        }
        let m = legal.as_slice()[usize::from(b) % legal.len()];
        check_undo(&mut game, m);
        play_by(&mut game, m, b >> 2);
        plies += 1;
        check_game(&mut game);
    }
}
