//! Standard Algebraic Notation: written with minimal disambiguation and check/mate
//! suffixes; read strictly (an ambiguous SAN is an error, never a guess).

use alloc::{string::String, vec::Vec};

use crate::text::{cat, push_all, Push};

use crate::castling::CastlingSide;
use crate::movegen::MoveList;
use crate::position::{Move, MoveKind, Position};
use crate::square::{Role, Square};
use core::fmt;

/// Why a SAN string was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN at all.
    Syntax { san: String },
    /// Well-formed, but no legal move matches.
    Illegal { san: String },
    /// Several legal moves match (e.g. two knights can reach the square).
    Ambiguous {
        san: String,
        candidates: Vec<String>,
    },
    /// A pawn reaches the last rank but the piece is missing.
    MissingPromotion { san: String },
}

impl SanError {
    /// The error as text (what `Display` writes).
    pub fn message(&self) -> String {
        cat!(self)
    }
}

impl Push for SanError {
    fn push_to(&self, out: &mut String) {
        match self {
            SanError::Syntax { san } => push_all!(out; "invalid move notation '", san, "'"),
            SanError::Illegal { san } => push_all!(out; "illegal move '", san, "'"),
            SanError::Ambiguous { san, candidates } => push_all!(out;
                "ambiguous move '",
                san,
                "': could be ",
                crate::text::Joined(candidates, " or ")
            ),
            SanError::MissingPromotion { san } => push_all!(out;
                "move '",
                san,
                "' reaches the last rank: add the promotion piece (=Q, =R, =B or =N)"
            ),
        }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl core::error::Error for SanError {}

/// The role of the piece that makes `m`.
fn role_of(pos: &Position, m: Move) -> Role {
    pos.board().role_at(m.from()).unwrap_or(Role::Pawn)
}

/// Writes SAN without the check suffix; `legal` must be the legal moves of `pos`.
fn push_plain(s: &mut String, pos: &Position, m: Move, legal: &MoveList) {
    if let Some(side) = m.castling_side() {
        s.push_str(side.san());
        return;
    }
    let role = role_of(pos, m);
    let to = m.to();
    let capture = pos.board().occupied().contains(to) || m.kind() == MoveKind::EnPassant;
    if role == Role::Pawn {
        // A pawn names only its file, and only when it captures.
        if capture {
            s.push(m.from().file().char());
        }
    } else {
        s.push(role.upper());
    }
    if role != Role::Pawn && role != Role::King {
        let (mut any, mut same_file, mut same_rank) = (false, false, false);
        for &o in legal.iter() {
            if o.to() == to && o.from() != m.from() && !o.is_castle() && role_of(pos, o) == role {
                any = true;
                same_file |= o.from().file() == m.from().file();
                same_rank |= o.from().rank() == m.from().rank();
            }
        }
        if any {
            if !same_file {
                s.push(m.from().file().char());
            } else if !same_rank {
                s.push(m.from().rank().char());
            } else {
                Push::push_to(&m.from(), s);
            }
        }
    }
    // One tail for pawns and pieces: only a pawn move has a promotion.
    if capture {
        s.push('x');
    }
    Push::push_to(&to, s);
    if let Some(p) = m.promotion() {
        s.push('=');
        s.push(p.upper());
    }
}

/// `+` or `#` (or nothing) for the position after a move.
pub fn suffix(after: &Position) -> &'static str {
    if after.is_check() {
        if after.has_legal_moves() {
            "+"
        } else {
            "#"
        }
    } else {
        ""
    }
}

/// Full SAN with check or mate suffix.
pub fn to_san(pos: &Position, m: Move, legal: &MoveList) -> String {
    let mut s = String::with_capacity(8);
    push_san(&mut s, pos, m, legal);
    s
}

/// Writes [`to_san`] into `s` and answers the position after the move, made once for
/// both (a record read plays the move after writing its SAN; a move list writes the FEN
/// after it).
pub fn push_san_after(s: &mut String, pos: &Position, m: Move, legal: &MoveList) -> Position {
    let after = pos.after(m);
    push_plain(s, pos, m, legal);
    s.push_str(suffix(&after));
    after
}

/// Writes [`to_san`] into `s`: a move list's SANs share one buffer.
pub fn push_san(s: &mut String, pos: &Position, m: Move, legal: &MoveList) {
    push_san_after(s, pos, m, legal);
}

/// Reads SAN for a legal move. Tolerates `0-0`, check/mate and annotation suffixes
/// (`+ # ! ?`), a missing `=` before the promotion piece (`e8Q`), a `P` for pawns, and
/// long forms (`Ng1f3`, `Ng1-f3`). Rejects ambiguity.
pub fn parse_san(pos: &Position, text: &str, legal: &MoveList) -> Result<Move, SanError> {
    let san = crate::text::trim(text);
    let mut found = Vec::new();
    let fail = match find(pos, san, legal, &mut found) {
        Ok(m) => return Ok(m),
        Err(fail) => fail,
    };
    // Each error is built here, once, around one copy of the text: all of it, or the
    // first 32 characters of text that is not SAN.
    let limit = match fail {
        Fail::Syntax => 32,
        _ => usize::MAX,
    };
    let san = crate::text::first_chars(san, limit);
    Err(match fail {
        Fail::Syntax => SanError::Syntax { san },
        Fail::Illegal => SanError::Illegal { san },
        Fail::MissingPromotion => SanError::MissingPromotion { san },
        Fail::Ambiguous => {
            // A plain loop: `collect` would bring its own copy of the allocation code.
            let mut candidates = Vec::new();
            for &m in &found {
                candidates.push(cat!(role_of(pos, m).upper(), m.from(), m.to()));
            }
            SanError::Ambiguous { san, candidates }
        }
    })
}

/// Why [`find`] found no single move.
enum Fail {
    Syntax,
    Illegal,
    MissingPromotion,
    /// The candidates are in `found`.
    Ambiguous,
}

/// The move `san` (trimmed) names, or why there is none.
fn find(pos: &Position, san: &str, legal: &MoveList, found: &mut Vec<Move>) -> Result<Move, Fail> {
    let mut end = san.as_bytes();
    while let [head @ .., b'+' | b'#' | b'!' | b'?'] = end {
        end = head;
    }
    if let [head @ .., b'e', b'.', b'p', b'.'] = end {
        end = head;
    }
    // Only ASCII bytes came off the end, so this is a character boundary; `san` starts
    // with no whitespace, so `trim` only trims the end.
    let core = crate::text::trim(san.get(..end.len()).unwrap_or_default()).as_bytes();
    // Every byte below is matched against ASCII, so a byte of a multi-byte character
    // always ends in a syntax error.
    if core.is_empty() || core.len() > 12 {
        return Err(Fail::Syntax);
    }
    // `O-O` and `O-O-O`, written with `O`, `0` or `o`, one letter throughout. The letter
    // is checked once, after the shape (one copy of the pattern instead of one per letter).
    let castle = match *core {
        [o, b'-', p] if p == o => Some(CastlingSide::KingSide),
        [o, b'-', p, b'-', q] if p == o && q == o => Some(CastlingSide::QueenSide),
        _ => None,
    }
    .filter(|_| matches!(core.first(), Some(b'O' | b'0' | b'o')));
    if let Some(side) = castle {
        return legal
            .iter()
            .copied()
            .find(|m| m.castling_side() == Some(side))
            .ok_or(Fail::Illegal);
    }
    // Promotion piece at the end: "=Q", "=q", or a bare capital "Q" after the rank digit.
    let mut body = core;
    let mut promotion = None;
    if body.len() >= 3 {
        if let Some((&last, head)) = body.split_last() {
            let piece = Role::from_char(char::from(last));
            if let Some((b'=', h)) = head.split_last() {
                promotion = Some(piece.ok_or(Fail::Syntax)?);
                body = h;
            } else if matches!(last.to_ascii_uppercase(), b'Q' | b'R' | b'B' | b'N')
                && head.last().is_some_and(u8::is_ascii_digit)
            {
                // (`e7e8q`: after a rank digit only a promotion piece can follow.)
                promotion = Role::from_char(char::from(last.to_ascii_lowercase()));
                body = head;
            }
        }
    }
    let [rest @ .., f, r] = body else {
        return Err(Fail::Syntax);
    };
    let to = Square::from_ascii(*f, *r).ok_or(Fail::Syntax)?;
    let mut rest = rest;
    let mut role = Role::Pawn;
    let mut lettered = false;
    // A capital piece letter (a small one is a file, unless a square follows: chess.js's
    // `ng1f3`).
    if let [c, tail @ ..] = rest {
        let small = matches!(tail, [b'a'..=b'h', b'1'..=b'8', ..]);
        if let Some(r) = Role::from_char(char::from(*c)).filter(|_| c.is_ascii_uppercase() || small)
        {
            role = r;
            rest = tail;
            lettered = true;
        }
    }
    let mut from_file: Option<u8> = None;
    let mut from_rank: Option<u8> = None;
    let mut capture = false;
    for &c in rest {
        match c {
            b'a'..=b'h' if from_file.is_none() && from_rank.is_none() && !capture => {
                from_file = Some(c - b'a')
            }
            b'1'..=b'8' if from_rank.is_none() && !capture => from_rank = Some(c - b'1'),
            b'x' | b':' if !capture => capture = true,
            b'-' if !capture => {}
            _ => return Err(Fail::Syntax),
        }
    }
    if (role == Role::Pawn && from_file.is_none() && capture)
        || (promotion.is_some() && role != Role::Pawn)
        || promotion == Some(Role::Pawn)
        || promotion == Some(Role::King)
    {
        return Err(Fail::Syntax);
    }
    // chess.js's `g1f3`, `e1g1`: both squares and no piece letter name any piece's move.
    let coordinates = !lettered && from_file.is_some() && from_rank.is_some();
    let mut wants_promotion = false;
    let mut first = None;
    for &m in legal.iter() {
        if (m.is_castle() && !coordinates)
            || m.king_to() != to
            || (role_of(pos, m) != role && !coordinates)
            || from_file.is_some_and(|f| m.from().file().index() != f)
            || from_rank.is_some_and(|r| m.from().rank().index() != r)
        {
            continue;
        }
        let is_capture = pos.board().by_color(pos.turn().other()).contains(m.to())
            || m.kind() == MoveKind::EnPassant;
        if capture && !is_capture {
            continue;
        }
        if m.promotion().is_some() && promotion.is_none() {
            wants_promotion = true;
            continue;
        }
        if m.promotion() == promotion {
            // The first match is kept aside: `found` (an allocation) only for ambiguity.
            match first {
                None => first = Some(m),
                Some(f) => {
                    if found.is_empty() {
                        found.push(f);
                    }
                    found.push(m);
                }
            }
        }
    }
    match first {
        Some(m) if found.is_empty() => Ok(m),
        Some(_) => Err(Fail::Ambiguous),
        None if wants_promotion => Err(Fail::MissingPromotion),
        None => Err(Fail::Illegal),
    }
}

// ---------------------------------------------------------------------------------------
// chess.js's reading of move text

/// SAN as chess.js compares it: without the first `=` and a trailing `+` or `#`
/// followed by any `?` and `!`.
fn chessjs_stripped(s: &str) -> Vec<u8> {
    let mut t: Vec<u8> = s.bytes().collect();
    if let Some(i) = t.iter().position(|&c| c == b'=') {
        t.remove(i);
    }
    while matches!(t.last(), Some(b'?' | b'!')) {
        t.pop();
    }
    if matches!(t.last(), Some(b'+' | b'#')) {
        t.pop();
    }
    t
}

/// Whether `text` is `san`, decorations aside, as chess.js compares them.
pub fn same_san(san: &str, text: &str) -> bool {
    chessjs_stripped(san) == chessjs_stripped(text)
}

/// The move whose SAN `text` is, as chess.js's strict reading decides (decorations
/// aside, exactly the SAN: no over-disambiguation, no long forms).
pub fn parse_exact(pos: &Position, text: &str, legal: &MoveList) -> Option<Move> {
    let want = chessjs_stripped(text);
    legal
        .iter()
        .copied()
        .find(|&m| chessjs_stripped(&to_san(pos, m, legal)) == want)
}

/// How [`chessjs_move`] reads move text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// chess.js's default: its exact SAN, then UCI (`e2e4`, castling king onto rook too),
    /// `0-0` for `O-O`, then its permissive pattern (`Pe2-e4`, `Nge7`, `Qf3xf7`, `e7e8q`).
    Permissive,
    /// chess.js's `{ strict: true }`: only the exact SAN, decorations aside.
    Strict,
}

