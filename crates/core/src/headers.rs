//! A game's PGN tags, in chess.js's model: the Seven Tag Roster always present (with
//! `?`, `????.??.??` and `*` until set), then the supplemental tags of the PGN standard in
//! their fixed order, then any other tag in the order it was first set.
//!
//! The tags that describe the start of the game (`SetUp`, `FEN`, `Variant` and
//! `Chess9Swaps`) are not kept here: the game derives them from its start, so a record
//! can never name a start the game does not have ([`crate::game::Game::headers`]).

use alloc::{borrow::ToOwned, string::String, vec::Vec};

/// The Seven Tag Roster and its values while unset.
pub const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Every tag with a fixed place, in order: the roster, then the supplemental tags (the
/// order chess.js writes them in).
pub const TEMPLATE: [&str; 37] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteTitle",
    "BlackTitle",
    "WhiteElo",
    "BlackElo",
    "WhiteUSCF",
    "BlackUSCF",
    "WhiteNA",
    "BlackNA",
    "WhiteType",
    "BlackType",
    "EventDate",
    "EventSponsor",
    "Section",
    "Stage",
    "Board",
    "Opening",
    "Variation",
    "SubVariation",
    "ECO",
    "NIC",
    "Time",
    "UTCTime",
    "UTCDate",
    "TimeControl",
    "SetUp",
    "FEN",
    "Termination",
    "Annotator",
    "Mode",
    "PlyCount",
];

/// The index of `SetUp` in [`TEMPLATE`]: the derived tags are written around it.
pub(crate) const SETUP_INDEX: usize = 31;

/// The tags the game derives from its start (matched in any case).
pub const DERIVED: [&str; 4] = ["SetUp", "FEN", "Variant", "Chess9Swaps"];

/// Whether `key` names a derived tag, in any case.
pub fn is_derived(key: &str) -> bool {
    DERIVED.iter().any(|d| d.eq_ignore_ascii_case(key))
}

/// Why a tag cannot be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderError {
    /// Empty, or holding whitespace, `"`, `[` or `]`: PGN could not write it.
    BadName { name: String },
    /// A value with a line break: PGN could not write it.
    MultilineValue { name: String },
    /// `SetUp`, `FEN`, `Variant` or `Chess9Swaps`: the game's start decides them.
    Derived { name: String },
}

crate::text::error_messages!(HeaderError, e, out => match e {
    HeaderError::BadName { name } => push_all!(out; "invalid PGN tag name '", name, "'"),
    HeaderError::MultilineValue { name } => {
        push_all!(out; "the value of PGN tag '", name, "' must be a single line")
    }
    HeaderError::Derived { name } => push_all!(out;
        "the PGN tag '", name, "' follows the game's start position (load a FEN or PGN to change it)"
    ),
});

/// The tags set on a game (derived ones aside).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers {
    /// Set values of [`TEMPLATE`] tags, by index, in index order.
    template: Vec<(u8, String)>,
    /// Other tags in the order first set; `None` once removed (the place is kept, as
    /// chess.js keeps it, should the tag be set again).
    other: Vec<(String, Option<String>)>,
}

fn template_index(key: &str) -> Option<usize> {
    // Only the names of the key's length are compared (at most 7 of the 37).
    let same_length = BY_LENGTH.get(key.len())?;
    same_length
        .iter()
        .map(|&i| usize::from(i))
        .take_while(|&i| i < TEMPLATE.len())
        .find(|&i| TEMPLATE.get(i) == Some(&key))
}

/// For each name length, the indices in [`TEMPLATE`] of the names of that length
/// (`u8::MAX` after the last). Built at compile time: a longer name, or more than eight
/// of one length, fails the build.
#[allow(clippy::indexing_slicing)]
static BY_LENGTH: [[u8; 8]; 13] = {
    let mut t = [[u8::MAX; 8]; 13];
    let mut i = 0;
    while i < TEMPLATE.len() {
        let len = TEMPLATE[i].len();
        let mut k = 0;
        while t[len][k] != u8::MAX {
            k += 1;
        }
        t[len][k] = i as u8;
        i += 1;
    }
    t
};

impl Headers {
    pub fn new() -> Headers {
        Headers::default()
    }

    /// The value of `key` (exact case), with the roster's defaults; `None` when unset.
    pub fn get(&self, key: &str) -> Option<&str> {
        match template_index(key) {
            Some(i) => self
                .template
                .iter()
                .find(|(k, _)| usize::from(*k) == i)
                .map(|(_, v)| v.as_str())
                .or_else(|| ROSTER.get(i).map(|(_, d)| *d)),
            None => self
                .other
                .iter()
                .find(|(k, _)| k == key)
                .and_then(|(_, v)| v.as_deref()),
        }
    }

