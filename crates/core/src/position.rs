//! The position: piece placement, side to move, castling rights, en passant, clocks;
//! making moves by copy (a `Position` is 96 bytes, cheaper to copy than to undo).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::castling::{Castles, CastlingSide};
use crate::square::{ByColor, Color, Piece, Role, Square};

/// Piece placement: one bitboard per role and per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Board {
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
        }
    }
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }
    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }
    #[inline]
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.by_role[r.index()]
    }
    #[inline]
    pub fn pieces(&self, c: Color, r: Role) -> Bitboard {
        self.by_color[c.index()] & self.by_role[r.index()]
    }
    /// The role on `sq`, if any.
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        (0..6u8)
            .map(Role::from_index)
            .find(|r| self.by_role[r.index()].contains(sq))
    }
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece {
            color: self.color_at(sq)?,
            role: self.role_at(sq)?,
        })
    }
    /// The king of `c` (the lowest one if a malformed board had several).
    #[inline]
    pub fn king(&self, c: Color) -> Option<Square> {
        self.pieces(c, Role::King).first()
    }
    #[inline]
    pub fn put(&mut self, sq: Square, p: Piece) {
        self.remove(sq);
        self.by_role[p.role.index()] = self.by_role[p.role.index()].with(sq);
        self.by_color[p.color.index()] = self.by_color[p.color.index()].with(sq);
    }
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let m = !Bitboard::from_square(sq);
        for b in &mut self.by_role {
            *b &= m;
        }
        for b in &mut self.by_color {
            *b &= m;
        }
    }
    /// Exchanges the contents of two squares (either or both may be empty).
    pub fn swap_squares(&mut self, a: Square, b: Square) {
        for x in self.by_role.iter_mut().chain(&mut self.by_color) {
            if x.contains(a) != x.contains(b) {
                *x = x.toggled(a).toggled(b);
            }
        }
    }
    /// Flips `sq` in the bitboards of `c` and `r`: on an empty square, puts the piece
    /// there (what the FEN reader does, each square once).
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, c: Color, r: Role) {
        self.by_role[r.index()] = self.by_role[r.index()].toggled(sq);
        self.by_color[c.index()] = self.by_color[c.index()].toggled(sq);
    }

    /// Pieces of `by` that attack `sq` given occupancy `occ`.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        self.attackers_with(attacks::tables(), sq, by, occ)
    }

    #[inline(always)]
    pub(crate) fn attackers_with(
        &self,
        t: &attacks::Tables,
        sq: Square,
        by: Color,
        occ: Bitboard,
    ) -> Bitboard {
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bq = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        self.by_color(by)
            & ((t.rook(sq, occ) & rq)
                | (t.bishop(sq, occ) & bq)
                | (t.knight(sq) & self.by_role(Role::Knight))
                | (t.king(sq) & self.by_role(Role::King))
                | (t.pawn(by.other(), sq) & self.by_role(Role::Pawn)))
    }

    /// Whether `by` attacks `sq` (occupancy `occ`).
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        self.is_attacked_with(attacks::tables(), sq, by, occ)
    }

    /// [`Board::is_attacked`] with the tables in hand, cheapest tests first.
    #[inline(always)]
    pub(crate) fn is_attacked_with(
        &self,
        t: &attacks::Tables,
        sq: Square,
        by: Color,
        occ: Bitboard,
    ) -> bool {
        let them = self.by_color(by);
        let rq = self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let bq = self.by_role(Role::Bishop) | self.by_role(Role::Queen);
        (t.knight(sq) & them & self.by_role(Role::Knight)).any()
            || (t.pawn(by.other(), sq) & them & self.by_role(Role::Pawn)).any()
            || (t.king(sq) & them & self.by_role(Role::King)).any()
            || (t.rook(sq, occ) & them & rq).any()
            || (t.bishop(sq, occ) & them & bq).any()
    }
}

/// The kind of a move, packed into the top four bits of [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal,
    EnPassant,
    /// Encoded king square → own rook square.
    Castle,
    Promotion(Role),
}

/// A move packed in 16 bits: from (6), to (6), kind (4). Castling is encoded as the king
/// moving onto its own rook, the one form that is never ambiguous.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(u16);