/// The legal move chess.js's `move(text)` plays for `text` here, read as chess.js reads
/// it (its `_moveFromSan`), over the moves in chess.js's order; `None` when it plays none.
pub fn chessjs_move(
    pos: &Position,
    text: &str,
    legal: &MoveList,
    reading: Reading,
) -> Option<Move> {
    chessjs_read(pos, text, legal, reading).map(|(m, _)| m)
}

/// [`chessjs_move`], with the move's SAN when it was written on the way (the common
/// case: the text is that SAN, decorations aside), so that playing it need not write it
/// again.
pub(crate) fn chessjs_read(
    pos: &Position,
    text: &str,
    legal: &MoveList,
    reading: Reading,
) -> Option<(Move, Option<String>)> {
    // The common case first: the text is the SAN itself (then nothing is copied to
    // compare them).
    if let Ok(m) = parse_san(pos, text, legal) {
        let san = to_san(pos, m, legal);
        if san == text || same_san(&san, text) {
            return Some((m, Some(san)));
        }
    }
    let permissive = reading == Reading::Permissive;
    let mut clean = chessjs_stripped(text);
    if permissive && (clean == b"0-0" || clean == b"0-0-0") {
        clean
            .iter_mut()
            .for_each(|c| *c = if *c == b'0' { b'O' } else { *c });
    }
    let is_uci = matches!(
        clean.as_slice(),
        [b'a'..=b'h', b'1'..=b'8', b'a'..=b'h', b'1'..=b'8']
            | [
                b'a'..=b'h',
                b'1'..=b'8',
                b'a'..=b'h',
                b'1'..=b'8',
                b'q' | b'r' | b'b' | b'n'
            ]
    );
    if permissive && is_uci {
        let uci = core::str::from_utf8(&clean).unwrap_or_default();
        if let Ok(m) = crate::uci::parse_uci(pos, uci, legal) {
            return Some((m, None));
        }
    }
    let ordered = chessjs_order(pos, legal);
    let sans: Vec<String> = ordered.iter().map(|&m| to_san(pos, m, legal)).collect();
    if let Some(i) = sans.iter().position(|s| chessjs_stripped(s) == clean) {
        return ordered.get(i).map(|&m| (m, None));
    }
    if !permissive {
        return None;
    }
    let found = chessjs_pattern(&clean)?;
    let candidates = ordered.iter().zip(&sans).map(|(&m, san)| {
        let role = role_of(pos, m);
        let rook_from = m.is_castle().then(|| m.to());
        (m, role, san.as_str(), rook_from)
    });
    chessjs_permissive(&clean, &found, candidates).map(|m| (m, None))
}

