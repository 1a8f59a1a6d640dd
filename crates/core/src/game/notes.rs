//! The game's PGN tags (the Seven Tag Roster, others, and the tags its start decides)
//! and its annotations (comments, NAGs, variations, by ply).

use alloc::{borrow::ToOwned, string::String, vec::Vec};

use super::{Game, PlayError, Step, Variant, MAX_PLIES};
use crate::fen::{self, CastlingLetters};
use crate::headers::{HeaderError, Headers};
use crate::tree::Notes;

impl Game {
    /// Sets the annotations of a ply as read (plies come in order: appended).
    pub(crate) fn set_read_notes(&mut self, ply: usize, notes: Notes) {
        if notes.is_empty() {
            return;
        }
        self.variation_moves += notes.variation_moves();
        let at = self.notes.partition_point(|(k, _)| *k < ply);
        self.notes.insert(at, (ply, notes));
    }

    /// The tags set on the game (derived tags aside).
    pub fn tags(&self) -> &Headers {
        &self.headers
    }

    pub(crate) fn tags_mut(&mut self) -> &mut Headers {
        &mut self.headers
    }

    /// Every tag with a value, in order, the derived ones (`Variant`, `SetUp`, `FEN`,
    /// `Chess9Swaps`) where they belong: what `pgn()` writes.
    pub fn headers(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (i, (k, v)) in self.headers.slots().into_iter().enumerate() {
            if i == crate::headers::SETUP_INDEX {
                self.push_derived_tags(&mut out);
            }
            if let Some(v) = v {
                push_tag(&mut out, k, v.to_owned());
            }
        }
        out
    }

    /// The tags the game's start decides.
    pub fn derived_tags(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        self.push_derived_tags(&mut out);
        out
    }

    pub(super) fn push_derived_tags(&self, out: &mut Vec<(String, String)>) {
        match self.variant {
            Variant::Standard => {}
            Variant::Chess960 => push_tag(out, "Variant", ("Chess960").to_owned()),
            Variant::Chess9 => push_tag(out, "Variant", ("Chess-9").to_owned()),
        }
        // The start's en passant square as kept, as chess.js writes the FEN it was given.
        let start = fen::to_fen_forced_ep(&self.start);
        if start != fen::STANDARD_FEN && !self.setup_hidden {
            push_tag(out, "SetUp", ("1").to_owned());
            push_tag(out, "FEN", start);
        }
        if self.variant == Variant::Chess9 {
            // The swaps are the first plies: Black's, then White's.
            let mut swaps = String::new();
            for (i, p) in self.plies.iter().take(2).enumerate() {
                if let Step::Swap(choice) = p.step {
                    let color = if i == 0 { "black:" } else { " white:" };
                    crate::text::push_all!(&mut swaps; color, choice.name());
                }
            }
            push_tag(out, crate::pgn::CHESS9_SWAPS_TAG, swaps);
        }
    }

