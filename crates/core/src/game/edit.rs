//! chess.js's position editing (`put`, `remove`, `clear`, `setCastlingRights`): an edit
//! makes the edited position the game's new start.

use super::{Game, Variant};
use crate::castling;
use crate::castling::CastlingSide;
use crate::position::{Board, Position};
use crate::square::{Color, Piece, Role, Square};

impl Game {
    /// Replaces the game by one that starts from `pos` (the history and annotations
    /// go; the tags stay). A Chess-9 game becomes a Chess960 one (its swaps are over);
    /// the others keep their variant.
    pub fn reset_to(&mut self, pos: Position) {
        let variant = match self.variant {
            Variant::Standard => Variant::Standard,
            _ => Variant::Chess960,
        };
        let headers = core::mem::take(&mut self.headers);
        let notation = self.notation;
        *self = Game::from_start(variant, pos, None);
        self.headers = headers;
        self.notation = notation;
    }

    /// chess.js's `put`: places `piece` on `sq`, unless it is a second king of its colour.
    /// Castling rights whose king or rook left its square go, as does an en passant
    /// square that no longer makes sense. Returns whether the piece was placed.
    pub fn put(&mut self, piece: Piece, sq: Square) -> bool {
        let pos = *self.position();
        if piece.role == Role::King {
            if let Some(k) = pos.board.king(piece.color) {
                if k != sq {
                    return false;
                }
            }
        }
        let mut edited = pos;
        edited.board.put(sq, piece);
        self.edited(&pos, edited);
        true
    }

    /// chess.js's `remove`: the piece that stood on `sq`, if any.
    pub fn remove_piece(&mut self, sq: Square) -> Option<Piece> {
        let pos = *self.position();
        let piece = pos.board.piece_at(sq);
        // An empty square too is an edit for chess.js: it forgets the en passant square,
        // and gives the tags of the start again after `clear`.
        if piece.is_some() || pos.ep.is_some() || self.setup_hidden {
            let mut edited = pos;
            edited.board.remove(sq);
            self.edited(&pos, edited);
        }
        piece
    }

    /// chess.js's `clear`: an empty board, White to move, move 1. As in chess.js, the
    /// `SetUp` and `FEN` tags are left out until the next edit (`put`, `remove`).
    pub fn clear_board(&mut self) {
        let empty = Position::from_parts(
            Board::empty(),
            Color::White,
            castling::Castles::NONE,
            None,
            0,
            1,
        );
        self.reset_to(empty);
        self.setup_hidden = true;
    }

    /// chess.js's `setCastlingRights`: grants (`Some(true)`) or takes away
    /// (`Some(false)`) each wing's right of `color`; a right whose king and rook are not
    /// in place is not granted. Returns whether the rights are now as asked.
    pub fn set_castling_rights(
        &mut self,
        color: Color,
        king_side: Option<bool>,
        queen_side: Option<bool>,
    ) -> bool {
        let pos = *self.position();
        let mut edited = pos;
        for (side, want) in [
            (CastlingSide::KingSide, king_side),
            (CastlingSide::QueenSide, queen_side),
        ] {
            match want {
                Some(true) => {
                    let rook = self.castling_rook(&pos.board, color, side);
                    edited.castles.set(color, side, rook);
                }
                Some(false) => edited.castles.set(color, side, None),
                None => {}
            }
        }
        if edited.castles != pos.castles {
            self.reset_to(edited);
        }
        let now = self.position().castles;
        [
            (CastlingSide::KingSide, king_side),
            (CastlingSide::QueenSide, queen_side),
        ]
        .into_iter()
        .all(|(side, want)| want.is_none_or(|w| now.rook(color, side).is_some() == w))
    }

    /// The rook a newly granted right of `color` on `side` castles with: in standard
    /// chess the corner rook with the king on e1/e8 (chess.js's rule), in Chess960 the
    /// outermost rook on that side of a king on its back rank.
    pub(super) fn castling_rook(
        &self,
        board: &Board,
        color: Color,
        side: CastlingSide,
    ) -> Option<Square> {
        let r = color.back_rank() * 8;
        if self.variant == Variant::Standard {
            let king = Square::from_index(r + 4);
            let rook = Square::from_index(r + if side == CastlingSide::KingSide { 7 } else { 0 });
            let ok = board.pieces(color, Role::King).contains(king)
                && board.pieces(color, Role::Rook).contains(rook);
            ok.then_some(rook)
        } else {
            castling::outermost_rook(board, color, side)
        }
    }

    /// The game after an edit of the current position `before` into `edited`: castling
    /// rights and en passant made consistent, then the edited position becomes the start.
    pub(super) fn edited(&mut self, before: &Position, mut edited: Position) {
        for color in Color::ALL {
            let king_moved = before.board.king(color) != edited.board.king(color)
                || edited.board.pieces(color, Role::King).count() != 1;
            for side in CastlingSide::ALL {
                if let Some(rook) = edited.castles.rook(color, side) {
                    let standard_ok = self.variant != Variant::Standard
                        || self.castling_rook(&edited.board, color, side) == Some(rook);
                    if king_moved
                        || !edited.board.pieces(color, Role::Rook).contains(rook)
                        || !standard_ok
                    {
                        edited.castles.set(color, side, None);
                    }
                }
            }
        }
        // chess.js forgets the en passant square on every put and remove (its check of the
        // squares around it never passes): so do we.
        edited.ep = None;
        self.reset_to(edited);
    }
}
