// Generated from src/wasm/ops.rs by scripts/ops.mjs (the build writes it): do not edit.
// A module that imports nothing, so that esbuild inlines the constants.

// Make: `Game.make(kind, a, b)`: a new game. May throw (a `RangeError` for an id out of range).
export const MAKE_STANDARD = 0;
export const MAKE_CHESS960 = 1;
export const MAKE_DOUBLE = 2;
export const MAKE_CHESS9 = 3;
export const MAKE_RANDOM960 = 4;

// Read: `Game.read(kind, text, flags)`: a new game from text. Throws an `Error` on bad text.
export const READ_PGN = 0;
export const READ_FEN = 1;
export const READ_BACK_RANK = 2;
export const READ_STRICT_FEN = 3;

// Get: `game.get(op)`: a view of the game as text. Cannot fail.
export const GET_VARIANT = 0;
export const GET_SWAP_CHOICES = 1;
export const GET_FEN = 2;
export const GET_SHREDDER_FEN = 3;
export const GET_TURN = 4;
export const GET_MOVES = 5;
export const GET_MOVES_VERBOSE = 6;
export const GET_UNDO = 7;
export const GET_HISTORY = 8;
export const GET_HISTORY_VERBOSE = 9;
export const GET_OUTCOME = 10;
export const GET_PGN = 11;
export const GET_CHESS960_ID = 12;
export const GET_HASH = 13;
export const GET_DRAW_BY_AGREEMENT = 14;
export const GET_CLEAR = 15;
export const GET_CLEAR_TAGS = 16;
export const GET_FEN_FORCED_EP = 17;

// Call: `game.call(op, a, b, c)`: an operation with text arguments. Throws an `Error` (the game unchanged).
export const CALL_SWAP = 0;
export const CALL_MOVES_FROM = 1;
export const CALL_RESOLVE = 2;
export const CALL_MOVE = 3;
export const CALL_MOVE_CHESS_JS = 4;
export const CALL_MOVE_FROM_TO = 5;
export const CALL_SET_HEADER = 6;
export const CALL_REMOVE_HEADER = 7;
export const CALL_SET_UCI_MODE = 8;
export const CALL_HAS_MATING_MATERIAL = 9;
export const CALL_RESIGN = 10;
export const CALL_TIMEOUT = 11;
export const CALL_PUT = 12;
export const CALL_REMOVE = 13;
export const CALL_PIECE_AT = 14;
export const CALL_ATTACKERS = 15;
export const CALL_SET_TURN = 16;
export const CALL_SET_CASTLING = 17;
export const CALL_CASTLING = 18;

// Num: `game.num(op, x)`: an operation on a number. Throws a `RangeError` for a number out of range.
export const NUM_PERFT = 0;
export const NUM_MOVE_NUMBER = 1;
export const NUM_REPETITIONS = 2;

// Data: `game.data(op, value)`: structured data as plain JS objects (serde-wasm-bindgen). Throws an `Error`, or a `TypeError` for a value of the wrong shape.
export const DATA_HEADERS = 0;
export const DATA_HEADER_SLOTS = 1;
export const DATA_TREE = 2;
export const DATA_BOARD = 3;
export const DATA_PGN = 4;
export const DATA_SEAL = 5;
export const DATA_GET_COMMENT = 6;
export const DATA_SET_COMMENT = 7;
export const DATA_REMOVE_COMMENT = 8;
export const DATA_COMMENTS = 9;
export const DATA_REMOVE_COMMENTS = 10;
export const DATA_GET_NAGS = 11;
export const DATA_SET_NAGS = 12;
export const DATA_ADD_NAG = 13;
export const DATA_REMOVE_NAG = 14;
export const DATA_REMOVE_NAGS = 15;
export const DATA_GET_SUFFIX = 16;
export const DATA_SET_SUFFIX = 17;
export const DATA_REMOVE_SUFFIX = 18;

// Util: `Game.util(op, a, b, x)`: functions of no game.
export const UTIL_SPLIT_PGN = 0;
export const UTIL_CHESS960_ARRAY = 1;
export const UTIL_CHESS960_ID = 2;
export const UTIL_RANDOM_ID = 3;
export const UTIL_VALIDATE_FEN = 4;
export const UTIL_FEN_AFTER = 5;

// Open: `Game.open(op, envelope)`: a game from an envelope. Throws an `Error` for an envelope that does not hold together.
export const OPEN_OPEN = 0;
export const OPEN_CONCLUDE_AGREEMENT = 1;
export const OPEN_CONCLUDE_WHITE_RESIGNS = 2;
export const OPEN_CONCLUDE_BLACK_RESIGNS = 3;
