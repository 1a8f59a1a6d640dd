#![cfg(not(target_arch = "wasm32"))]
//! Can a side still mate (FIDE 6.9) and dead positions (5.2.2): constructed positions of
//! each kind, each with its reason, and property tests whose every answer is checked
//! against an independent, plain helpmate search on shakmaty's move generator.
//!
//! The independent checker knows no chess beyond shakmaty's legal moves: it walks every
//! position reachable from the root (a set of positions seen, nothing pruned) and reports
//! a mate, or none in the whole reachable set when it runs out of positions first; when
//! the reachable set is too large it searches every line to a fixed depth instead (a
//! transposition table remembers how deep a position was searched without a mate).

#[path = "support/invariants.rs"]
mod invariants;
#[path = "support/games.rs"]
mod shared;

use chess960::fen;
use chess960::fen::CastlingLetters;
use chess960::game::{Game, Reason};
use chess960::position::{Move, Position};
use chess960::setup::SwapChoice;
use chess960::square::Color;
use chess960::uci::{to_uci, CastlingNotation};
use chess960::unwinnable::{self, Answer, Judge, Limits, Order, Why};
use invariants::Rng;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::{HashMap, HashSet, VecDeque};

// ---------------------------------------------------------------------------------------
// The independent checker.

fn shak(p: &Position) -> Chess {
    let f: Fen = fen::to_fen(p, CastlingLetters::Shredder).parse().unwrap();
    // Random set-ups may hold more pawns than a game can, or a check no last move gives.
    match f.into_position(CastlingMode::Chess960) {
        Ok(p) => p,
        Err(e) => match e.ignore_too_much_material() {
            Ok(p) => p,
            Err(e) => e.ignore_impossible_check().unwrap(),
        },
    }
}

fn shak_color(c: Color) -> shakmaty::Color {
    match c {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    }
}

fn mated_by(p: &Chess, winner: shakmaty::Color) -> bool {
    p.turn() != winner && p.is_checkmate()
}

/// What the checker found.
#[derive(Debug, PartialEq, Eq)]
enum Truth {
    Mate,
    /// The whole reachable set holds no mate.
    NeverMate,
    /// No mate within this many plies (the reachable set was too large to walk).
    NoMateWithin(u32),
}

/// Walks every position reachable from `root`, breadth first: `Some(true)` at the first
/// mate by `winner`, `Some(false)` when the set is exhausted, `None` past `cap` positions.
fn reachable_mate(root: &Chess, winner: shakmaty::Color, cap: usize) -> Option<bool> {
    let mut seen: HashSet<Chess> = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(root.clone());
    queue.push_back(root.clone());
    while let Some(p) = queue.pop_front() {
        if mated_by(&p, winner) {
            return Some(true);
        }
        for m in p.legal_moves() {
            let mut c = p.clone();
            c.play_unchecked(m);
            if seen.insert(c.clone()) {
                if seen.len() > cap {
                    return None;
                }
                queue.push_back(c);
            }
        }
    }
    Some(false)
}

/// Whether `winner` mates within `depth` plies, every line searched.
fn mate_within(
    p: &Chess,
    winner: shakmaty::Color,
    depth: u32,
    tt: &mut HashMap<Chess, u32>,
) -> bool {
    if mated_by(p, winner) {
        return true;
    }
    if depth == 0 || tt.get(p).is_some_and(|&d| d >= depth) {
        return false;
    }
    for m in p.legal_moves() {
        let mut c = p.clone();
        c.play_unchecked(m);
        if mate_within(&c, winner, depth - 1, tt) {
            return true;
        }
    }
    tt.insert(p.clone(), depth);
    false
}

fn truth(p: &Position, winner: Color, cap: usize, depth: u32) -> Truth {
    let root = shak(p);
    let w = shak_color(winner);
    match reachable_mate(&root, w, cap) {
        Some(true) => Truth::Mate,
        Some(false) => Truth::NeverMate,
        None if mate_within(&root, w, depth, &mut HashMap::new()) => Truth::Mate,
        None => Truth::NoMateWithin(depth),
    }
}

/// The line is legal (by shakmaty) and ends in a mate by `winner`.
fn assert_mating_line(p: &Position, winner: Color, line: &[Move]) {
    let mut s = shak(p);
    for &m in line {
        let uci: UciMove = to_uci(m, CastlingNotation::KingOntoRook).parse().unwrap();
        let m = uci.to_move(&s).unwrap_or_else(|e| {
            panic!(
                "{uci} illegal in {}: {e}",
                fen::to_fen(p, CastlingLetters::Shredder)
            )
        });
        s.play_unchecked(m);
    }
    assert!(
        mated_by(&s, shak_color(winner)),
        "line from {} does not mate",
        fen::to_fen(p, CastlingLetters::Shredder)
    );
}

// ---------------------------------------------------------------------------------------
// Constructed positions.

