// What crosses the engine's two boundaries, typed: the page (index.ts) and its worker
// (worker.ts) exchange the messages below; the worker hands the requests to the engine
// wasm as they are and gets its answers back as plain objects. The wasm's side is
// crates/engine/src/protocol.rs (serde structs, camelCase names): the shapes here are
// the same, field for field.

/** A score: centipawns, or mate in n moves (negative: the other side mates). */
export type Score = { cp: number } | { mate: number };

export type Variant = "standard" | "chess960" | "chess9";
export type SwapChoice = "king" | "queen" | "none";

/** A game as the engine replays it: the position before its first move (after any
 * Chess-9 swaps), the swaps made (Black's first) and the moves in UCI, castling written
 * king onto rook, `0000` for a null move. */
export interface GameSpec {
  variant: Variant;
  fen: string;
  swaps: SwapChoice[];
  moves: string[];
}

/** Each limit applies when positive. */
export interface LimitsSpec {
  nodes: number;
  depth: number;
  movetime: number;
}

export interface SearchRequest {
  game: GameSpec;
  limits: LimitsSpec;
  /** 1–10, or 0 for the plain search within the limits. */
  level: number;
  seed: number;
}

export interface AnalyseRequest {
  game: GameSpec;
  limits: LimitsSpec;
  multiPv: number;
}

export interface ReviewRequest {
  game: GameSpec;
  limits: LimitsSpec;
}

export interface SwapRequest {
  game: GameSpec;
  nodes: number;
}

/** A search's move (and each iteration's): the side to move's score, the line in UCI. */
export interface Found {
  uci: string;
  score: Score;
  depth: number;
  nodes: number;
  pv: string[];
}

/** One line of an analysis: White's view, the moves in SAN and in UCI. */
export interface AnalysisLine {
  score: Score;
  /** The moves in SAN, from the position analysed. */
  pv: string[];
  /** The same moves in UCI (castling king onto rook outside standard chess). */
  uci: string[];
  /** The iteration (plies) the line comes from. */
  depth: number;
}

export interface Analysis {
  /** Best first; distinct first moves. */
  lines: AnalysisLine[];
  depth: number;
  nodes: number;
}

export type Judgment = "inaccuracy" | "mistake" | "blunder";

export interface ReviewedPly {
  /** 1 for the first move after the start position (Chess-9 swaps are not counted). */
  ply: number;
  /** The move played (`--` for a null move). */
  san: string;
  uci: string;
  /** The evaluation after the move, from White's view; `{ mate: 0 }` after a mate. */
  score: Score;
  /** The engine's move in the position before this ply. */
  best: { san: string; uci: string } | null;
  /** How much the move gave away (lichess's grades); null for a good move. */
  judgment: Judgment | null;
}

/** What each request's iterations report, and what it answers with. */
export interface Jobs {
  search: { request: SearchRequest; progress: Found; result: Found };
  analyse: { request: AnalyseRequest; progress: Analysis; result: Analysis };
  review: { request: ReviewRequest; progress: ReviewedPly; result: ReviewedPly[] };
  swap: { request: SwapRequest; progress: never; result: SwapChoice };
}
export type Job = keyof Jobs;

export type Request =
  | { type: "init"; module: WebAssembly.Module; hash: number }
  | { [J in Job]: { type: J; id: number; request: Jobs[J]["request"] } }[Job]
  | { type: "clear" };

export type Reply =
  | { type: "ready" }
  | { type: "progress"; id: number; progress: Jobs[Job]["progress"] }
  | { type: "done"; id: number; result: Jobs[Job]["result"] }
  | { type: "error"; id: number; message: string };
