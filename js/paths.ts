// File access for `readPgn`, which only the Node entries give (js/node.ts,
// js/node-cjs.ts): a module of its own so that it stays out of the public types.

/** Opens a file as chunks of bytes. */
export type OpenPath = (path: string) => AsyncIterable<Uint8Array | string>;

export const files: { open?: OpenPath; isFile?: (s: string) => boolean } = {};

/** Sets how the Node entries open files and tell a file's name from PGN text. */
export function usePaths(open: OpenPath, isFile: (s: string) => boolean): void {
  files.open = open;
  files.isFile = isFile;
}