fn pos(f: &str) -> Position {
    fen::parse(f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn answers(f: &str) -> [Answer; 2] {
    let p = pos(f);
    [
        unwinnable::analyse(&p, Color::White),
        unwinnable::analyse(&p, Color::Black),
    ]
}

/// Asserts both sides' answers and checks every one with the checker: "cannot" by a walk
/// of the whole reachable set (or all lines to 6 plies when it is too large), a mate by
/// replaying its line.
fn expect(f: &str, white: Option<Why>, black: Option<Why>) {
    let p = pos(f);
    for (c, want) in [(Color::White, white), (Color::Black, black)] {
        let got = unwinnable::analyse(&p, c);
        match (&got, want) {
            (Answer::Cannot(why), Some(w)) => {
                assert_eq!(*why, w, "{f} {c:?}");
                assert_ne!(
                    truth(&p, c, 300_000, 6),
                    Truth::Mate,
                    "{f} {c:?}: mate exists"
                );
            }
            (Answer::Mate(line), None) => assert_mating_line(&p, c, line),
            (Answer::Unknown, None) => {}
            _ => panic!("{f} {c:?}: {got:?}, expected {want:?}"),
        }
    }
    let dead = white.is_some() && black.is_some();
    assert_eq!(unwinnable::is_dead_position(&p), dead, "{f} dead");
}

#[test]
fn locked_wall_with_kings_only_is_dead() {
    // The example: no series of legal moves can ever mate.
    let wall = "8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/8/8 w - - 0 1";
    expect(wall, Some(Why::Locked), Some(Why::Locked));
    // A longer chain, pawns stacked behind their own blocked pawn, and pawns that can
    // still walk up to the block.
    expect(
        "8/2k5/8/p1p1p1p1/P1P1P1P1/8/4K3/8 b - - 0 1",
        Some(Why::Locked),
        Some(Why::Locked),
    );
    expect(
        "4k3/8/1p1p4/1P1Pp1p1/4P1P1/4P3/8/3K4 w - - 0 1",
        Some(Why::Locked),
        Some(Why::Locked),
    );
    expect(
        "4k3/1p6/8/1p1p1p1p/1P1P1P1P/8/1P5P/3K4 w - - 0 1",
        Some(Why::Locked),
        Some(Why::Locked),
    );
}

#[test]
fn wall_with_a_pawn_the_king_can_take_is_not_dead() {
    // The f5 pawn has no pawn guarding it: the white king walks in by g5 and takes it.
    let f = "8/8/3k4/1p1p1p2/1P1P1P2/8/8/4K3 w - - 0 1";
    expect(f, None, None);
    assert!(unwinnable::can_checkmate(&pos(f), Color::White));
    // A pawn that may capture another (c4 against d5) opens the wall.
    expect("8/8/3k4/3p1p1p/2PP1P1P/3K4/8/8 w - - 0 1", None, None);
    // A free pawn runs to promotion: its new piece can break the wall for either side.
    expect("8/6P1/3k4/1p1p1p1p/1P1P1P1P/3K4/8/8 w - - 0 1", None, None);
}

#[test]
fn bishops_behind_a_wall_that_can_never_attack_are_dead() {
    // A dark-squared bishop on White's side: the black king lives on ranks 6 to 8.
    expect(
        "8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/8/2B5 w - - 0 1",
        Some(Why::Locked),
        Some(Why::Locked),
    );
    // The same bishop beyond the wall attacks the king's squares, but every square it can
    // check on has a light flight it can never guard.
    expect(
        "8/6B1/3k4/1p1p1p1p/1P1P1P1P/3K4/8/8 w - - 0 1",
        Some(Why::Locked),
        Some(Why::Locked),
    );
    // A light-squared bishop can step onto c4, where the d5 pawn takes it: the wall opens.
    let open = answers("8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/2B5/8 w - - 0 1");
    assert!(open.iter().all(Answer::can));
}

/// Issue 23: walls that hold although a king may take some pawns, pieces shut in among
/// their pawns, a king held in place by the pawn in front of it.
#[test]
fn walls_with_pawns_that_may_be_taken_shut_in_pieces_and_held_kings() {
    // White's king may take the fifth-rank pawns; the second-rank pawns then walk up to
    // the sixth-rank wall, and nothing ever reaches the black king on the eighth rank.
    let f = "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
    // Each bishop never moves and guards its pawns for good: no king can take them.
    let f = "k7/8/3p1p2/3PbP2/3pBp2/3P1P2/8/5K2 b - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
    // White's king on a1 holds the a2 pawn, which guards b1: the king never moves, and
    // it guards b2 for good.
    let f = "3B4/8/4p3/3pP2k/2pP4/1pP5/pPb5/K7 w - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
    // Pieces in front of pawns, shut in: the c8 bishop and the e8 and g8 knights block the
    // c7, e7 and g7 pawns, which become walls, which shut the knights in (CHA's vectors).
    let f = "N1b1N1N1/1pPpPpPp/1P1P1P1P/8/8/8/8/K1k1B3 w - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
    // Facing pawns with room between them: the kings take them, a pawn runs, mates exist.
    expect("4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", None, None);
}

/// Pieces shut in by each other: every step of each lands on a wall or on another of
/// them, so none can move first. CHA's bishops on the last two ranks, and the same
/// shape turned round on Black's side, with the kings on the other side of the walls
/// and one bishop more (h2's only step is g1 and g3). Take one wall away and the
/// group is free.
#[test]
fn pieces_shut_in_by_each_other() {
    let f = "B1B1B1B1/pBpBpBpB/P1P1P1P1/8/8/8/8/k1K5 w - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
    let f = "8/8/8/K1k5/8/p1p1p1p1/PbPbPbPb/b1b1b1b1 b - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
    // Without the g3 pawn the g2 pawn runs, and the bishops come out behind it.
    expect(
        "8/8/8/K1k5/8/p1p1p3/PbPbPbPb/b1b1b1b1 b - - 0 1",
        None,
        None,
    );
}

/// A king whose only move is a step between two squares, with nothing else of its side
/// able to move: the other king never steps beside either square (that would stalemate,
/// or mate only by uncovering a check). In the first, White's king shuttles between h3
/// and h4: Black's king never takes h5 (from g5), and never guards h3 when Black's
/// bishop checks on h4. All are dead in CHA's vectors, and none was decided at once
/// before. Positions near them (a unit more or less, a king moved) are checked against
/// the plain search below.
#[test]
fn a_king_that_only_shuttles() {
    // (`expect` also checks each "cannot" against the plain search.)
    for f in SHUTTLES {
        expect(f, Some(Why::Locked), Some(Why::Locked));
    }
}

/// CHA's dead positions decided by the shuttle (a selection).
const SHUTTLES: [&str; 6] = [
    "8/8/7p/5p1P/5p1K/5Pp1/6P1/5kb1 b - - 0 1",
    "1k6/b7/7p/5p1P/5p2/5PpK/6P1/8 w - - 0 1",
    "8/1p6/1Pp5/k1P5/p1P5/P1K5/3B4/8 w - - 0 1",
    "k1b5/1p1pB3/1P1P4/2K5/8/8/8/8 b - - 0 1",
    "8/1p6/1PpB4/k1P5/p1P5/P7/5K2/8 w - - 0 1",
    "8/1p2B1B1/1PpB1B2/k1P1B3/p1P2B2/P7/5K2/8 w - - 0 1",
];

/// A position near one of [`SHUTTLES`]: a unit taken away or added, a king moved, or the
/// other side to move.
fn near_a_shuttle(r: &mut Rng) -> Option<Position> {
    let base = pos(SHUTTLES[r.below(SHUTTLES.len())]);
    let board: [char; 64] = core::array::from_fn(|i| {
        let sq = chess960::square::Square::from_index(i as u8);
        base.board().piece_at(sq).map_or(' ', |p| p.char())
    });
    let mut board = board;
    let mut white = base.turn() == Color::White;
    for _ in 0..1 + r.below(2) {
        match r.below(4) {
            0 => {
                let units: Vec<usize> = (0..64)
                    .filter(|&s| !matches!(board[s], ' ' | 'K' | 'k'))
                    .collect();
                board[units[r.below(units.len())]] = ' ';
            }
            1 => {
                let u = b"NBRQP"[r.below(5)] as char;
                let u = if r.below(2) == 0 {
                    u
                } else {
                    u.to_ascii_lowercase()
                };
                put_somewhere(r, &mut board, u);
            }
            2 => {
                let k = if r.below(2) == 0 { 'K' } else { 'k' };
                let at = board.iter().position(|&c| c == k)?;
                board[at] = ' ';
                put_somewhere(r, &mut board, k);
            }
            _ => white = !white,
        }
    }
    fen::parse(&fen_of(&board, white)).ok()
}

#[test]
fn near_shuttles_answers_agree_with_a_plain_search() {
    let n = run(near_a_shuttle, 0x5bd1_e995_0000_2026, 200, 50_000, 4);
    assert!(n.cannot_proved > 20, "{n:?}");
}

/// The per-move check also searches when no pawn can step forward now (more than four
/// units, pawns not locked: the c7 pawn has no pawn ahead, only a bishop that never
/// moves).
#[test]
fn the_per_move_check_searches_when_no_pawn_can_step() {
    let p = pos("k1bK4/1pPp4/1P1P4/8/8/8/8/8 w - - 0 1");
    assert!(!unwinnable::little_material(&p) && !unwinnable::locked::pawns_locked(&p));
    assert!(unwinnable::searchable(&p));
    assert!(unwinnable::is_dead_position(&p));
    // A pawn that can step, but Black has no move: the pieces are hemmed in, so the
    // search runs, and finds that every move of White's stalemates Black (no first move
    // gives check). Before the gate for hemmed pieces this was "not dead" at once.
    let p = pos("k1bK4/1pPp4/1P1P4/8/8/8/7P/8 w - - 0 1");
    assert!(unwinnable::searchable(&p) && unwinnable::is_dead_position(&p));
    // A free black knight: many moves on both sides, no search, not dead (the h pawn
    // queens and mates on a7).
    let p = pos("k1b5/1pPp4/1P1P4/8/4n3/8/7P/4K3 w - - 0 1");
    assert!(!unwinnable::searchable(&p) && !unwinnable::is_dead_position(&p));
    assert!(unwinnable::can_checkmate(&p, Color::White));
}

/// The per-move check searches where pieces are hemmed in by pawns (at most four pawns
/// can step, no rook or queen, a side with at most two moves): CHA's
/// `8/8/6p1/6P1/6PK/6P1/6PP/k7 w` (White's king shuffles between h3 and h4, and the h
/// pawn that may step shuts it in), where stage 2 gives up (the h pawn has no enemy pawn
/// ahead).
#[test]
fn the_per_move_check_searches_where_pieces_are_hemmed_in() {
    let p = pos("8/8/6p1/6P1/6PK/6P1/6PP/k7 w - - 0 1");
    assert!(!unwinnable::little_material(&p) && !unwinnable::locked::pawns_locked(&p));
    assert!(unwinnable::searchable(&p));
    assert!(unwinnable::is_dead_position(&p));
    // The same with a white rook: this gate stays shut where rooks or queens are (checks
    // in heavy endings would open it, and their searches stop at the bound), so the check
    // answers "not dead" at once (the full analysis may still prove it).
    let p = pos("7R/8/6p1/6P1/6PK/6P1/6PP/k7 w - - 0 1");
    assert!(!unwinnable::searchable(&p) && !unwinnable::is_dead_position(&p));
    // But where a side has one legal move (Black's king, with the rook on the b-file),
    // the search runs with a small bound whatever the material. Not dead: the king
    // walks out along the first rank and takes g2.
    let f = "1R6/8/6p1/6P1/6PK/6P1/6PP/k7 w - - 0 1";
    assert_eq!(
        unwinnable::search_limits(&pos(f)),
        Some(unwinnable::Limits::PER_MOVE)
    );
    expect(f, None, None);
}

/// The per-move check searches, with a small bound, where a side has one legal move,
/// whatever the material (CHA's test vectors): Black's king must take b7 and is then
/// stalemated or walled in; Black's king shuttles a1-a2 between two rooks until the
/// pawns lock.
#[test]
fn the_per_move_check_searches_where_a_side_has_one_move() {
    for f in [
        "k1q5/1Q6/K1P5/PP6/8/8/8/8 b - - 0 1",
        "8/8/p7/PP6/K7/1R6/1R6/k7 b - - 0 1",
    ] {
        assert_eq!(
            unwinnable::search_limits(&pos(f)),
            Some(unwinnable::Limits::PER_MOVE)
        );
        assert!(unwinnable::is_dead_position(&pos(f)), "{f}");
        for c in Color::ALL {
            assert!(!unwinnable::analyse(&pos(f), c).can(), "{f} {c:?}");
            assert_ne!(truth(&pos(f), c, 300_000, 6), Truth::Mate, "{f} {c:?}");
        }
    }
}

/// The mate-square test places the winner's king on one square at a time: it guards
/// flights from there only (CHA's test vectors).
#[test]
fn the_winners_king_guards_flights_from_one_square() {
    // Light bishops behind the wall: at every light square of the black king's region,
    // two dark flights, and White's king guards at most one.
    let f = "1k6/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/3K4 w - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
    // Both knights are shut in; White's dark bishop checks the black king on b8 or h8,
    // each with two light flights no square of White's king guards both of.
    let f = "k7/1p6/1Pp5/n1P5/N1p5/1pP5/1P6/K1B5 w - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
    let f = "4K3/2p1p3/2PbP3/2pBp3/2PbP3/2pBp3/2PbP3/4k3 b - - 0 1";
    expect(f, Some(Why::Locked), Some(Why::Locked));
}

#[test]
fn material_that_can_never_mate() {
    expect(
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        Some(Why::LoneKing),
        Some(Why::LoneKing),
    );
    expect(
        "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",
        Some(Why::Material),
        Some(Why::LoneKing),
    );
    // A lone knight against queens: the queen that could block takes the knight.
    expect("q7/8/8/4k3/8/8/8/4KN2 w - - 0 1", Some(Why::Material), None);
    // Bishops of one colour against rooks and queens.
    expect(
        "r7/8/8/4k3/8/8/8/2B1K1B1 w - - 0 1",
        Some(Why::Material),
        None,
    );
    expect(
        "8/8/2b5/4k3/8/8/8/4KB2 w - - 0 1",
        Some(Why::Material),
        Some(Why::Material),
    );
}

#[test]
fn knights_and_bishops_that_can_help_a_mate() {
    // Only helpmates: the loser's own piece or pawn blocks its king's flight.
    for f in [
        "8/8/8/4k3/8/8/4p3/4KN2 w - - 0 1",
        "8/8/8/4k3/8/8/2p5/4KB2 w - - 0 1",
        "8/8/8/3rk3/8/8/8/3NK3 w - - 0 1",
        "8/8/3b4/4k3/8/8/8/4KB2 w - - 0 1",
        "8/8/8/4k3/8/8/8/3NKN2 w - - 0 1",
        "8/8/2n5/4k3/8/8/8/4KB2 w - - 0 1",
    ] {
        let [white, _] = answers(f);
        let Answer::Mate(line) = white else {
            panic!("{f}: no mate found: {white:?}");
        };
        assert_mating_line(&pos(f), Color::White, &line);
        assert!(!unwinnable::is_dead_position(&pos(f)), "{f}");
    }
}

#[test]
fn mate_now_and_no_moves_now() {
    // Mated already: the winner "can".
    let [w, _] = answers("3k4/3Q4/3K4/8/8/8/8/8 b - - 0 1");
    assert_eq!(w, Answer::Mate(vec![]));
    // Stalemate: no move is left, so no mate ever.
    let [w, b] = answers("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(w, Answer::Cannot(Why::NoMoves));
    assert_eq!(b, Answer::Cannot(Why::LoneKing));
}

#[test]
fn forced_lines_into_dead_material_are_found_by_the_search() {
    // Black must take the queen (the only legal move), leaving White a lone knight.
    // (Black's lone knight against a queen is dead material already.)
    expect(
        "8/8/3Kn3/8/8/8/6Q1/7k b - - 6 139",
        Some(Why::Search),
        Some(Why::Material),
    );
}

#[test]
fn promotion_reopens_a_locked_position() {
    // White's g-pawn promotes: the new piece can break the wall.
    let f = "8/6P1/3k4/1p1p1p1p/1P1P1P1P/3K4/8/8 b - - 0 1";
    assert!(unwinnable::can_checkmate(&pos(f), Color::White));
    assert!(!unwinnable::is_dead_position(&pos(f)));
    // The same pawn blocked for good by a pawn in front of it is part of the wall.
    expect(
        "8/8/3k2p1/1p1p1pP1/1P1P1P2/3K4/8/8 w - - 0 1",
        Some(Why::Locked),
        Some(Why::Locked),
    );
}

#[test]
fn castling_rights_and_chess960_back_ranks_are_analysed() {
    // Rooks with castling rights behind a wall (Chess960 rights on b and g): the rooks
    // can reach squares the enemy pawns attack, so nothing is claimed dead.
    let f = "1r4rk/8/8/p1p1p1p1/P1P1P1P1/8/8/1R4RK w GBgb - 0 1";
    let p = pos(f);
    assert!(unwinnable::can_checkmate(&p, Color::White));
    assert!(unwinnable::can_checkmate(&p, Color::Black));
    assert!(!unwinnable::is_dead_position(&p));
    // Chess960 starts and Chess-9 (in its swap phase and after) are far from dead.
    let mut chess9 = Game::chess9();
    assert!(!chess9.is_dead_position());
    chess9.swap(SwapChoice::King).unwrap();
    chess9.swap(SwapChoice::Queen).unwrap();
    let mut games = vec![chess9];
    games.extend([0, 518, 959].map(|id| Game::chess960(id).unwrap()));
    for g in games {
        assert!(!g.is_dead_position());
        assert!(g.has_mating_material(Color::White));
        assert!(g.has_mating_material(Color::Black));
    }
}

#[test]
fn game_ends_at_the_move_that_makes_a_dead_position() {
    // White takes the last piece that could open the wall: dead at once.
    let mut g = Game::from_fen("8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/8/2n1R3 w - - 0 1").unwrap();
    assert!(!g.is_game_over());
    g.play_text("Rxc1").unwrap();
    assert!(!g.is_game_over(), "a rook still mates");
    let mut g = Game::from_fen("8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/3n4/8 w - - 0 1").unwrap();
    g.play_text("Kxd2").unwrap();
    assert!(g.is_dead_position());
    assert!(!g.is_insufficient_material(), "chess.js's meaning is kept");
    assert!(g.is_draw());
    assert!(g.is_game_over());
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (None, Reason::DeadPosition));
    assert_eq!(o.reason.name(), "dead-position");
    // Insufficient material keeps its own reason.
    let mut g = Game::from_fen("8/8/8/4k3/8/8/3n4/4K3 w - - 0 1").unwrap();
    g.play_text("Kxd2").unwrap();
    assert!(g.is_dead_position());
    assert_eq!(g.outcome().unwrap().reason, Reason::InsufficientMaterial);
}

#[test]
fn timeout_against_a_side_that_cannot_mate_is_a_draw() {
    // The wall: neither side can mate, so a flag fall would be a draw (here the
    // game is over already, by the dead position, and the timeout records nothing).
    let mut g = Game::from_fen("8/8/3k4/1p1p1p1p/1P1P1P1P/3K4/8/8 w - - 0 1").unwrap();
    assert!(!g.has_mating_material(Color::White));
    assert!(!g.has_mating_material(Color::Black));
    assert!(!g.timeout(Color::White));
    // King and knight against king and pawn can be won on time ...
    let mut g = Game::from_fen("8/8/8/4k3/8/8/4p3/4KN2 b - - 0 1").unwrap();
    assert!(g.timeout(Color::Black));
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Some(Color::White), Reason::Timeout));
    // ... king and knight against king and rook too (the rook blocks a flight) ...
    let mut g = Game::from_fen("8/8/8/4k3/8/8/8/r3KN2 w - - 0 1").unwrap();
    assert!(g.timeout(Color::Black));
    assert_eq!(g.outcome().unwrap().winner, Some(Color::White));
    // ... but not against king and queen: a draw.
    let mut g = Game::from_fen("8/8/8/4k3/8/8/8/q3KN2 w - - 0 1").unwrap();
    assert!(g.timeout(Color::Black));
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (None, Reason::TimeoutInsufficientMaterial)
    );
}

