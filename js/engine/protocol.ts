// Messages between the engine entry (index.ts, the page's or Node's thread) and its
// worker (worker.ts). The answers of the wasm are tab-separated lines (crates/engine/src/wasm.rs):
// `ok <uci> <cp|mate> <n> <depth> <nodes> <pv>` or `error <message>`.

export type Request =
  | { type: "init"; module: WebAssembly.Module; hash: number }
  | {
      type: "search";
      id: number;
      pgn: string;
      level: number;
      nodes: number;
      depth: number;
      movetime: number;
      seed: number;
    }
  | { type: "swap"; id: number; pgn: string; nodes: number }
  | { type: "clear" };

export type Reply =
  | { type: "ready" }
  | { type: "info"; id: number; line: string }
  | { type: "done"; id: number; line: string }
  | { type: "error"; id: number; message: string };
