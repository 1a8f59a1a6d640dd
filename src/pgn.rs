//! PGN read and write, for standard chess, Chess960 and Chess-9.
//!
//! # Writing
//! The Seven Tag Roster comes first (`Event`, `Site`, `Date`, `Round`, `White`, `Black`,
//! `Result`; `?`, `????.??.??` and `*` when unset), then the game's other headers in
//! their order, then what the game itself says:
//! - `[Variant "Chess960"]` for Chess960 games, `[Variant "Chess-9"]` for Chess-9 games;
//! - `[SetUp "1"]` and `[FEN "..."]` (X-FEN of the start position) whenever the start
//!   position is not the standard array;
//! - `[Chess9Swaps "black:king white:none"]` for Chess-9 games: the swap each side chose
//!   before the first move, Black first (`king`, `queen` or `none`). A Chess-9 game starts
//!   from the standard array, so it has no `FEN` tag; the reader replays the swaps from
//!   this tag. A side that has not chosen yet is left out.
//!
//! The result is the game's outcome (`1-0`, `0-1`, `1/2-1/2`); a game without one keeps a
//! `Result` header that holds a result (a record read from PGN, ended by resignation or
//! on time), else `*`. Moves are SAN with move numbers, wrapped at 80 columns.
//!
//! # Reading
//! [`read`] replays the first game of a text: tags (with `\"` and `\\` escapes), SAN
//! moves (`O-O`, `0-0`, lowercase promotions: what [`crate::san::parse_san`] accepts),
//! move numbers (`12.`, `12...`), comments (`{...}`, `;` to the end of the line), NAGs
//! (`$1`), suffixes (`!?`), variations (skipped, nested), `%` escape lines and the result
//! token. The `FEN` tag may be X-FEN or Shredder-FEN. The `Variant` tag chooses the rules:
//! Chess960 for `Chess960`, `chess 960`, `chess-960`, `Fischerandom`, `Fischer Random`,
//! `960` and the like (case and separators ignored), Chess-9 for `Chess-9`, `Chess9`,
//! `Nonary`; without one (or with `Standard`, `From Position`) the variant follows the
//! FEN. All tags are kept as the game's headers.

#[allow(unused_imports)]
use crate::prelude::*;

use crate::fen::{self, FenError};
use crate::game::{Entry, Game, PlayError, Variant};
use crate::san::{self, SanError};
use crate::setup::SwapChoice;
use crate::square::Color;
use crate::text::{self, push_all, Push};
use core::fmt;

/// The tag that records the Chess-9 swaps.
pub const CHESS9_SWAPS_TAG: &str = "Chess9Swaps";

/// Why a PGN text could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// The text holds no tags and no moves.
    NoGame,
    /// A tag that is not `[Name "value"]`.
    BadTag { line: usize, text: String },
    /// A `{` comment that is never closed.
    UnterminatedComment { line: usize },
    /// The `FEN` tag.
    Fen { fen: String, error: FenError },
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

impl PgnError {
    /// The error as text (what `Display` writes).
    pub fn message(&self) -> String {
        cat!(self)
    }
}

