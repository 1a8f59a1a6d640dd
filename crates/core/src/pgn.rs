//! PGN read and write, for standard chess, Chess960 and Chess-9, with the annotated tree:
//! comments, NAGs, suffix glyphs and variations.
//!
//! # Writing
//! [`write`] writes as chess.js 1.4 does, so that chess.js programs see the text they
//! expect: the tags in chess.js's order ([`crate::headers`]; a tag with an empty value
//! is left out), an empty line when the game has moves, then the moves with move
//! numbers and comments in braces, and the `Result` tag's value (`*` when unset). No
//! line is wrapped unless [`WriteOptions::max_width`] asks, and then by chess.js's
//! rule. Beyond what chess.js keeps, NAGs follow their move (`e4!? $14`), variations
//! follow the move they replace (`1. e4 (1. d4 d5) 1... e5`), and the game's start is
//! said by `Variant`, `SetUp`/`FEN` and, for Chess-9, `Chess9Swaps`
//! (`black:king white:none`, Black first; the game starts from the standard array).
//!
//! # Reading
//! [`read`] replays the first game of a text: tags (with `\"` and `\\` escapes, blank
//! lines between them allowed), SAN moves (also chess.js's permissive forms, unless
//! strict), move numbers (`12.`, `12...`), null moves (`--`), comments (`{...}`, each
//! run of line breaks in it read as one space, as chess.js reads it; `;` to the end of
//! the line), NAGs (`$1`), suffixes (`!?`), variations (nested; a variation
//! move that cannot be played ends that variation there), `%` escape lines and the
//! result token. The `FEN` tag (any case) may be FEN, X-FEN or Shredder-FEN. The
//! `Variant` tag chooses the rules: Chess960 for `Chess960`, `chess 960`, `chess-960`,
//! `Fischerandom`, `Fischer Random`, `960` and the like (case and separators ignored),
//! Chess-9 for `Chess-9`, `Chess9`, `Nonary`; without one (or with `Standard`, `From
//! Position`) the variant follows the FEN. A game that is decided in its record keeps
//! the result the record states (SPEC §1): see [`crate::game::Game::outcome`].

use alloc::{
    borrow::{Cow, ToOwned},
    string::String,
    vec,
    vec::Vec,
};

use crate::bitboard::Bitboard;
use crate::fen::CastlingLetters;
use crate::fen::{self, FenError};
use crate::game::{Game, PlayError, San, Variant};
use crate::movegen::MoveList;
use crate::position::{Move, Position};

use crate::san::{self, SanError};
use crate::setup::SwapChoice;
use crate::square::{Color, Square};
use crate::text::{self, Push};
use crate::tree::{self, Node, Notes};

/// The tag that records the Chess-9 swaps.
pub const CHESS9_SWAPS_TAG: &str = "Chess9Swaps";

/// The longest PGN text read or split (64 MiB): more than any game needs, and a bound on
/// the memory one call takes.
pub const MAX_TEXT: usize = 64 << 20;

/// The deepest nesting of variations read (a variation inside a variation inside …, 100
/// levels): more than records need (annotated games rarely go past ten). The tree is
/// written, handed to JavaScript and dropped by recursion, and the wasm's stack is 64 KiB:
/// measured there, the deepest of them (the tree for JavaScript, `tree()`) holds about 400
/// levels, `pgn()` 4,000, reading and dropping 5,800. Deeper text is refused as it is read.
pub const MAX_NESTING: usize = 100;

/// Why a PGN text could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// The text holds no tags and no moves.
    NoGame,
    /// Longer than [`MAX_TEXT`].
    TooLong { bytes: usize },
    /// Variations nested deeper than [`MAX_NESTING`]: the `(` on line `line`.
    TooDeep { line: usize },
    /// A tag that is not `[Name "value"]`.
    BadTag { line: usize, text: String },
    /// A `{` comment that is never closed.
    UnterminatedComment { line: usize },
    /// The `FEN` tag.
    Fen { fen: String, error: FenError },
    /// chess.js's strict reading: `SetUp "1"` without a `FEN` tag.
    SetUpWithoutFen,
    /// A `Variant` tag naming rules this library does not play.
    UnknownVariant { found: String },
    /// A Chess-9 game whose `FEN` tag is not the standard array.
    Chess9Start { fen: String },
    /// A `Chess9Swaps` tag that is not `black:<choice> white:<choice>`.
    BadSwaps { found: String },
    /// A move that cannot be played.
    Move {
        number: u32,
        color: Color,
        token: String,
        error: PlayError,
    },
}

crate::text::error_messages!(PgnError, e, out => match e {
    PgnError::NoGame => push_all!(out; "invalid PGN: no game found (no tags and no moves)"),
    PgnError::TooLong { bytes } => push_all!(out;
        "PGN text too long: ", bytes, " bytes (at most ", MAX_TEXT, ")"
    ),
    PgnError::TooDeep { line } => push_all!(out;
        "PGN variations nested too deeply: the '(' on line ", line,
        " opens level ", MAX_NESTING + 1, " (at most ", MAX_NESTING, " levels)"
    ),
    PgnError::BadTag { line, text } => push_all!(out;
        "invalid PGN tag on line ", line, ": '", text, "' (expected [Name \"value\"])"
    ),
    PgnError::UnterminatedComment { line } => push_all!(out;
        "invalid PGN: the comment opened with '{' on line ", line, " is never closed"
    ),
    PgnError::Fen { fen, error } => push_all!(out; "invalid FEN tag '", fen, "': ", error),
    PgnError::SetUpWithoutFen => {
        push_all!(out; "Invalid PGN: FEN tag must be supplied with SetUp tag")
    }
    PgnError::UnknownVariant { found } => push_all!(out;
        "unsupported variant '", found,
        "' (this library plays standard chess, Chess960 and Chess-9)"
    ),
    PgnError::Chess9Start { fen } => push_all!(out;
        "a Chess-9 game starts from the standard array, but the FEN tag is '", fen,
        "'; record the swaps in a Chess9Swaps tag"
    ),
    PgnError::BadSwaps { found } => push_all!(out;
        "invalid Chess9Swaps tag '", found,
        "' (expected e.g. \"black:king white:none\", each side once, Black first)"
    ),
    PgnError::Move { number, color, token, error } => {
        push_move_error(out, *number, *color, token, error)
    }
});

impl PgnError {
    /// The move text of a [`PgnError::Move`] (chess.js names it: `Invalid move in PGN: x`).
    pub fn move_token(&self) -> Option<&str> {
        match self {
            PgnError::Move { token, .. } => Some(token),
            _ => None,
        }
    }
}

/// The message of [`PgnError::Move`].
fn push_move_error(out: &mut String, number: u32, color: Color, token: &str, error: &PlayError) {
    let (lead, tail) = match error {
        PlayError::San(SanError::Syntax { .. }) => ("invalid move '", ": not SAN"),
        PlayError::San(SanError::Illegal { .. }) => {
            ("illegal move '", ": no legal move matches it")
        }
        PlayError::San(SanError::Ambiguous { .. }) => ("ambiguous move '", ": could be "),
        PlayError::San(SanError::MissingPromotion { .. }) => (
            "illegal move '",
            ": the pawn reaches the last rank, add the promotion piece (=Q, =R, =B or =N)",
        ),
        PlayError::SwapPhase { .. } => ("move '", " comes before the Chess-9 swaps: "),
        _ => ("illegal move '", ": "),
    };
    text::push_all!(out; lead, token, "' at move ", number, " (", color.name(), ")", tail);
    match error {
        PlayError::San(SanError::Ambiguous { candidates, .. }) => {
            text::Joined(candidates, " or ").push_to(out);
        }
        PlayError::SwapPhase { chooser } => {
            text::push_all!(out; chooser.name(), " has not chosen (add a Chess9Swaps tag)");
        }
        PlayError::San(_) => {}
        e => e.push_to(out),
    }
}

fn is_result(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "*")
}

fn add(out: &mut String, s: &str) {
    s.push_to(out);
}

// ---------------------------------------------------------------------------------------
// Writing

/// How [`write_with`] lays out the text (chess.js's `pgn({ maxWidth, newline })`).
#[derive(Clone, Copy, Debug)]
pub struct WriteOptions<'a> {
    /// Wrap lines longer than this many characters (UTF-16 units, as JavaScript counts);
    /// 0 never wraps.
    pub max_width: usize,
    /// What ends a line.
    pub newline: &'a str,
}

impl Default for WriteOptions<'_> {
    fn default() -> Self {
        WriteOptions {
            max_width: 0,
            newline: "\n",
        }
    }
}