/// The groups of chess.js's permissive pattern (piece, from, to, promotion) in `clean`:
/// `([pnbrqkPNBRQK])?([a-h][1-8])x?-?([a-h][1-8])([qrbnQRBN])?`, else
/// `([pnbrqkPNBRQK])?([a-h]?[1-8]?)x?-?([a-h][1-8])([qrbnQRBN])?`, each the leftmost
/// match as JavaScript's regular expressions find it (optional parts greedy, tried
/// before leaving them out).
struct Pattern<'a> {
    piece: Option<u8>,
    /// Empty when the second pattern matched without a from part.
    from: &'a [u8],
    to: Square,
    promotion: Option<u8>,
}

fn chessjs_pattern(clean: &[u8]) -> Option<Pattern<'_>> {
    let is_piece = |c: u8| b"pnbrqkPNBRQK".contains(&c);
    let is_file = |c: u8| (b'a'..=b'h').contains(&c);
    let is_rank = |c: u8| (b'1'..=b'8').contains(&c);
    let at = |i: usize| clean.get(i).copied().unwrap_or(0);
    let square = |i: usize| Square::from_ascii(at(i), at(i + 1));
    // After the from part, at `i`: `x?-?` then the destination and an optional promotion.
    let rest = |mut i: usize| {
        if at(i) == b'x' {
            i += 1;
        }
        if at(i) == b'-' {
            i += 1;
        }
        let to = square(i)?;
        let promotion = Some(at(i + 2)).filter(|c| b"qrbnQRBN".contains(c));
        Some((to, promotion))
    };
    for full in [true, false] {
        for start in 0..clean.len() {
            for take_piece in [true, false] {
                if take_piece && !is_piece(at(start)) {
                    continue;
                }
                let i = start + usize::from(take_piece);
                let froms: &[(bool, bool)] = if full {
                    &[(true, true)]
                } else {
                    &[(true, true), (true, false), (false, true), (false, false)]
                };
                for &(file, rank) in froms {
                    if (file && !is_file(at(i))) || (rank && !is_rank(at(i + usize::from(file)))) {
                        continue;
                    }
                    let end = i + usize::from(file) + usize::from(rank);
                    if let Some((to, promotion)) = rest(end) {
                        return Some(Pattern {
                            piece: take_piece.then(|| at(start)),
                            from: clean.get(i..end).unwrap_or_default(),
                            to,
                            promotion,
                        });
                    }
                }
            }
        }
    }
    None
}