impl Push for PgnError {
    fn push_to(&self, out: &mut String) {
        match self {
            PgnError::NoGame => {
                push_all!(out; "invalid PGN: no game found (no tags and no moves)")
            }
            PgnError::BadTag { line, text } => push_all!(out;
                "invalid PGN tag on line ",
                line,
                ": '",
                text,
                "' (expected [Name \"value\"])"
            ),
            PgnError::UnterminatedComment { line } => push_all!(out;
                "invalid PGN: the comment opened with '{' on line ",
                line,
                " is never closed"
            ),
            PgnError::Fen { fen, error } => push_all!(out; "invalid FEN tag '", fen, "': ", error),
            PgnError::UnknownVariant { found } => push_all!(out;
                "unsupported variant '",
                found,
                "' (this library plays standard chess, Chess960 and Chess-9)"
            ),
            PgnError::Chess9Start { fen } => push_all!(out;
                "a Chess-9 game starts from the standard array, but the FEN tag is '",
                fen,
                "'; record the swaps in a Chess9Swaps tag"
            ),
            PgnError::BadSwaps { found } => push_all!(out;
                "invalid Chess9Swaps tag '",
                found,
                "' (expected e.g. \"black:king white:none\", each side once, Black first)"
            ),
            PgnError::Move {
                number,
                color,
                token,
                error,
            } => push_move_error(out, *number, *color, token, error),
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
    lead.push_to(out);
    token.push_to(out);
    "' at move ".push_to(out);
    number.push_to(out);
    " (".push_to(out);
    color.name().push_to(out);
    ")".push_to(out);
    tail.push_to(out);
    match error {
        PlayError::San(SanError::Ambiguous { candidates, .. }) => {
            text::Joined(candidates, " or ").push_to(out);
        }
        PlayError::SwapPhase { chooser } => {
            chooser.name().push_to(out);
            " has not chosen (add a Chess9Swaps tag)".push_to(out);
        }
        PlayError::San(_) => {}
        e => e.push_to(out),
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for PgnError {}

// ---------------------------------------------------------------------------------------
// Writing

/// The Seven Tag Roster but `Result`, with the values written when a header is unset.
const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
];

/// Headers the writer never copies: the roster, and the tags it derives from the game.
const NOT_COPIED: [&str; 11] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "Variant",
    "SetUp",
    "FEN",
    CHESS9_SWAPS_TAG,
];

fn is_result(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "*")
}

fn push_tag(out: &mut String, key: &str, value: &str) {
    text::push_all!(out; "[", key, " \"");
    for c in value.chars() {
        match c {
            '"' => add(out, "\\\""),
            '\\' => add(out, "\\\\"),
            '\n' | '\r' | '\t' => text::push_char(out, ' '),
            c => text::push_char(out, c),
        }
    }
    add(out, "\"]\n");
}

/// The result token for the game: its outcome, else a `Result` header holding a result,
/// else `*`.
fn result_of(game: &Game) -> &str {
    if let Some(o) = game.outcome() {
        return o.result();
    }
    match game.header("Result").map(text::trim) {
        Some(r) if is_result(r) => r,
        _ => "*",
    }
}

/// Appends a movetext token, wrapping lines at 80 columns.
fn put(out: &mut String, col: &mut usize, token: &str) {
    if *col > 0 {
        if *col + 1 + token.len() > 80 {
            text::push_char(out, '\n');
            *col = 0;
        } else {
            text::push_char(out, ' ');
            *col += 1;
        }
    }
    add(out, token);
    *col += token.len();
}

/// The game as PGN (see the module docs for the tags).
pub fn write(game: &Game) -> String {
    let result = result_of(game);
    let mut out = String::new();
    for (key, default) in ROSTER {
        push_tag(&mut out, key, game.header(key).unwrap_or(default));
    }
    push_tag(&mut out, "Result", result);
    for (key, value) in game.headers() {
        // A name the reader would not read back: empty, or not one run up to '"' or ']'.
        let bad_key = key.is_empty() || run_end(key.as_bytes(), 0, b"\"]") < key.len();
        if !bad_key && !NOT_COPIED.contains(&key.as_str()) {
            push_tag(&mut out, key, value);
        }
    }
    let variant = match game.variant() {
        Variant::Standard => "",
        Variant::Chess960 => "Chess960",
        Variant::Chess9 => "Chess-9",
    };
    if !variant.is_empty() {
        push_tag(&mut out, "Variant", variant);
    }
    let start = fen::to_fen(game.start(), false);
    if start != fen::STANDARD_FEN {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &start);
    }
    if game.variant() == Variant::Chess9 {
        // The swaps made so far, Black first: "black:king white:none". Written straight
        // into the output: the value has nothing to escape.
        add(&mut out, "[Chess9Swaps \"");
        let mut sep = "";
        for e in game.entries() {
            if let Entry::Swap { color, choice } = e {
                text::push_all!(&mut out; sep, color.name(), ":", choice.name());
                sep = " ";
            }
        }
        add(&mut out, "\"]\n");
    }
    text::push_char(&mut out, '\n');