// ---------------------------------------------------------------------------------------
// Property tests.

/// A FEN from a board of 64 piece letters (space for empty).
fn fen_of(board: &[char; 64], white: bool) -> String {
    let mut f = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                ' ' => empty += 1,
                c => {
                    if empty > 0 {
                        f.push_str(&empty.to_string());
                        empty = 0;
                    }
                    f.push(c);
                }
            }
        }
        if empty > 0 {
            f.push_str(&empty.to_string());
        }
        if rank > 0 {
            f.push('/');
        }
    }
    f.push_str(if white { " w - - 0 1" } else { " b - - 0 1" });
    f
}

fn put_somewhere(r: &mut Rng, board: &mut [char; 64], ch: char) {
    loop {
        let s = r.below(64);
        let back_rank = !(8..56).contains(&s);
        if board[s] == ' ' && !(back_rank && ch.eq_ignore_ascii_case(&'p')) {
            board[s] = ch;
            return;
        }
    }
}

/// A random legal position with a few units besides the kings.
fn little_material(r: &mut Rng) -> Option<Position> {
    const UNITS: &[u8] = b"PPPNNNBBBRQ";
    let mut board = [' '; 64];
    put_somewhere(r, &mut board, 'K');
    put_somewhere(r, &mut board, 'k');
    for _ in 0..1 + r.below(4) {
        let u = UNITS[r.below(UNITS.len())] as char;
        let u = if r.below(2) == 0 {
            u
        } else {
            u.to_ascii_lowercase()
        };
        put_somewhere(r, &mut board, u);
    }
    fen::parse(&fen_of(&board, r.below(2) == 0)).ok()
}

