//! The search: iterative deepening over a principal-variation alpha-beta search, with a
//! transposition table, quiescence search, check extension, null-move pruning, late
//! move reductions and pruning, futility pruning and aspiration windows.
//!
//! Each rule can be turned off ([`Rules`], UCI `Disable`) to measure its Elo in our match
//! runner (self-play against the engine without the rule, at fixed nodes). Those
//! matches have not run yet: each rule's comment says so rather than guess
//! (docs/engine.md has the command).

use core::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;

use super::eval;
use super::hash;
use super::ordering::{self, Ordering, MAX_PLY};
use super::time::{self, Clock};
use super::tt::{Bound, Hit, Table};
use chess960::game::{self, Game};
use chess960::position::{Move, MoveKind, Position};
use chess960::square::{Role, Square};

/// A score beyond any evaluation: mate in `MATE - s` plies.
pub const MATE: i32 = 30_000;
/// Scores at or beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const INFINITE: i32 = MATE + 1;

/// A placeholder move (a1 to a1, never legal).
pub(crate) const NO_MOVE: Move = Move::new(
    Square::from_index(0),
    Square::from_index(0),
    MoveKind::Normal,
);

/// A search result's score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves; negative when the side to move is mated.
    Mate(i32),
}

impl Score {
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

/// When to stop. Every limit given applies; with none the search runs to the deepest
/// ply (or until stopped).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub nodes: Option<u64>,
    pub depth: Option<i32>,
    /// Milliseconds for this move.
    pub movetime: Option<f64>,
    /// A game clock: the time manager picks the budget.
    pub clock: Option<Clock>,
    /// Principal variations to find (1 unless a caller wants alternatives).
    pub multipv: usize,
}

impl Limits {
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }
    pub fn depth(d: i32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    pub fn movetime(ms: f64) -> Limits {
        Limits {
            movetime: Some(ms),
            ..Limits::default()
        }
    }
}

/// One principal variation: its first move, score and line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub score: Score,
    /// The internal score (centipawns or mate distance in plies from `MATE`).
    pub raw: i32,
    pub pv: Vec<Move>,
}