fn push_tag(out: &mut String, key: &str, value: &str, newline: &str) {
    text::push_all!(out; "[", key, " \"");
    for c in value.chars() {
        match c {
            '"' => add(out, "\\\""),
            '\\' => add(out, "\\\\"),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    text::push_all!(out; "\"]", newline);
}

/// Appends ` {comment}` for each comment (no space when `s` is empty).
fn push_comments(s: &mut String, comments: &[String]) {
    for c in comments {
        if !s.is_empty() {
            s.push(' ');
        }
        text::push_all!(s; "{", c, "}");
    }
}

/// Appends a move's SAN, suffix glyph and NAGs.
fn push_san(s: &mut String, san: &str, notes: Option<&Notes>) {
    if !s.is_empty() {
        s.push(' ');
    }
    add(s, san);
    if let Some(n) = notes {
        if let Some(g) = n.suffix.and_then(tree::nag_suffix) {
            add(s, g);
        }
        for nag in &n.nags {
            text::push_all!(s; " $", *nag);
        }
    }
}

/// Appends the variations of a move, each in parentheses.
fn push_variations(s: &mut String, notes: Option<&Notes>, number: u32, color: Color) {
    for line in notes.map_or(&[][..], |n| n.variations.as_slice()) {
        text::push_all!(s; " (");
        let mut inner = String::new();
        push_line(&mut inner, line, number, color);
        text::push_all!(s; inner, ")");
    }
}

/// A variation's moves, the first from move `number` with `color` to move.
fn push_line(s: &mut String, line: &[Node], mut number: u32, mut color: Color) {
    let mut numbered = false;
    for node in line {
        let n = &node.notes;
        push_comments(s, &n.starting_comments);
        if color == Color::White || !numbered {
            if !s.is_empty() {
                s.push(' ');
            }
            text::push_all!(s; number, if color == Color::White { "." } else { "..." });
        }
        push_san(s, node.san.as_str(), Some(n));
        push_comments(s, &n.comments);
        push_variations(s, Some(n), number, color);
        // After a variation (or at its own start) Black's move gets its number again.
        numbered = n.variations.is_empty();
        if color == Color::Black {
            number = number.saturating_add(1);
        }
        color = color.other();
    }
}

/// The game as PGN, laid out as chess.js lays it out (see the module docs).
pub fn write(game: &Game) -> String {
    write_with(game, &WriteOptions::default())
}

/// [`write`] with chess.js's `maxWidth` and `newline` options.
pub fn write_with(game: &Game, opts: &WriteOptions<'_>) -> String {
    let nl = opts.newline;
    let mut head = String::new();
    for (k, v) in game.headers() {
        if !v.is_empty() {
            push_tag(&mut head, &k, &v, nl);
        }
    }
    let base = game.swap_plies();
    let last = game.ply_count();
    if last > base {
        add(&mut head, nl);
    }
    // Movetext in chess.js's groups: one per full move, comments included.
    let mut groups: Vec<String> = Vec::new();
    let mut s = String::new();
    push_comments(&mut s, game.notes(base).map_or(&[][..], |n| &n.comments));
    if last == base {
        groups.push(core::mem::take(&mut s));
    }
    let mut renumber = false;
    for p in base + 1..=last {
        let Some(before) = game.position_at(p - 1) else {
            break;
        };
        let (number, color) = (before.fullmoves(), before.turn());
        let notes = game.notes(p);
        push_comments(&mut s, notes.map_or(&[][..], |n| &n.starting_comments));
        if p == base + 1 && color == Color::Black {
            if !s.is_empty() {
                s.push(' ');
            }
            text::push_all!(&mut s; number, ". ...");
        } else if color == Color::White {
            if !s.is_empty() {
                groups.push(core::mem::take(&mut s));
            }
            text::push_all!(&mut s; number, ".");
        } else if renumber {
            text::push_all!(&mut s; " ", number, "...");
        }
        push_san(&mut s, game.san_at(p), notes);
        push_comments(&mut s, notes.map_or(&[][..], |n| &n.comments));
        push_variations(&mut s, notes, number, color);
        renumber = notes.is_some_and(|n| !n.variations.is_empty());
    }
    if !s.is_empty() {
        groups.push(s);
    }
    // chess.js: an empty Result tag ends the movetext with `*` too.
    let result = game.header("Result").filter(|r| !r.is_empty());
    groups.push(result.unwrap_or("*").to_owned());
    if opts.max_width == 0 {
        text::Joined(&groups, " ").push_to(&mut head);
        return head;
    }
    wrap(head, &groups, opts.max_width, nl)
}

/// chess.js's line wrapping of move groups, to `max_width` UTF-16 units: a group goes to
/// a new line when it does not fit; one holding a comment (or, here, a variation) is
/// broken between its words.
fn wrap(head: String, groups: &[String], max_width: usize, nl: &str) -> String {
    // The text's pieces, as chess.js keeps them: a piece that is a single space can be
    // taken back at a line break. Borrowed, and joined by `push_to` rather than
    // `concat`, which brings its own copy loop.
    let mut out: Vec<&str> = vec![&head];
    let strip = |out: &mut Vec<&str>| out.last() == Some(&" ") && out.pop().is_some();
    let mut current = 0usize;
    for (i, g) in groups.iter().enumerate() {
        let len = g.encode_utf16().count();
        // On bytes: `str::contains` and `split` with a char bring the memchr searcher.
        if current + len > max_width && g.bytes().any(|b| b == b'{' || b == b'(') {
            for token in g.split(' ').filter(|t| !t.is_empty()) {
                if current + token.encode_utf16().count() > max_width {
                    while strip(&mut out) {
                        current = current.saturating_sub(1);
                    }
                    out.push(nl);
                    current = 0;
                }
                out.push(token);
                current += token.encode_utf16().count();
                out.push(" ");
                current += 1;
            }
            if strip(&mut out) {
                current = current.saturating_sub(1);
            }
            continue;
        }
        if current + len > max_width && i != 0 {
            strip(&mut out);
            out.push(nl);
            current = 0;
        } else if i != 0 {
            out.push(" ");
            current += 1;
        }
        out.push(g);
        current += len;
    }
    let mut s = String::new();
    for piece in out {
        piece.push_to(&mut s);
    }
    s
}

// ---------------------------------------------------------------------------------------
// Lexing

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind<'a> {
    /// `[Name "value"]`: the name, and the value as written (escapes still in).
    Tag(&'a str, &'a str),
    BadTag(&'a str),
    /// A move, a move number, a suffix: anything else between separators.
    Word(&'a str),
    Result,
    Open,
    Close,
    /// An empty line (only whitespace on it).
    BlankLine,
    /// A `{...}` comment's text, or a `;` comment's (to the end of its line).
    Comment(&'a str),
    /// A NAG, `$n` (0 to 255; a larger number reads as none).
    Nag(Option<u8>),
    UnterminatedComment,
}

/// A token: it ends where the lexer is after reading it.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    kind: Kind<'a>,
    start: usize,
    line: usize,
}

/// Where the run of `b` from `i` ends: at the end, at whitespace or at a byte of the
/// class `stop` ([`WORD_END`], [`TAG_NAME_END`], [`SWAP_PART_END`]).
fn run_end(b: &[u8], mut i: usize, stop: u8) -> usize {
    let stop = stop | SPACE | MAYBE_SPACE;
    while let Some(&c) = b.get(i) {
        // One table load a byte; a byte that may start a Unicode space is looked at whole.
        let class = BYTE_CLASS.get(usize::from(c)).copied().unwrap_or(0);
        if class & stop != 0
            && (class & MAYBE_SPACE == 0 || text::space_len(b.get(i..).unwrap_or_default()) > 0)
        {
            break;
        }
        i += 1;
    }
    i
}

/// Byte classes for [`run_end`], bits of [`BYTE_CLASS`]: ASCII whitespace as
/// [`text::space_len`] knows it (tab to carriage return, and space), the first bytes of
/// the Unicode spaces it knows, and the ends of a move-text word, a tag's name and a part
/// of a `Chess9Swaps` value.
const SPACE: u8 = 1;
const MAYBE_SPACE: u8 = 2;
const WORD_END: u8 = 4;
const TAG_NAME_END: u8 = 8;
const SWAP_PART_END: u8 = 16;

/// Each byte's classes (a table: the lexer meets every byte of a file, twice when it is
/// split first). Built by a loop over fixed arrays, in range by construction.
#[allow(clippy::indexing_slicing)]
static BYTE_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let classes: [(&[u8], u8); 5] = [
        (b"\t\n\x0b\x0c\r ", SPACE),
        (&[0xC2, 0xE1, 0xE2, 0xE3], MAYBE_SPACE),
        (b"{}()[];$", WORD_END),
        (b"\"]", TAG_NAME_END),
        (b",", SWAP_PART_END),
    ];
    let mut k = 0;
    while k < classes.len() {
        let (bytes, class) = classes[k];
        let mut i = 0;
        while i < bytes.len() {
            t[bytes[i] as usize] |= class;
            i += 1;
        }
        k += 1;
    }
    t
};

const DIGITS: &[u8] = b"0123456789";

/// Where the run of bytes from `set` that starts at `i` in `b` ends.
fn skip(b: &[u8], mut i: usize, set: &[u8]) -> usize {
    while b.get(i).is_some_and(|c| set.iter().any(|s| s == c)) {
        i += 1;
    }
    i
}

/// Splits the text into tokens, byte by byte: every byte it stops at or after is ASCII
/// or starts a whitespace character, so every token is a whole run of characters.
struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// The line the text starts on.
    first: usize,
    /// Only whitespace since the last newline (or the start).
    at_line_start: bool,
}

impl<'a> Lexer<'a> {
    /// A lexer of `text`, whose first line is line `first` (of a file).
    fn new(text: &'a str, first: usize) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            line: first,
            first,
            at_line_start: true,
        }
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.text.as_bytes().get(i).copied()
    }

    /// The whitespace character at `i`: its length, or 0.
    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or("")
    }

    /// Where the line holding `i` ends: its newline, or the end of the text.
    fn line_end(&self, mut i: usize) -> usize {
        while self.byte(i).is_some_and(|c| c != b'\n') {
            i += 1;
        }
        i
    }

    /// `[Name "value"]` from the opening bracket at `start`: the name, the value as
    /// written, and where the tag ends. `None` when malformed; that never happens past
    /// the end of the line.
    fn tag(&self, start: usize) -> Option<(&'a str, &'a str, usize)> {
        let blanks = |i| skip(self.text.as_bytes(), i, b" \t");
        let key_start = blanks(start + 1);
        let mut i = run_end(self.text.as_bytes(), key_start, TAG_NAME_END);
        let key = self.slice(key_start, i);
        i = blanks(i);
        if key.is_empty() || self.byte(i) != Some(b'"') {
            return None;
        }
        let value_start = i + 1;
        i = value_start;
        let b = self.text.as_bytes();
        loop {
            // To the next byte that matters (most values have no escape: one scan).
            i += b
                .get(i..)?
                .iter()
                .position(|&c| matches!(c, b'"' | b'\\' | b'\n'))?;
            match self.byte(i)? {
                b'"' => break,
                b'\\' if matches!(self.byte(i + 1), Some(b'"' | b'\\')) => i += 2,
                b'\n' => return None,
                _ => i += 1,
            }
        }
        let value = self.slice(value_start, i);
        i = blanks(i + 1);
        if self.byte(i) != Some(b']') {
            return None;
        }
        Some((key, value, i + 1))
    }

    /// Moves past the spaces and the words that [`Lexer::next_token`] would read as
    /// `Kind::Word` (not a result) from here, as long as each starts with an ASCII letter
    /// or digit; stops before anything else (a line break, a bracket, a comment, a
    /// result, another byte).
    fn skip_plain_words(&mut self) {
        let b = self.text.as_bytes();
        while let Some(&c) = b.get(self.pos) {
            if c == b' ' {
                self.pos += 1;
                continue;
            }
            if !c.is_ascii_alphanumeric() {
                return;
            }
            let end = run_end(b, self.pos + 1, WORD_END);
            if is_result(self.slice(self.pos, end)) {
                return;
            }
            self.pos = end;
            self.at_line_start = false;
        }
    }

    fn next_token(&mut self) -> Option<Token<'a>> {
        loop {
            let start = self.pos;
            let line = self.line;
            let c = self.byte(start)?;
            if c == b'\n' {
                self.pos += 1;
                self.line += 1;
                if self.at_line_start && line > self.first {
                    return Some(Token {
                        kind: Kind::BlankLine,
                        start,
                        line,
                    });
                }
                self.at_line_start = true;
                continue;
            }
            // Visible ASCII starts a token (most bytes here): no whitespace test; nor
            // for a plain space, the other byte most often met here.
            if c == b' ' {
                self.pos += 1;
                continue;
            }
            let mut space = 0;
            if !(b'!'..0x7f).contains(&c) {
                space = skip_len(self.text.as_bytes().get(start..).unwrap_or_default());
            }
            if space > 0 {
                self.pos += space;
                continue;
            }
            let line_start = self.at_line_start;
            self.at_line_start = false;
            let (kind, end) = match c {
                // An escape line.
                b'%' if line_start => {
                    self.pos = self.line_end(start);
                    continue;
                }
                // A comment to the end of the line (trimmed, as chess.js reads it: a CRLF's
                // `\r` is not part of it).
                b';' => {
                    let end = self.line_end(start);
                    (Kind::Comment(self.slice(start + 1, end).trim()), end)
                }
                b'{' => {
                    let b = self.text.as_bytes().get(start + 1..).unwrap_or_default();
                    let (kind, len) = match b.iter().position(|&c| c == b'}') {
                        Some(n) => (Kind::Comment(self.slice(start + 1, start + 1 + n)), n + 1),
                        None => (Kind::UnterminatedComment, b.len()),
                    };
                    let inside = b.get(..len).unwrap_or_default();
                    self.line += newlines(inside);
                    (kind, start + 1 + len)
                }
                b'[' => match self.tag(start) {
                    Some((key, value, end)) => (Kind::Tag(key, value), end),
                    None => {
                        let end = self.line_end(start);
                        (Kind::BadTag(self.slice(start, end)), end)
                    }
                },
                b'(' => (Kind::Open, start + 1),
                b')' => (Kind::Close, start + 1),
                b'$' => {
                    let end = skip(self.text.as_bytes(), start + 1, DIGITS);
                    let n = self
                        .slice(start + 1, end)
                        .bytes()
                        .try_fold(0u32, |n, d| {
                            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
                        })
                        .filter(|_| end > start + 1)
                        .and_then(|n| u8::try_from(n).ok());
                    (Kind::Nag(n), end)
                }
                _ => {
                    // The first byte always belongs to the word (a stray '}' or ']' is a
                    // word of its own), so the lexer always moves on.
                    let i = run_end(self.text.as_bytes(), start + 1, WORD_END);
                    let word = self.slice(start, i);
                    let kind = if is_result(word) || word == "½-½" {
                        Kind::Result
                    } else {
                        Kind::Word(word)
                    };
                    (kind, i)
                }
            };
            self.pos = end;
            return Some(Token { kind, start, line });
        }
    }
}

