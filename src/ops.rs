//! The operations of the raw `Game` class, defined once: the build writes `js/ops.ts`
//! from this file (scripts/ops.mjs), and `js/RAW_API.md` lists them from it. Each
//! dispatcher takes one of these enums' numbers; the doc line of each variant is its
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
    /// `Game.read(kind, text, flags)`: a new game from text. Throws an `Error` on bad text.
    pub enum Read {
        /// The first game of a PGN text; flag 1 is chess.js's `strict`.
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
    /// `game.get(op)`: a view of the game as text. Cannot fail.
    pub enum Get {
        /// `standard`, `chess960` or `chess9`.
        Variant = 0,
        /// `king queen none` in the swap phase, else `""`.
        SwapChoices = 1,
        /// X-FEN.
        Fen = 2,
        /// Shredder-FEN.
        ShredderFen = 3,
        /// `w` or `b` (in the swap phase, the side that chooses).
        Turn = 4,
        /// The legal moves' SAN, space-separated.
        Moves = 5,
        /// The legal moves as move records, one per line.
        MovesVerbose = 6,
        /// Takes back the last step: its record and the FEN now (`""` when none).
        Undo = 7,
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
        /// Records a draw by agreement: `1` when recorded.
        DrawByAgreement = 14,
        /// chess.js's `clear()`: an empty board; the tags stay (the JS side resets them unless asked not to).
        Clear = 15,
        /// Forgets every tag set (the roster goes back to its defaults).
        ClearTags = 16,
        /// X-FEN with the en passant square as kept (chess.js's `forceEnpassantSquare`).
        FenForcedEp = 17,
    }
}

ops! {
    /// `game.call(op, a, b, c)`: an operation with text arguments. Throws an `Error` (the game unchanged).
    pub enum Call {
        /// Makes the swap `a` (`king queen none`) → swap record.
        Swap = 0,
        /// The legal moves from square `a` as records (`""` for a square that is not one).
        MovesFrom = 1,
        /// What the board input `a` → `b` means: the kind on the first line, then one record per candidate.
        Resolve = 2,
        /// Plays `a`: strict SAN or UCI (both castling forms) → record.
        Move = 3,
        /// Why `a` (SAN or UCI) is not a legal move here, as this library reads it (`""` when it is one); plays nothing. The `cause` of chess.js's `Invalid move` (js/san.ts reads chess.js's notation).
        WhyNot = 4,
        /// Plays the board input `a` → `b`, promotion `c` (`""` or `q r b n`) → record.
        MoveFromTo = 5,
        /// Sets tag `a` to `b`.
        SetHeader = 6,
        /// chess.js's `removeHeader(a)`: `1` when the tag had a place.
        RemoveHeader = 7,
        /// The UCI output convention `a`: `auto`, `chess960` or `standard`.
        SetUciMode = 8,
        /// Whether colour `a` can still mate: `1` or `""`.
        HasMatingMaterial = 9,
        /// Records colour `a`'s resignation: `1` when recorded.
        Resign = 10,
        /// Records that colour `a` ran out of time: `1` when recorded.
        Timeout = 11,
        /// Plays `a` if it is exactly a legal move's SAN, decorations aside (with `b` = `uci`: a legal move's UCI) → record, else `""` (nothing played): the fast path of `move(text)`.
        MoveExact = 19,
        /// chess.js's `put`: piece `a` (`wp`, `bk`, …) on square `b` → `1` when placed.
        Put = 12,
        /// chess.js's `remove`: the piece that stood on square `a` (`wp`, …) or `""`.
        Remove = 13,
        /// The piece on square `a` (`wp`, …) or `""`.
        PieceAt = 14,
        /// The squares of colour `b`'s pieces that attack square `a`, a8 to h1, space-separated.
        Attackers = 15,
        /// chess.js's `setTurn(a)`: a null move when `a` is not to move → `1`, else `""`.
        SetTurn = 16,
        /// chess.js's `setCastlingRights(a, …)`: `b` and `c` the king- and queen-side wish (`1`, `0`, `""` for no change) → `1` when the rights are as asked.
        SetCastling = 17,
        /// The castling rights of colour `a`: `k`, `q`, `kq` or `""`.
        Castling = 18,
    }
}

ops! {
    /// `game.num(op, x)`: an operation on a number. Throws a `RangeError` for a number out of range.
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
    /// `game.data(op, value)`: structured data as plain JS objects (built with js-sys); arguments as an array of plain values in the order given (their types checked by js/chess.ts).
    pub enum Data {
        /// The tags with a value, in order (derived ones included) → object.
        Headers = 0,
        /// chess.js's `header()` object: every tag with a place, `null` where unset.
        HeaderSlots = 1,
        /// The annotated record → `PgnGame` (js/tree.ts).
        Tree = 2,
        /// `[maxWidth, newline?]` → the PGN text.
        Pgn = 4,
        /// `[move, whiteTimeMs, blackTimeMs, drawOffer, date, time, venue]` → the envelope.
        Seal = 5,
        /// chess.js's `getComments()`: `[{ fen, comment }]` of the mainline, in order.
        Comments = 6,
        /// chess.js's `removeComments()`: the same, removed.
        RemoveComments = 7,
        /// `[fen]` → the annotations at that position of the mainline (the latest with that FEN; the current one without it): `{ comments, nags, suffix }` (suffix a NAG 1–6 or null), or null when the mainline has no such position.
        GetNotes = 8,
        /// `[fen, comments?, nags?, suffix?]` (`""` for the current position) → sets the fields given there (nothing for a FEN not in the mainline).
        SetNotes = 9,
    }
}

ops! {
    /// `Game.util(op, a, b, x)`: functions of no game.
    pub enum Util {
        /// The games of PGN text `a` → array of texts.
        SplitPgn = 0,
        /// The back rank of Chess960 array `x` → `RNBQKBNR`.
        Chess960Array = 1,
        /// The Scharnagl id of back rank `a` → number.
        Chess960Id = 2,
        /// A uniformly drawn id 0..959 → number.
        RandomId = 3,
        /// The X-FEN after the move `b` (UCI) from the FEN `a` (a Move's lazy `after`).
        FenAfter = 4,
    }
}

ops! {
    /// `Game.open(op, fields)`: a game from an envelope's fields `[white, black, fen, pgn, moveNumber, sealer, move, whiteTimeMs, blackTimeMs, drawOffer, date, time, venue]`. Throws an `Error` for an envelope that does not hold together.
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
