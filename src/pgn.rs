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
        match self {
            PgnError::NoGame => cat!("invalid PGN: no game found (no tags and no moves)"),
            PgnError::BadTag { line, text } => cat!(
                "invalid PGN tag on line ",
                line,
                ": '",
                text,
                "' (expected [Name \"value\"])"
            ),
            PgnError::UnterminatedComment { line } => cat!(
                "invalid PGN: the comment opened with '{' on line ",
                line,
                " is never closed"
            ),
            PgnError::Fen { fen, error } => cat!("invalid FEN tag '", fen, "': ", error),
            PgnError::UnknownVariant { found } => cat!(
                "unsupported variant '",
                found,
                "' (this library plays standard chess, Chess960 and Chess-9)"
            ),
            PgnError::Chess9Start { fen } => cat!(
                "a Chess-9 game starts from the standard array, but the FEN tag is '",
                fen,
                "'; record the swaps in a Chess9Swaps tag"
            ),
            PgnError::BadSwaps { found } => cat!(
                "invalid Chess9Swaps tag '",
                found,
                "' (expected e.g. \"black:king white:none\", each side once, Black first)"
            ),
            PgnError::Move {
                number,
                color,
                token,
                error,
            } => {
                let at = cat!("'", token, "' at move ", number, " (", color.name(), ")");
                match error {
                    PlayError::San(SanError::Syntax { .. }) => {
                        cat!("invalid move ", at, ": not SAN")
                    }
                    PlayError::San(SanError::Illegal { .. }) => {
                        cat!("illegal move ", at, ": no legal move matches it")
                    }
                    PlayError::San(SanError::Ambiguous { candidates, .. }) => cat!("ambiguous move ", at, ": could be ", candidates.join(" or ")),
                    PlayError::San(SanError::MissingPromotion { .. }) => cat!("illegal move ", at, ": the pawn reaches the last rank, add the promotion piece (=Q, =R, =B or =N)"),
                    PlayError::SwapPhase { chooser } => cat!("move ", at, " comes before the Chess-9 swaps: ", chooser.name(), " has not chosen (add a Chess9Swaps tag)"),
                    e => cat!("illegal move ", at, ": ", e),
                }
            }
        }
    }
}

impl core::error::Error for PgnError {}

// ---------------------------------------------------------------------------------------
// Writing

const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Tags the writer derives from the game itself, never copied from the headers.
const DERIVED: [&str; 4] = ["Variant", "SetUp", "FEN", CHESS9_SWAPS_TAG];

fn is_result(s: &str) -> bool {
    matches!(s, "1-0" | "0-1" | "1/2-1/2" | "*")
}

fn push_tag(out: &mut String, key: &str, value: &str) {
    out.push('[');
    out.push_str(key);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// The result token for the game: its outcome, else a `Result` header holding a result,
/// else `*`.
fn result_of(game: &Game) -> &'static str {
    if let Some(o) = game.outcome() {
        return o.result();
    }
    match game.header("Result").map(str::trim) {
        Some("1-0") => "1-0",
        Some("0-1") => "0-1",
        Some("1/2-1/2") => "1/2-1/2",
        _ => "*",
    }
}

/// The `Chess9Swaps` value for the swaps made so far.
fn swaps_value(game: &Game) -> String {
    let mut parts = Vec::new();
    for e in game.entries() {
        if let Entry::Swap { color, choice } = e {
            parts.push(cat!(color.name(), ":", choice.name()));
        }
    }
    parts.join(" ")
}

