//! The operations of the raw `Game` class and the numbers the boundary shares, defined
//! once: the build writes `js/ops.ts` from this file (scripts/ops.mjs), `js/RAW_API.md`
//! lists them from it, and tests/wasm.rs checks every constant of js/ops.ts against the
//! compiled enums (`from_u32`, then `name`).
//! Each dispatcher takes one of these enums' numbers; the doc line of each variant is its
//! one-line contract (arguments → answer).
//!
//! Keep the format: `pub enum Name {`, then per variant its `///` lines and
//! `Variant = number,`.
macro_rules! ops {
    ($(#[doc = $edoc:literal])* pub enum $name:ident { $( $(#[doc = $doc:literal])* $v:ident = $n:literal, )* }) => {
        $(#[doc = $edoc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u32)]
        pub enum $name { $( $(#[doc = $doc])* $v = $n, )* }
        impl $name {
            pub fn from_u32(n: u32) -> Option<Self> {
                match n { $( $n => Some(Self::$v), )* _ => None }
            }
            /// The variant's name, as js/ops.ts spells it after the enum's (`FenForcedEp`).
            pub fn name(self) -> &'static str {
                match self { $( Self::$v => stringify!($v), )* }
            }
        }
    };
}

ops! {
    /// `Game.make(kind, a, b)`: a new game. May throw (a `RangeError` for an id out of range).
    pub enum Make {
        /// The standard start.
        Standard = 0,
        /// Chess960 array `a` (integer 0..959).
        Chess960 = 1,
        /// Double Chess960: White's array `a`, Black's `b`.
        Double = 2,
        /// Chess-9 in its swap phase, Black to choose.
        Chess9 = 3,
        /// A Chess960 array drawn uniformly by `crypto.getRandomValues`.
        Random960 = 4,
    }
}

ops! {
    /// `Game.read(kind, text, strict)`: a new game from text. Throws an `Error` on bad text.
    pub enum Read {
        /// The first game of a PGN text; `strict` is chess.js's `strict`.
        Pgn = 0,
        /// A FEN as chess.js's `load` keeps it once js/fen.ts passed it (`fen::parse_lenient`; X-FEN and Shredder-FEN too).
        Fen = 1,
        /// The Chess960 game of a back rank such as `RNBQKBNR`.
        BackRank = 2,
        /// A FEN as this library reads it, strictly (a legal position only).
        StrictFen = 3,
    }
}

ops! {
    /// `Game.open(op, envelope)`: a game from an envelope (an object, `Envelope` in js/types.ts). Throws an `Error` for an envelope that does not hold together.
    pub enum Open {
        /// Opens it: the sealed move is played or ruled on.
        Open = 0,
        /// Concludes it unopened by agreement (FIDE Art. 6).
        ConcludeAgreement = 1,
        /// Concludes it unopened: White resigns.
        ConcludeWhiteResigns = 2,
        /// Concludes it unopened: Black resigns.
        ConcludeBlackResigns = 3,
    }
}

ops! {
    /// `Game.util(op, a, x)`: functions of no game, answering any JS value (`a`: UTF-8 bytes).
    pub enum Util {
        /// The back rank of Chess960 array `x` → `RNBQKBNR`.
        Chess960Array = 1,
        /// The Scharnagl id of back rank `a` → number.
        Chess960Id = 2,
        /// A uniformly drawn id 0..959 → number.
        RandomId = 3,
        /// The games of `a`, a part of a PGN file, each read for its mainline (`x` = flags + 16 × the file's line `a` starts on; flags: 1 `a` ends the file, 2 tags only, 4 strict, 8 `a` starts within a line of the file) → text for js/read-games.ts, described in src/bulk.rs.
        ReadPgn = 4,
    }
}

ops! {
    /// `game.get(op)`: a view of the game as text. Changes nothing; cannot fail.
    pub enum Get {
        /// `standard`, `chess960` or `chess9`.
        Variant = 0,
        /// `king queen none` in the swap phase, else `""`.
        SwapChoices = 1,
        /// X-FEN.
        Fen = 2,
        /// Shredder-FEN.
        ShredderFen = 3,
        /// X-FEN with the en passant square as kept (chess.js's `forceEnpassantSquare`).
        FenForcedEp = 4,
        /// `w` or `b` (in the swap phase, the side that chooses).
        Turn = 5,
        /// The legal moves' SAN, space-separated.
        Moves = 6,
        /// The legal moves as move records, one per line, each followed by a tab and the X-FEN after it.
        MovesVerbose = 7,
        /// The steps' SAN, space-separated (`--` a null move, `swap:king` a swap).
        History = 8,
        /// The steps as records, one per line, each followed by a tab and the X-FEN before it.
        HistoryVerbose = 9,
        /// `""`, or `<winner> <reason>` (winner `w`, `b` or `-`).
        Outcome = 10,
        /// The game as PGN, laid out as chess.js lays it out.
        Pgn = 11,
        /// The Scharnagl id of the start array in decimal, `""` if none.
        Chess960Id = 12,
        /// chess.js's `hash()`: 16 hex digits, equal for positions chess.js hashes equal.
        Hash = 13,
    }
}

ops! {
    /// `game.act(op)`: a change of the game that takes no argument → text. Cannot fail.
    pub enum Act {
        /// Takes back the last step: its record, a tab and the X-FEN now (before the step); `""` when there is none.
        Undo = 0,
        /// chess.js's `clear()`: an empty board; the tags stay (the JS side resets them unless asked not to).
        Clear = 1,
        /// Forgets every tag set (the roster goes back to its defaults).
        ClearTags = 2,
    }
}

ops! {
    /// `game.call(op, a, b)`: an operation with text arguments → text. Throws an `Error` (the game unchanged).
    pub enum Call {
        /// Makes the swap `a` (`king queen none`) → swap record.
        Swap = 0,
        /// The legal moves from square `a` as records, each followed by a tab and the X-FEN after it (`""` for a square that is not one).
        MovesFrom = 1,
        /// What the board input `a` → `b` means: the kind on the first line (`swap`: the swap record on the second), then one record per candidate, each followed by a tab and the X-FEN after it.
        Resolve = 2,
        /// Plays `a`: strict SAN or UCI (both castling forms) → record, tab, X-FEN after.
        Move = 3,
        /// Plays `a` as chess.js's `move(a)` reads it: a legal move's SAN, decorations aside, and unless `b` = `strict` UCI (both castling forms), `0-0` and chess.js's permissive forms (`Pe2-e4`, `Nge7`, `e7e8q`, …) → record, tab, X-FEN after; `""` when chess.js would play nothing (nothing played).
        MoveChessJs = 4,
        /// Why `a` (SAN or UCI) is not a legal move here, as this library reads it (`""` when it is one); plays nothing. The `cause` of chess.js's `Invalid move`.
        WhyNot = 5,
        /// Plays the board input `a`: from square, to square and promotion letter (`g1f3`, `e7e8q`; the letter one of `q r b n`, or none) → record, tab, X-FEN after.
        MoveFromTo = 6,
        /// A null move (chess.js's `move(null)`, `setTurn`): the side to move passes → record, tab, X-FEN after. Refused in check (chess.js's message, the reason as `cause`).
        Null = 7,
        /// Sets tag `a` to `b`.
        SetHeader = 8,
        /// The UCI output convention `a`: `auto`, `chess960` or `standard`.
        SetUciMode = 9,
        /// chess.js's `remove`: the piece that stood on square `a` (`wp`, …) or `""`.
        Remove = 10,
        /// The piece on square `a` (`wp`, …) or `""`.
        PieceAt = 11,
        /// The squares of colour `b`'s pieces that attack square `a`, a8 to h1, space-separated.
        Attackers = 12,
        /// The castling rights of colour `a`: `k`, `q`, `kq` or `""`.
        Castling = 13,
    }
}

ops! {
    /// `game.play(op, x)`: `move()`'s hot calls, with no string across the boundary. The answer, as `call`'s (the move's record, a tab, the X-FEN after it; ASCII, at most `SIZE_IO_BYTES`), is written at `game.io()` in the wasm memory, and `play` returns its length; -1 when nothing was played (then `call` says why). Never throws.
    pub enum Play {
        /// `x`: the from square, the to square times 64 and the promotion letter's character code times 4096 (0 for none); squares a1 = 0 … h8 = 63. As `call`'s `MoveFromTo`.
        FromTo = 0,
        /// `x`: the byte length of the move text written at `game.io()` (ASCII, at most `SIZE_IO_BYTES`), read as `call`'s `MoveChessJs` reads it, permissively.
        ChessJs = 1,
        /// The same, strictly.
        ChessJsStrict = 2,
        /// Takes back the last step, as [`Act::Undo`] does, without its record (the JS side answers from the move it kept) → 1, or 0 when there was none (nothing written); `x` unused.
        TakeBack = 3,
    }
}

ops! {
    /// `game.ask(op, a, b, c)`: a question or a change with text arguments → a boolean. Throws an `Error` for a bad argument (the game unchanged).
    pub enum Ask {
        /// Whether colour `a` can still mate by some series of legal moves.
        HasMatingMaterial = 0,
        /// Records colour `a`'s resignation: whether it was recorded (the first result stands).
        Resign = 1,
        /// Records that colour `a` ran out of time: whether it was recorded.
        Timeout = 2,
        /// Records a draw by agreement: whether it was recorded.
        DrawByAgreement = 3,
        /// chess.js's `removeHeader(a)`: whether the tag had a place.
        RemoveHeader = 4,
        /// chess.js's `put`: piece `a` (`wp`, `bk`, …) on square `b`: whether it was placed.
        Put = 5,
        /// chess.js's `setCastlingRights(a, …)`: `b` and `c` the king- and queen-side wish (`1`, `0`, `""` for no change): whether the rights are now as asked.
        SetCastling = 6,
    }
}

ops! {
    /// `game.num(op, x)`: a question or a change answered by a number. Throws a `RangeError` for a number out of range.
    pub enum Num {
        /// Leaf nodes of the legal move tree to depth `x` (integer 0..8).
        Perft = 0,
        /// The full-move number.
        MoveNumber = 1,
        /// How many times the current position has occurred.
        Repetitions = 2,
    }
}

ops! {
    /// `game.data(op, value)`: structured data (src/data.rs): `value` an object of the shape each names, read by field name (its field types checked by js/chess.ts), the answer a plain JS object or array.
    pub enum Data {
        /// The tags with a value, in order (derived ones included) → object.
        Headers = 0,
        /// chess.js's `header()` object: every tag with a place, `null` where unset.
        HeaderSlots = 1,
        /// The annotated record → `PgnGame` (js/tree.ts).
        Tree = 2,
        /// `{ maxWidth, newline }` → the PGN text.
        Pgn = 3,
        /// `{ move, whiteTimeMs, blackTimeMs, drawOffer, resumption? }` → the envelope.
        Seal = 4,
        /// chess.js's `getComments()`: `[{ fen, comment }]` of the mainline, in order.
        Comments = 5,
        /// chess.js's `removeComments()`: the same, removed.
        RemoveComments = 6,
        /// `{ fen }` → the annotations at that position of the mainline (the latest with that FEN; the current one when `fen` is `""`): `{ comments, nags, suffix }` (suffix a NAG 1–6 or null), or null when the mainline has no such position.
        GetNotes = 7,
        /// `{ fen, comments?, nags?, suffix? }` → sets the fields given at that position (nothing for a FEN not in the mainline); `suffix: null` removes the assessment.
        SetNotes = 8,
        /// chess.js's `board()`: 8 rows from rank 8, each square `null` or `{ square, type, color }`.
        Board = 9,
    }
}

ops! {
    /// `game.status()`: bits, set when the game is in that state.
    pub enum Status {
        /// The side to move is in check.
        Check = 1,
        /// Checkmate.
        Checkmate = 2,
        /// Stalemate.
        Stalemate = 4,
        /// Insufficient material in chess.js's sense.
        InsufficientMaterial = 8,
        /// The position has occurred three times.
        ThreefoldRepetition = 16,
        /// The halfmove clock has reached 100.
        FiftyMoves = 32,
        /// The game ended drawn (the first result stands).
        Draw = 64,
        /// The game ended.
        GameOver = 128,
        /// Neither side can mate by any series of legal moves (FIDE 5.2.2).
        DeadPosition = 256,
    }
}

ops! {
    /// Sizes the boundary shares.
    pub enum Size {
        /// The bytes of a game's `io()` buffer ([`Play`]): room for any answer (a record is at most ~60 bytes, an X-FEN ~100); longer move text goes through `call`.
        IoBytes = 256,
    }
}