/// A random locked pawn wall: head-to-head pairs across the files, their ranks a random
/// walk (a step of one keeps the chain protected; a level step or a gap may open it),
/// sometimes a pawn stacked behind or walking up to its block, the kings mostly each
/// behind its own pawns, and up to two pieces (bishops above all).
fn locked_structure(r: &mut Rng) -> Option<Position> {
    let mut board = [' '; 64];
    let mut wall = [0usize; 8];
    let mut rank = 1 + r.below(5);
    for file in 0..8 {
        if file > 0 {
            rank = match r.below(20) {
                0 => rank,
                1..=9 if rank < 5 => rank + 1,
                _ if rank > 1 => rank - 1,
                _ => rank + 1,
            };
        }
        if r.below(20) == 0 {
            continue; // a gap
        }
        wall[file] = rank;
        board[rank * 8 + file] = 'P';
        board[(rank + 1) * 8 + file] = 'p';
        match r.below(24) {
            0 if rank >= 2 => board[(rank - 1) * 8 + file] = 'P',
            1 if rank >= 3 => board[(rank - 2) * 8 + file] = 'P',
            2 if rank + 2 <= 6 => board[(rank + 2) * 8 + file] = 'p',
            3 if rank + 3 <= 6 => board[(rank + 3) * 8 + file] = 'p',
            _ => {}
        }
    }
    // Mostly no pawn that can take another.
    let contact = (8..56).any(|s| {
        board[s] == 'P'
            && [(s % 8 > 0).then(|| s + 7), (s % 8 < 7).then(|| s + 9)]
                .into_iter()
                .flatten()
                .any(|t| board[t] == 'p')
    });
    if contact && r.below(4) != 0 {
        return None;
    }
    let behind = r.below(10) != 0;
    for (king, white) in [('K', true), ('k', false)] {
        loop {
            let s = r.below(64);
            let (file, rank) = (s % 8, s / 8);
            // A gap's file takes its neighbour's rank.
            let w = match wall[file] {
                0 => wall[if file > 0 { file - 1 } else { 1 }],
                w => w,
            };
            let ok = !behind || w == 0 || (white && rank < w) || (!white && rank > w + 1);
            if board[s] == ' ' && ok {
                board[s] = king;
                break;
            }
        }
    }
    for _ in 0..r.below(3) {
        let u = b"BBBBNRQ"[r.below(7)] as char;
        let u = if r.below(2) == 0 {
            u
        } else {
            u.to_ascii_lowercase()
        };
        put_somewhere(r, &mut board, u);
    }
    let p = fen::parse(&fen_of(&board, r.below(2) == 0)).ok()?;
    p.has_legal_moves().then_some(p)
}