    /// A tag's value (exact case; the roster's defaults included); derived tags are
    /// answered by [`Game::headers`].
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers.get(key)
    }

    /// Sets a tag. Refuses names and values PGN cannot write, and the derived tags.
    pub fn set_header(&mut self, key: &str, value: &str) -> Result<(), HeaderError> {
        self.headers.set(key, value)
    }

    /// Removes a tag (chess.js's `removeHeader`: a roster tag goes back to its default).
    pub fn remove_header(&mut self, key: &str) -> bool {
        self.headers.remove(key)
    }

    /// Forgets every tag set (the roster goes back to its defaults).
    pub fn clear_headers(&mut self) {
        self.headers = Headers::new();
    }

    /// The annotations of ply `ply` (0: before the first move).
    pub fn notes(&self, ply: usize) -> Option<&Notes> {
        let i = self.notes.binary_search_by_key(&ply, |(k, _)| *k).ok()?;
        self.notes.get(i).map(|(_, n)| n)
    }

    pub(super) fn take_notes(&mut self, ply: usize) -> Option<Notes> {
        let i = self.notes.binary_search_by_key(&ply, |(k, _)| *k).ok()?;
        Some(self.notes.remove(i).1)
    }

    /// The latest ply of the mainline whose position has the X-FEN `fen` (chess.js keys
    /// a position's annotations by its FEN); the current one for `""`.
    pub fn ply_with_fen(&self, fen: &str) -> Option<usize> {
        if fen.is_empty() {
            return Some(self.ply_count());
        }
        (self.swap_plies()..=self.ply_count()).rev().find(|&p| {
            self.position_at(p)
                .is_some_and(|pos| fen::to_fen(pos, CastlingLetters::XFen) == fen)
        })
    }

    /// chess.js's `getComments()`: each position of the mainline that has comments, with
    /// its X-FEN and its comments joined by a space, in order.
    pub fn fen_comments(&self) -> Vec<(String, String)> {
        (self.swap_plies()..=self.ply_count())
            .filter_map(|p| {
                let n = self.notes(p).filter(|n| !n.comments.is_empty())?;
                let fen = self
                    .position_at(p)
                    .map(|pos| fen::to_fen(pos, CastlingLetters::XFen))?;
                Some((
                    fen,
                    crate::text::cat!(crate::text::Joined(&n.comments, " ")),
                ))
            })
            .collect()
    }

    /// chess.js's `removeComments()`: [`Game::fen_comments`], taken away.
    pub fn remove_fen_comments(&mut self) -> Vec<(String, String)> {
        let out = self.fen_comments();
        for p in self.swap_plies()..=self.ply_count() {
            // In range: `p` is at most the ply count.
            let _ = self.annotate(p, Some(Vec::new()), None, None);
        }
        out
    }

    /// Every annotated ply with its annotations, in order.
    pub fn all_notes(&self) -> impl Iterator<Item = (usize, &Notes)> {
        self.notes.iter().map(|(k, v)| (*k, v))
    }

    /// Changes the annotations of ply `ply` (0..=plies); an empty result is dropped.
    /// Refused past the end, or when the variations would exceed [`MAX_PLIES`].
    pub fn edit_notes(&mut self, ply: usize, f: impl FnOnce(&mut Notes)) -> Result<(), PlayError> {
        if ply > self.plies.len() {
            return Err(PlayError::Empty);
        }
        let at = self.notes.partition_point(|(k, _)| *k < ply);
        let mut notes = match self.notes.get(at) {
            Some((k, n)) if *k == ply => n.clone(),
            _ => Notes::default(),
        };
        let before = notes.variation_moves();
        f(&mut notes);
        let total = self.variation_moves - before + notes.variation_moves();
        if self.plies.len() + total > MAX_PLIES {
            // The stored notes are untouched: the call is refused as a whole.
            return Err(PlayError::TooLong);
        }
        self.variation_moves = total;
        let present = self.notes.get(at).is_some_and(|(k, _)| *k == ply);
        match (present, notes.is_empty()) {
            (true, true) => {
                self.notes.remove(at);
            }
            (true, false) => {
                if let Some(slot) = self.notes.get_mut(at) {
                    slot.1 = notes;
                }
            }
            (false, false) => self.notes.insert(at, (ply, notes)),
            (false, true) => {}
        }
        Ok(())
    }

    /// Sets the comments, NAGs and assessment (suffix NAG) of ply `ply` (0..=plies), each
    /// when given; its variations stay as they are, so no limit applies and no copy is
    /// made (as [`Game::edit_notes`] makes). Refused past the end.
    pub fn annotate(
        &mut self,
        ply: usize,
        comments: Option<Vec<String>>,
        nags: Option<Vec<u8>>,
        suffix: Option<Option<u8>>,
    ) -> Result<(), PlayError> {
        if ply > self.plies.len() {
            return Err(PlayError::Empty);
        }
        let at = self.notes.partition_point(|(k, _)| *k < ply);
        if self.notes.get(at).is_none_or(|(k, _)| *k != ply) {
            self.notes.insert(at, (ply, Notes::default()));
        }
        let Some((_, n)) = self.notes.get_mut(at) else {
            return Ok(());
        };
        if let Some(c) = comments {
            n.comments = c;
        }
        if let Some(v) = nags {
            n.nags = v;
        }
        if let Some(x) = suffix {
            n.suffix = x;
        }
        if n.is_empty() {
            self.notes.remove(at);
        }
        Ok(())
    }

    /// Removes every annotation (comments, NAGs, variations).
    pub fn clear_notes(&mut self) {
        self.notes.clear();
        self.variation_moves = 0;
    }
}

/// Appends the tag `key` with `value`.
fn push_tag(out: &mut Vec<(String, String)>, key: &str, value: String) {
    out.push((key.to_owned(), value));
}