// ---------------------------------------------------------------------------------------
// Splitting

/// Splits a file into the text of each game. A game is a tag section and its movetext; it
/// ends at its result token (with the comments that follow it, which chess.js gives the
/// last position), at the next tag section, or at an empty line after its moves (files
/// without result tokens). Games without tags are found by the same rules.
pub fn split_games(text: &str) -> Vec<String> {
    games(text).map(str::to_owned).collect()
}

/// [`split_games`] without copying: the games as slices of `text`.
pub fn games(text: &str) -> impl Iterator<Item = &str> {
    Games::new(text).map(|(_, g)| g)
}

/// The games of a text, one by one (trimmed, none empty).
struct Games<'a> {
    lexer: Lexer<'a>,
    start: Option<usize>,
    movetext: bool,
    /// An empty line after moves: it ends the game if a new one starts with "1." next.
    blank_in_moves: Option<usize>,
    depth: usize,
    /// A game whose result token has been read (its span so far): the comments that follow
    /// are its own, and the next other token cuts it.
    ended: Option<(usize, usize)>,
    /// Words in a game's moves passed over without tokens ([`Lexer::skip_plain_words`]);
    /// off only in the test that compares both ways.
    skip_words: bool,
}

impl<'a> Games<'a> {
    fn new(text: &'a str) -> Games<'a> {
        Games::from(text, TextStart::LineStart)
    }

    fn from(text: &'a str, start: TextStart) -> Games<'a> {
        let mut lexer = Lexer::new(text, 1);
        lexer.at_line_start = start == TextStart::LineStart;
        Games {
            lexer,
            start: None,
            movetext: false,
            blank_in_moves: None,
            depth: 0,
            ended: None,
            skip_words: true,
        }
    }

    /// The game in `start..end`, unless only whitespace, and where it starts (a token
    /// starts it: the trimming only takes off the end).
    fn game(&self, start: usize, end: usize) -> Option<(usize, &'a str)> {
        Some(self.lexer.slice(start, end).trim())
            .filter(|g| !g.is_empty())
            .map(|g| (start, g))
    }
}

impl<'a> Iterator for Games<'a> {
    /// A game and its first byte's offset in the text.
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        loop {
            // Inside a game's moves, with no empty line waiting: a word that starts with a
            // letter or digit and is no result changes nothing here (the game has started
            // and is in its moves), so it is passed over without making a token.
            if self.skip_words
                && self.ended.is_none()
                && self.movetext
                && self.start.is_some()
                && self.blank_in_moves.is_none()
            {
                self.lexer.skip_plain_words();
            }
            // The span of the game this token ends, if it ends one: a game whose result
            // was read (`ended`), or one still open.
            let mut ended = None;
            let mut cut = None;
            let token = self.lexer.next_token();
            if let Some((start, end)) = self.ended {
                match token.map(|t| t.kind) {
                    // The comments after a result token are the game's own (an
                    // unterminated one too: its reader reports it).
                    Some(Kind::Comment(_) | Kind::UnterminatedComment) => {
                        self.ended = Some((start, self.lexer.pos));
                        continue;
                    }
                    Some(Kind::BlankLine) => continue,
                    // Another token cuts that game, and is read as below: no game is open,
                    // so it cuts none of its own (a result token ends a game of its own
                    // and waits for its comments in turn).
                    _ => {
                        self.ended = None;
                        ended = Some((start, end));
                    }
                }
            }
            match token {
                None if ended.is_some() => {}
                None => cut = Some((self.start.take()?, self.lexer.text.len())),
                Some(t) => match t.kind {
                    Kind::Tag(..) | Kind::BadTag(_) => {
                        // A blank line between tags (ChessBase writes them) does not
                        // end the tag section: only movetext does.
                        if self.start.is_none() || self.movetext {
                            cut = self.start.replace(t.start).map(|s| (s, t.start));
                        }
                        self.movetext = false;
                        self.blank_in_moves = None;
                        self.depth = 0;
                    }
                    Kind::BlankLine => {
                        if self.start.is_some() && self.movetext && self.depth == 0 {
                            self.blank_in_moves.get_or_insert(t.start);
                        }
                    }
                    Kind::Result if self.depth == 0 => {
                        // No game is open after it: the splitter starts afresh, as it
                        // does on a text that starts here (a stream's next part).
                        self.ended = Some((self.start.take().unwrap_or(t.start), self.lexer.pos));
                        self.movetext = false;
                        self.blank_in_moves = None;
                    }
                    Kind::Open => {
                        self.start.get_or_insert(t.start);
                        self.depth += 1;
                        self.movetext = true;
                        self.blank_in_moves = None;
                    }
                    Kind::Close => {
                        self.depth = self.depth.saturating_sub(1);
                    }
                    Kind::Word(w) => {
                        if let (Some(s), Some(blank)) = (self.start, self.blank_in_moves.take()) {
                            if w.starts_with("1.") {
                                cut = Some((s, blank));
                                self.start = None;
                            }
                        }
                        self.start.get_or_insert(t.start);
                        self.movetext = true;
                    }
                    Kind::Result => {
                        self.start.get_or_insert(t.start);
                        self.movetext = true;
                    }
                    // Part of the game that follows, without making it start its moves.
                    Kind::Comment(_) | Kind::Nag(_) => {
                        self.start.get_or_insert(t.start);
                    }
                    Kind::UnterminatedComment => {}
                },
            }
            if let Some(g) = ended.or(cut).and_then(|(s, e)| self.game(s, e)) {
                return Some(g);
            }
        }
    }
}

/// A tag value as written, with its `\"` and `\\` escapes undone.
fn unescape(raw: &str) -> Cow<'_, str> {
    // Most values have no backslash: no copy.
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    // Never longer than the raw text: one allocation.
    let mut out = String::with_capacity(raw.len());
    // A backslash waiting to see whether it escapes the next character.
    let mut backslash = false;
    for c in raw.chars() {
        if backslash {
            backslash = false;
            if c == '"' || c == '\\' {
                out.push(c);
                continue;
            }
            out.push('\\');
        }
        if c == '\\' {
            backslash = true;
        } else {
            out.push(c);
        }
    }
    if backslash {
        out.push('\\');
    }
    Cow::Owned(out)
}