#[derive(Default, Debug)]
struct Counts {
    positions: usize,
    /// "Cannot" answers, proved by a walk of the whole reachable set / checked to depth.
    cannot_proved: usize,
    cannot_to_depth: usize,
    /// Mates found by our search, each line replayed.
    mate_lines: usize,
    /// "Unknown" answers the checker confirmed with a mate, or found no mate for at all.
    unknown_mate: usize,
    unknown_never: usize,
    unknown_unsure: usize,
    /// Positions the checker proved dead, and how many of them we called dead.
    dead_truth: usize,
    dead_found: usize,
    /// Sides the checker proved cannot mate, and how many we said cannot.
    cannot_truth: usize,
    cannot_found: usize,
    /// The same with the seed's rules alone: its material test for "cannot mate", and
    /// chess.js's insufficient material for the game's end.
    seed_cannot_found: usize,
    seed_dead_found: usize,
}

/// Every answer for both sides of `p` checked against the checker.
fn check(p: &Position, cap: usize, depth: u32, n: &mut Counts) {
    let f = fen::to_fen(p, CastlingLetters::Shredder);
    n.positions += 1;
    let mut never = [false; 2];
    for (i, c) in Color::ALL.into_iter().enumerate() {
        let ours = unwinnable::analyse(p, c);
        let t = truth(p, c, cap, depth);
        never[i] = t == Truth::NeverMate;
        if never[i] {
            n.cannot_truth += 1;
            n.cannot_found += usize::from(!ours.can());
            n.seed_cannot_found += usize::from(unwinnable::material::cannot(p, c).is_some());
        }
        match ours {
            Answer::Cannot(why) => {
                assert_ne!(
                    t,
                    Truth::Mate,
                    "unsound: {f} {c:?} {why:?}, but a mate exists"
                );
                if t == Truth::NeverMate {
                    n.cannot_proved += 1;
                } else {
                    n.cannot_to_depth += 1;
                }
            }
            Answer::Mate(line) => {
                assert_mating_line(p, c, &line);
                n.mate_lines += 1;
            }
            Answer::Unknown => match t {
                Truth::Mate => n.unknown_mate += 1,
                Truth::NeverMate => n.unknown_never += 1,
                Truth::NoMateWithin(_) => n.unknown_unsure += 1,
            },
        }
    }
    let dead = unwinnable::is_dead_position(p);
    if dead {
        assert!(
            !unwinnable::can_checkmate(p, Color::White)
                && !unwinnable::can_checkmate(p, Color::Black),
            "{f}: dead, but a side can mate"
        );
    }
    if never == [true, true] {
        n.dead_truth += 1;
        n.dead_found += usize::from(dead);
        n.seed_dead_found += usize::from(chess960::game::is_insufficient_material(p));
        if !dead && std::env::var("SHOW_MISSED").is_ok() {
            println!("missed dead: {f}");
        }
    }
}

