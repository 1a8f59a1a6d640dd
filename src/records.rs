//! Move records: one line of text per move, decoded by js/records.ts. Text rather than
//! objects because a verbose move list is the hot path of every board: one string per
//! call, no object made in the wasm.
//!
//! `color piece from to captured promotion flags san uci [rookFrom rookTo]`
//! (js/RAW_API.md): the first six fields have fixed widths.

use alloc::string::String;

use chess960::game::{Entry, PlayedMove, San};
use chess960::position::{Move, MoveKind};
use chess960::setup::SwapChoice;
use chess960::square::{Color, Role};
use chess960::text::Push;
use chess960::uci::CastlingNotation;

/// Appends the record of a move.
pub fn push_move(out: &mut String, pm: &PlayedMove, notation: CastlingNotation) {
    let m = pm.mv;
    let opt = |r: Option<Role>| r.map_or(b'-', |r| r.char() as u8);
    let (from, to) = (m.from(), m.king_to());
    // The fixed-width head, `w p e2 e4 - - `, as bytes: a verbose move list writes
    // thousands of these.
    let [f1, f2] = square_bytes(from);
    let [t1, t2] = square_bytes(to);
    let head = [
        pm.color.char() as u8,
        b' ',
        pm.role.char() as u8,
        b' ',
        f1,
        f2,
        b' ',
        t1,
        t2,
        b' ',
        opt(pm.captured),
        b' ',
        opt(m.promotion()),
        b' ',
    ];
    if let Ok(head) = core::str::from_utf8(&head) {
        out.push_str(head);
    }
    pm.push_flags(out);
    out.push(' ');
    pm.san.push_to(out);
    out.push(' ');
    chess960::uci::push_uci(out, m, notation);
    if let (MoveKind::Castle, Some(side)) = (m.kind(), m.castling_side()) {
        out.push(' ');
        Push::push_to(&m.to(), out);
        out.push(' ');
        Push::push_to(&side.rook_to(m.from().rank()), out);
    }
}

fn square_bytes(sq: chess960::square::Square) -> [u8; 2] {
    [sq.file().char() as u8, sq.rank().char() as u8]
}

/// Appends a swap record: `swap <color> <choice>`.
pub fn push_swap(out: &mut String, color: Color, choice: SwapChoice) {
    chess960::text::push_all!(out; "swap ", color.char(), " ", choice.name());
}

/// Appends a null move's record, chess.js's shape: king, a8 to a8, flag `-`, SAN `--`,
/// UCI `0000`.
pub fn push_null(out: &mut String, color: Color) {
    chess960::text::push_all!(out; color.char(), " k a8 a8 - - - -- 0000");
}

/// Appends the record of a step of the game.
pub fn push_entry(out: &mut String, e: &Entry, notation: CastlingNotation) {
    match e {
        Entry::Move(pm) => push_move(out, pm, notation),
        Entry::Swap { color, choice } => push_swap(out, *color, *choice),
        Entry::Null { color } => push_null(out, *color),
    }
}

/// The records of `moves`, one per line, described in `pos` against `legal`, each
/// followed by a tab and the X-FEN after it.
pub fn push_moves(
    out: &mut String,
    pos: &chess960::position::Position,
    moves: &[Move],
    legal: &chess960::movegen::MoveList,
    notation: CastlingNotation,
) {
    // One buffer for the SANs; the SAN's check sign and the FEN from one make of each move.
    let mut san = String::with_capacity(8);
    for &m in moves {
        if !out.is_empty() {
            out.push('\n');
        }
        san.clear();
        let after = chess960::san::push_san_after(&mut san, pos, m, legal);
        push_move(out, &PlayedMove::with_san(pos, m, San::new(&san)), notation);
        out.push('\t');
        chess960::fen::push_fen(&after, chess960::fen::CastlingLetters::XFen, out);
    }
}
