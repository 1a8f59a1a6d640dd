// The bulk PGN reader behind `readPgn` (js/read.ts, which loads this module on its first
// call and hands it what it needs of the package: the core's part reader, Chess.fromPgn
// and Node's file access). It imports nothing at run time, so that the ESM bundle can keep
// it in a chunk of its own. The bytes are decoded here (UTF-8, in any chunking), the games
// split and their mainlines replayed in the core, one call per part (src/bulk.rs,
// `Util::ReadPgn`): what is kept between parts is the unfinished game, so memory is
// bounded by the largest game, not the file.

import type { Chess } from "./chess.js";
import type { PgnErrorItem, PgnItem, PgnSource, ReadPgnOptions } from "./read.js";
import type { OpenPath } from "./paths.js";
import type { Color, OutcomeReason } from "./types.js";

/** What the reader uses of the package (js/read.ts gives it). */
export interface Deps {
  /** `Util::ReadPgn` on a part (src/bulk.rs). */
  readPart(text: string, x: number): string;
  fromPgn(pgn: string): Chess;
  files: { open?: OpenPath; isFile?: (s: string) => boolean };
}

let deps: Deps;

/** Text parts of at most this many UTF-16 units are sent to the core. */
const PART = 1 << 20;
/** Parts are gathered to this many UTF-16 units before the core reads them (fewer calls). */
const BATCH = 1 << 18;
/** A game longer than this (UTF-16 units) is cut there: the bound on what is kept. */
const MAX_KEPT = 64 << 20;

export async function* readGames(source: PgnSource, options: ReadPgnOptions, with_: Deps): AsyncGenerator<PgnItem | PgnErrorItem, void, undefined> {
  deps = with_;
  const { headersOnly = false, mainlineOnly = false, strict = false, signal, onProgress } = options;
  const keepText = !mainlineOnly;
  const flags = (headersOnly ? 2 : 0) | (strict ? 4 : 0);
  signal?.throwIfAborted();
  const parts = partsOf(source);
  let kept = "";
  /** The source's bytes before `kept`, and the line `kept` starts on. */
  let [byte, line, index] = [0, 1, 0];
  /** Bytes read from the source. */
  let read = 0;
  /** `kept` is sent again only once it has grown past this (a game longer than a part). */
  let wait = 0;
  try {
    for (;;) {
      const next = await parts.next();
      signal?.throwIfAborted();
      const ended = next.done === true;
      if (!ended) {
        kept += next.value.text;
        read += next.value.bytes;
      }
      if (!ended && kept.length < Math.max(wait, BATCH)) {
        onProgress?.(read);
        continue;
      }
      // A game longer than MAX_KEPT: read what there is of it as if the file ended there.
      const cut = !ended && kept.length > MAX_KEPT;
      const answer = deps.readPart(kept, (ended || cut ? 1 : 0) + flags + 8 * line);
      let found = 0;
      let item: PgnItem | PgnErrorItem | undefined;
      let headers: Record<string, string> = {};
      let pgn: string | undefined;
      for (let at = 0; at < answer.length; ) {
        let end = answer.indexOf("\n", at);
        if (end < 0) end = answer.length;
        const kind = answer.charCodeAt(at);
        if (kind === 116 /* t */) {
          // A tag, the most frequent line: its name and value cut straight from the answer.
          const space = answer.indexOf(" ", at + 2);
          headers[answer.slice(at + 2, space)] = answer.slice(space + 1, end);
          at = end + 1;
          continue;
        }
        const rest = answer.slice(at + 2, end);
        const space = rest.indexOf(" ");
        at = end + 1;
        switch (kind) {
          case 103 /* g */: {
            if (item !== undefined) yield item;
            signal?.throwIfAborted();
            const [from, to, b, l] = rest.split(" ").map(Number) as [number, number, number, number];
            headers = {};
            item = { index: index++, offset: byte + b, line: l, headers };
            if (keepText) withText(item, (pgn = kept.slice(from, to)));
            found++;
            break;
          }
          case 109 /* m */:
            (item as PgnItem).moves = rest === "" ? [] : rest.split(" ");
            break;
          case 102 /* f */:
            (item as PgnItem).fen = rest;
            break;
          case 111 /* o */: {
            const [result, winner, reason] = rest.split(" ") as [string, string, OutcomeReason];
            (item as PgnItem).result = result;
            (item as PgnItem).outcome = reason ? { winner: winner === "-" ? null : (winner as Color), reason } : null;
            break;
          }
          case 101 /* e */: {
            const { index: i, offset, line: l } = item as PgnItem;
            item = { index: i, offset, line: l, error: { message: rest.slice(space + 1), line: +rest.slice(0, space) }, headers };
            if (keepText) item.pgn = pgn as string;
            break;
          }
          case 114 /* r */: {
            const [from, b, l] = rest.split(" ").map(Number) as [number, number, number];
            kept = kept.slice(from);
            byte += b;
            line = l;
            break;
          }
        }
      }
      if (item !== undefined) yield item;
      onProgress?.(Math.max(read, byte));
      if (ended) return;
      // No game came out: wait until the unfinished one has doubled before reading it again.
      wait = found === 0 ? 2 * kept.length : 0;
    }
  } finally {
    await parts.return?.();
  }
}

/** Gives `item` its text and the readings built from it on request. */
function withText(item: PgnItem, pgn: string): void {
  item.pgn = pgn;
  item.tree = () => {
    const g = deps.fromPgn(pgn);
    try {
      return g.tree();
    } finally {
      g.free();
    }
  };
  item.game = () => deps.fromPgn(pgn);
}

/** A part of the source: its text, and how many bytes of the source it took (0 for text). */
interface Part {
  text: string;
  bytes: number;
}

/** The source as parts of text. */
async function* partsOf(source: PgnSource): AsyncGenerator<Part, void, undefined> {
  if (typeof source === "string") {
    if (deps.files.open && deps.files.isFile?.(source)) {
      yield* decoded(deps.files.open(source));
      return;
    }
    for (let at = 0; at < source.length; ) {
      let end = Math.min(at + PART, source.length);
      // Never between the two halves of a surrogate pair.
      const last = source.charCodeAt(end - 1);
      if (end < source.length && last >= 0xd800 && last < 0xdc00) end++;
      yield { text: source.slice(at, end), bytes: 0 };
      at = end;
    }
    return;
  }
  if (typeof Blob !== "undefined" && source instanceof Blob) source = source.stream();
  if (typeof ReadableStream !== "undefined" && source instanceof ReadableStream) {
    yield* decoded(streamParts(source));
    return;
  }
  if (source !== null && typeof source === "object" && (Symbol.asyncIterator in source || Symbol.iterator in source)) {
    yield* decoded(source as AsyncIterable<Uint8Array | string>);
    return;
  }
  throw new TypeError("readPgn: the source must be PGN text, a file, a Blob or a stream");
}

/** A web stream's chunks (Safari's streams are not async iterable). */
async function* streamParts(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** Chunks of bytes (or of text: a Node stream with an encoding set) as parts of text. */
async function* decoded(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): AsyncGenerator<Part, void, undefined> {
  // The byte order mark stays in the text (the core reads it as whitespace), so that
  // byte offsets count it.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for await (const chunk of chunks) {
    yield typeof chunk === "string" ? { text: chunk, bytes: 0 } : { text: decoder.decode(chunk, { stream: true }), bytes: chunk.byteLength };
  }
  const tail = decoder.decode();
  if (tail !== "") yield { text: tail, bytes: 0 };
}