fn run(
    gen: fn(&mut Rng) -> Option<Position>,
    seed: u64,
    count: usize,
    cap: usize,
    depth: u32,
) -> Counts {
    let mut r = Rng::new(seed);
    let mut n = Counts::default();
    while n.positions < count {
        if let Some(p) = gen(&mut r) {
            check(&p, cap, depth, &mut n);
            if n.positions % 250 == 0 {
                eprintln!("{} positions", n.positions);
            }
        }
    }
    println!("{n:#?}");
    n
}

#[test]
fn random_little_material_answers_agree_with_a_plain_search() {
    let n = run(little_material, 0x9e37_79b9_7f4a_7c15, 150, 20_000, 4);
    assert!(n.cannot_proved + n.cannot_to_depth > 20, "{n:?}");
    assert!(n.mate_lines > 100, "{n:?}");
}

#[test]
fn random_locked_structures_answers_agree_with_a_plain_search() {
    let n = run(locked_structure, 0x2545_f491_4f6c_dd1d, 150, 30_000, 4);
    assert!(n.cannot_proved > 20, "{n:?}");
}

/// Where little is left, the per-move bound (`Limits::PER_MOVE`, 64 positions) proves
/// "cannot" wherever four times as many positions do, on random positions with little
/// material and on 20 random plies from every classified position: a larger bound would
/// end no more dead positions there (CHA's vectors and ours are counted in
/// `agrees_with_cha_*`).
/// `PER_MOVE_RUN=1000000` runs more random ones.
#[test]
fn the_per_move_bound_proves_what_a_larger_one_does() {
    let count = std::env::var("PER_MOVE_RUN")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let larger = Limits {
        positions: 4 * Limits::PER_MOVE.positions,
        ..Limits::PER_MOVE
    };
    let (mut positions, mut searched, mut cannot) = (0, 0, 0);
    let mut check = |p: &Position| {
        positions += 1;
        if !unwinnable::little_material(p) {
            return;
        }
        for c in Color::ALL {
            if unwinnable::static_cannot(p, c).is_none() {
                searched += 1;
                let big = unwinnable::search::helpmate(p, c, larger).can();
                cannot += usize::from(!big);
                assert!(
                    big || !unwinnable::search::helpmate(p, c, Limits::PER_MOVE).can(),
                    "{} {c:?}: {} positions prove cannot, {} do not",
                    fen::to_fen(p, CastlingLetters::Shredder),
                    larger.positions,
                    Limits::PER_MOVE.positions
                );
            }
        }
    };
    let mut r = Rng::new(0x51f1_5eed_0bad_cafe);
    for _ in 0..count {
        if let Some(p) = little_material(&mut r) {
            check(&p);
        }
    }
    for mut p in shared::classified_positions() {
        for _ in 0..20 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.after(moves.as_slice()[r.below(moves.len())]);
            check(&p);
        }
    }
    println!("{positions} positions, {searched} searches, {cannot} cannot");
    assert!(
        searched > count / 2 && cannot > 40,
        "{searched} searches, {cannot} cannot"
    );
}

