// esbuild plugin for the builds that inline the wasm (pkg/index.js, pkg/chess960.iife.js,
// www/dist/chess960-board.js): `import wasm from "./x.wasm"` gives a function that
// returns the wasm's bytes. The bundle carries them as text that gzip packs about as
// small as the wasm itself, decoded by js/unpack.ts in one pass (no decompressor) when
// the function is called: inside the caller's own error handling, as the decoding
// compiles a small wasm module, which a Content-Security-Policy may refuse.
//
// base64, esbuild's own form, hides the wasm's byte structure from gzip: the 36 KB (gzip)
// wasm becomes 47 KB of gzipped base64. Here each byte stays one character or two:
// code k (of 256) stands for the k-th most frequent byte of the wasm; codes below
// DIRECT are one character of ALPHABET, the others an escape (ALPHABET[DIRECT] or
// ALPHABET[DIRECT + 1]) and one more character. ALPHABET is printable ASCII without
// quotes, `$` and `\`, so the text sits in any JS string literal unescaped.
//
// Used by scripts/build.mjs and www/build.mjs; js/unpack.ts is the decoder.

import { readFileSync } from "node:fs";

export const ALPHABET = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i))
  .filter((c) => !"\"$'\\`".includes(c))
  .join("");
export const DIRECT = ALPHABET.length - 2;

/**
 * The text form of `bytes`, and `order`: the 256 byte values in code order, as hex.
 * @param {Uint8Array} bytes
 */
export function pack(bytes) {
  const count = new Array(256).fill(0);
  for (const b of bytes) count[b]++;
  const order = [...count.keys()].sort((a, b) => count[b] - count[a] || a - b);
  const code = new Array(256);
  order.forEach((byte, k) => {
    const e = k - DIRECT;
    code[byte] = e < 0 ? ALPHABET[k] : ALPHABET[DIRECT + Math.floor(e / ALPHABET.length)] + ALPHABET[e % ALPHABET.length];
  });
  return {
    text: Array.from(bytes, (b) => code[b]).join(""),
    order: order.map((b) => b.toString(16).padStart(2, "0")).join(""),
  };
}

/** The module that stands for a .wasm file: a function that unpacks its bytes. */
export function packedModule(bytes, unpacker) {
  const { text, order } = pack(bytes);
  return `import { unpack } from ${JSON.stringify(unpacker)};
export default () => unpack(${JSON.stringify(text)}, ${JSON.stringify(order)}, ${bytes.length});
`;
}

/** @param {string} unpacker absolute path of unpack.ts (exports `unpack(text, order, size)`) */
export function packedWasm(unpacker) {
  return {
    name: "packed-wasm",
    setup(b) {
      b.onLoad({ filter: /\.wasm$/, namespace: "file" }, (a) => ({
        loader: "js", contents: packedModule(readFileSync(a.path), unpacker), resolveDir: "/",
      }));
    },
  };
}