    let mut col = 0;
    let mut number = String::new();
    let mut first = true;
    for e in game.entries() {
        let Entry::Move(pm) = e else { continue };
        let white = pm.color == Color::White;
        if white || first {
            number.clear();
            text::push_uint(&mut number, pm.before.fullmoves().into());
            add(&mut number, if white { "." } else { "..." });
            put(&mut out, &mut col, &number);
        }
        put(&mut out, &mut col, &pm.san);
        first = false;
    }
    put(&mut out, &mut col, result);
    text::push_char(&mut out, '\n');
    out
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
    UnterminatedComment,
}

/// A token: it ends where the lexer is after reading it.
#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    kind: Kind<'a>,
    start: usize,
    line: usize,
}

/// Where the run of `b` from `i` ends: at the end, at whitespace or at one of the bytes in
/// `stop`.
// `contains` on bytes would bring `memchr` into the wasm (150 B gzip) for 1 to 8 bytes.
#[allow(clippy::manual_contains)]
fn run_end(b: &[u8], mut i: usize, stop: &[u8]) -> usize {
    while let Some(&c) = b.get(i) {
        if stop.iter().any(|&s| s == c) || text::space_len(b.get(i..).unwrap_or_default()) > 0 {
            break;
        }
        i += 1;
    }
    i
}

const DIGITS: &[u8] = b"0123456789";