/// The game as PGN (see the module docs for the tags).
pub fn write(game: &Game) -> String {
    let result = result_of(game);
    let mut out = String::new();
    for (key, default) in ROSTER {
        let value = if key == "Result" {
            result
        } else {
            game.header(key).unwrap_or(default)
        };
        push_tag(&mut out, key, value);
    }
    for (key, value) in game.headers() {
        if ROSTER.iter().any(|(k, _)| k == key) || DERIVED.contains(&key.as_str()) {
            continue;
        }
        if key.is_empty()
            || key
                .chars()
                .any(|c| c.is_whitespace() || c == '"' || c == ']')
        {
            continue;
        }
        push_tag(&mut out, key, value);
    }
    match game.variant() {
        Variant::Standard => {}
        Variant::Chess960 => push_tag(&mut out, "Variant", "Chess960"),
        Variant::Chess9 => push_tag(&mut out, "Variant", "Chess-9"),
    }
    let start = fen::to_fen(game.start(), false);
    if start != fen::STANDARD_FEN {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &start);
    }
    if game.variant() == Variant::Chess9 {
        push_tag(&mut out, CHESS9_SWAPS_TAG, &swaps_value(game));
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let mut first = true;
    for e in game.entries() {
        let Entry::Move(pm) = e else { continue };
        let n = pm.before.fullmoves();
        match pm.color {
            Color::White => tokens.push(cat!(n, ".")),
            Color::Black if first => tokens.push(cat!(n, "...")),
            Color::Black => {}
        }
        tokens.push(pm.san.clone());
        first = false;
    }
    tokens.push(result.to_string());
    let mut line_len = 0;
    for t in tokens {
        if line_len > 0 && line_len + 1 + t.len() > 80 {
            out.push('\n');
            line_len = 0;
        }
        if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&t);
        line_len += t.len();
    }
    out.push('\n');
    out
}

// ---------------------------------------------------------------------------------------
// Lexing

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind<'a> {
    Tag {
        key: String,
        value: String,
    },
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

#[derive(Clone, Debug)]
struct Token<'a> {
    kind: Kind<'a>,
    start: usize,
    end: usize,
    line: usize,
}

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

    fn peek(&self) -> Option<char> {
        self.text.get(self.pos..).and_then(|s| s.chars().next())
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text.get(start..end).unwrap_or("")
    }

    /// Skips to the end of the line, leaving the newline.
    fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    /// `[Name "value"]` from the opening bracket; `None` when malformed (then the rest of
    /// the line is consumed).
    fn tag(&mut self) -> Option<(String, String)> {
        self.bump(); // '['
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
        let mut key = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '"' || c == ']' {
                break;
            }
            key.push(c);
            self.bump();
        }
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
        if key.is_empty() || self.peek() != Some('"') {
            return None;
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.peek()? {
                '"' => {
                    self.bump();
                    break;
                }
                '\\' => {
                    self.bump();
                    match self.peek()? {
                        c @ ('"' | '\\') => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                '\n' => return None,
                c => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
        if self.peek() != Some(']') {
            return None;
        }
        self.bump();
        Some((key, value))
    }

    fn next_token(&mut self) -> Option<Token<'a>> {
        loop {
            let start = self.pos;
            let line = self.line;
            let c = self.peek()?;
            let tok = |kind, end| {
                Some(Token {
                    kind,
                    start,
                    end,
                    line,
                })
            };
            if c == '\n' {
                self.bump();
                if self.at_line_start && line > 1 {
                    return tok(Kind::BlankLine, self.pos);
                }
                self.at_line_start = true;
                continue;
            }
            if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
                continue;
            }
            let line_start = self.at_line_start;
            self.at_line_start = false;
            match c {
                '%' if line_start => self.skip_line(),
                ';' => self.skip_line(),
                '{' => {
                    let mut closed = false;
                    while let Some(c) = self.bump() {
                        if c == '}' {
                            closed = true;
                            break;
                        }
                    }
                    if !closed {
                        return tok(Kind::UnterminatedComment, self.pos);
                    }
                }
                '[' => {
                    return match self.tag() {
                        Some((key, value)) => tok(Kind::Tag { key, value }, self.pos),
                        None => {
                            self.skip_line();
                            tok(Kind::BadTag(self.slice(start, self.pos)), self.pos)
                        }
                    };
                }
                '(' => {
                    self.bump();
                    return tok(Kind::Open, self.pos);
                }
                ')' => {
                    self.bump();
                    return tok(Kind::Close, self.pos);
                }
                '$' => {
                    // A NAG: skipped.
                    self.bump();
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                }
                _ => {
                    // The first character always belongs to the word (a stray '}' or ']'
                    // is a word of its own), so the lexer always moves on.
                    self.bump();
                    while let Some(c) = self.peek() {
                        if c.is_whitespace() || "{}()[];$".contains(c) {
                            break;
                        }
                        self.bump();
                    }
                    let word = self.slice(start, self.pos);
                    let kind = if is_result(word) || word == "½-½" {
                        Kind::Result
                    } else {
                        Kind::Word(word)
                    };
                    return tok(kind, self.pos);
                }
            }
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;
    fn next(&mut self) -> Option<Token<'a>> {
        self.next_token()
    }
}

// ---------------------------------------------------------------------------------------
// Splitting

/// Splits a file into the text of each game. A game is a tag section and its movetext; it
/// ends at its result token, at the next tag section, or at an empty line after its moves
/// (files without result tokens). Games without tags are found by the same rules.
pub fn split_games(text: &str) -> Vec<String> {
    game_texts(text, usize::MAX)
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// The text of the first `limit` games (trimmed, none empty).
fn game_texts<'a>(text: &'a str, limit: usize) -> Vec<&'a str> {
    let mut games: Vec<&str> = Vec::new();
    let push = |games: &mut Vec<&'a str>, s: usize, e: usize| {
        if let Some(g) = text.get(s..e) {
            if !g.trim().is_empty() {
                games.push(g.trim());
            }
        }
    };
    let mut start: Option<usize> = None;
    let mut movetext = false;
    let mut blank_after_tags = false;
    // An empty line after moves: it ends the game if a new one starts with "1." next.
    let mut blank_in_moves: Option<usize> = None;
    let mut depth = 0usize;
    let mut lexer = Lexer::new(text);
    while games.len() < limit {
        let Some(t) = lexer.next_token() else { break };
        match t.kind {
            Kind::Tag { .. } | Kind::BadTag(_) => {
                if let Some(s) = start {
                    if movetext || blank_after_tags {
                        push(&mut games, s, t.start);
                        start = Some(t.start);
                    }
                } else {
                    start = Some(t.start);
                }
                movetext = false;
                blank_after_tags = false;
                blank_in_moves = None;
                depth = 0;
            }
            Kind::BlankLine => {
                if start.is_some() {
                    if movetext && depth == 0 {
                        blank_in_moves.get_or_insert(t.start);
                    } else if !movetext {
                        blank_after_tags = true;
                    }
                }
            }
            Kind::Result if depth == 0 => {
                push(&mut games, start.unwrap_or(t.start), t.end);
                start = None;
                movetext = false;
                blank_after_tags = false;
                blank_in_moves = None;
            }
            Kind::Open => {
                start.get_or_insert(t.start);
                depth += 1;
                movetext = true;
                blank_after_tags = false;
                blank_in_moves = None;
            }
            Kind::Close => {
                depth = depth.saturating_sub(1);
            }
            Kind::Word(w) => {
                if let (Some(s), Some(blank)) = (start, blank_in_moves.take()) {
                    if w.starts_with("1.") {
                        push(&mut games, s, blank);
                        start = None;
                    }
                }
                start.get_or_insert(t.start);
                movetext = true;
                blank_after_tags = false;
            }
            Kind::Result => {
                start.get_or_insert(t.start);
                movetext = true;
            }
            Kind::UnterminatedComment => {}
        }
    }
    if games.len() < limit {
        if let Some(s) = start {
            push(&mut games, s, text.len());
        }
    }
    games
}

