// Decodes the inlined wasm: the text form that scripts/packed-wasm.mjs makes (see there).
// Code k (of 256) stands for the byte `order[k]`; codes below DIRECT are one character
// of the alphabet (printable ASCII without quotes, `$` and `\`), the others an escape
// (alphabet character DIRECT or DIRECT + 1) and one more character.
//
// The loop over the ~80,000 characters runs in a 186-byte wasm module (js/unpack.wat):
// in JS, code that runs once at start-up stays in the engine's interpreter, where that
// loop took 3–8 ms; in wasm it takes well under one.

const SKIP = [34, 36, 39, 92, 96]; // " $ ' \ `
const SIZE = 95 - SKIP.length;
const DIRECT = SIZE - 2;
/** js/unpack.wat, assembled (base64). */
const DECODER = "AGFzbQEAAAABBwFgAn9/AX8DAgEABQMBAAEHCQIBbQIAAWQAAAqSAQGPAQEFf0GACCECQYAIIABqIQMgAyEEIAMgAWohBQJAA0AgAiADTw0BIAItAABBAXQuAQAhBiACQQFqIQIgBkH/AUoEQCACIANPBEBBfw8LIAYgAi0AAGpBAXQuAQAhBiACQQFqIQILIAZBAEggBCAFT3IEQEF/DwsgBCAGOgAAIARBAWohBAwACwALIAQgA2sL";

interface Decoder {
  m: WebAssembly.Memory;
  d(n: number, size: number): number;
}

/** The `size` bytes that `text` encodes; throws unless it is exactly that. */
export function unpack(text: string, order: string, size: number): Uint8Array {
  const n = text.length;
  const code = Uint8Array.from(atob(DECODER), (c) => c.charCodeAt(0));
  const { m, d } = new WebAssembly.Instance(new WebAssembly.Module(code)).exports as unknown as Decoder;
  m.grow((1024 + n + size) >> 16);
  const mem = new Uint8Array(m.buffer);
  // The decoder's tables (see unpack.wat): what each character and each escape pair means.
  const table = new Int16Array(m.buffer, 0, 512).fill(-1);
  const byte = (k: number) => parseInt(order.slice(2 * k, 2 * k + 2), 16);
  for (let c = 32, k = 0; c < 127; c++) {
    if (SKIP.includes(c)) continue;
    table[c] = k < DIRECT ? byte(k) : 256 + 128 * (k - DIRECT);
    for (let e = 0; e < 2; e++) {
      if (DIRECT + SIZE * e + k < 256) table[256 + 128 * e + c] = byte(DIRECT + SIZE * e + k);
    }
    k++;
  }
  if (
    /^[0-9a-f]{512}$/.test(order) &&
    new TextEncoder().encodeInto(text, mem.subarray(1024, 1024 + n)).read === n &&
    d(n, size) === size
  ) {
    return mem.slice(1024 + n, 1024 + n + size);
  }
  throw new Error("chess960: the inlined wasm is corrupt");
}