/// The `Variant` tag spellings, without whitespace, `-`, `_` and `.`, in lowercase: those
/// of Chess960, then of Chess-9, then of standard chess (the empty one between two
/// spaces). One string rather than a list: no table of pointers in the wasm.
const VARIANT_NAMES: &str = "chess960 960 fischerandom fischerrandom fischerrandomchess \
    fischerandomchess frc fr shuffle960 chess9 nonary nonarychess  standard normal chess \
    fromposition orthodox classical";

/// The rules a `Variant` tag names.
fn variant_of_tag(value: &str) -> Result<Option<Variant>, PgnError> {
    // The value without the characters the names leave out; one longer than them all
    // matches none.
    let mut norm = [0u8; 18];
    let mut len = 0;
    let b = value.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let space = text::space_len(b.get(i..).unwrap_or_default());
        if space > 0 {
            i += space;
            continue;
        }
        i += 1;
        if !matches!(c, b'-' | b'_' | b'.') {
            if let Some(d) = norm.get_mut(len) {
                *d = c;
            }
            len += 1;
        }
    }
    match norm.get(..len).and_then(|n| word_index(n, VARIANT_NAMES)) {
        Some(0..=8) => Ok(Some(Variant::Chess960)),
        Some(9..=11) => Ok(Some(Variant::Chess9)),
        Some(_) => Ok(None),
        None => Err(PgnError::UnknownVariant {
            found: text::first_chars(value, 40),
        }),
    }
}

/// Which of the space-separated `words` (lowercase) `s` is, in any case.
fn word_index(s: &[u8], words: &str) -> Option<usize> {
    let w = words.as_bytes();
    let (mut n, mut from) = (0, 0);
    for i in 0..=w.len() {
        if w.get(i).is_some_and(|&c| c != b' ') {
            continue;
        }
        if w.get(from..i)
            .is_some_and(|word| s.eq_ignore_ascii_case(word))
        {
            return Some(n);
        }
        n += 1;
        from = i + 1;
    }
    None
}

/// The swaps of a `Chess9Swaps` value, Black's then White's (the order they are made),
/// or `None` when malformed.
fn parse_swaps(value: &str) -> Option<[Option<SwapChoice>; 2]> {
    let mut swaps = [None; 2];
    let b = value.as_bytes();
    let mut i = 0;
    while i < b.len() {
        // A part runs to the next whitespace or ','. On bytes: the separators are ASCII,
        // and so are the words it matches.
        let end = run_end(b, i, SWAP_PART_END);
        if end > i {
            let part = b.get(i..end)?;
            let colon = part.iter().position(|&c| c == b':')?;
            let (side, choice) = (part.get(..colon)?, part.get(colon + 1..)?);
            let choice = *SwapChoice::ALL.get(word_index(choice, "king queen none")?)?;
            let slot = word_index(side, "black b white w")? / 2;
            if swaps.get_mut(slot)?.replace(choice).is_some() {
                return None;
            }
        }
        i = end + text::space_len(b.get(end..).unwrap_or_default()).max(1);
    }
    match swaps {
        [None, Some(_)] => None,
        s => Some(s),
    }
}

/// A tag as read: its name, and its value with the escapes undone (borrowed from the
/// text unless it had one).
pub type Tag<'a> = (&'a str, Cow<'a, str>);