/// chess.js's permissive pass: the first of `moves` (in its order, each with its role,
/// SAN and, for castling, the rook's square) that `found` in `clean` names.
fn chessjs_permissive<'a>(
    clean: &[u8],
    found: &Pattern<'_>,
    moves: impl Iterator<Item = (Move, Role, &'a str, Option<Square>)>,
) -> Option<Move> {
    let lower = |c: u8| c.to_ascii_lowercase();
    // chess.js's guess of the piece when none is written: a file letter is a pawn unless
    // two squares follow, `O` the king.
    let role_letter = match found.piece {
        Some(p) => Some(lower(p)),
        None => match clean.first().copied() {
            Some(b'a'..=b'h') => {
                // `[a-h]\d.*[a-h]\d`: two file-digit pairs, the second after the first.
                let two = (0..clean.len()).any(|i| {
                    matches!(clean.get(i..i + 2), Some([b'a'..=b'h', b'0'..=b'9']))
                        && clean.get(i + 2..).is_some_and(|t| {
                            t.windows(2)
                                .any(|w| matches!(w, [b'a'..=b'h', b'0'..=b'9']))
                        })
                });
                (!two).then_some(b'p')
            }
            Some(c) if lower(c) == b'o' => Some(b'k'),
            Some(c) => Some(lower(c)),
            None => None,
        },
    };
    let overly = found.from.len() == 1;
    for (m, role, san, rook_from) in moves {
        let letter = role.char() as u8;
        if role_letter.is_some_and(|t| t != letter) {
            continue;
        }
        let promo = m.promotion().map(|r| r.char() as u8);
        let fits = found.piece.is_none_or(|p| lower(p) == letter)
            && found.promotion.is_none_or(|p| Some(lower(p)) == promo);
        let lands = m.king_to() == found.to || rook_from == Some(found.to);
        let from = m.from();
        let from_text = [from.file().char() as u8, from.rank().char() as u8];
        if found.from.is_empty() {
            let mut stripped = chessjs_stripped(san);
            if let Some(x) = stripped.iter().position(|&c| c == b'x') {
                stripped.remove(x);
            }
            if stripped == clean {
                return Some(m);
            }
        } else if fits
            && lands
            && (found.from == from_text
                || (overly && found.from.first().is_some_and(|c| from_text.contains(c))))
        {
            return Some(m);
        }
    }
    None
}