/// The per-move search takes positions in breadth order, the full one best first: within
/// the same bounds both must answer "can" or "cannot" alike (only the lines differ), on
/// the classified sets' positions (many decided by the search, many not within the bound)
/// and random ones with little material.
#[test]
fn a_search_answers_the_same_in_either_order() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data");
    let mut positions = Vec::new();
    for f in ["dead-positions.txt", "cha-test-vectors.txt"] {
        let text = std::fs::read_to_string(format!("{dir}/{f}")).unwrap();
        for (i, line) in text
            .lines()
            .filter(|l| !l.starts_with('#') && l.len() > 3)
            .enumerate()
        {
            if i % 4 == 0 {
                positions.push(pos(&line[3..]));
            }
        }
    }
    let mut r = Rng::new(0x5851_f42d_4c95_7f2d);
    while positions.len() < 1_100 {
        positions.extend(little_material(&mut r));
    }
    // A larger bound than the per-move one, so that more searches run out of positions.
    let breadth_first = Limits {
        positions: 2_000,
        ..Limits::PER_MOVE
    };
    let best_first = Limits {
        order: Order::BestFirst,
        ..breadth_first
    };
    // And every position judged by the static stages, as the full search judges them.
    let judging_every = Limits {
        judge: Judge::Every,
        ..breadth_first
    };
    let (mut cannot, mut mates, mut bound, mut only_every) = (0, 0, 0, 0);
    for p in &positions {
        for c in Color::ALL {
            if unwinnable::static_cannot(p, c).is_some() {
                continue;
            }
            let breadth = unwinnable::analyse_within(p, c, breadth_first);
            let best = unwinnable::analyse_within(p, c, best_first);
            let f = fen::to_fen(p, CastlingLetters::XFen);
            assert_eq!(breadth.can(), best.can(), "{f} {c:?}: {breadth:?} {best:?}");
            // Judging fewer positions expands more of them: a "cannot" stays one.
            let every = unwinnable::analyse_within(p, c, judging_every);
            assert!(breadth.can() || !every.can(), "{f} {c:?}: {every:?}");
            only_every += usize::from(breadth.can() && !every.can());
            match breadth {
                Answer::Cannot(_) => cannot += 1,
                Answer::Mate(line) => {
                    assert_mating_line(p, c, &line);
                    mates += 1;
                }
                Answer::Unknown => bound += 1,
            }
        }
    }
    assert!(
        cannot > 50 && mates > 50 && bound > 50,
        "{cannot} {mates} {bound}"
    );
    // (Judging every position proves a few more "cannot" within the same bound.)
    println!("{only_every} of {cannot} \"cannot\" only when judging every position");
    assert!(only_every <= cannot / 10, "{only_every} of {cannot}");
}

#[test]
#[ignore = "a few minutes; numbers recorded in docs/dead-positions.md"]
fn big_run_little_material() {
    run(little_material, 0x1234_5678_9abc_def1, 500, 100_000, 5);
}

#[test]
#[ignore = "a few minutes; numbers recorded in docs/dead-positions.md"]
fn big_run_locked_structures() {
    run(locked_structure, 0x0fed_cba9_8765_4321, 600, 100_000, 5);
}