impl Move {
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let k = match kind {
            MoveKind::Normal => 0,
            MoveKind::EnPassant => 1,
            MoveKind::Castle => 2,
            MoveKind::Promotion(r) => 3 + r as u16,
        };
        Move(from.u8() as u16 | (to.u8() as u16) << 6 | k << 12)
    }
    /// The kind codes of a queen's and a knight's promotion; the rook's and the bishop's
    /// lie between them, in the order of [`Role::PROMOTIONS`].
    pub(crate) const PROMOTE_QUEEN: u16 = 3 + Role::Queen as u16;
    pub(crate) const PROMOTE_KNIGHT: u16 = 3 + Role::Knight as u16;

    /// A move from its squares and its kind's code (as [`Move::new`] encodes it).
    #[inline]
    pub(crate) const fn with_code(from: Square, to: Square, code: u16) -> Move {
        Move(from.u8() as u16 | (to.u8() as u16) << 6 | code << 12)
    }
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as u8)
    }
    /// The destination; for castling, the rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index(((self.0 >> 6) & 63) as u8)
    }
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            0 => MoveKind::Normal,
            1 => MoveKind::EnPassant,
            2 => MoveKind::Castle,
            k => MoveKind::Promotion(Role::from_index((k - 3) as u8)),
        }
    }
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self.kind() {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == 2
    }
    /// For a castling move, which wing (the rook's side of the king).
    pub fn castling_side(self) -> Option<CastlingSide> {
        if self.is_castle() {
            Some(CastlingSide::of(self.from(), self.to()))
        } else {
            None
        }
    }
    /// Where the king lands (for castling the g- or c-file), else [`Move::to`].
    pub fn king_to(self) -> Square {
        match self.castling_side() {
            Some(side) => side.king_to(self.from().rank()),
            None => self.to(),
        }
    }
    pub const fn bits(self) -> u16 {
        self.0
    }
}

/// A complete position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castles: Castles,
    /// The square a pawn skipped over on the last double push, kept only when an enemy
    /// pawn stands ready to capture there (whether the capture is legal is checked later).
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
}

/// What makes a position a repetition of another (FIDE 9.2): placement, side to move,
/// castling rights, and en passant only when the capture is actually legal.
///
/// Held as nine words (the eight bitboards, then castling rooks, side to move and en
/// passant packed into one), so that comparing two keys is one comparison of memory.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RepetitionKey([u64; 9]);

impl RepetitionKey {
    /// A 64-bit hash of the key (rustc's Fx mixing, word by word): equal keys hash equal.
    pub fn hash64(&self) -> u64 {
        self.0.iter().fold(0, |h: u64, &w| {
            (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95)
        })
    }
}

impl core::fmt::Debug for RepetitionKey {
    /// The same text as the fields would give.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let [r0, r1, r2, r3, r4, r5, white, black, tail] = self.0;
        let board = Board {
            by_role: [r0, r1, r2, r3, r4, r5].map(Bitboard),
            by_color: [Bitboard(white), Bitboard(black)],
        };
        let turn = if (tail >> 32) & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let ep = match (tail >> 40) as u8 {
            0xff => None,
            sq => Some(Square::from_index(sq)),
        };
        f.debug_struct("RepetitionKey")
            .field("board", &board)
            .field("turn", &turn)
            .field("castles", &Castles::from_packed(tail as u32))
            .field("ep", &ep)
            .finish()
    }
}

impl Position {
    /// A position from its parts; [`crate::fen`] validates, this does not.
    pub(crate) fn from_parts(
        board: Board,
        turn: Color,
        castles: Castles,
        ep: Option<Square>,
        halfmoves: u32,
        fullmoves: u32,
    ) -> Position {
        Position {
            board,
            turn,
            castles,
            ep,
            halfmoves,
            fullmoves,
        }
    }