/// Where chess.js's generator puts `m` among the moves of `pos`: by origin from a8 to
/// h1; a pawn's push, double push, then captures (toward the a-file first for White,
/// the h-file for Black); a piece's rays in chess.js's offset order, nearer squares
/// first; promotions knight, bishop, rook, queen; castling last, king side first.
pub fn chessjs_key(pos: &Position, m: Move) -> u64 {
    // The five parts, most significant first, as one number to compare.
    let key = |parts: [u8; 5]| {
        u64::from_be_bytes([0, 0, 0, parts[0], parts[1], parts[2], parts[3], parts[4]])
    };
    if let Some(side) = m.castling_side() {
        return key([1, 0, side as u8, 0, 0]);
    }
    let (from, to) = (m.from(), m.to());
    // chess.js's 0x88 deltas: a rank up is -16, a file right +1.
    let dr = i16::from(to.rank().index()) - i16::from(from.rank().index());
    let df = i16::from(to.file().index()) - i16::from(from.file().index());
    let delta = -16 * dr + df;
    let promo = match m.promotion() {
        Some(Role::Knight) => 0,
        Some(Role::Bishop) => 1,
        Some(Role::Rook) => 2,
        Some(_) => 3,
        None => 0,
    };
    let role = role_of(pos, m);
    let (dir, dist) = match role {
        Role::Pawn => {
            let white = pos.turn() == crate::square::Color::White;
            let offsets: [i16; 4] = if white {
                [-16, -32, -17, -15]
            } else {
                [16, 32, 17, 15]
            };
            (
                offsets.iter().position(|&o| o == delta).unwrap_or(4) as u8,
                0,
            )
        }
        Role::Knight => {
            let offsets = [-18i16, -33, -31, -14, 18, 33, 31, 14];
            (
                offsets.iter().position(|&o| o == delta).unwrap_or(8) as u8,
                0,
            )
        }
        _ => {
            let steps = dr.abs().max(df.abs()).max(1);
            let unit = -16 * (dr / steps) + df / steps;
            let offsets: &[i16] = match role {
                Role::Bishop => &[-17, -15, 17, 15],
                Role::Rook => &[-16, 1, 16, -1],
                _ => &[-17, -16, -15, 1, 17, 16, 15, -1],
            };
            (
                offsets.iter().position(|&o| o == unit).unwrap_or(8) as u8,
                steps as u8,
            )
        }
    };
    key([0, from.u8() ^ 56, dir, dist, promo])
}