/// The value of the first tag named `name` (in any case), trimmed; empty when absent.
fn tag_value<'t>(tags: &'t [Tag<'_>], name: &str) -> &'t str {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map_or("", |(_, v)| v.trim())
}

// ---------------------------------------------------------------------------------------
// Reading

/// How [`read_with`] reads (chess.js's `loadPgn(text, { strict })`).
#[derive(Clone, Copy, Debug, Default)]
pub struct ReadOptions {
    /// chess.js's strict reading: moves must be SAN (decorations aside), and only a
    /// `SetUp "1"` tag makes the `FEN` tag count.
    pub strict: bool,
}

/// The game the tags describe, before any move.
fn start_game(tags: &[Tag<'_>], opts: ReadOptions) -> Result<Game, PgnError> {
    let variant = variant_of_tag(tag_value(tags, "Variant"))?;
    let mut f = tag_value(tags, "FEN");
    if opts.strict {
        let setup = tags
            .iter()
            .find(|(k, _)| *k == "SetUp")
            .map(|(_, v)| v.as_ref());
        let exact = tags
            .iter()
            .find(|(k, _)| *k == "FEN")
            .map(|(_, v)| v.trim());
        f = match (setup, exact) {
            (Some("1"), Some(fen)) => fen,
            (Some("1"), None) => return Err(PgnError::SetUpWithoutFen),
            _ => "",
        };
    }
    // Without a `FEN` tag the game starts from the standard array.
    let start = if f.is_empty() {
        crate::game::standard_start()
    } else {
        // What this library reads, else what chess.js loads (the side not to move in
        // check, impossible castling rights dropped).
        fen::parse(f)
            .or_else(|e| match e {
                FenError::OppositeCheck | FenError::CastlingWithoutRook { .. } => {
                    fen::parse_lenient(f)
                }
                e => Err(e),
            })
            .map_err(|error| PgnError::Fen {
                fen: text::first_chars(f, 100),
                error,
            })?
    };
    let mut game = match variant {
        // No `Variant` tag (or a standard one): the FEN says which rules.
        None => Game::from_parsed(start),
        Some(v) => Game::from_position(v, start),
    };
    if variant == Some(Variant::Chess9) {
        // A Chess-9 game always starts from the standard array; its swaps come from
        // their tag.
        let f = fen::to_fen(&start, CastlingLetters::XFen);
        if f != fen::STANDARD_FEN {
            return Err(PgnError::Chess9Start { fen: f });
        }
        let swaps = tag_value(tags, CHESS9_SWAPS_TAG);
        let choices = parse_swaps(swaps).ok_or_else(|| PgnError::BadSwaps {
            found: text::first_chars(swaps, 60),
        })?;
        for choice in choices.into_iter().flatten() {
            // Never refused: a new Chess-9 game waits for Black's swap, then White's, and
            // `parse_swaps` gives at most one each, Black's first.
            let _ = game.swap(choice);
        }
    }
    for (k, v) in tags {
        if !crate::headers::is_derived(k) {
            game.tags_mut().set_unchecked(k, v);
        }
    }
    Ok(game)
}

/// The move in a movetext word and its suffix glyph (`e4!?` → `e4`, `!?`), or `None`
/// for move numbers (`12.`, `12...`) and `e.p.`. A bare glyph (`!?`) is `Some(("", g))`.
/// A move number glued to the move before it (`b49.`, as chess.js's `pgn({ maxWidth })`
/// writes some lines) is cut where chess.js's grammar cuts it: see [`glued_number`].
fn move_in(word: &str, strict: bool) -> Option<(&str, &str)> {
    let b = word.as_bytes();
    let mut i = skip(b, 0, DIGITS);
    if b.get(i).is_some_and(|&c| c != b'.') {
        // "0-0", "0-0-0": digits that are the move itself (or no digits at all).
        i = 0;
    }
    i = skip(b, i, b".");
    let rest = word.get(i..)?;
    if rest.is_empty() || rest == "e.p." {
        return None;
    }
    let rest = rest.get(..glued_number(rest, strict)).unwrap_or(rest);
    let glyph_at = rest.len()
        - rest
            .bytes()
            .rev()
            .take_while(|c| matches!(c, b'!' | b'?'))
            .count();
    Some((rest.get(..glyph_at)?, rest.get(glyph_at..)?))
}

/// Where the move ends in `word` (a move, no number before it) when a move number is
/// glued after it, as chess.js's grammar reads it; else `word.len()`. Its SAN token
/// (`O-O-O`, `O-O`, `0-0-0`, `0-0`, or `[a-zA-Z][a-zA-Z1-8=-]+`, then `[+#]?` and `!?`)
/// takes the number's first digits 1-8, and the number (`[0-9]*\.+`) the rest: so `b49.`
/// is `b4` and `9.`, but `cxd45.` is `cxd45` and `.`. chess.js's permissive reading (not
/// in strict mode) takes `cxd45` for `cxd4` when its pattern finds a from part in it,
/// besides `x` and `-`, between the piece letter (any of `pnbrqkPNBRQK`, so `bxc3`'s `b`
/// too) and the square: then the extra digits go (`Rh64`, `bxc34` are no move). (That is
/// its pattern on SAN; on other text it may match elsewhere.)
fn glued_number(word: &str, strict: bool) -> usize {
    let b = word.as_bytes();
    let last = |t: &[u8], f: fn(&u8) -> bool| t.iter().rposition(f).map_or(0, |i| i + 1);
    let dots = last(b, |&c| c != b'.');
    let digits = last(b.get(..dots).unwrap_or_default(), |c| !c.is_ascii_digit());
    if dots == b.len() || digits == dots || digits == 0 {
        return b.len();
    }
    let prev = b.get(digits - 1).copied().unwrap_or_default();
    let castle = matches!(b, [c @ (b'O' | b'0'), b'-', d, ..] if c == d);
    let castle_len = 3 + 2 * usize::from(b.get(3) == Some(&b'-') && b.get(4) == b.first());
    let taken = if castle || !(prev.is_ascii_alphabetic() || prev == b'-' || prev == b'=') {
        0
    } else {
        skip(b, digits, b"12345678") - digits
    };
    let cut = if castle {
        castle_len.max(digits)
    } else {
        digits + taken
    };
    if strict || castle {
        return cut;
    }
    // The first digit taken is the square's rank after a file letter; a promotion
    // (`e8=Q`) may stand between the square and the digits.
    let file = prev.is_ascii_lowercase() && prev <= b'h';
    let rank = if file {
        digits
    } else {
        last(b.get(..digits).unwrap_or_default(), u8::is_ascii_digit).saturating_sub(1)
    };
    let body = b.get(..rank.saturating_sub(1)).unwrap_or_default();
    let body = match body {
        [b'p' | b'n' | b'b' | b'r' | b'q' | b'k' | b'P' | b'N' | b'B' | b'R' | b'Q' | b'K', rest @ ..] => {
            rest
        }
        _ => body,
    };
    let extra = taken - usize::from(file && taken > 0);
    if body.iter().any(|c| !matches!(c, b'x' | b'-')) {
        cut - extra
    } else {
        cut
    }
}

/// A line being read: the mainline (the first) or a variation. Its moves are checked
/// as they come; the mainline's become the game at the end.
struct Line {
    /// The position after its last move (before its first, until it has one); `None`
    /// for a variation with nowhere to start.
    position: Option<Position>,
    /// The position before its last move (where a variation of that move starts).
    before_last: Option<Position>,
    /// Its moves with SAN and annotations; a null move (mainline only) is the node whose
    /// SAN is `--`.
    moves: Vec<Node>,
    /// The move it replaces in the line below: the index of that line's move.
    replaces: usize,
    /// Comments waiting for the next move (at a variation's start, after a variation);
    /// for the mainline before its first move, the game's comment.
    pending: Vec<String>,
    after_variation: bool,
    /// A move of it could not be played: the rest of the line is skipped (variations).
    dead: bool,
    /// Where each move's SAN is written before its node keeps it.
    san: String,
}

impl Line {
    fn new(start: Option<Position>, replaces: usize) -> Line {
        Line {
            dead: start.is_none(),
            position: start,
            before_last: None,
            moves: Vec::new(),
            replaces,
            pending: Vec::new(),
            after_variation: false,
            san: String::new(),
        }
    }

    fn last_notes(&mut self) -> Option<&mut Notes> {
        match self.moves.last_mut() {
            Some(n) if !self.dead => Some(&mut n.notes),
            _ => None,
        }
    }

    /// Plays `mv` (SAN, or `--` in the mainline) in this line. A move that cannot be
    /// played is an error in the mainline (`main`) and ends a variation.
    fn play(&mut self, mv: &str, glyph: &str, strict: bool, main: bool) -> Result<(), PlayError> {
        let Some(pos) = self.position.filter(|_| !self.dead) else {
            return Ok(());
        };
        let found = if mv == "--" && main {
            if pos.is_check() {
                Err(PlayError::NullInCheck)
            } else {
                // A null move has no move: the node's is never read.
                let a1 = crate::square::Square::from_index(0);
                let none = Move::new(a1, a1, crate::position::MoveKind::Normal);
                Ok((none, San::new("--"), pos.after_null()))
            }
        } else {
            find_move(&pos, mv, strict, &mut self.san)
                .map(|(m, after)| (m, San::new(&self.san), after))
        };
        match found {
            Ok((mv, san, after)) => {
                let mut notes = Notes {
                    starting_comments: core::mem::take(&mut self.pending),
                    ..Notes::default()
                };
                add_glyph(&mut notes, glyph);
                self.moves.push(Node { mv, san, notes });
                self.before_last = Some(pos);
                self.position = Some(after);
                self.after_variation = false;
                Ok(())
            }
            Err(e) if main => Err(e),
            Err(_) => {
                self.dead = true;
                Ok(())
            }
        }
    }

    fn comment(&mut self, c: String) {
        if self.dead {
            return;
        }
        match self.moves.last_mut() {
            Some(n) if !self.after_variation => n.notes.comments.push(c),
            _ => self.pending.push(c),
        }
    }
}

/// A comment as chess.js reads it: each run of line breaks (`\r`, `\n`) becomes one space.
fn on_one_line(c: &str) -> String {
    let mut out = String::with_capacity(c.len());
    let mut breaks = false;
    for ch in c.chars() {
        let line_break = ch == '\r' || ch == '\n';
        if !line_break {
            out.push(ch);
        } else if !breaks {
            out.push(' ');
        }
        breaks = line_break;
    }
    out
}

/// The legal move that move text `mv` names in `pos` (SAN, or unless `strict` chess.js's
/// permissive forms too), and the position after it; its SAN is written into `san` (a
/// line's moves share one buffer).
///
/// The moves to the square the text ends on (the destination, in every form it reads)
/// are generated first: all that reading and writing SAN need; when they do not give the
/// move, all the moves do (or give the error).
fn find_move(
    pos: &Position,
    mv: &str,
    strict: bool,
    san: &mut String,
) -> Result<(Move, Position), PlayError> {
    let b = mv.as_bytes();
    let to = (1..b.len()).rev().find_map(|i| {
        let (f, r) = (*b.get(i - 1)?, *b.get(i)?);
        Square::from_ascii(f, r)
    });
    let mut read = |legal: &MoveList| {
        let parsed = if strict {
            san::parse_exact(pos, mv, legal).ok_or_else(|| SanError::Illegal {
                san: text::first_chars(mv, 40),
            })
        } else {
            san::parse_san(pos, mv, legal)
        };
        parsed
            .map(|m| {
                san.clear();
                (m, san::push_san_after(san, pos, m, legal))
            })
            .map_err(PlayError::San)
    };
    if let Some(sq) = to {
        let mut legal = MoveList::default();
        pos.push_legal_moves_to(Bitboard::from_square(sq), &mut legal);
        if let Ok(found) = read(&legal) {
            return Ok(found);
        }
    }
    read(&pos.legal_moves())
}

/// A suffix glyph: the move's assessment (`!?`), or, when it has one, another NAG.
fn add_glyph(notes: &mut Notes, glyph: &str) {
    // (Most moves have none.)
    if glyph.is_empty() {
        return;
    }
    if let Some(nag) = tree::suffix_nag(glyph) {
        if notes.suffix.is_none() {
            notes.suffix = Some(nag);
        } else {
            notes.add_nag(nag);
        }
    }
}

/// Closes the top line: its moves become a variation of the move it replaces (comments
/// left waiting go after its last move). Returns the moves it added.
fn close(lines: &mut Vec<Line>) -> usize {
    let Some(mut line) = lines.pop() else {
        return 0;
    };
    let Some(parent) = lines.last_mut() else {
        return 0;
    };
    parent.after_variation = true;
    let pending = core::mem::take(&mut line.pending);
    let mut moves = line.moves;
    if let Some(n) = moves.last_mut() {
        n.notes.comments.extend(pending);
    }
    let added = moves.len()
        + moves
            .iter()
            .map(|n| n.notes.variation_moves())
            .sum::<usize>();
    match parent.moves.get_mut(line.replaces) {
        Some(n) if !moves.is_empty() => n.notes.variations.push(moves),
        _ => return 0,
    }
    added
}

/// How much of a game [`read_one`] reads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Everything: the tree with its variations and annotations.
    Tree,
    /// The tags and the mainline: variations start dead (their moves are not read),
    /// comments and NAGs are skipped.
    Mainline,
    /// The tags only: the reading stops where the movetext starts.
    Tags,
}

/// Replays one game's text (tags, then movetext up to the result token), its tags read
/// into `tags`; `None` in [`Mode::Tags`]. The text starts on line `first` (of a file):
/// lines count from there, and an error comes with the line of its token.
fn read_one<'a>(
    text: &'a str,
    opts: ReadOptions,
    mode: Mode,
    tags: &mut Vec<Tag<'a>>,
    first: usize,
) -> Result<Option<Game>, (PgnError, usize)> {
    let tree = mode == Mode::Tree;
    // The game's comment: before the first move (before the tags too).
    let mut before_tags: Vec<String> = Vec::new();
    // The game of the tags, and its lines, once movetext has started.
    let mut game: Option<Game> = None;
    let mut lines: Vec<Line> = Vec::new();
    let mut result: Option<&str> = None;
    let mut any = false;
    let mut moves_read = 0usize;
    // Reading the mainline only: its last move read, not yet in the game.
    let mut behind: Option<(Move, Position, San)> = None;
    let mut lexer = Lexer::new(text, first);
    while let Some(t) = lexer.next_token() {
        // After the result token only comments are read (chess.js gives them the last
        // position; an unterminated one is an error, as in chess.js).
        if result.is_some()
            && !matches!(
                t.kind,
                Kind::Comment(_) | Kind::UnterminatedComment | Kind::BlankLine
            )
        {
            break;
        }
        let movetext = matches!(
            t.kind,
            Kind::Word(_) | Kind::Open | Kind::Result | Kind::Close
        );
        if game.is_none() && movetext {
            if mode == Mode::Tags {
                return Ok(None);
            }
            let g = start_game(tags, opts).map_err(|e| (e, first))?;
            lines.push(Line::new(Some(*g.position()), 0));
            game = Some(g);
        }
        let at = |lines: &[Line]| {
            let pos = lines.last().and_then(|l| l.position);
            (
                pos.map_or(1, |p| p.fullmoves()),
                pos.map_or(Color::White, |p| p.turn()),
            )
        };
        match t.kind {
            Kind::Tag(..) | Kind::BadTag(_) if game.is_some() => break,
            Kind::Tag(key, value) => {
                any = true;
                tags.push((key, unescape(value)));
            }
            Kind::BadTag(s) => {
                let text = text::first_chars(s.trim(), 60);
                return Err((PgnError::BadTag { line: t.line, text }, t.line));
            }
            Kind::UnterminatedComment => {
                return Err((PgnError::UnterminatedComment { line: t.line }, t.line))
            }
            Kind::BlankLine => {}
            Kind::Comment(c) => {
                any = true;
                // Before the first move: the game's comment.
                let depth = lines.len();
                let c = on_one_line(c);
                match lines.last_mut() {
                    _ if !tree => {}
                    // (chess.js drops an empty one after the result.)
                    _ if result.is_some() && c.is_empty() => {}
                    Some(l) if depth > 1 || !l.moves.is_empty() => l.comment(c),
                    _ => before_tags.push(c),
                }
            }
            Kind::Nag(Some(nag)) => {
                if let Some(n) = lines.last_mut().and_then(Line::last_notes) {
                    n.add_nag(nag);
                }
            }
            Kind::Nag(None) => {}
            Kind::Open => {
                // (The mainline is the first line: the others are the nesting.)
                if lines.len() > MAX_NESTING {
                    return Err((PgnError::TooDeep { line: t.line }, t.line));
                }
                // (Reading the mainline only, a variation's moves are played too, kept
                // nowhere: an error in it names its move as the full reading does.)
                let top = lines.last();
                let start = top.filter(|l| !l.dead).and_then(|l| l.before_last);
                let replaces = top.map_or(0, |l| l.moves.len().saturating_sub(1));
                lines.push(Line::new(start, replaces));
            }
            Kind::Close => {
                if lines.len() > 1 {
                    moves_read += close(&mut lines);
                }
            }
            Kind::Result => {
                any = true;
                if lines.len() == 1 {
                    result = Some(text.get(t.start..lexer.pos).unwrap_or_default());
                }
            }
            Kind::Word(w) => {
                any = true;
                let Some((mv, glyph)) = move_in(w, opts.strict) else {
                    continue;
                };
                let main = lines.len() == 1;
                let (number, color) = at(&lines);
                let err = |error| PgnError::Move {
                    number,
                    color,
                    token: text::first_chars(mv, 40),
                    error,
                };
                if moves_read >= crate::game::MAX_PLIES {
                    return Err((err(PlayError::TooLong), t.line));
                }
                // Text after an assessment glyph (`e4!+`: SAN puts the check sign first) is
                // no move, in a variation too (chess.js's grammar refuses the text).
                if mv.bytes().any(|c| c == b'!' || c == b'?') {
                    let san = text::first_chars(mv, 40);
                    return Err((err(PlayError::San(SanError::Syntax { san })), t.line));
                }
                let Some(line) = lines.last_mut() else {
                    continue;
                };
                if mv.is_empty() {
                    if let Some(n) = line.last_notes() {
                        add_glyph(n, glyph);
                    }
                    continue;
                }
                if let Some(chooser) = game.as_ref().and_then(Game::swap_pending).filter(|_| main) {
                    return Err((err(PlayError::SwapPhase { chooser }), t.line));
                }
                match game.as_mut() {
                    // Reading the mainline only: its moves go straight into the game, one
                    // move behind (whether the next is a move decides the last's outcome
                    // check); no tree, so its annotations are not kept.
                    Some(g) if main && mode == Mode::Mainline => {
                        let Some(pos) = line.position else { continue };
                        if mv == "--" {
                            if pos.is_check() {
                                return Err((err(PlayError::NullInCheck), t.line));
                            }
                            push_behind(g, &mut behind, false);
                            let _ = g.play_null();
                            line.before_last = Some(pos);
                            line.position = Some(pos.after_null());
                        } else {
                            let (m, after) = find_move(&pos, mv, opts.strict, &mut line.san)
                                .map_err(|e| (err(e), t.line))?;
                            push_behind(g, &mut behind, true);
                            behind = Some((m, after, San::new(&line.san)));
                            line.before_last = Some(pos);
                            line.position = Some(after);
                        }
                    }
                    _ => line
                        .play(mv, glyph, opts.strict, main)
                        .map_err(|e| (err(e), t.line))?,
                }
                moves_read += 1;
            }
        }
    }
    while lines.len() > 1 {
        close(&mut lines);
    }
    if mode == Mode::Tags {
        return Ok(None);
    }
    let mut game = match game {
        Some(mut g) => {
            push_behind(&mut g, &mut behind, false);
            g
        }
        None if any => {
            let g = start_game(tags, opts).map_err(|e| (e, first))?;
            lines.push(Line::new(Some(*g.position()), 0));
            g
        }
        None => return Err((PgnError::NoGame, first)),
    };
    // The mainline becomes the game: its moves are known legal, their SAN written.
    if let Some(mut main) = lines.pop() {
        let base = game.ply_count();
        let mut head = Notes {
            comments: before_tags,
            ..Notes::default()
        };
        // Comments after a last variation stay with the last move.
        match main.moves.last_mut() {
            Some(last) => last.notes.comments.append(&mut main.pending),
            None => head.comments.append(&mut main.pending),
        }
        game.set_read_notes(base, head);
        game.reserve_read(main.moves.len());
        let mut moves = main.moves;
        for i in 0..moves.len() {
            // The next move was found legal in the position after this one (a null
            // move tells nothing: it is read in a position without moves too).
            let movable = moves.get(i + 1).is_some_and(|next| next.san != "--");
            let Some(node) = moves.get_mut(i) else { break };
            if node.san == "--" {
                let _ = game.play_null();
            } else {
                let after = game.position().after(node.mv);
                game.push_read(node.mv, after, node.san, movable);
            }
            // (Most moves have none: nothing to move out.)
            if !node.notes.is_empty() {
                game.set_read_notes(base + i + 1, core::mem::take(&mut node.notes));
            }
        }
    }
    conclude(&mut game, result);
    Ok(Some(game))
}

