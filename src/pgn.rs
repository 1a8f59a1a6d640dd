//! PGN read and write (skeleton: being written).

use crate::game::Game;
use core::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    Unsupported,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PGN support is not built yet")
    }
}

impl std::error::Error for PgnError {}

/// The game as PGN.
pub fn write(_game: &Game) -> String {
    String::new()
}

/// The first game in `text`.
pub fn read(_text: &str) -> Result<Game, PgnError> {
    Err(PgnError::Unsupported)
}

/// Splits a file into the text of each game.
pub fn split_games(text: &str) -> Vec<String> {
    vec![text.to_string()]
}
