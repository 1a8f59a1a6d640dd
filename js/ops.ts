// Operation numbers of the raw dispatchers (src/wasm.rs, js/RAW_API.md).
//
// A module of its own that imports nothing: esbuild inlines a module's top-level
// constants only when nothing with side effects runs before them, and in
// chess960.ts the bindings' import does. Inlined, they cost the bundles nothing.
export const MAKE_960 = 0;
export const MAKE_STANDARD = 1;
export const MAKE_DOUBLE = 2;
export const MAKE_CHESS9 = 3;
export const GET_VARIANT = 0;
export const GET_SWAP_CHOICES = 1;
export const GET_FEN = 2;
export const GET_SHREDDER_FEN = 3;
export const GET_TURN = 4;
export const GET_MOVES = 5;
export const GET_MOVES_VERBOSE = 6;
export const GET_UNDO = 8;
export const GET_HISTORY = 9;
export const GET_OUTCOME = 10;
export const GET_PGN = 11;
export const GET_DRAW_BY_AGREEMENT = 12;
export const GET_CHESS960_ID = 13;
export const GET_ERROR = 14;
export const CALL_SWAP = 0;
export const CALL_MOVES_FROM = 1;
export const CALL_RESOLVE = 2;
export const CALL_MOVE = 3;
export const CALL_MOVE_FROM_TO = 4;
export const CALL_HEADER = 5;
export const CALL_SET_HEADER = 6;
export const CALL_SET_UCI_MODE = 7;
export const CALL_HAS_MATING_MATERIAL = 8;
export const CALL_RESIGN = 9;
export const CALL_TIMEOUT = 10;
export const CALL_PERFT = 11;
export const CALL_SPLIT_PGN = 12;
export const CALL_SEAL = 13;
export const CALL_SEAL_DRAW_OFFER = 14;
// `call` operations that read a text into the game (see `parsed` in chess960.ts).
export const PARSE_PGN = 15;
export const PARSE_ENVELOPE = 16;
export const PARSE_BACK_RANK = 17;
export const PARSE_FEN = 18;