// ---------------------------------------------------------------------------------------
// Reading

/// The rules a `Variant` tag names.
fn variant_of_tag(value: &str) -> Result<Option<Variant>, PgnError> {
    let norm: String = value
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_' | '.'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    Ok(match norm.as_str() {
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess"
        | "fischerandomchess" | "frc" | "fr" | "shuffle960" => Some(Variant::Chess960),
        "chess9" | "nonary" | "nonarychess" => Some(Variant::Chess9),
        "" | "standard" | "normal" | "chess" | "fromposition" | "orthodox" | "classical" => None,
        _ => {
            return Err(PgnError::UnknownVariant {
                found: value.chars().take(40).collect(),
            })
        }
    })
}

/// The swaps of a `Chess9Swaps` value, in the order they are made (Black first).
fn parse_swaps(value: &str) -> Result<Vec<SwapChoice>, PgnError> {
    let bad = || PgnError::BadSwaps {
        found: value.chars().take(60).collect(),
    };
    let mut black = None;
    let mut white = None;
    for part in value.split(|c: char| c.is_whitespace() || c == ',') {
        if part.is_empty() {
            continue;
        }
        let (side, choice) = part.split_once(':').ok_or_else(bad)?;
        let choice = match choice.trim().to_ascii_lowercase().as_str() {
            "king" => SwapChoice::King,
            "queen" => SwapChoice::Queen,
            "none" => SwapChoice::None,
            _ => return Err(bad()),
        };
        let slot = match side.trim().to_ascii_lowercase().as_str() {
            "black" | "b" => &mut black,
            "white" | "w" => &mut white,
            _ => return Err(bad()),
        };
        if slot.replace(choice).is_some() {
            return Err(bad());
        }
    }
    match (black, white) {
        (None, Some(_)) => Err(bad()),
        (b, w) => Ok(b.into_iter().chain(w).collect()),
    }
}

