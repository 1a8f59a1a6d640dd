pub mod attacks;
pub mod bitboard;
pub mod castling;
pub mod fen;
pub mod movegen;
pub mod position;
pub mod square;
