//! The annotated record of a game: comments before and after moves, NAGs, a move's
//! assessment glyph (`!`, `?!`, …) and variations, each variation a line of moves with
//! annotations and variations of its own.
//!
//! The mainline is the game itself ([`crate::game::Game`]); its annotations hang off its
//! plies. Comments keep their text as written (each run of line breaks read as one
//! space, as chess.js reads it), embedded commands (`[%clk 0:01:02]`, `[%cal Ge2e4]`, …)
//! included, so that a record is written back as it was read.
//! What the commands say (arrows, clocks, evaluations) is read by the npm package's
//! js/tree.ts, the one reading of them: they are presentation.

use alloc::{string::String, vec::Vec};

use crate::game::San;
use crate::position::Move;

/// The assessment glyphs of a move (PGN suffix annotations), as NAGs 1–6.
pub const SUFFIXES: [(&str, u8); 6] = [
    ("!", 1),
    ("?", 2),
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
];

/// The NAG of a suffix annotation such as `!?`.
pub fn suffix_nag(s: &str) -> Option<u8> {
    SUFFIXES.iter().find(|(g, _)| *g == s).map(|(_, n)| *n)
}

/// The suffix annotation of NAG 1–6.
pub fn nag_suffix(nag: u8) -> Option<&'static str> {
    SUFFIXES.iter().find(|(_, n)| *n == nag).map(|(g, _)| *g)
}

/// What is written around one move (or, for ply 0, before the first move).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// Comments written before the move (at the start of a variation, or after a
    /// variation that ends just before it).
    pub starting_comments: Vec<String>,
    /// Comments written after the move.
    pub comments: Vec<String>,
    /// The move's assessment written as a suffix (`e4!?`): NAG 1–6.
    pub suffix: Option<u8>,
    /// NAGs written as `$n`, in order.
    pub nags: Vec<u8>,
    /// Lines played instead of this move, each starting from the position before it.
    pub variations: Vec<Vec<Node>>,
}

impl Notes {
    pub fn is_empty(&self) -> bool {
        self.starting_comments.is_empty()
            && self.comments.is_empty()
            && self.suffix.is_none()
            && self.nags.is_empty()
            && self.variations.is_empty()
    }

    /// Adds NAG `nag` unless the move has it already. (`iter().any`: `contains` on bytes
    /// brings the memchr searcher into the wasm.)
    #[allow(clippy::manual_contains)]
    pub fn add_nag(&mut self, nag: u8) {
        if !self.nags.iter().any(|&n| n == nag) {
            self.nags.push(nag);
        }
    }

    /// Moves in the variations, nested ones included.
    pub fn variation_moves(&self) -> usize {
        self.variations
            .iter()
            .flatten()
            .map(|n| 1 + n.notes.variation_moves())
            .sum()
    }
}

/// A move of a variation, with its SAN and annotations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub mv: Move,
    /// Inline (a SAN is at most 7 bytes): a node costs no allocation of its own.
    pub san: San,
    pub notes: Notes,
}