/// Plays the move read last (`behind`, already found legal) into the game; `movable`:
/// the record's next move was found legal after it.
fn push_behind(game: &mut Game, behind: &mut Option<(Move, Position, San)>, movable: bool) {
    if let Some((m, after, san)) = behind.take() {
        game.push_read(m, after, san, movable);
    }
}

/// The record's own result, once the moves are in: the result token (`result`) wins over
/// the `Result` tag, as in chess.js; the game keeps the result its record states.
fn conclude(game: &mut Game, result: Option<&str>) {
    if let Some(r) = result.map(|r| if r == "½-½" { "1/2-1/2" } else { r }) {
        if game.header("Result") != Some(r) {
            game.tags_mut().set_unchecked("Result", r);
        }
    }
    let result_tag = game.header("Result").unwrap_or("*").to_owned();
    let termination = game.header("Termination").unwrap_or("").to_owned();
    game.conclude_record(&result_tag, &termination);
}

/// The first game in `text`, replayed move by move.
pub fn read(text: &str) -> Result<Game, PgnError> {
    read_with(text, ReadOptions::default())
}

/// [`read`] with chess.js's `strict` option.
pub fn read_with(text: &str, opts: ReadOptions) -> Result<Game, PgnError> {
    if text.len() > MAX_TEXT {
        return Err(PgnError::TooLong { bytes: text.len() });
    }
    let text = games(text).next().unwrap_or_default();
    match read_one(text, opts, Mode::Tree, &mut Vec::new(), 1) {
        Ok(Some(g)) => Ok(g),
        Ok(None) => Err(PgnError::NoGame),
        Err((e, _)) => Err(e),
    }
}

