/**
 * Share links: the game's PGN in the URL's fragment (never sent to a server), deflated
 * with the platform's CompressionStream and base64url-encoded (`#z=…`), or as plain
 * text (`#pgn=…`) where the browser has no CompressionStream.
 */

async function through(data: Uint8Array, stream: GenericTransformStream): Promise<Uint8Array> {
  const out = new Blob([data as BlobPart]).stream().pipeThrough(stream as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(s: string): Uint8Array {
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The fragment (without `#`) that carries `pgn`. */
export async function encodeFragment(pgn: string): Promise<string> {
  if (typeof CompressionStream === "function") {
    const z = await through(new TextEncoder().encode(pgn), new CompressionStream("deflate-raw"));
    return `z=${toBase64Url(z)}`;
  }
  return `pgn=${encodeURIComponent(pgn)}`;
}

/** The PGN a fragment carries, null when it carries none; throws when it is damaged. */
export async function decodeFragment(hash: string): Promise<string | null> {
  const h = hash.replace(/^#/, "");
  if (h.startsWith("pgn=")) return decodeURIComponent(h.slice(4));
  if (!h.startsWith("z=")) return null;
  if (typeof DecompressionStream !== "function") throw new Error("this browser cannot read compressed links");
  const raw = await through(fromBase64Url(h.slice(2)), new DecompressionStream("deflate-raw"));
  return new TextDecoder().decode(raw);
}