#[test]
fn a_search_cut_short_by_its_bounds_answers_can() {
    // Proved dead by the search with room to run ...
    let p = pos("8/8/3Kn3/8/8/8/6Q1/7k b - - 6 139");
    let full = Limits::FULL;
    assert_eq!(
        unwinnable::analyse_within(&p, Color::White, full),
        Answer::Cannot(Why::Search)
    );
    // ... but "can" when a bound stops it first, in positions or in depth.
    for tight in [
        Limits {
            positions: 1,
            ..full
        },
        Limits { depth: 0, ..full },
    ] {
        assert_eq!(
            unwinnable::analyse_within(&p, Color::White, tight),
            Answer::Unknown
        );
    }
    // The opening, far too big to search: "can", within the bound.
    let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let tiny = Limits {
        positions: 10,
        depth: 3,
        ..full
    };
    assert!(unwinnable::analyse_within(&start, Color::White, tiny).can());
}

/// The per-move check leans on what the search proved for the position before
/// (`unwinnable::Reached`): its answers must be exactly those of a search every time, in
/// the order positions come in play (the shared games, then random playouts into the
/// endgame, where most moves can be taken back and the record is used most).
#[test]
fn per_move_check_with_its_record_answers_as_a_search_every_time() {
    let mut sequences: Vec<Vec<Position>> = Vec::new();
    let text = shared::text().unwrap();
    for g in chess960::pgn::games(&text) {
        if let Ok(game) = chess960::pgn::read(g) {
            sequences.push(
                (1..=game.ply_count())
                    .filter_map(|i| game.position_at(i).copied())
                    .collect(),
            );
        }
    }
    assert_eq!(sequences.len(), 655);
    let mut rng = Rng::new(0x5eed_0fde);
    for _ in 0..150 {
        let mut p = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut line = Vec::new();
        for _ in 0..300 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.after(moves.as_slice()[rng.below(moves.len())]);
            line.push(p);
        }
        sequences.push(line);
    }
    let (mut positions, mut searched, mut dead) = (0, 0, 0);
    for line in &sequences {
        for p in line {
            let want = unwinnable::is_dead_position_uncached(p);
            assert_eq!(
                unwinnable::is_dead_position(p),
                want,
                "{}",
                fen::to_fen(p, CastlingLetters::XFen)
            );
            positions += 1;
            dead += usize::from(want);
            searched += usize::from(unwinnable::searchable(p));
        }
    }
    // Enough endgames for the record to matter.
    assert!(
        searched > 5_000 && dead > 50,
        "{positions} positions, {searched} searched, {dead} dead"
    );
}

// ---------------------------------------------------------------------------------------
// Agreement with CHA (the Chess Unwinnability Analyzer) on classified sets.

/// What our answers on a classified set came to against CHA's verdicts.
#[derive(Default, Debug)]
struct Agreement {
    positions: usize,
    /// (position, side) answers equal to CHA's, of `2 * positions`.
    sides: usize,
    /// Positions whose both answers equal CHA's.
    exact: usize,
    /// "Cannot" where CHA says the side can: must stay 0.
    unsound: usize,
    /// Positions CHA calls dead, and how many of them `is_dead_position` ends at once.
    dead: usize,
    dead_at_once: usize,
    /// "Cannot" answers, each checked against the plain search.
    cannot: usize,
}

/// Reads a set (`XY FEN` lines, `#` comments) and compares every answer with CHA's; every
/// "cannot" is also checked against the plain helpmate search (no mate within `cap`
/// positions walked or `depth` plies).
fn agreement(file: &str, cap: usize, depth: u32) -> Agreement {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data");
    let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
    let show = std::env::var("SHOW_DISAGREEMENTS").is_ok();
    let mut n = Agreement::default();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (verdict, f) = line.split_at(2);
        let p = pos(f.trim());
        n.positions += 1;
        let mut exact = true;
        let mut mine = String::new();
        for (c, cha_can) in Color::ALL
            .into_iter()
            .zip(verdict.chars().map(|v| v != '-'))
        {
            let ours = unwinnable::analyse(&p, c);
            mine.push(match &ours {
                Answer::Mate(_) => 'M',
                Answer::Unknown => '?',
                Answer::Cannot(_) => '-',
            });
            if ours.can() == cha_can {
                n.sides += 1;
            } else {
                exact = false;
                n.unsound += usize::from(cha_can);
            }
            if !ours.can() {
                n.cannot += 1;
                assert_ne!(
                    truth(&p, c, cap, depth),
                    Truth::Mate,
                    "unsound: {f} {c:?} {ours:?}, but a mate exists"
                );
            }
            if let Answer::Mate(line) = &ours {
                assert_mating_line(&p, c, line);
            }
        }
        n.exact += usize::from(exact);
        let dead = unwinnable::is_dead_position(&p);
        assert!(
            !dead || verdict == "--",
            "{f}: dead, but CHA says {verdict}"
        );
        if verdict == "--" {
            n.dead += 1;
            n.dead_at_once += usize::from(dead);
        }
        if show && (!exact || (verdict == "--" && !dead)) {
            println!("{verdict} {mine} {f} (dead at once: {dead})");
        }
    }
    println!("{file}: {n:#?}");
    n
}

#[test]
fn agrees_with_cha_on_our_classified_set() {
    let n = agreement("dead-positions.txt", 2_000, 3);
    assert_eq!(n.unsound, 0, "{n:?}");
    assert_eq!(n.positions, 1_754, "{n:?}");
    assert!(n.exact >= 1_754 && n.sides >= 3_508, "{n:?}");
    assert!(n.dead_at_once >= 28, "{n:?}");
}

#[test]
fn agrees_with_cha_on_its_test_vectors() {
    let n = agreement("cha-test-vectors.txt", 2_000, 3);
    assert_eq!(n.unsound, 0, "{n:?}");
    assert_eq!(n.positions, 1_803, "{n:?}");
    assert!(n.exact >= 1_800 && n.sides >= 3_603, "{n:?}");
    assert!(n.dead_at_once >= 713, "{n:?}");
}