// ---------------------------------------------------------------------------------------
// Bulk reading: a file game by game, as it arrives

/// Where a game lies in a text: its bytes (trimmed, as [`games`] gives it) and the line
/// its first byte is on (the text's first line is 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub line: usize,
}

/// The length of the whitespace the lexer skips at the start of `b` (0: none): a space
/// as [`text::space_len`] knows it, or a byte order mark, U+FEFF (not whitespace, but as
/// good as).
fn skip_len(b: &[u8]) -> usize {
    match b {
        [0xEF, 0xBB, 0xBF, ..] => 3,
        _ => text::space_len(b),
    }
}

/// Where a part of a text starts: at the start of a line of the whole text (the text's
/// own start, or after a newline), or within a line. The lexer reads a `%` escape line
/// only at the start of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextStart {
    LineStart,
    MidLine,
}

impl TextStart {
    /// Where the part of `text` from byte `at` starts, `text` itself starting at `self`:
    /// at a line's start when only whitespace (as the lexer skips it) lies between the
    /// last newline before `at`, or the text's start, and `at`.
    pub fn at(self, text: &str, at: usize) -> TextStart {
        let b = text.as_bytes();
        let (mut i, start) = match b
            .get(..at)
            .and_then(|s| s.iter().rposition(|&c| c == b'\n'))
        {
            Some(newline) => (newline + 1, TextStart::LineStart),
            None => (0, self),
        };
        while let Some(rest) = b.get(i..at).filter(|r| !r.is_empty()) {
            let space = skip_len(rest);
            if space == 0 {
                return TextStart::MidLine;
            }
            i += space;
        }
        start
    }
}

/// The games of a text that arrives in parts (a stream): the spans of the games that
/// are complete in `text`, and where the rest begins (as a span from there to the end).
/// [`complete_games_from`] for a part that starts a line.
///
/// A game is complete when what follows it ends it (its result token, or the tag, the
/// empty line or the move number that starts the next game; [`games`] has the rules):
/// every game [`games`] finds but the last, and the last too when `ended` (nothing
/// follows `text`). Whatever lies before the rest is done with; reading on from the rest
/// with the next part appended finds the games [`games`] finds in the whole text, since
/// a game's end never depends on what follows the token that ends it. Memory is bounded
/// by the part and the longest game, not the file.
pub fn complete_games(text: &str, ended: bool) -> (Vec<Span>, Span) {
    complete_games_from(text, ended, TextStart::LineStart)
}

/// [`complete_games`] for a part that starts at `start` (the rest of a previous part
/// starts where its game starts, which may be within a line: [`TextStart::at`] on the
/// previous part says).
pub fn complete_games_from(text: &str, ended: bool, start: TextStart) -> (Vec<Span>, Span) {
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let (mut line, mut counted) = (1, 0);
    let mut line_at = |at: usize| {
        line += newlines(b.get(counted..at).unwrap_or_default());
        counted = at;
        line
    };
    for (at, g) in Games::from(text, start) {
        spans.push(Span {
            start: at,
            end: at + g.len(),
            line: line_at(at),
        });
    }
    let rest = match spans.pop() {
        Some(last) if !ended => last.start,
        Some(last) => {
            spans.push(last);
            text.len()
        }
        // Nothing but whitespace, or a game's first token still to come.
        None if ended || text.trim().is_empty() => text.len(),
        None => 0,
    };
    let rest = Span {
        start: rest,
        end: text.len(),
        line: line_at(rest),
    };
    (spans, rest)
}

/// The number of newlines in `b`, eight bytes at a time (a file's every byte is counted
/// once; the wasm is built for size, where the compiler does not vectorise a plain count).
fn newlines(b: &[u8]) -> usize {
    const LOW7: u64 = u64::from_ne_bytes([0x7f; 8]);
    let mut words = b.chunks_exact(8);
    let mut n = 0;
    for w in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        // A byte of `x` is zero where `w` has a newline; its high bit in `nonzero` is set
        // exactly where it is not (no carry crosses a byte: 0x7f + 0x7f < 0x100).
        let x = u64::from_ne_bytes(word) ^ u64::from_ne_bytes([b'\n'; 8]);
        let nonzero = ((x & LOW7).wrapping_add(LOW7)) | x;
        n += (!nonzero & !LOW7).count_ones() as usize;
    }
    n + words.remainder().iter().filter(|&&c| c == b'\n').count()
}

/// Why a game of a file could not be read, and the line of the file where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub error: PgnError,
    pub line: usize,
}

/// A game of a file, read for its mainline ([`read_mainline`]).
#[derive(Debug)]
pub struct Mainline<'a> {
    /// Its tags as written, in order, their escapes undone.
    pub tags: Vec<Tag<'a>>,
    /// The game: its start, its tags and the mainline's moves, with the result its record
    /// states (`None` when only the tags were asked); or why it could not be read.
    pub game: Result<Option<Game>, Fault>,
}

