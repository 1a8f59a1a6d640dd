// The bulk PGN reader behind `readPgn` (js/read.ts, which loads this module on its first
// call and hands it what it needs of the package: the core's part reader, Chess.fromPgn
// and Node's file access). It imports nothing at run time, so that the ESM bundle can keep
// it in a chunk of its own. The source's bytes go to the core as they come, in parts (text
// is encoded first), the games split and their mainlines replayed there, one call per
// part (src/bulk.rs, `Util::ReadPgn`); only a game whose text is asked for is decoded.
// What is kept between parts is the unfinished game, so memory is bounded by the largest
// game, not the file.

import type { Chess } from "./chess.js";
import type { PgnErrorItem, PgnItem, PgnSource, ReadPgnOptions } from "./read.js";
import type { OpenPath } from "./paths.js";
import type { Color, OutcomeReason } from "./types.js";

/** What the reader uses of the package (js/read.ts gives it). */
export interface Deps {
  /** `Util::ReadPgn` on a part, UTF-8 bytes (src/bulk.rs). */
  readPart(bytes: Uint8Array, x: number): string;
  fromPgn(pgn: string): Chess;
  files: { open?: OpenPath; isFile?: (s: string) => boolean };
}

let deps: Deps;

/** A text source is encoded in slices of at most this many UTF-16 units. */
const PART = 1 << 20;
/** Bytes are gathered to this many before the core reads them (fewer calls). */
const BATCH = 1 << 18;
/** A game longer than this (bytes) is cut there: the bound on what is kept. */
const MAX_KEPT = 64 << 20;
/** A game's text, when it is asked for (a byte order mark kept, as in the source). */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

export async function* readGames(source: PgnSource, options: ReadPgnOptions, with_: Deps): AsyncGenerator<PgnItem | PgnErrorItem, void, undefined> {
  deps = with_;
  const { headersOnly = false, mainlineOnly = false, strict = false, signal, onProgress } = options;
  const keepText = !mainlineOnly;
  const flags = (headersOnly ? 2 : 0) | (strict ? 4 : 0);
  signal?.throwIfAborted();
  const parts = partsOf(source);
  /** The bytes not read yet: the unfinished game and the parts after it. */
  let pending: Uint8Array[] = [];
  let size = 0;
  /** The source's bytes before `pending`, and the line it starts on. */
  let [byte, line, index] = [0, 1, 0];
  /** Whether `pending` starts within a line of the file (the core says, src/bulk.rs). */
  let midLine = false;
  /** Bytes read from the source. */
  let read = 0;
  /** The unfinished game is sent again only once it has grown past this (a game longer than a part). */
  let wait = 0;
  try {
    for (;;) {
      const next = await parts.next();
      signal?.throwIfAborted();
      const ended = next.done === true;
      if (!ended) {
        pending.push(next.value.data);
        size += next.value.data.length;
        read += next.value.bytes;
      }
      if (!ended && size < Math.max(wait, BATCH)) {
        onProgress?.(read);
        continue;
      }
      let kept = joined(pending, size);
      // A game longer than MAX_KEPT: read what there is of it as if the file ended there.
      const cut = !ended && size > MAX_KEPT;
      const x = (ended || cut ? 1 : 0) + flags + (midLine ? 8 : 0) + 16 * line;
      let answer = deps.readPart(kept, x);
      if (answer === "u\n") {
        // Not UTF-8: mended as a TextDecoder reads it (a character cut at the end kept).
        kept = mended(kept, ended || cut);
        answer = deps.readPart(kept, x);
      }
      pending = [kept];
      size = kept.length;
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
            // (Cut by hand: this runs once a game, and a split and map cost a fifth of
            // reading a headersOnly answer.)
            const second = rest.indexOf(" ", space + 1);
            const [from, to, l] = [+rest.slice(0, space), +rest.slice(space + 1, second), +rest.slice(second + 1)];
            headers = {};
            item = { index: index++, offset: byte + from, line: l, headers };
            if (keepText) withText(item, (pgn = utf8.decode(kept.subarray(from, to))));
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
            const [from, l, mid] = rest.split(" ").map(Number) as [number, number, number];
            midLine = mid === 1;
            kept = kept.subarray(from);
            pending = [kept];
            size = kept.length;
            byte += from;
            line = l;
            break;
          }
        }
      }
      if (item !== undefined) yield item;
      onProgress?.(Math.max(read, byte));
      if (ended) return;
      // No game came out: wait until the unfinished one has doubled before reading it again.
      wait = found === 0 ? 2 * size : 0;
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

/** The parts as one array of bytes. */
function joined(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/**
 * `bytes` with every byte that is not part of a UTF-8 character made U+FFFD, as a
 * `TextDecoder` reads them; unless `ended`, a character cut at the end stays as it is
 * (its other bytes come with the next part).
 */
function mended(bytes: Uint8Array, ended: boolean): Uint8Array {
  let keep = 0;
  if (!ended) {
    // The last character's first byte, within the last three bytes (its other bytes
    // continuation bytes).
    for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i--) {
      const b = bytes[i]!;
      if (b >= 0x80 && b < 0xc0) continue;
      const need = b >= 0xf5 ? 0 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
      if (bytes.length - i < need) keep = bytes.length - i;
      break;
    }
  }
  const text = new TextEncoder().encode(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(0, bytes.length - keep)));
  return keep === 0 ? text : joined([text, bytes.subarray(bytes.length - keep)], text.length + keep);
}

/** A part of the source: its bytes, and how many bytes of the source it took (0 for text). */
interface Part {
  data: Uint8Array;
  bytes: number;
}

/** The source as parts of bytes. */
async function* partsOf(source: PgnSource): AsyncGenerator<Part, void, undefined> {
  if (typeof source === "string") {
    if (deps.files.open && deps.files.isFile?.(source)) {
      yield* asBytes(deps.files.open(source));
      return;
    }
    const encoder = new TextEncoder();
    for (let at = 0; at < source.length; ) {
      let end = Math.min(at + PART, source.length);
      // Never between the two halves of a surrogate pair.
      const last = source.charCodeAt(end - 1);
      if (end < source.length && last >= 0xd800 && last < 0xdc00) end++;
      yield { data: encoder.encode(source.slice(at, end)), bytes: 0 };
      at = end;
    }
    return;
  }
  if (typeof Blob !== "undefined" && source instanceof Blob) source = source.stream();
  if (typeof ReadableStream !== "undefined" && source instanceof ReadableStream) {
    yield* asBytes(streamParts(source));
    return;
  }
  if (source !== null && typeof source === "object" && (Symbol.asyncIterator in source || Symbol.iterator in source)) {
    yield* asBytes(source as AsyncIterable<Uint8Array | string>);
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

/**
 * Chunks of bytes as they are (a byte order mark stays: the core reads it as whitespace,
 * and byte offsets count it), or of text (a Node stream with an encoding set), encoded.
 */
async function* asBytes(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): AsyncGenerator<Part, void, undefined> {
  const encoder = new TextEncoder();
  for await (const chunk of chunks) {
    yield typeof chunk === "string" ? { data: encoder.encode(chunk), bytes: 0 } : { data: chunk, bytes: chunk.byteLength };
  }
}