/// Progress, reported after each completed iteration (and principal variation).
#[derive(Clone, Debug)]
pub struct Info<'a> {
    pub depth: i32,
    pub seldepth: i32,
    /// 1-based index of the principal variation.
    pub multipv: usize,
    pub line: &'a Line,
    pub nodes: u64,
    pub time_ms: f64,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` when there is no legal move (mate, stalemate, the Chess-9 swap phase).
    pub best: Option<Move>,
    pub score: Score,
    pub depth: i32,
    pub nodes: u64,
    pub time_ms: f64,
    pub pv: Vec<Move>,
    /// Every principal variation found, best first (one unless `multipv` asked more).
    pub lines: Vec<Line>,
}

/// The search's pruning, reduction and extension rules, each of which can be turned off
/// to measure what it is worth (the UCI option `Disable`, used by the match runner).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub aspiration: bool,
    pub check_extension: bool,
    pub reverse_futility: bool,
    pub null_move: bool,
    pub iir: bool,
    pub late_move_pruning: bool,
    pub futility: bool,
    pub see_pruning: bool,
    pub lmr: bool,
    pub delta: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            aspiration: true,
            check_extension: true,
            reverse_futility: true,
            null_move: true,
            iir: true,
            late_move_pruning: true,
            futility: true,
            see_pruning: true,
            lmr: true,
            delta: true,
        }
    }
}

impl Rules {
    /// The names [`Rules::disable`] knows.
    pub const NAMES: [&'static str; 10] = [
        "aspiration",
        "check_extension",
        "reverse_futility",
        "null_move",
        "iir",
        "late_move_pruning",
        "futility",
        "see_pruning",
        "lmr",
        "delta",
    ];

    /// Turns off the rule named `name`; false for an unknown name.
    pub fn disable(&mut self, name: &str) -> bool {
        let flag = match name {
            "aspiration" => &mut self.aspiration,
            "check_extension" => &mut self.check_extension,
            "reverse_futility" => &mut self.reverse_futility,
            "null_move" => &mut self.null_move,
            "iir" => &mut self.iir,
            "late_move_pruning" => &mut self.late_move_pruning,
            "futility" => &mut self.futility,
            "see_pruning" => &mut self.see_pruning,
            "lmr" => &mut self.lmr,
            "delta" => &mut self.delta,
            _ => return false,
        };
        *flag = false;
        true
    }
}

/// Late-move reduction in plies by depth and move number: about ln(d)·ln(n)/2.
fn lmr_table() -> Vec<[u8; 64]> {
    // core has no logarithm: ln from the binary exponent and three series terms,
    // within 1 % for these integers (enough for a reduction table).
    let ln = |n: usize| {
        let n = n.max(1) as f64;
        let mut k = 0;
        let mut m = n;
        while m >= 2.0 {
            m /= 2.0;
            k += 1;
        }
        let x = (m - 1.0) / (m + 1.0);
        f64::from(k) * core::f64::consts::LN_2 + 2.0 * x * (1.0 + x * x / 3.0 + x * x * x * x / 5.0)
    };
    (0..64)
        .map(|d| {
            let mut row = [0u8; 64];
            for (n, r) in row.iter_mut().enumerate() {
                if d > 0 && n > 0 {
                    *r = (0.5 + ln(d) * ln(n) / 2.0) as u8;
                }
            }
            row
        })
        .collect()
}

/// The engine: its transposition table and what it learnt, kept between moves.
pub struct Engine {
    /// The rules in force (all by default).
    pub rules: Rules,
    tt: Table,
    ord: Ordering,
    lmr: Vec<[u8; 64]>,
    stop_flag: Option<Arc<AtomicBool>>,
    // Per-search state.
    nodes: u64,
    max_nodes: u64,
    start_ms: f64,
    hard_deadline: f64,
    stopped: bool,
    seldepth: usize,
    /// Keys of the game's positions up to the root, then of the search path.
    keys: Vec<u64>,
    root_index: usize,
    /// Root moves already taken by earlier principal variations (multi-PV).
    root_excluded: Vec<Move>,
    /// The best root move of the current iteration, once one has raised alpha.
    root_best: Option<(Move, i32)>,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    evals: [i32; MAX_PLY],
    played: [Option<Move>; MAX_PLY],
}

impl Engine {
    /// An engine with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            rules: Rules::default(),
            tt: Table::new(hash_mb),
            ord: Ordering::default(),
            lmr: lmr_table(),
            stop_flag: None,
            nodes: 0,
            max_nodes: u64::MAX,
            start_ms: 0.0,
            hard_deadline: f64::INFINITY,
            stopped: false,
            seldepth: 0,
            keys: Vec::new(),
            root_index: 0,
            root_excluded: Vec::new(),
            root_best: None,
            pv: vec![[NO_MOVE; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            evals: [0; MAX_PLY],
            played: [None; MAX_PLY],
        }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ord.clear();
    }

    /// Resizes the transposition table (which clears it).
    pub fn set_hash(&mut self, mb: usize) {
        self.tt = Table::new(mb);
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.megabytes()
    }

    /// A flag another thread may set to stop the search (the UCI `stop` command).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop_flag = Some(flag);
    }

    /// The best move in `game`'s current position, its history counting for repetition
    /// and the fifty-move rule. `info` hears of each completed iteration.
    pub fn best_move(
        &mut self,
        game: &Game,
        limits: &Limits,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let root = *game.position();
        // The positions before the current one, from the first move on (the swap phase
        // of Chess-9 comes before any move and cannot repeat).
        let mut history: Vec<u64> = (game.swap_plies()..game.ply_count())
            .filter_map(|ply| game.position_at(ply))
            .map(hash::key)
            .collect();
        let window = root.halfmoves() as usize;
        history.drain(..history.len().saturating_sub(window));
        if game.swap_pending().is_some() {
            return self.no_move(&root);
        }
        self.search_root(&root, &history, limits, info)
    }

    /// The best move in `root`, after the positions whose keys are `history` (oldest
    /// first; only those since the last capture or pawn move matter).
    pub fn search_root(
        &mut self,
        root: &Position,
        history: &[u64],
        limits: &Limits,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.start_ms = time::now_ms();
        self.nodes = 0;
        self.stopped = false;
        self.max_nodes = limits.nodes.unwrap_or(u64::MAX).max(1);
        let mut soft = f64::INFINITY;
        self.hard_deadline = f64::INFINITY;
        if let Some(ms) = limits.movetime {
            self.hard_deadline = self.start_ms + ms.max(1.0);
        }
        if let Some(clock) = limits.clock {
            let b = clock.budget();
            soft = b.soft;
            self.hard_deadline = self.hard_deadline.min(self.start_ms + b.hard);
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 8)
            .clamp(1, MAX_PLY as i32 - 8);
        self.tt.new_search();
        self.ord.age();
        self.keys.clear();
        self.keys.extend_from_slice(history);
        let root_key = hash::key(root);
        self.keys.push(root_key);
        self.root_index = self.keys.len() - 1;

        let moves = root.legal_moves();
        let Some(&first) = moves.as_slice().first() else {
            return self.no_move(root);
        };
        let multipv = limits.multipv.clamp(1, moves.len());
        let mut lines: Vec<Line> = Vec::new();
        let mut depth_done = 0;
        let mut prev_scores: Vec<i32> = Vec::new();
        'deepen: for depth in 1..=max_depth {
            let mut depth_lines: Vec<Line> = Vec::new();
            self.root_excluded.clear();
            for k in 0..multipv {
                self.root_best = None;
                self.seldepth = 0;
                let prev = prev_scores.get(k).copied();
                let score = self.aspiration(root, root_key, depth, prev, multipv == 1);
                let Some((best, best_score)) = self.root_best else {
                    // Stopped before any root move was searched through.
                    break 'deepen;
                };
                let score = if self.stopped { best_score } else { score };
                let pv = self.root_pv(best);
                let line = Line {
                    score: Score::from_internal(score),
                    raw: score,
                    pv,
                };
                if self.stopped {
                    // A partial iteration counts for its first line only when a move
                    // was searched through and it is not the one already chosen: at
                    // the root the previous best is searched first, so another move
                    // that raised alpha beat it at this depth.
                    if k == 0 {
                        match lines.first_mut() {
                            Some(top) if top.pv.first() != Some(&best) => *top = line,
                            Some(_) => {}
                            None => lines.push(line),
                        }
                    }
                    break 'deepen;
                }
                info(&Info {
                    depth,
                    seldepth: self.seldepth as i32,
                    multipv: k + 1,
                    line: &line,
                    nodes: self.nodes,
                    time_ms: time::now_ms() - self.start_ms,
                });
                self.root_excluded.push(best);
                depth_lines.push(line);
            }
            depth_lines.sort_by_key(|l| core::cmp::Reverse(l.raw));
            prev_scores = depth_lines.iter().map(|l| l.raw).collect();
            lines = depth_lines;
            depth_done = depth;
            if self.nodes >= self.max_nodes || time::now_ms() - self.start_ms >= soft * 0.6 {
                break;
            }
            // A forced move needs no deep search when the clock is running.
            if moves.len() == 1 && (limits.clock.is_some() || limits.movetime.is_some()) {
                break;
            }
        }
        self.root_excluded.clear();
        let time_ms = time::now_ms() - self.start_ms;
        let Some(top) = lines.first() else {
            return SearchResult {
                best: Some(first),
                score: Score::Cp(0),
                depth: 0,
                nodes: self.nodes,
                time_ms,
                pv: vec![first],
                lines,
            };
        };
        SearchResult {
            best: top.pv.first().copied(),
            score: top.score,
            depth: depth_done.max(1),
            nodes: self.nodes,
            time_ms,
            pv: top.pv.clone(),
            lines,
        }
    }

    /// The result when there is no move to make.
    fn no_move(&self, root: &Position) -> SearchResult {
        let score = if root.is_check() && !root.has_legal_moves() {
            Score::Mate(0)
        } else {
            Score::Cp(0)
        };
        SearchResult {
            best: None,
            score,
            depth: 0,
            nodes: 0,
            time_ms: 0.0,
            pv: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// One iteration at `depth`, in a window around the previous score that widens
    /// until the score falls inside it.
    // Aspiration windows (Elo: not measured yet).
    fn aspiration(
        &mut self,
        root: &Position,
        key: u64,
        depth: i32,
        prev: Option<i32>,
        narrow: bool,
    ) -> i32 {
        let mut delta = 20;
        let (mut alpha, mut beta) = match prev {
            Some(p) if narrow && self.rules.aspiration && depth >= 5 && p.abs() < MATE_BOUND => {
                (p - delta, p + delta)
            }
            _ => (-INFINITE, INFINITE),
        };
        loop {
            let score = self.search(root, key, depth, alpha, beta, 0, true);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta += delta / 2;
            if delta > 1000 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// The principal variation from the root, starting with `best`.
    fn root_pv(&self, best: Move) -> Vec<Move> {
        let len = self.pv_len.first().copied().unwrap_or(0);
        let row = self.pv.first();
        match row.and_then(|r| r.get(..len)) {
            Some(pv) if pv.first() == Some(&best) => pv.to_vec(),
            _ => vec![best],
        }
    }

    /// Counts a node and, every 1024 nodes, looks at the clock and the stop flag.
    #[inline]
    fn tick(&mut self) {
        if self.nodes >= self.max_nodes {
            self.stopped = true;
            return;
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            if time::now_ms() >= self.hard_deadline {
                self.stopped = true;
            }
            if let Some(f) = &self.stop_flag {
                if f.load(AtomicOrdering::Relaxed) {
                    self.stopped = true;
                }
            }
        }
    }

    /// Whether the position at the top of the key stack is a draw by repetition: once
    /// since the root, or twice in the game before it.
    fn is_repetition(&self, halfmoves: u32) -> bool {
        let Some((&key, earlier)) = self.keys.split_last() else {
            return false;
        };
        // The current position is at index `n`; the same side was to move 4, 6, ...
        // plies earlier (2 plies cannot restore both sides' pieces).
        let n = earlier.len();
        let mut seen = 0;
        let mut back = 4;
        while back <= halfmoves as usize && back <= n {
            let i = n - back;
            if earlier.get(i) == Some(&key) {
                if i > self.root_index {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    fn set_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len.get(ply + 1).copied().unwrap_or(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let (Some(row), Some(child)) = (head.last_mut(), tail.first()) else {
            return;
        };
        if let Some(slot) = row.get_mut(ply) {
            *slot = m;
        }
        let from = (ply + 1).min(child_len);
        if let (Some(dst), Some(src)) = (row.get_mut(from..child_len), child.get(from..child_len)) {
            dst.copy_from_slice(src);
        }
        if let Some(l) = self.pv_len.get_mut(ply) {
            *l = child_len.max(ply + 1);
        }
    }

    /// The alpha-beta search of `pos` (key `key`) to `depth` plies, `ply` plies from the
    /// root; the last key on the stack is `key`'s.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position,
        key: u64,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        allow_null: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        if let Some(l) = self.pv_len.get_mut(ply) {
            *l = ply;
        }
        let in_check = pos.is_check();
        // Check extension: a side in check gets one more ply to find its way out
        // (Elo: not measured yet).
        if in_check && self.rules.check_extension {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, key, alpha, beta, ply);
        }
        self.tick();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if !root {
            if pos.halfmoves() >= 100
                || self.is_repetition(pos.halfmoves())
                || game::is_insufficient_material(pos)
            {
                return 0;
            }
            if ply >= MAX_PLY - 2 {
                return eval::evaluate(pos);
            }
            // Mate distance pruning: no line here beats a mate already found nearer
            // the root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        let hit = self.tt.probe(key);
        let tt_move = hit.map_or(0, |h| h.mv);
        if let Some(h) = hit {
            if !pv_node && h.depth >= depth {
                if let Some(s) = tt_cutoff(&h, ply, alpha, beta) {
                    return s;
                }
            }
        }

        let static_eval = if in_check {
            -INFINITE
        } else {
            hit.map_or_else(|| eval::evaluate(pos), |h| h.eval)
        };
        if let Some(e) = self.evals.get_mut(ply) {
            *e = static_eval;
        }
        let improving =
            !in_check && ply >= 2 && self.evals.get(ply - 2).is_some_and(|&e| static_eval > e);
        // The static evaluation, corrected by the table's bound when it says more.
        let eval = match hit {
            Some(h) if !in_check => {
                let s = from_tt(h.score, ply);
                match h.bound {
                    Bound::Exact => s,
                    Bound::Lower if s > static_eval => s,
                    Bound::Upper if s < static_eval => s,
                    _ => static_eval,
                }
            }
            _ => static_eval,
        };

        if !pv_node && !in_check && !root {
            // Reverse futility pruning: far above beta with few plies left, the side to
            // move keeps its edge (Elo: not measured yet).
            if self.rules.reverse_futility
                && depth <= 7
                && eval - 80 * depth + 40 * i32::from(improving) >= beta
                && beta.abs() < MATE_BOUND
            {
                return eval;
            }
            // Null-move pruning: if passing still fails high, a real move will too
            // (not with pawns only, where passing may be the only good move; Elo: not
            // measured yet).
            let us = pos.board().by_color(pos.turn());
            let pieces = us & !(pos.board().by_role(Role::Pawn) | pos.board().by_role(Role::King));
            if self.rules.null_move
                && allow_null
                && depth >= 3
                && eval >= beta
                && pieces.any()
                && beta.abs() < MATE_BOUND
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                let null = pos.after_null().with_halfmoves(0);
                let null_key = hash::key_after(key, pos, &null);
                if let Some(p) = self.played.get_mut(ply) {
                    *p = None;
                }
                self.keys.push(null_key);
                let s = -self.search(
                    &null,
                    null_key,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                );
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }
        // Internal iterative reduction: a node the table knows nothing of is searched a
        // ply shallower first (Elo: not measured yet).
        if self.rules.iir && depth >= 4 && tt_move == 0 && !in_check {
            depth -= 1;
        }

        let moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let prev = if ply > 0 {
            self.played.get(ply - 1).copied().flatten()
        } else {
            None
        };
        let mut scored = [0i32; 256];
        for (s, &m) in scored.iter_mut().zip(moves.iter()) {
            *s = if m.bits() == tt_move {
                i32::MAX
            } else {
                self.ord.score(pos, m, ply, prev)
            };
        }
        let list = moves.as_slice();
        let mut order: [u8; 256] = [0; 256];
        for (i, o) in order.iter_mut().enumerate().take(list.len()) {
            *o = i as u8;
        }
        let n = list.len();

        let alpha_orig = alpha;
        let mut best = -INFINITE;
        let mut best_move: Option<Move> = None;
        let mut searched = 0usize;
        let mut quiets: [Move; 64] = [NO_MOVE; 64];
        let mut n_quiets = 0usize;
        for i in 0..n {
            // Selection sort, one step: the best remaining move to slot i.
            let mut pick = i;
            let mut pick_score = i32::MIN;
            for j in i..n {
                let s = order
                    .get(j)
                    .and_then(|&o| scored.get(usize::from(o)))
                    .copied()
                    .unwrap_or(i32::MIN);
                if s > pick_score {
                    pick = j;
                    pick_score = s;
                }
            }
            order.swap(i, pick);
            let Some(&m) = order.get(i).and_then(|&o| list.get(usize::from(o))) else {
                break;
            };
            if root && self.root_excluded.contains(&m) {
                continue;
            }
            let tactical = ordering::is_tactical(pos, m);
            let quiet = !tactical;
            let special = pick_score >= ordering::COUNTER;

            let child = pos.after(m);
            let gives_check = child.is_check();
            if !root && best > -MATE_BOUND && !in_check {
                if quiet && !gives_check {
                    // Late move pruning: late quiet moves at shallow depth are skipped
                    // (Elo: not measured yet).
                    let limit = (3 + depth * depth) / (2 - i32::from(improving));
                    if self.rules.late_move_pruning && depth <= 8 && n_quiets as i32 >= limit {
                        continue;
                    }
                    // Futility pruning: a quiet move cannot lift a hopeless eval to alpha
                    // (Elo: not measured yet).
                    if self.rules.futility && depth <= 8 && eval + 90 + 100 * depth <= alpha {
                        continue;
                    }
                }
                // Exchange pruning: captures that lose material at shallow depth
                // (Elo: not measured yet).
                if self.rules.see_pruning
                    && tactical
                    && depth <= 6
                    && pick_score < ordering::KILLER
                    && !ordering::see_ge(pos, m, -100 * depth)
                {
                    continue;
                }
            }
            let child_key = hash::key_after(key, pos, &child);
            if let Some(p) = self.played.get_mut(ply) {
                *p = Some(m);
            }
            self.keys.push(child_key);
            let new_depth = depth - 1;
            let mut score;
            if searched == 0 {
                score = -self.search(&child, child_key, new_depth, -beta, -alpha, ply + 1, true);
            } else {
                // Late move reductions: later quiet moves are searched shallower first,
                // and again at full depth only if they beat alpha (Elo: not measured yet).
                let mut r = 0;
                if self.rules.lmr
                    && depth >= 3
                    && searched > usize::from(pv_node)
                    && (quiet || pick_score < 0)
                {
                    r = self
                        .lmr
                        .get(depth.min(63) as usize)
                        .and_then(|row| row.get(searched.min(63)))
                        .map_or(0, |&r| i32::from(r));
                    r -= i32::from(pv_node) + i32::from(special) + i32::from(gives_check);
                    r += i32::from(!improving);
                    if quiet {
                        r -= self.ord.history(pos.turn(), m) / 6000;
                    }
                    r = r.min(new_depth - 1).max(0);
                }
                score = -self.search(
                    &child,
                    child_key,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if score > alpha && r > 0 {
                    score = -self.search(
                        &child,
                        child_key,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        true,
                    );
                }
                if score > alpha && score < beta && pv_node {
                    score =
                        -self.search(&child, child_key, new_depth, -beta, -alpha, ply + 1, true);
                }
            }
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(m);
                    alpha = score;
                    if pv_node || root {
                        self.set_pv(ply, m);
                    }
                    if root {
                        self.root_best = Some((m, score));
                    }
                    if score >= beta {
                        if quiet {
                            let bonus = (depth * depth).min(400) * 8;
                            self.ord.update_history(pos.turn(), m, bonus);
                            for &q in quiets.get(..n_quiets).unwrap_or_default() {
                                self.ord.update_history(pos.turn(), q, -bonus);
                            }
                            self.ord.add_killer(ply, m);
                            self.ord.set_counter(prev, m);
                        }
                        break;
                    }
                }
            }
            if quiet {
                if let Some(q) = quiets.get_mut(n_quiets) {
                    *q = m;
                    n_quiets += 1;
                }
            }
        }
        if searched == 0 {
            // Every move was pruned (only possible with a non-losing move found, or
            // the excluded root moves): fail low.
            return if root { alpha } else { alpha_orig.max(best) };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let mv = best_move.map_or(0, Move::bits);
        if !root || self.root_excluded.is_empty() {
            self.tt
                .store(key, mv, to_tt(best, ply), static_eval, depth, bound);
        }
        best
    }

    /// Quiescence search: only captures and queen promotions (all moves in check), so
    /// that the evaluation is taken where nothing hangs.
    fn quiesce(&mut self, pos: &Position, key: u64, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return eval::evaluate(pos);
        }
        if pos.halfmoves() >= 100 || game::is_insufficient_material(pos) {
            return 0;
        }
        let hit = self.tt.probe(key);
        if let Some(s) = hit.and_then(|h| tt_cutoff(&h, ply, alpha, beta)) {
            return s;
        }
        let in_check = pos.is_check();
        let stand_pat = if in_check {
            -INFINITE
        } else {
            let e = hit.map_or_else(|| eval::evaluate(pos), |h| h.eval);
            if e >= beta {
                return e;
            }
            alpha = alpha.max(e);
            e
        };
        let mut cand: [(i32, Move); 256] = [(0, NO_MOVE); 256];
        let n = if in_check {
            // Every evasion: a position in check with none is mate.
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            for (slot, &m) in cand.iter_mut().zip(moves.iter()) {
                *slot = (
                    ordering::captured(pos, m).map_or(0, |v| {
                        8 * ordering::SEE_VALUE.get(v.index()).copied().unwrap_or(0)
                    }),
                    m,
                );
            }
            moves.len()
        } else {
            ordering::tactical_moves(pos, &mut cand)
        };
        let cand = cand.get_mut(..n).unwrap_or_default();
        cand.sort_unstable_by_key(|c| core::cmp::Reverse(c.0));
        let mut best = stand_pat;
        for &(_, m) in cand.iter() {
            if !in_check {
                // Delta pruning: even winning the piece cannot reach alpha (Elo: not
                // measured yet).
                let gain = ordering::captured(pos, m).map_or(0, |v| {
                    ordering::SEE_VALUE.get(v.index()).copied().unwrap_or(0)
                });
                if self.rules.delta && m.promotion().is_none() && stand_pat + gain + 200 <= alpha {
                    continue;
                }
                if !ordering::see_ge(pos, m, 0) {
                    continue;
                }
            }
            let child = pos.after(m);
            let child_key = hash::key_after(key, pos, &child);
            let score = -self.quiesce(&child, child_key, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// A score as the table stores it: mates counted from this node, not the root.
fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// The table's score for this node when its bound settles the window (alpha, beta).
fn tt_cutoff(h: &Hit, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(h.score, ply);
    let usable = match h.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    usable.then_some(s)
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
