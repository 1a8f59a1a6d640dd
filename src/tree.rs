//! The annotated record of a game: comments before and after moves, NAGs, a move's
//! assessment glyph (`!`, `?!`, …) and variations, each variation a line of moves with
//! annotations and variations of its own.
//!
//! The mainline is the game itself ([`crate::game::Game`]); its annotations hang off its
//! plies. Comments keep their text as written, embedded commands (`[%clk 0:01:02]`,
//! `[%cal Ge2e4]`, …) included, so that a record is written back as it was read;
//! [`commands`] reads the commands out of a comment.

#[allow(unused_imports)]
use crate::prelude::*;

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
    pub san: String,
    pub notes: Notes,
}

/// An embedded command `[%name value]` of a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command<'a> {
    pub name: &'a str,
    pub value: &'a str,
}

/// The comment's text without its commands (trimmed, inner runs of whitespace left as
/// they are), and the commands in the order written.
pub fn commands(comment: &str) -> (String, Vec<Command<'_>>) {
    let mut text = String::new();
    let mut found = Vec::new();
    let mut rest = comment;
    // "[%" found byte by byte (`str::find` with a string pattern brings a 1.4 KB searcher).
    while let Some(open) = rest.as_bytes().windows(2).position(|w| w == b"[%") {
        let after = rest.get(open + 2..).unwrap_or_default();
        let Some(close) = after.bytes().position(|b| b == b']') else {
            break;
        };
        let inner = after.get(..close).unwrap_or_default();
        let name_end = inner
            .find(|c: char| c.is_whitespace())
            .unwrap_or(inner.len());
        let name = inner.get(..name_end).unwrap_or_default();
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            // Not a command: keep the text up to and including "[%" and go on.
            text.push_str(rest.get(..open + 2).unwrap_or_default());
            rest = after;
            continue;
        }
        text.push_str(rest.get(..open).unwrap_or_default());
        found.push(Command {
            name,
            value: inner.get(name_end..).unwrap_or_default().trim(),
        });
        rest = after.get(close + 1..).unwrap_or_default();
    }
    text.push_str(rest);
    (text.trim().to_owned(), found)
}

/// Seconds in a clock value `h:mm:ss`, `mm:ss` or `ss`, the last part with an optional
/// fraction (`0:00:05.5`).
pub fn clock_seconds(value: &str) -> Option<f64> {
    let parts: Vec<&str> = value.trim().split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let mut total = 0.0;
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let x = parse_decimal(part)
            .filter(|_| !part.starts_with(['-', '+']) && (last || !part.contains('.')))?;
        total = total * 60.0 + x;
    }
    Some(total)
}

/// An evaluation `[%eval 0.25]`, `[%eval -1.5,20]` or `[%eval #-3]`: pawns or mate
/// (moves, negative when Black mates), and the depth when given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eval {
    pub pawns: Option<f64>,
    pub mate: Option<i32>,
    pub depth: Option<u32>,
}

pub fn eval(value: &str) -> Option<Eval> {
    let (score, depth) = match value.trim().split_once(',') {
        Some((s, d)) => (s.trim(), Some(d.trim().parse::<u32>().ok()?)),
        None => (value.trim(), None),
    };
    if let Some(m) = score.strip_prefix('#') {
        return Some(Eval {
            pawns: None,
            mate: Some(m.parse::<i32>().ok()?),
            depth,
        });
    }
    let pawns = parse_decimal(score)?;
    Some(Eval {
        pawns: Some(pawns),
        mate: None,
        depth,
    })
}

/// A decimal number `-1.25`, `+0.3`, `2` (no exponent).
fn parse_decimal(s: &str) -> Option<f64> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, s.get(1..)?),
        Some(b'+') => (false, s.get(1..)?),
        _ => (false, s),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if (whole.is_empty() && frac.is_empty())
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut x = whole
        .bytes()
        .fold(0.0, |x, b| x * 10.0 + f64::from(b - b'0'));
    let mut scale = 0.1;
    for b in frac.bytes() {
        x += f64::from(b - b'0') * scale;
        scale /= 10.0;
    }
    Some(if neg { -x } else { x })
}

/// A shape of `[%cal Ge2e4,Rd7d5]` (arrows) or `[%csl Gd4]` (circles): its colour letter
/// and squares (`from == to` for a circle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub color: &'static str,
    pub from: crate::square::Square,
    pub to: crate::square::Square,
}

/// The shapes of a `%cal` or `%csl` value; malformed parts are skipped.
pub fn shapes(value: &str, arrows: bool) -> Vec<Shape> {
    let mut out = Vec::new();
    for part in value.split(',') {
        let part = part.trim();
        let color = match part.as_bytes().first() {
            Some(b'G') => "green",
            Some(b'R') => "red",
            Some(b'Y') => "yellow",
            Some(b'B') => "blue",
            _ => continue,
        };
        let sq = |i: usize| part.get(i..i + 2).and_then(crate::square::Square::parse);
        match (arrows, part.len(), sq(1), sq(3)) {
            (true, 5, Some(from), Some(to)) => out.push(Shape { color, from, to }),
            (false, 3, Some(at), _) => out.push(Shape {
                color,
                from: at,
                to: at,
            }),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_out_of_comments() {
        let (text, cmds) = commands(" [%clk 0:01:02] a good move [%cal Ge2e4,Rd7d5] ");
        assert_eq!(text, "a good move");
        assert_eq!(
            cmds,
            [
                Command {
                    name: "clk",
                    value: "0:01:02"
                },
                Command {
                    name: "cal",
                    value: "Ge2e4,Rd7d5"
                }
            ]
        );
        let (text, cmds) = commands("no [% command] here [x]");
        assert_eq!(text, "no [% command] here [x]");
        assert!(cmds.is_empty());
        let (text, cmds) = commands("[%eval 0.3");
        assert_eq!(text, "[%eval 0.3");
        assert!(cmds.is_empty());
    }

    #[test]
    fn clocks_evals_and_shapes() {
        assert_eq!(clock_seconds("1:02:03"), Some(3723.0));
        assert_eq!(clock_seconds("0:00:05.5"), Some(5.5));
        assert_eq!(clock_seconds("45"), Some(45.0));
        assert_eq!(clock_seconds("1:x"), None);
        assert_eq!(clock_seconds("1.5:00"), None);
        assert_eq!(
            eval("-1.25,20"),
            Some(Eval {
                pawns: Some(-1.25),
                mate: None,
                depth: Some(20)
            })
        );
        assert_eq!(
            eval("#-3"),
            Some(Eval {
                pawns: None,
                mate: Some(-3),
                depth: None
            })
        );
        assert_eq!(eval("abc"), None);
        let sq = |s| crate::square::Square::parse(s).unwrap();
        assert_eq!(
            shapes("Ge2e4, Rd7d5,Xa1a2,Gz9", true),
            [
                Shape {
                    color: "green",
                    from: sq("e2"),
                    to: sq("e4")
                },
                Shape {
                    color: "red",
                    from: sq("d7"),
                    to: sq("d5")
                }
            ]
        );
        assert_eq!(
            shapes("Yd4", false),
            [Shape {
                color: "yellow",
                from: sq("d4"),
                to: sq("d4")
            }]
        );
    }
}