/// Where the run of bytes from `set` that starts at `i` in `b` ends.
#[inline(never)]
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
    /// Only whitespace since the last newline (or the start).
    at_line_start: bool,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            line: 1,
            at_line_start: true,
        }
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.text.as_bytes().get(i).copied()
    }

    /// The whitespace character at `i`: its length, or 0.
    fn space_at(&self, i: usize) -> usize {
        text::space_len(self.text.as_bytes().get(i..).unwrap_or_default())
    }

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
        let mut i = run_end(self.text.as_bytes(), key_start, b"\"]");
        let key = self.slice(key_start, i);
        i = blanks(i);
        if key.is_empty() || self.byte(i) != Some(b'"') {
            return None;
        }
        let value_start = i + 1;
        i = value_start;
        loop {
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

    fn next_token(&mut self) -> Option<Token<'a>> {
        'skip: loop {
            let start = self.pos;
            let line = self.line;
            let c = self.byte(start)?;
            if c == b'\n' {
                self.pos += 1;
                self.line += 1;
                if self.at_line_start && line > 1 {
                    return Some(Token {
                        kind: Kind::BlankLine,
                        start,
                        line,
                    });
                }
                self.at_line_start = true;
                continue;
            }
            let mut space = self.space_at(start);
            if space == 0
                // A byte order mark, U+FEFF (not whitespace, but as good as).
                && matches!(self.text.as_bytes().get(start..), Some([0xEF, 0xBB, 0xBF, ..]))
            {
                space = 3;
            }
            if space > 0 {
                self.pos += space;
                continue;
            }
            let line_start = self.at_line_start;
            self.at_line_start = false;
            let (kind, end) = match c {
                // A comment to the end of the line, or an escape line.
                b';' | b'%' if c == b';' || line_start => {
                    self.pos = self.line_end(start);
                    continue;
                }
                b'{' => {
                    let mut i = start + 1;
                    loop {
                        match self.byte(i) {
                            None => break (Kind::UnterminatedComment, i),
                            Some(b'}') => {
                                self.pos = i + 1;
                                continue 'skip;
                            }
                            Some(b'\n') => self.line += 1,
                            Some(_) => {}
                        }
                        i += 1;
                    }
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
                    // A NAG: skipped.
                    self.pos = skip(self.text.as_bytes(), start + 1, DIGITS);
                    continue;
                }
                _ => {
                    // The first byte always belongs to the word (a stray '}' or ']' is a
                    // word of its own), so the lexer always moves on.
                    let i = run_end(self.text.as_bytes(), start + 1, b"{}()[];$");
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
/// ends at its result token, at the next tag section, or at an empty line after its moves
/// (files without result tokens). Games without tags are found by the same rules.
pub fn split_games(text: &str) -> Vec<String> {
    games(text).map(text::owned).collect()
}

/// [`split_games`] without copying: the games as slices of `text`.
pub fn games(text: &str) -> impl Iterator<Item = &str> {
    Games::new(text)
}

/// The games of a text, one by one (trimmed, none empty).
struct Games<'a> {
    lexer: Lexer<'a>,
    start: Option<usize>,
    movetext: bool,
    blank_after_tags: bool,
    /// An empty line after moves: it ends the game if a new one starts with "1." next.
    blank_in_moves: Option<usize>,
    depth: usize,
}

impl<'a> Games<'a> {
    fn new(text: &'a str) -> Games<'a> {
        Games {
            lexer: Lexer::new(text),
            start: None,
            movetext: false,
            blank_after_tags: false,
            blank_in_moves: None,
            depth: 0,
        }
    }

    /// The game in `start..end`, unless only whitespace.
    fn game(&self, start: usize, end: usize) -> Option<&'a str> {
        Some(text::trim(self.lexer.slice(start, end))).filter(|g| !g.is_empty())
    }
}

impl<'a> Iterator for Games<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        loop {
            // The span of the game this token ends, if it ends one.
            let mut cut = None;
            match self.lexer.next_token() {
                None => cut = Some((self.start.take()?, self.lexer.text.len())),
                Some(t) => match t.kind {
                    Kind::Tag(..) | Kind::BadTag(_) => {
                        if self.start.is_none() || self.movetext || self.blank_after_tags {
                            cut = self.start.replace(t.start).map(|s| (s, t.start));
                        }
                        self.movetext = false;
                        self.blank_after_tags = false;
                        self.blank_in_moves = None;
                        self.depth = 0;
                    }
                    Kind::BlankLine => {
                        if self.start.is_some() {
                            if self.movetext && self.depth == 0 {
                                self.blank_in_moves.get_or_insert(t.start);
                            } else if !self.movetext {
                                self.blank_after_tags = true;
                            }
                        }
                    }
                    Kind::Result if self.depth == 0 => {
                        // No game is open after it: the token that opens the next one
                        // (a tag, a word or a variation) sets the other fields afresh.
                        cut = Some((self.start.take().unwrap_or(t.start), self.lexer.pos));
                    }
                    Kind::Open => {
                        self.start.get_or_insert(t.start);
                        self.depth += 1;
                        self.movetext = true;
                        self.blank_after_tags = false;
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
                        self.blank_after_tags = false;
                    }
                    Kind::Result => {
                        self.start.get_or_insert(t.start);
                        self.movetext = true;
                    }
                    Kind::UnterminatedComment => {}
                },
            }
            if let Some(g) = cut.and_then(|(s, e)| self.game(s, e)) {
                return Some(g);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reading

/// `String::push_str`, in one place ([`Push`] for `str` is out of line).
fn add(out: &mut String, s: &str) {
    s.push_to(out);
}

/// A tag value as written, with its `\"` and `\\` escapes undone.
fn unescape(raw: &str) -> String {
    let mut out = String::new();
    // A backslash waiting to see whether it escapes the next character.
    let mut backslash = false;
    for c in raw.chars() {
        if backslash {
            backslash = false;
            if c == '"' || c == '\\' {
                text::push_char(&mut out, c);
                continue;
            }
            text::push_char(&mut out, '\\');
        }
        if c == '\\' {
            backslash = true;
        } else {
            text::push_char(&mut out, c);
        }
    }
    if backslash {
        text::push_char(&mut out, '\\');
    }
    out
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
        let end = run_end(b, i, b",");
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

/// The value of the first tag named `name` (in any case), trimmed; empty when absent.
fn tag_value<'t>(tags: &'t [(&str, String)], name: &str) -> &'t str {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map_or("", |(_, v)| text::trim(v))
}

/// The game the tags describe, before any move.
fn start_game(tags: &[(&str, String)]) -> Result<Game, PgnError> {
    let variant = variant_of_tag(tag_value(tags, "Variant"))?;
    let f = tag_value(tags, "FEN");
    // Without a `FEN` tag the game starts from the standard array.
    let start = if f.is_empty() {
        crate::game::standard_start()
    } else {
        fen::parse(f).map_err(|error| PgnError::Fen {
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
        let f = fen::to_fen(&start, false);
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
        game.set_header(k, v);
    }
    Ok(game)
}

/// The move in a movetext word, or `None` for move numbers (`12.`, `12...`), bare
/// annotation glyphs (`!?`) and `e.p.`.
fn move_in(word: &str) -> Option<&str> {
    let b = word.as_bytes();
    let mut i = skip(b, 0, DIGITS);
    if b.get(i).is_some_and(|&c| c != b'.') {
        // "0-0", "0-0-0": digits that are the move itself (or no digits at all).
        i = 0;
    }
    i = skip(b, i, b".");
    let rest = b.get(i..).unwrap_or_default();
    if rest.iter().all(|c| matches!(c, b'!' | b'?')) || rest == b"e.p." {
        return None;
    }
    word.get(i..)
}

fn play_word(game: &mut Game, word: &str) -> Result<(), PgnError> {
    // A refused move leaves the game as it was.
    let number = game.position().fullmoves();
    let color = game.turn();
    let played = match game.swap_pending() {
        Some(chooser) => Err(PlayError::SwapPhase { chooser }),
        None => {
            // The legal moves SAN was read against are those the record is written with:
            // generated once (`play_quiet` would check the move against them again).
            let legal = game.legal_moves();
            san::parse_san(game.position(), word, &legal)
                .map(|m| game.push_move(m, &legal))
                .map_err(PlayError::San)
        }
    };
    match played {
        Ok(_) => Ok(()),
        Err(error) => Err(PgnError::Move {
            number,
            color,
            token: text::first_chars(word, 40),
            error,
        }),
    }
}

/// Replays one game's text (tags, then movetext up to the result token).
fn read_one(text: &str) -> Result<Game, PgnError> {
    let mut tags: Vec<(&str, String)> = Vec::new();
    let mut game: Option<Game> = None;
    let mut depth = 0usize;
    let mut any = false;
    let mut lexer = Lexer::new(text);
    while let Some(t) = lexer.next_token() {
        match t.kind {
            Kind::Tag(..) | Kind::BadTag(_) if game.is_some() => break,
            Kind::Tag(key, value) => {
                any = true;
                tags.push((key, unescape(value)));
            }
            Kind::BadTag(s) => {
                return Err(PgnError::BadTag {
                    line: t.line,
                    text: text::first_chars(text::trim(s), 60),
                });
            }
            Kind::UnterminatedComment => {
                return Err(PgnError::UnterminatedComment { line: t.line })
            }
            Kind::BlankLine => {}
            Kind::Open => depth += 1,
            Kind::Close => depth = depth.saturating_sub(1),
            Kind::Result => {
                any = true;
                if depth == 0 {
                    break;
                }
            }
            Kind::Word(w) => {
                any = true;
                if depth > 0 {
                    continue;
                }
                let Some(mv) = move_in(w) else { continue };
                let g = match game.as_mut() {
                    Some(g) => g,
                    None => game.insert(start_game(&tags)?),
                };
                play_word(g, mv)?;
            }
        }
    }
    match game {
        Some(g) => Ok(g),
        None if any => start_game(&tags),
        None => Err(PgnError::NoGame),
    }
}

/// The first game in `text`, replayed move by move.
pub fn read(text: &str) -> Result<Game, PgnError> {
    read_one(Games::new(text).next().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_words_drop_numbers_and_glyphs() {
        assert_eq!(move_in("12."), None);
        assert_eq!(move_in("12..."), None);
        assert_eq!(move_in("12...e5"), Some("e5"));
        assert_eq!(move_in("1.e4"), Some("e4"));
        assert_eq!(move_in("0-0"), Some("0-0"));
        assert_eq!(move_in("0-0-0+"), Some("0-0-0+"));
        assert_eq!(move_in("!?"), None);
        assert_eq!(move_in("..."), None);
        assert_eq!(move_in("Nf3"), Some("Nf3"));
    }

    #[test]
    fn writer_copies_headers_not_derived_in_this_case() {
        let mut g = Game::new();
        for (k, v) in [
            ("Event", "E"),
            ("event", "e"),
            ("FEN", "x"),
            ("Fen", "y"),
            ("Chess9Swaps", "z"),
            ("Annotator", "A"),
            ("Date", "2024.01.02"),
        ] {
            g.set_header(k, v);
        }
        let out = write(&g);
        assert!(out.starts_with(
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"?\"]\n\
             [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\
             [event \"e\"]\n[Fen \"y\"]\n[Annotator \"A\"]\n\n"
        ));
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
