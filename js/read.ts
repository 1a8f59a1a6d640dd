// Bulk PGN reading (SPEC §2 "Bulk reading"): `readPgn(source, options)` reads a file game
// by game as it arrives, in Node and in browsers. Here its types and its entry; the reader
// itself is js/read-games.ts, loaded on the first call (the ESM bundle keeps it in a chunk
// of its own: a page that never reads a file does not load it). The bytes are decoded here (UTF-8, in
// any chunking), the games split and their mainlines replayed in the core, one call per
// part (src/bulk.rs, `Util::ReadPgn`): what is kept between parts is the unfinished game,
// so memory is bounded by the largest game, not the file.

import { Game } from "./raw.js";
import * as op from "./ops.js";
import { Chess } from "./chess.js";
import type { PgnGame } from "./tree.js";
import type { Color, Outcome, OutcomeReason } from "./types.js";
import { files } from "./paths.js";

/** What `readPgn` reads: the text itself, or where its bytes come from. */
export type PgnSource =
  | string
  | Blob
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

/** How `readPgn` reads. */
export interface ReadPgnOptions {
  /** Only the tags: the move text is split off unread (no move is replayed). */
  headersOnly?: boolean;
  /**
   * Only what the mainline gives (`moves`, `fen`, `outcome`): the game's text is not kept,
   * so the items have no `pgn`, `tree()` or `game()`.
   */
  mainlineOnly?: boolean;
  /** chess.js's strict reading of moves and of the `SetUp`/`FEN` tags. */
  strict?: boolean;
  /** Stops the reading: the loop throws the signal's reason. */
  signal?: AbortSignal;
  /** Called after each part with the bytes of the source read so far (of a text source: read and split into games). */
  onProgress?: (bytes: number) => void;
}

/** Where a game is in the source. */
export interface PgnPlace {
  /** The game's number in the source, from 0 (bad games count). */
  index: number;
  /** The byte offset of its first byte (UTF-8, a byte order mark included). */
  offset: number;
  /** The line its first byte is on, from 1. */
  line: number;
}

/** A game read by {@link readPgn}. */
export interface PgnItem extends PgnPlace {
  error?: undefined;
  /** Its tags as written, escapes undone (a repeated tag keeps its last value). */
  headers: Record<string, string>;
  /** The result its record states (its result token wins over its `Result` tag; `*` when neither says); not with `headersOnly`. */
  result?: string;
  /** The mainline in SAN (`history()`'s steps: `--` a null move, `swap:<choice>` a Chess-9 swap); not with `headersOnly`. */
  moves?: string[];
  /** The X-FEN after the mainline; not with `headersOnly`. */
  fen?: string;
  /** How the board ended the game (checkmate, stalemate, automatic draws), else null; not with `headersOnly`. */
  outcome?: Outcome | null;
  /** The game's text; not with `mainlineOnly`. */
  pgn?: string;
  /** The annotated tree (`Chess.fromPgn(pgn).tree()`), built on request; not with `mainlineOnly`. */
  tree?(): PgnGame;
  /** The game as a `Chess` (`Chess.fromPgn(pgn)`), built on request; not with `mainlineOnly`. */
  game?(): Chess;
}

/** A game {@link readPgn} could not read: the reading goes on with the next. */
export interface PgnErrorItem extends PgnPlace {
  /** What is wrong and the line of the source where. */
  error: { message: string; line: number };
  /** The tags read before the fault. */
  headers: Record<string, string>;
  /** The game's text; not with `mainlineOnly`. */
  pgn?: string;
}

/**
 * The games of a PGN source, one by one, as it is read: a string (PGN text; in Node, a
 * string naming an existing file, without a newline, is read as that file), a `Blob` or
 * `File`, a web `ReadableStream`, a Node `Readable` or any (async) iterable of bytes or
 * text. Bytes are UTF-8 in any chunking; a byte order mark and CRLF line ends are read
 * as such.
 *
 * Each item is a game ({@link PgnItem}: its tags, the mainline replayed and checked, the
 * final position) or, for a game that cannot be read, a {@link PgnErrorItem} that says
 * where and why; the reading goes on with the next game. Memory is bounded by the
 * longest game (up to 64 MiB; a longer one is cut there), not the file.
 */
export async function* readPgn(source: PgnSource, options: ReadPgnOptions = {}): AsyncGenerator<PgnItem | PgnErrorItem, void, undefined> {
  const { readGames } = await import("./read-games.js");
  yield* readGames(source, options, {
    readPart: (bytes, x) => Game.util(op.UTIL_READ_PGN, bytes, x) as string,
    fromPgn: (pgn) => Chess.fromPgn(pgn),
    files,
  });
}