/// One game's text (a [`Span`] of a file whose first line is `line`) read for bulk
/// reading: the mainline is replayed and checked move by move as [`read_with`] replays
/// it, and the game is the one [`read_with`] gives without its variations, comments and
/// NAGs, which are skipped unread (a variation never makes a game fail: it ends where
/// its moves stop being legal). With `tags_only`, the reading stops where the movetext
/// starts. Lines in errors count from the file's first line.
pub fn read_mainline(text: &str, opts: ReadOptions, tags_only: bool, line: usize) -> Mainline<'_> {
    let mut tags = Vec::new();
    let mode = if tags_only {
        Mode::Tags
    } else {
        Mode::Mainline
    };
    let game =
        read_one(text, opts, mode, &mut tags, line).map_err(|(error, line)| Fault { error, line });
    Mainline { tags, game }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The splitter passing over plain words in a game's moves finds the games it finds
    /// token by token: on texts cut from the shared games' kinds of text and mangled
    /// with the bytes that matter to it (brackets, results, empty lines, `%`, `1.`).
    #[test]
    fn passing_over_plain_words_splits_as_reading_every_token() {
        let base = "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 2. Nf3 {c} Nc6 (2... d6 3. d4) 3. Bb5 a6 1-0\n\n\
                    1. d4 d5 2. c4 e6\n\n1. e4 c5 *\n% x\n[Event \"c\"]\n\n1. Nf3 ; y\nd5 0-1 {z}\n\n\
                    1. f4 e5 1/2-1/2 ½-½ 2. g4 Qh4# 0-1\n";
        // The pieces, `|` apart: line breaks, results, brackets, escapes, move numbers,
        // a no-break space, a tag.
        let pieces: Vec<&str> =
            "\n|\n\n| |1.|1-0|0-1|1/2-1/2|*|½-½|(|)|{|}|[|]|%|;|$1|e4|\u{a0}|\r\n|[Event \"x\"]\n|10.|\t"
                .split('|')
                .collect();
        let mut next = crate::test_rng(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let mut t = String::from(base);
            for _ in 0..1 + next(6) {
                let mut at = next(t.len() + 1);
                while !t.is_char_boundary(at) {
                    at -= 1;
                }
                t.insert_str(at, pieces.get(next(pieces.len())).copied().unwrap_or(""));
            }
            for start in [TextStart::LineStart, TextStart::MidLine] {
                let fast: Vec<_> = Games::from(&t, start).collect();
                let mut slow = Games::from(&t, start);
                slow.skip_words = false;
                assert_eq!(fast, slow.collect::<Vec<_>>(), "{t:?}");
            }
        }
    }

    /// The word-at-a-time count is the plain count, on every length around a word and on
    /// bytes next to a newline's (0x0a) in value and in bits (0x0b, 0x09, 0x8a, 0x00, 0xff).
    #[test]
    fn newlines_counts_as_a_plain_count_does() {
        let alphabet = [b'\n', b'\n', 0x0b, 0x09, 0x8a, 0x00, 0xff, b'a', b'\r'];
        let mut next = crate::test_rng(0x9e37_79b9);
        for len in 0..40 {
            for _ in 0..200 {
                let b: Vec<u8> = (0..len)
                    .map(|_| alphabet.get(next(alphabet.len())).copied().unwrap_or(b'a'))
                    .collect();
                let plain = b.iter().filter(|&&c| c == b'\n').count();
                assert_eq!(newlines(&b), plain, "{b:?}");
            }
        }
    }

    /// `find_move` reads the moves to the text's last square first: it must find what
    /// reading among all the legal moves finds, move or error, for every legal move's
    /// SAN and the other forms it reads, and for near misses.
    #[test]
    #[allow(clippy::unwrap_used, clippy::indexing_slicing)]
    fn moves_to_the_last_square_read_as_all_moves_do() {
        let all = |pos: &Position, mv: &str, strict: bool| {
            let legal = pos.legal_moves();
            let parsed = if strict {
                san::parse_exact(pos, mv, &legal).ok_or_else(|| SanError::Illegal {
                    san: text::first_chars(mv, 40),
                })
            } else {
                san::parse_san(pos, mv, &legal)
            };
            parsed
                .map(|m| (m, san::to_san(pos, m, &legal)))
                .map_err(PlayError::San)
        };
        let mut below = crate::test_rng(0x9e37_79b9_7f4a_7c15);
        let mut tried = 0;
        for start in [
            fen::STANDARD_FEN,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ] {
            for _ in 0..10 {
                let mut pos = fen::parse(start).unwrap();
                for _ in 0..80 {
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    for &m in legal.iter() {
                        let san = san::to_san(&pos, m, &legal);
                        let notation = if below(2) == 0 {
                            crate::uci::CastlingNotation::KingToDestination
                        } else {
                            crate::uci::CastlingNotation::KingOntoRook
                        };
                        let uci = crate::uci::to_uci(m, notation);
                        let long = cat(&[&san[..1], &uci]);
                        for text in [
                            san.as_str(),
                            &uci,
                            &long,
                            &san.replace('x', ""),
                            &cat(&[&san, "!?"]),
                            &san[..san.len() - 1],
                            &cat(&["N", &uci[2..]]),
                            "O-O",
                            "0-0-0",
                            "e8Q",
                        ] {
                            for strict in [false, true] {
                                assert_eq!(
                                    {
                                        let mut s = String::new();
                                        find_move(&pos, text, strict, &mut s).map(|(m, _)| (m, s))
                                    },
                                    all(&pos, text, strict),
                                    "{text} in {}",
                                    fen::to_fen(&pos, CastlingLetters::XFen)
                                );
                                tried += 1;
                            }
                        }
                    }
                    pos = pos.after(legal.as_slice()[below(legal.len())]);
                }
            }
        }
        assert!(tried > 50_000, "{tried}");
    }

    /// The replay is told that a position has a legal move when the record's next move
    /// was found legal there: not by a null move, which a stalemated side may make.
    #[test]
    #[allow(clippy::unwrap_used)]
    fn a_stalemate_before_a_null_move_is_the_outcome() {
        use crate::game::{Outcome, Reason};
        let loyd = "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 \
                    7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6";
        let stalemate = Some(Outcome {
            winner: None,
            reason: Reason::Stalemate,
        });
        for text in [cat(&[loyd, " *"]), cat(&[loyd, " -- 11. Qe7 *"])] {
            assert_eq!(read(&text).unwrap().outcome(), stalemate, "{text}");
            let main = read_mainline(&text, ReadOptions::default(), false, 1);
            assert_eq!(main.game.unwrap().unwrap().outcome(), stalemate, "{text}");
        }
        // A move after the stalemate: the record's next move is no legal move there.
        assert!(read(&cat(&[loyd, " Kh6 *"])).is_err());
    }

    fn cat(parts: &[&str]) -> String {
        parts.concat()
    }

    #[test]
    fn a_comment_reads_each_run_of_line_breaks_as_one_space() {
        let g = read("{a\r\n\r\nb} 1. e4 {good\nmove} (1. d4 {x\ny}) e5 ; end\r\n*").unwrap();
        assert_eq!(g.notes(0).unwrap().comments, ["a b"]);
        let n = g.notes(1).unwrap();
        assert_eq!(n.comments, ["good move"]);
        assert_eq!(n.variations[0][0].notes.comments, ["x y"]);
        assert_eq!(g.notes(2).unwrap().comments, ["end"]);
        assert_eq!(on_one_line(" a \n b\n"), " a   b ");
    }

    #[test]
    fn variations_nest_at_most_max_nesting_levels() {
        let nested = |depth: usize| {
            let mut s = "1. e4 (".repeat(depth);
            s.push_str("1. d4");
            s.push_str(&")".repeat(depth));
            s
        };
        let g = read(&nested(MAX_NESTING)).unwrap();
        assert_eq!(g.ply_count(), 1);
        let e = read(&format!("[Event \"x\"]\n\n{}", nested(MAX_NESTING + 1))).unwrap_err();
        assert_eq!(e, PgnError::TooDeep { line: 3 });
        assert_eq!(
            e.message(),
            "PGN variations nested too deeply: the '(' on line 3 opens level 101 (at most 100 levels)"
        );
        // Many variations side by side are no nesting.
        let wide = format!("1. e4 {} *", "(1. d4) ".repeat(MAX_NESTING * 3));
        assert_eq!(read(&wide).unwrap().notes(1).unwrap().variations.len(), 300);
    }

    #[test]
    fn a_check_sign_after_a_glyph_is_no_move() {
        for text in [
            "1. e4!+ *",
            "1. f3 e5 2. g4 Qh4!# 0-1",
            "1. e4 (1. d4?+) e5 *",
            "1. e4 !+ *",
        ] {
            let e = read(text).unwrap_err();
            assert!(
                matches!(
                    &e,
                    PgnError::Move {
                        error: PlayError::San(SanError::Syntax { .. }),
                        ..
                    }
                ),
                "{text}: {e:?}"
            );
        }
        assert_eq!(
            read("1. e4!+ *").unwrap_err().message(),
            "invalid move 'e4!+' at move 1 (white): not SAN"
        );
        assert!(read("1. f3 e5 2. g4 Qh4#! 0-1").is_ok());
    }

    #[test]
    fn move_words_drop_numbers_and_keep_glyphs() {
        assert_eq!(move_in("12.", false), None);
        assert_eq!(move_in("12...", false), None);
        assert_eq!(move_in("12...e5", false), Some(("e5", "")));
        assert_eq!(move_in("1.e4!?", false), Some(("e4", "!?")));
        assert_eq!(move_in("0-0", false), Some(("0-0", "")));
        assert_eq!(move_in("0-0-0+", false), Some(("0-0-0+", "")));
        assert_eq!(move_in("!?", false), Some(("", "!?")));
        assert_eq!(move_in("...", false), None);
        assert_eq!(move_in("Nf3", false), Some(("Nf3", "")));
    }

    #[test]
    fn a_glued_move_number_is_cut_where_chessjs_cuts_it() {
        // The number starts with 9 or 0, or follows a check, glyph or castling: it goes.
        assert_eq!(move_in("b49.", false), Some(("b4", "")));
        assert_eq!(move_in("Nc69.", true), Some(("Nc6", "")));
        assert_eq!(move_in("Nf3+12.", true), Some(("Nf3+", "")));
        assert_eq!(move_in("Qh5!?3.", false), Some(("Qh5", "!?")));
        assert_eq!(move_in("O-O3...", true), Some(("O-O", "")));
        // Its digits 1-8 stay in chess.js's token, read (not strictly) only when the
        // token names where the piece comes from.
        assert_eq!(move_in("cxd45.", false), Some(("cxd4", "")));
        assert_eq!(move_in("cxd45.", true), Some(("cxd45", "")));
        assert_eq!(move_in("Ndb36.", false), Some(("Ndb3", "")));
        assert_eq!(move_in("R1a34.", false), Some(("R1a3", "")));
        assert_eq!(move_in("dxe8=Q12.", false), Some(("dxe8=Q", "")));
        for (word, token) in [
            ("Nc610.", "Nc61"),
            ("Rh64.", "Rh64"),
            ("g634.", "g634"),
            ("f53.", "f53"),
            ("Nf312.", "Nf312"),
            ("Bxa55.", "Bxa55"),
            ("bxc56.", "bxc56"),
            ("e8=Q12.", "e8=Q12"),
        ] {
            assert_eq!(move_in(word, false), Some((token, "")), "{word}");
        }
        // Anything else after the move is not a number: the word stays as it was.
        assert_eq!(move_in("exd6e.p.", false), Some(("exd6e.p.", "")));
        assert_eq!(move_in("b49", false), Some(("b49", "")));
        let g = read("1. d4 c5 2. Bf4 cxd43. e3 Nc6 4. exd4 *").unwrap();
        assert_eq!(g.ply_count(), 7);
    }

    #[test]
    fn writer_orders_tags_as_chessjs_and_never_writes_derived_ones_twice() {
        let mut g = Game::new();
        for (k, v) in [
            ("Event", "E"),
            ("event", "e"),
            ("Annotator", "A"),
            ("Date", "2024.01.02"),
            ("ECO", "C20"),
        ] {
            g.set_header(k, v).unwrap();
        }
        assert!(g.set_header("Fen", "y").is_err());
        g.play_text("e4").unwrap();
        let out = write(&g);
        assert_eq!(
            out,
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"?\"]\n\
             [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n\
             [Annotator \"A\"]\n[event \"e\"]\n\n1. e4 *"
        );
    }

    #[test]
    fn variant_spellings() {
        for v in [
            "Chess960",
            "chess 960",
            "chess-960",
            "Fischerandom",
            "fischerrandom",
            "Fischer Random",
            "960",
        ] {
            assert_eq!(variant_of_tag(v), Ok(Some(Variant::Chess960)), "{v}");
        }
        for v in ["Chess-9", "Chess9", "Nonary", "nonary chess"] {
            assert_eq!(variant_of_tag(v), Ok(Some(Variant::Chess9)), "{v}");
        }
        assert_eq!(variant_of_tag("Standard"), Ok(None));
        assert_eq!(variant_of_tag("From Position"), Ok(None));
        assert!(variant_of_tag("Atomic").is_err());
    }

    #[test]
    fn swaps_tag_parses_black_first() {
        use SwapChoice::{King, None as Pass, Queen};
        assert_eq!(
            parse_swaps("black:king white:none"),
            Some([Some(King), Some(Pass)])
        );
        assert_eq!(
            parse_swaps("white:queen black:none"),
            Some([Some(Pass), Some(Queen)])
        );
        assert_eq!(parse_swaps(""), Some([None, None]));
        assert!(parse_swaps("white:queen").is_none());
        assert!(parse_swaps("black:king black:none").is_none());
        assert!(parse_swaps("black:rook").is_none());
    }
}
