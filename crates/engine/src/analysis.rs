//! Analysis: several lines at once ([`Engine::analyse`]) and a whole game's review
//! ([`Engine::review`]), with each move graded as lichess grades it ([`judge`]).
//!
//! Scores here are from the side to move's point of view, as in the search; the wasm
//! boundary turns them to White's ([`white_view`]).

use super::hash;
use super::search::{Engine, Limits, Line, Score, MATE, MATE_BOUND};
use chess960::game::{self as rules, Game};
use chess960::position::{Move, Position};
use chess960::square::Color;

/// The lines of one completed iteration, best first, with distinct first moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The iteration the lines come from (0: none completed).
    pub depth: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    pub lines: Vec<Line>,
}

/// How bad a move was, by the winning chances it gave away (lichess's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgment {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgment {
    pub const fn name(self) -> &'static str {
        match self {
            Judgment::Inaccuracy => "inaccuracy",
            Judgment::Mistake => "mistake",
            Judgment::Blunder => "blunder",
        }
    }
}

/// One graded ply of a review.
#[derive(Clone, Debug, PartialEq)]
pub struct PlyReview {
    /// 1 for the first move after the start position (Chess-9 swaps do not count).
    pub ply: usize,
    /// The move played; `None` for a null move.
    pub played: Option<Move>,
    /// The position before it.
    pub before: Position,
    /// The evaluation after the move, from the side to move's (the opponent's) view, as
    /// the search gives it: centipawns or `±(MATE - plies)`.
    pub raw_after: i32,
    /// The evaluation after the move, from White's point of view.
    pub score: Score,
    /// The engine's move in the position before (`None` only where there was none).
    pub best: Option<Move>,
    pub judgment: Option<Judgment>,
}

/// `score`, from the point of view of the side to move in a position with `turn` to
/// move, as White sees it.
pub fn white_view(turn: Color, score: Score) -> Score {
    match (turn, score) {
        (Color::White, s) => s,
        (Color::Black, Score::Cp(cp)) => Score::Cp(-cp),
        (Color::Black, Score::Mate(n)) => Score::Mate(-n),
    }
}

/// lichess's winning chances of a side with `cp` centipawns, from -1 (lost) to +1 (won):
/// 2 / (1 + e^(-0.00368208·cp)) - 1, the curve lichess fitted to its players' results
/// (docs/engine.md says why we use its constant).
pub fn winning_chances(cp: i32) -> f64 {
    const K: f64 = 0.003_682_08;
    let x = (-K * f64::from(cp)).exp();
    (2.0 / (1.0 + x) - 1.0).clamp(-1.0, 1.0)
}

/// Our centipawns on Stockfish's scale. lichess's curve and thresholds were fitted to
/// Stockfish's centipawns; ours measured 0.78 times Stockfish 15.1's on the 378
/// positions of five lichess games, both at 150,000 nodes (docs/engine.md), so a
/// centipawn of ours is 1.28 of Stockfish's.
pub const STOCKFISH_SCALE: f64 = 1.28;

/// `cp` of ours as Stockfish's centipawns ([`STOCKFISH_SCALE`]).
pub fn as_stockfish(cp: i32) -> i32 {
    (f64::from(cp) * STOCKFISH_SCALE).round() as i32
}

/// The grade of a move from the evaluations before and after it, both from the
/// mover's point of view (centipawns, or mate scores beyond [`MATE_BOUND`]): lichess's
/// rules on centipawns put on Stockfish's scale ([`as_stockfish`]). Between two
/// centipawn scores, the drop in winning chances: 0.1 an inaccuracy, 0.2 a mistake,
/// 0.3 a blunder. A move into a forced mate, or one that lets a forced mate go, by the
/// centipawns on the other side: beyond 999 an inaccuracy, beyond 700 a mistake, else
/// a blunder. A slower mate is not graded.
pub fn judge(before: i32, after: i32) -> Option<Judgment> {
    let is_mate = |s: i32| s.abs() >= MATE_BOUND;
    let by_cp = |cp: i32| {
        let cp = as_stockfish(cp);
        Some(if cp > 999 {
            Judgment::Inaccuracy
        } else if cp > 700 {
            Judgment::Mistake
        } else {
            Judgment::Blunder
        })
    };
    match (is_mate(before), is_mate(after)) {
        (false, false) => {
            let drop = winning_chances(as_stockfish(before)) - winning_chances(as_stockfish(after));
            if drop >= 0.3 {
                Some(Judgment::Blunder)
            } else if drop >= 0.2 {
                Some(Judgment::Mistake)
            } else if drop >= 0.1 {
                Some(Judgment::Inaccuracy)
            } else {
                None
            }
        }
        // Into a mate: graded by how bad the position was already.
        (false, true) if after < 0 => by_cp(-before),
        // A mate let go: graded by how good the position still is.
        (true, false) if before > 0 => by_cp(after),
        (true, true) if before > 0 && after < 0 => by_cp(0),
        _ => None,
    }
}

