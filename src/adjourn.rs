//! Sealed-move adjournment (skeleton: being written).

use crate::game::Game;
use crate::square::Color;
use core::fmt;

#[derive(Clone, Debug, PartialEq)]
pub struct Envelope {
    pub fen: String,
    pub pgn: String,
    pub move_number: u32,
    pub sealer: Color,
    pub text: String,
    pub white_time_ms: f64,
    pub black_time_ms: f64,
    pub draw_offer: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdjournError {
    Unsupported,
}

impl fmt::Display for AdjournError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "adjournment is not built yet")
    }
}

impl std::error::Error for AdjournError {}

pub fn seal(
    _game: &Game,
    _text: &str,
    _white_time_ms: f64,
    _black_time_ms: f64,
    _draw_offer: bool,
) -> Result<Envelope, AdjournError> {
    Err(AdjournError::Unsupported)
}

pub fn to_json(_env: &Envelope) -> String {
    String::new()
}

pub fn from_json(_json: &str) -> Result<Envelope, AdjournError> {
    Err(AdjournError::Unsupported)
}

pub fn open(_env: &Envelope) -> Result<Game, AdjournError> {
    Err(AdjournError::Unsupported)
}