    /// A start position from two back ranks (White's a→h, Black's a→h), with full
    /// castling rights for the outermost rooks around each king.
    pub fn from_back_ranks(white: [Role; 8], black: [Role; 8]) -> Position {
        // Every square is set once, so the bitboards are built directly (no `put`, which
        // first clears the square).
        let mut board = Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard(0xffff), Bitboard(0xffff << 48)],
        };
        board.by_role[Role::Pawn.index()] = Bitboard(0x00ff_0000_0000_ff00);
        for f in 0..8 {
            board.by_role[white[f].index()] |= Bitboard(1 << f);
            board.by_role[black[f].index()] |= Bitboard(1 << (56 + f));
        }
        let castles = Castles::outermost(&board);
        Position::from_parts(board, Color::White, castles, None, 0, 1)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn turn(&self) -> Color {
        self.turn
    }
    pub fn castles(&self) -> &Castles {
        &self.castles
    }
    /// The en passant square the last move left (a pawn's double step), whether or not a
    /// capture there is legal ([`Position::legal_ep`]).
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    pub fn our_king(&self) -> Option<Square> {
        self.board.king(self.turn)
    }

    /// Pieces of the side not to move that give check.
    pub fn checkers(&self) -> Bitboard {
        match self.our_king() {
            Some(k) => self
                .board
                .attackers(k, self.turn.other(), self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// The en passant square only if an en passant capture is legal now.
    pub fn legal_ep(&self) -> Option<Square> {
        let ep = self.ep?;
        self.legal_moves()
            .iter()
            .any(|m| m.kind() == MoveKind::EnPassant)
            .then_some(ep)
    }

    pub fn repetition_key(&self) -> RepetitionKey {
        let [r0, r1, r2, r3, r4, r5] = self.board.by_role;
        let [white, black] = self.board.by_color;
        let tail = u64::from(self.castles.packed())
            | (self.turn.index() as u64) << 32
            | u64::from(self.legal_ep().map_or(0xff, Square::u8)) << 40;
        RepetitionKey([r0.0, r1.0, r2.0, r3.0, r4.0, r5.0, white.0, black.0, tail])
    }

    /// A 64-bit hash of the position as chess.js's `hash()` sees it: placement, side to
    /// move, castling rights and the en passant square as kept (a pawn stands ready to
    /// take there, legal or not, or a lenient FEN gave it). Equal positions hash equal; unequal ones collide with
    /// odds of about 2^-64.
    pub fn hash(&self) -> u64 {
        let [r0, r1, r2, r3, r4, r5] = self.board.by_role;
        let [white, black] = self.board.by_color;
        let tail = u64::from(self.castles.packed())
            | (self.turn.index() as u64) << 32
            | u64::from(self.ep.map_or(0xff, Square::u8)) << 40;
        // One multiply a word (FxHash's fold, rotated so that every bit reaches the low
        // ones the search's table indexes by), then splitmix64's finaliser once: a third
        // of the cost of mixing every word (the dead-position search hashes each position
        // it meets).
        let h = [r0.0, r1.0, r2.0, r3.0, r4.0, r5.0, white.0, black.0, tail]
            .iter()
            .fold(0, |h: u64, &w| {
                (h.rotate_left(23) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            });
        let h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 31)
    }

    /// The back rank from White's and Black's side (a→h) if they hold exactly eight pieces
    /// each of the start set, pawns in front; used to recognise Chess960 start arrays.
    pub fn back_rank_roles(&self, c: Color) -> Option<[Role; 8]> {
        let mut out = [Role::Pawn; 8];
        for (f, slot) in out.iter_mut().enumerate() {
            let sq = Square::from_index(c.back_rank() * 8 + f as u8);
            let p = self.board.piece_at(sq)?;
            if p.color != c || p.role == Role::Pawn {
                return None;
            }
            *slot = p.role;
        }
        Some(out)
    }

    /// Plays a move known to be legal (from the generator). Anything else gives an
    /// unspecified but valid-memory position: never call it with unchecked input.
    pub fn play_unchecked(&mut self, m: Move) {
        if let Some(role) = self.board.role_at(m.from()) {
            self.play_role(m, role);
        }
    }

    /// [`Position::play_unchecked`] when the moving piece's role is already known.
    #[inline]
    pub(crate) fn play_role(&mut self, m: Move, role: Role) {
        let us = self.turn;
        let them = us.other();
        let from = m.from();
        let to = m.to();
        self.halfmoves += 1;
        self.ep = None;
        match m.kind() {
            MoveKind::Castle => {
                let side = CastlingSide::of(from, to);
                let rank = from.rank();
                self.board.toggle(from, us, Role::King);
                self.board.toggle(to, us, Role::Rook);
                let kd = side.king_to(rank);
                let rd = side.rook_to(rank);
                self.board.put(
                    kd,
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                self.board.put(
                    rd,
                    Piece {
                        color: us,
                        role: Role::Rook,
                    },
                );
                self.castles.clear_color(us);
            }
            kind => {
                let to_bb = Bitboard::from_square(to);
                if self.board.by_color(them).contains(to) {
                    if self.board.by_role(Role::Rook).contains(to) {
                        self.castles.clear_rook(them, to);
                    }
                    // Clearing the square in every role is cheaper than finding the one.
                    for b in &mut self.board.by_role {
                        *b &= !to_bb;
                    }
                    self.board.by_color[them.index()] ^= to_bb;
                    self.halfmoves = 0;
                }
                let from_bb = Bitboard::from_square(from);
                self.board.by_color[us.index()] ^= from_bb | to_bb;
                match kind {
                    MoveKind::Promotion(r) => {
                        self.board.by_role[Role::Pawn.index()] ^= from_bb;
                        // `get_mut`: the compiler loses that a promotion's role is below 6
                        // and would keep a bounds-check panic (with its message data).
                        if let Some(b) = self.board.by_role.get_mut(r.index()) {
                            *b ^= to_bb;
                        }
                    }
                    _ => self.board.by_role[role.index()] ^= from_bb | to_bb,
                }
                match role {
                    Role::Pawn => {
                        self.halfmoves = 0;
                        if kind == MoveKind::EnPassant {
                            let cap = Square::from_coords(to.file(), from.rank());
                            self.board.toggle(cap, them, Role::Pawn);
                        } else if from.u8() ^ to.u8() == 16 {
                            // The skipped square counts only if an enemy pawn stands
                            // beside the one that landed.
                            let beside = Bitboard(
                                ((to_bb.0 << 1) & !Bitboard::file_index(0).0)
                                    | ((to_bb.0 >> 1) & !Bitboard::file_index(7).0),
                            );
                            if (beside & self.board.pieces(them, Role::Pawn)).any() {
                                self.ep = Some(Square::from_index((from.u8() + to.u8()) / 2));
                            }
                        }
                    }
                    Role::King => self.castles.clear_color(us),
                    Role::Rook => self.castles.clear_rook(us, from),
                    _ => {}
                }
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
    }

    /// The position after a legal move of a piece of role `role`.
    #[inline]
    pub(crate) fn after_role(&self, m: Move, role: Role) -> Position {
        let mut p = *self;
        p.play_role(m, role);
        p
    }

    /// A copy made field by field: `*self` is one 80-byte memory copy, which the wasm
    /// target emits as `memory.copy`, an engine call that costs more than the ten
    /// loads and stores it stands for.
    #[inline(always)]
    pub(crate) fn copied(&self) -> Position {
        let [r0, r1, r2, r3, r4, r5] = self.board.by_role;
        let [white, black] = self.board.by_color;
        Position {
            board: Board {
                by_role: [r0, r1, r2, r3, r4, r5],
                by_color: [white, black],
            },
            turn: self.turn,
            castles: self.castles,
            ep: self.ep,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// The position after a legal move.
    pub fn after(&self, m: Move) -> Position {
        let mut p = *self;
        p.play_unchecked(m);
        p
    }

    /// The position after a null move: the other side to move, no en passant, the
    /// clocks counting on.
    pub fn after_null(&self) -> Position {
        let mut p = *self;
        if p.turn == Color::Black {
            p.fullmoves = p.fullmoves.saturating_add(1);
        }
        p.turn = p.turn.other();
        p.ep = None;
        p.halfmoves = p.halfmoves.saturating_add(1);
        p
    }

    /// The position with the halfmove clock set to `n` (a search's null move resets it,
    /// so that no fifty-move draw is found through a pass).
    pub fn with_halfmoves(mut self, n: u32) -> Position {
        self.halfmoves = n;
        self
    }

    /// Counts of each role per colour (for material rules).
    pub fn count(&self, c: Color, r: Role) -> u32 {
        self.board.pieces(c, r).count()
    }

    /// Both kings present, used by validation.
    pub fn kings(&self) -> ByColor<Option<Square>> {
        ByColor {
            white: self.board.king(Color::White),
            black: self.board.king(Color::Black),
        }
    }
}