/// The keys of the first `upto` positions that can repeat the position at
/// `upto` (since its last capture or pawn move), oldest first.
fn history_of<'a>(keys: &'a [u64], upto: usize, pos: &Position) -> &'a [u64] {
    let window = pos.halfmoves() as usize;
    let from = upto.saturating_sub(window);
    keys.get(from..upto).unwrap_or_default()
}

/// Whether the game's last position (key last in `keys`) is drawn by the rules: the
/// fifty-move rule, too little material, or a threefold repetition.
fn drawn(pos: &Position, keys: &[u64]) -> bool {
    let repeated = keys.iter().filter(|&&k| Some(&k) == keys.last()).count();
    pos.halfmoves() >= 100 || rules::is_insufficient_material(pos) || repeated >= 3
}

impl Engine {
    /// The best `limits.multipv` lines (1 to the number of legal moves) of `game`'s
    /// position, searched together: each iteration searches the best line, then the best
    /// with its first move excluded, and so on, in one tree and one table.
    /// `on_depth` hears of each completed iteration's lines.
    pub fn analyse(
        &mut self,
        game: &Game,
        limits: &Limits,
        on_depth: &mut dyn FnMut(&Analysis),
    ) -> Analysis {
        let want = limits.multipv.clamp(1, game.legal_moves().len().max(1));
        let mut current: Vec<Line> = Vec::new();
        let mut last: Option<Analysis> = None;
        let result = self.best_move(game, limits, &mut |i| {
            if i.multipv == 1 {
                current.clear();
            }
            current.push(i.line.clone());
            if i.multipv == want {
                let mut lines = core::mem::take(&mut current);
                lines.sort_by_key(|l| core::cmp::Reverse(l.raw));
                let a = Analysis {
                    depth: i.depth,
                    nodes: i.nodes,
                    lines,
                };
                on_depth(&a);
                last = Some(a);
            }
        });
        // The last completed iteration: a stopped one may have replaced only its first
        // line, whose move can be another line's.
        match last {
            Some(mut a) => {
                a.nodes = result.nodes;
                a
            }
            None => Analysis {
                depth: 0,
                nodes: result.nodes,
                lines: result.lines.into_iter().take(1).collect(),
            },
        }
    }

    /// Reviews `game`'s moves: every position from the last back to the start is
    /// searched within `limits` (one search each; going backwards, each search finds
    /// the table filled by the positions that followed it), and each move is graded by
    /// the evaluations before and after it ([`judge`]; the engine's own choice is never
    /// graded). `progress` hears of each ply as it is done (the last ply first).
    /// Returns the plies in order. Starts from a cleared table and move-ordering
    /// statistics, so that a review at fixed nodes does not depend on earlier searches.
    pub fn review(
        &mut self,
        game: &Game,
        limits: &Limits,
        progress: &mut dyn FnMut(&PlyReview),
    ) -> Vec<PlyReview> {
        self.clear();
        let first = game.swap_plies();
        let positions: Vec<Position> = (first..=game.ply_count())
            .filter_map(|ply| game.position_at(ply).copied())
            .collect();
        let keys: Vec<u64> = positions.iter().map(hash::key).collect();
        let limits = Limits {
            multipv: 1,
            ..limits.clone()
        };
        let mut out: Vec<PlyReview> = Vec::with_capacity(positions.len().saturating_sub(1));
        // The evaluation (side to move's view) of the position after.
        let mut after: Option<i32> = None;
        for (i, pos) in positions.iter().enumerate().rev() {
            let (raw, best) = if !pos.has_legal_moves() {
                (if pos.is_check() { -MATE } else { 0 }, None)
            } else if i + 1 == positions.len() && drawn(pos, &keys) {
                (0, None)
            } else {
                let r = self.search_root(pos, history_of(&keys, i, pos), &limits, &mut |_| {});
                (r.lines.first().map_or(0, |l| l.raw), r.best)
            };
            if let Some(raw_after) = after {
                let played = game.move_at(first + i + 1);
                let next_turn = positions.get(i + 1).map_or(pos.turn(), Position::turn);
                let judgment = match played {
                    Some(m) if best != Some(m) => judge(raw, -raw_after),
                    _ => None,
                };
                let r = PlyReview {
                    ply: i + 1,
                    played,
                    before: *pos,
                    raw_after,
                    score: white_view(next_turn, Score::from_internal(raw_after)),
                    best,
                    judgment,
                };
                progress(&r);
                out.push(r);
            }
            after = Some(raw);
        }
        out.reverse();
        out
    }
}