/// The game the tags describe, before any move.
fn start_game(tags: &[(String, String)]) -> Result<Game, PgnError> {
    let tag = |name: &str| {
        tags.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    };
    let variant = match tag("Variant") {
        Some(v) => variant_of_tag(v)?,
        None => None,
    };
    let start = match tag("FEN").filter(|f| !f.is_empty()) {
        Some(f) => Some(fen::parse(f).map_err(|error| PgnError::Fen {
            fen: f.chars().take(100).collect(),
            error,
        })?),
        None => None,
    };
    let mut game = match (variant, start) {
        (Some(Variant::Chess9), start) => {
            if let Some(p) = start {
                let f = fen::to_fen(&p, false);
                if f != fen::STANDARD_FEN {
                    return Err(PgnError::Chess9Start { fen: f });
                }
            }
            let mut g = Game::chess9();
            for choice in parse_swaps(tag(CHESS9_SWAPS_TAG).unwrap_or(""))? {
                g.swap(choice).map_err(|_| PgnError::BadSwaps {
                    found: tag(CHESS9_SWAPS_TAG)
                        .unwrap_or("")
                        .chars()
                        .take(60)
                        .collect(),
                })?;
            }
            g
        }
        (Some(v), Some(p)) => Game::from_position(v, p),
        (Some(v), None) => Game::from_position(v, *Game::new().start()),
        (None, Some(p)) => {
            let f = fen::to_fen(&p, true);
            Game::from_fen(&f).map_err(|error| PgnError::Fen { fen: f, error })?
        }
        (None, None) => Game::new(),
    };
    for (k, v) in tags {
        game.set_header(k, v);
    }
    Ok(game)
}

/// The move in a movetext word, or `None` for move numbers (`12.`, `12...`), bare
/// annotation glyphs (`!?`) and `e.p.`.
fn move_in(word: &str) -> Option<&str> {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = if rest.len() == word.len() || rest.is_empty() || rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        // "0-0", "0-0-0": digits that are the move itself.
        word
    };
    if rest.is_empty() || rest.chars().all(|c| matches!(c, '!' | '?')) || rest == "e.p." {
        return None;
    }
    Some(rest)
}

fn play_word(game: &mut Game, word: &str) -> Result<(), PgnError> {
    let fail = |game: &Game, error| PgnError::Move {
        number: game.position().fullmoves(),
        color: game.turn(),
        token: word.chars().take(40).collect(),
        error,
    };
    if let Some(chooser) = game.swap_pending() {
        return Err(fail(game, PlayError::SwapPhase { chooser }));
    }
    let legal = game.legal_moves();
    let m =
        san::parse_san(game.position(), word, &legal).map_err(|e| fail(game, PlayError::San(e)))?;
    game.play(m).map_err(|e| fail(game, e))?;
    Ok(())
}

/// Replays one game's text (tags, then movetext up to the result token).
fn read_one(text: &str) -> Result<Game, PgnError> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut game: Option<Game> = None;
    let mut depth = 0usize;
    let mut any = false;
    for t in Lexer::new(text) {
        match t.kind {
            Kind::Tag { key, value } => {
                if game.is_some() {
                    break;
                }
                any = true;
                tags.push((key, value));
            }
            Kind::BadTag(s) => {
                if game.is_some() {
                    break;
                }
                return Err(PgnError::BadTag {
                    line: t.line,
                    text: s.trim().chars().take(60).collect(),
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
    match game_texts(text, 1).first() {
        Some(g) => read_one(g),
        None => Err(PgnError::NoGame),
    }
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
        assert_eq!(
            parse_swaps("black:king white:none"),
            Ok(vec![SwapChoice::King, SwapChoice::None])
        );
        assert_eq!(
            parse_swaps("white:queen black:none"),
            Ok(vec![SwapChoice::None, SwapChoice::Queen])
        );
        assert_eq!(parse_swaps(""), Ok(vec![]));
        assert!(parse_swaps("white:queen").is_err());
        assert!(parse_swaps("black:king black:none").is_err());
        assert!(parse_swaps("black:rook").is_err());
    }
}