/// The legal moves in chess.js's order ([`chessjs_key`]).
pub fn chessjs_order(pos: &Position, legal: &MoveList) -> Vec<Move> {
    // Insertion sort by key (stable: equal keys keep the generator's order): at most a
    // couple of hundred moves, and std's stable sort is 1.8 KB of gzipped wasm.
    let mut keys: Vec<u64> = Vec::with_capacity(legal.len());
    let mut out: Vec<Move> = Vec::with_capacity(legal.len());
    for &m in legal.iter() {
        let k = chessjs_key(pos, m);
        let at = keys.partition_point(|&o| o <= k);
        keys.insert(at, k);
        out.insert(at, m);
    }
    out
}

#[cfg(test)]
mod chessjs_tests {
    use super::*;
    use crate::fen;

    #[test]
    fn strict_reading_is_exact_san() {
        let pos = fen::parse(fen::STANDARD_FEN).unwrap();
        let legal = pos.legal_moves();
        for (text, ok) in [
            ("e4", true),
            ("Nf3+?!", true),
            ("e2e4", false),
            ("Ng1f3", false),
        ] {
            assert_eq!(parse_exact(&pos, text, &legal).is_some(), ok, "{text}");
        }
        let f =
            fen::parse("r1bqkbnr/ppp2ppp/2n5/1B1pP3/4P3/8/PPPP2PP/RNBQK1NR b KQkq - 2 4").unwrap();
        let legal = f.legal_moves();
        assert!(
            parse_exact(&f, "Nge7", &legal).is_none(),
            "over-disambiguated"
        );
        assert!(parse_exact(&f, "Ne7", &legal).is_some());
    }

    #[test]
    fn moves_come_in_chessjs_order() {
        let pos = fen::parse(fen::STANDARD_FEN).unwrap();
        let legal = pos.legal_moves();
        let sans: Vec<String> = chessjs_order(&pos, &legal)
            .iter()
            .map(|&m| to_san(&pos, m, &legal))
            .collect();
        assert_eq!(
            sans,
            [
                "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4",
                "h3", "h4", "Na3", "Nc3", "Nf3", "Nh3"
            ]
        );
    }
}