    /// Sets `key` to `value`. Checks the name and value; refuses the derived tags.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), HeaderError> {
        check(key, value)?;
        self.set_unchecked(key, value);
        Ok(())
    }

    /// [`Headers::set`] without the checks, for names and values read from PGN.
    pub(crate) fn set_unchecked(&mut self, key: &str, value: &str) {
        match template_index(key) {
            Some(i) => {
                let i = i as u8;
                match self.template.binary_search_by_key(&i, |(k, _)| *k) {
                    Ok(at) => {
                        if let Some((_, v)) = self.template.get_mut(at) {
                            *v = value.to_owned();
                        }
                    }
                    Err(at) => self.template.insert(at, (i, value.to_owned())),
                }
            }
            None => match self.other.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => *v = Some(value.to_owned()),
                None => self.other.push((key.to_owned(), Some(value.to_owned()))),
            },
        }
    }

    /// Removes `key`: a roster tag goes back to its default. `true` when the tag had a
    /// place (any template tag, or another tag once set), as chess.js answers.
    pub fn remove(&mut self, key: &str) -> bool {
        if template_index(key).is_some() {
            let i = template_index(key).unwrap_or_default();
            self.template.retain(|(k, _)| usize::from(*k) != i);
            return true;
        }
        match self.other.iter_mut().find(|(k, _)| k == key) {
            Some((_, v)) => {
                *v = None;
                true
            }
            None => false,
        }
    }

    /// Every tag with a place, in order, with its value (`None`: no value). Template tags
    /// first (the roster with its defaults), then the others.
    pub fn slots(&self) -> Vec<(&str, Option<&str>)> {
        let mut out: Vec<(&str, Option<&str>)> =
            Vec::with_capacity(TEMPLATE.len() + self.other.len());
        for (i, name) in TEMPLATE.iter().enumerate() {
            let set = self.template.iter().find(|(k, _)| usize::from(*k) == i);
            // Unset supplemental tags have no value; the roster always has one.
            let value = set.map(|(_, v)| v.as_str());
            out.push((name, value.or_else(|| ROSTER.get(i).map(|(_, d)| *d))));
        }
        for (k, v) in &self.other {
            out.push((k, v.as_deref()));
        }
        out
    }
}

/// Whether PGN can write the tag `key` with `value`, and the game lets it be set.
pub fn check(key: &str, value: &str) -> Result<(), HeaderError> {
    let name = || crate::text::first_chars(key, 32);
    if key.is_empty()
        || key
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '[' | ']' | '{' | '}'))
    {
        return Err(HeaderError::BadName { name: name() });
    }
    if is_derived(key) {
        return Err(HeaderError::Derived { name: name() });
    }
    if value.bytes().any(|c| c == b'\n' || c == b'\r') {
        return Err(HeaderError::MultilineValue { name: name() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index by length finds each template name where the list has it, and nothing
    /// else: other case, other names, the empty name, names longer than any.
    #[test]
    fn template_index_is_the_position_in_the_template() {
        for (i, name) in TEMPLATE.iter().enumerate() {
            assert_eq!(template_index(name), Some(i), "{name}");
            assert_eq!(template_index(&name.to_lowercase()), None, "{name}");
        }
        for other in ["", "X", "Variant", "WhiteRatingDiff", "Events", "PlyCounts"] {
            assert_eq!(template_index(other), None, "{other}");
        }
    }

    #[test]
    fn roster_is_present_with_defaults_and_template_tags_keep_their_place() {
        let mut h = Headers::new();
        assert_eq!(h.get("Event"), Some("?"));
        assert_eq!(h.get("Result"), Some("*"));
        assert_eq!(h.get("ECO"), None);
        h.set("Foo", "1").unwrap();
        h.set("ECO", "B01").unwrap();
        h.set("White", "Bob").unwrap();
        let set: Vec<_> = h.slots().into_iter().filter(|(_, v)| v.is_some()).collect();
        let names: Vec<_> = set.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            names,
            ["Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO", "Foo"]
        );
        assert_eq!(h.get("White"), Some("Bob"));
    }

    #[test]
    fn removing_a_roster_tag_restores_its_default_and_others_keep_their_place() {
        let mut h = Headers::new();
        h.set("White", "Bob").unwrap();
        assert!(h.remove("White"));
        assert_eq!(h.get("White"), Some("?"));
        assert!(h.remove("WhiteElo"), "a template tag always has a place");
        assert!(!h.remove("Foo"));
        h.set("A", "1").unwrap();
        h.set("B", "2").unwrap();
        assert!(h.remove("A"));
        assert_eq!(h.get("A"), None);
        h.set("A", "3").unwrap();
        let others: Vec<_> = h.slots().into_iter().skip(TEMPLATE.len()).collect();
        assert_eq!(others, [("A", Some("3")), ("B", Some("2"))]);
    }

    #[test]
    fn derived_and_unwritable_tags_are_refused() {
        let mut h = Headers::new();
        for k in ["FEN", "fen", "SetUp", "variant", "Chess9Swaps"] {
            assert!(
                matches!(h.set(k, "x"), Err(HeaderError::Derived { .. })),
                "{k}"
            );
        }
        for k in [
            "",
            "A B",
            "A\"",
            "[x",
            "y]",
            "{z",
            "A\u{a0}B",
            "\u{3000}",
            "T\u{2028}",
        ] {
            assert!(
                matches!(h.set(k, "x"), Err(HeaderError::BadName { .. })),
                "{k:?}"
            );
        }
        assert!(matches!(
            h.set("White", "a\nb"),
            Err(HeaderError::MultilineValue { .. })
        ));
        assert_eq!(h.set("Ünïcode\u{200b}", "x"), Ok(()), "not whitespace");
        assert!(matches!(
            h.set("White", "a\rb"),
            Err(HeaderError::MultilineValue { .. })
        ));
        assert_eq!(h.set("White", ""), Ok(()));
        assert_eq!(h.get("White"), Some(""), "an empty value is a value");
    }
}
