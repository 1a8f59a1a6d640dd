// `chess960/engine`: a computer opponent for standard chess, Chess960 and Chess-9.
//
// The engine (Rust, crates/engine/) has its own wasm, inlined here and loaded only with
// this entry. It runs off the caller's thread: in a browser in a Web Worker started
// from a Blob URL (so it works from file://, where no worker file can be fetched), in
// Node in a worker thread. The module is compiled once and kept, so that a worker
// recycled by stop() is back within milliseconds.
import wasm from "./chess960_engine_bg.wasm";
import WORKER_SOURCE from "engine-worker-source";
import type {
  Analysis,
  AnalysisLine,
  Found,
  GameSpec,
  Job,
  Jobs,
  Judgment,
  LimitsSpec,
  Reply,
  Request,
  ReviewedPly,
  Score,
  SwapChoice,
  Variant,
} from "./protocol.ts";

export type { Analysis, AnalysisLine, Judgment, ReviewedPly, Score, SwapChoice, Variant };
export { LEVEL_ELO, type LevelElo } from "./levels.ts";

/** The part of a move this entry needs (chess960's and chess.js's `Move` have it). */
export interface MoveLike {
  from: string;
  to: string;
  promotion?: string | undefined;
  san: string;
  /** chess.js's flag letters (`-` marks a null move). */
  flags: string;
  /** The position before the move (FEN). */
  before: string;
  uci?: string | undefined;
  /** For castling: the rook's start square. */
  rookFrom?: string | undefined;
}

/** A Chess-9 swap as a game's verbose history lists it. */
export interface SwapLike {
  color: "w" | "b";
  swap: SwapChoice;
}

/**
 * The part of a game this entry uses: chess960's `Chess` is one. The engine is sent the
 * game's start and moves (from `history({ verbose: true })`), so that it sees
 * repetitions and the fifty-move rule as the game does.
 */
export interface GameLike<M extends MoveLike = MoveLike> {
  fen(): string;
  turn(): "w" | "b";
  moves(options: { verbose: true }): M[];
  history(options: { verbose: true }): (M | SwapLike)[];
  /** `"standard"` when absent. */
  variant?(): string;
  /** The Chess-9 swap phase's choices (none when absent). */
  swapChoices?(): readonly string[];
}

export interface BestMove<M extends MoveLike = MoveLike> {
  /** SAN of the move in the game. */
  san: string;
  /** UCI in the game's castling notation (king onto rook outside standard chess). */
  uci: string;
  /** The game's own move object (from `moves({ verbose: true })`). Play the move with
   * `game.move(result.san)` (or `.uci`): a rook-only castling's object has from === to. */
  move: M;
  /** From the side to move's point of view: centipawns, or mate in n moves (negative: mated). */
  score: Score;
  depth: number;
  nodes: number;
  /** The principal variation in UCI, starting with this move. */
  pv: string[];
}

export interface SearchOptions {
  /** 1 (a beginner can win) to 10 (full strength). The default when no limit is given: 10. */
  level?: number;
  /** Milliseconds to think. */
  movetime?: number;
  /** Iterations (plies) at most. */
  depth?: number;
  /** Nodes at most. */
  nodes?: number;
}

export interface SearchHandlers {
  /** Aborting rejects the search with the signal's reason and frees the engine at once. */
  signal?: AbortSignal;
  /** Called after each completed iteration with the best move so far. */
  onInfo?: (info: { uci: string; score: Score; depth: number; nodes: number; pv: string[] }) => void;
}

export interface AnalyseOptions {
  /** Lines to find, 1–5 (default 1), each with another first move. */
  multiPv?: number;
  /** Iterations (plies) at most. */
  depth?: number;
  /** Milliseconds at most. */
  movetime?: number;
  /** Nodes at most. With no limit given: 1,000,000 (full strength's budget for a move). */
  nodes?: number;
}

export interface AnalysisResult {
  /** Best first, distinct first moves; scores from White's view. */
  lines: AnalysisLine[];
  /** The deepest completed iteration. */
  depth: number;
  nodes: number;
}

export interface AnalyseHandlers {
  /** Aborting rejects with the signal's reason and frees the engine at once. */
  signal?: AbortSignal;
  /** Called with all the lines after each completed iteration, deeper each time. */
  onInfo?: (info: AnalysisResult) => void;
}

export interface ReviewOptions {
  /** Nodes for each position (default 150,000); with `movetime`, both apply. */
  nodes?: number;
  /** Milliseconds for each position. */
  movetime?: number;
}

export interface ReviewProgress {
  /** The ply just reviewed (the review runs from the game's end back to its start). */
  ply: ReviewedPly;
  /** Plies reviewed so far, of `total`. */
  done: number;
  total: number;
}

export interface ReviewHandlers {
  /** Aborting rejects with the signal's reason and frees the engine at once. */
  signal?: AbortSignal;
  /** Called as each ply is reviewed. */
  onProgress?: (progress: ReviewProgress) => void;
}

export interface EngineOptions {
  /** Transposition table size in megabytes, 1–256 (default 16). */
  hash?: number;
}

/** Nodes per position of a review when none are given: a 40-move game in about 15 s of wasm. */
const REVIEW_NODES = 150_000;
/** Nodes of an analysis when no limit is given. */
const ANALYSE_NODES = 1_000_000;

interface Port {
  post(m: Request): void;
  terminate(): void;
}

/** The running request. Its types are the job's (`#run` is typed); kept untyped here. */
interface Pending {
  id: number;
  resolve(result: unknown): void;
  reject(err: unknown): void;
  onProgress(progress: unknown): void;
  /** What stop() answers with now; null: wait for the next progress. */
  partial(): unknown;
  stopWanted: boolean;
}

let compiled: Promise<WebAssembly.Module> | undefined;
/** The engine's wasm, compiled once (off the main thread where the browser can). */
function engineModule(): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compile(wasm() as BufferSource);
  return compiled;
}

/** In Node the worker code runs with this in front: a `self` like a Web Worker's. */
const NODE_SHIM =
  'const{parentPort:p}=require("node:worker_threads");globalThis.self=globalThis;' +
  "self.postMessage=m=>p.postMessage(m);p.on(\"message\",d=>self.onmessage&&self.onmessage({data:d}));\n";

/** Starts a worker on `module` and resolves when it is ready. */
async function spawn(module: WebAssembly.Module, hash: number, onReply: (r: Reply) => void): Promise<Port> {
  let port: Port;
  const ready = new Promise<void>((resolve, reject) => {
    const handle = (r: Reply): void => (r.type === "ready" ? resolve() : onReply(r));
    if (typeof Worker === "function") {
      const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: "text/javascript" }));
      const w = new Worker(url);
      URL.revokeObjectURL(url);
      w.onmessage = (e: MessageEvent<Reply>) => handle(e.data);
      w.onerror = (e) => reject(new Error(`chess960/engine: the worker failed: ${e.message}`));
      port = { post: (m) => w.postMessage(m), terminate: () => w.terminate() };
    } else {
      port = nodePort(handle, reject);
    }
  });
  // Assigned synchronously by the executor above.
  port!.post({ type: "init", module, hash });
  await ready;
  return port!;
}

/** Node: a worker thread, unreferenced while idle so that it never keeps a process alive. */
function nodePort(handle: (r: Reply) => void, reject: (e: unknown) => void): Port {
  const queue: Request[] = [];
  let worker: import("node:worker_threads").Worker | null = null;
  let dead = false;
  import("node:worker_threads").then(
    ({ Worker: NodeWorker }) => {
      if (dead) return;
      const w = new NodeWorker(NODE_SHIM + WORKER_SOURCE, { eval: true });
      w.on("message", (r: Reply) => {
        if (r.type !== "progress") w.unref();
        handle(r);
      });
      w.on("error", reject);
      worker = w;
      for (const m of queue.splice(0)) send(m);
    },
    reject,
  );
  const send = (m: Request): void => {
    if (!worker) {
      queue.push(m);
      return;
    }
    if (m.type !== "init" && m.type !== "clear") worker.ref();
    worker.postMessage(m);
  };
  return {
    post: send,
    terminate: () => {
      dead = true;
      void worker?.terminate();
    },
  };
}


/** A limit: 0 when absent, else a positive finite number (TypeError, RangeError). */
function positive(method: string, name: string, v: unknown): number {
  if (v === undefined) return 0;
  if (typeof v !== "number") throw new TypeError(`Engine.${method}: ${name} must be a number`);
  if (!(v > 0) || !Number.isFinite(v)) throw new RangeError(`Engine.${method}: ${name} must be a positive number, got ${v}`);
  return v;
}

function object(method: string, what: string, v: unknown): void {
  if (typeof v !== "object" || v === null) throw new TypeError(`Engine.${method}: ${what} must be an object`);
}

function limitsOf(method: string, options: { depth?: unknown; movetime?: unknown; nodes?: unknown }): LimitsSpec {
  return {
    nodes: positive(method, "nodes", options.nodes),
    depth: positive(method, "depth", options.depth),
    movetime: positive(method, "movetime", options.movetime),
  };
}

/** The game's move that `uci` names, in either castling notation. */
function findMove<M extends MoveLike>(moves: M[], uci: string): M | undefined {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  const promotion = uci.slice(4) || undefined;
  return (
    moves.find((m) => m.uci === uci) ??
    moves.find((m) => m.from === from && (m.to === to || m.rookFrom === to) && m.promotion === promotion)
  );
}

function checkGame(method: string, game: unknown): asserts game is GameLike {
  const g = game as Partial<GameLike> | null;
  if (typeof g !== "object" || g === null || typeof g.history !== "function" || typeof g.moves !== "function" || typeof g.fen !== "function") {
    throw new TypeError(`Engine.${method}: expected a game (a Chess object)`);
  }
}

function swapPhase(game: GameLike): boolean {
  return typeof game.swapChoices === "function" && game.swapChoices().length > 0;
}

const VARIANTS: readonly string[] = ["standard", "chess960", "chess9"] satisfies Variant[];

/** The game as the engine replays it: the position before its first move, the swaps, the moves. */
function gameSpec(method: string, game: GameLike): GameSpec {
  const variant = typeof game.variant === "function" ? game.variant() : "standard";
  if (!VARIANTS.includes(variant)) throw new Error(`Engine.${method}: unknown variant ${variant}`);
  const swaps: SwapChoice[] = [];
  const moves: string[] = [];
  let fen: string | undefined;
  for (const step of game.history({ verbose: true })) {
    if ("swap" in step) {
      swaps.push(step.swap);
      continue;
    }
    fen ??= step.before;
    // Castling as king onto rook: never read as another move, in any variant.
    moves.push(step.flags === "-" ? "0000" : step.from + (step.rookFrom ?? step.to) + (step.promotion ?? ""));
  }
  return { variant: variant as Variant, fen: fen ?? game.fen(), swaps, moves };
}

export class Engine {
  #module: WebAssembly.Module;
  #hash: number;
  #port: Promise<Port>;
  #pending: Pending | null = null;
  #nextId = 1;
  #terminated = false;

  private constructor(module: WebAssembly.Module, hash: number) {
    this.#module = module;
    this.#hash = hash;
    this.#port = this.#spawn();
  }

  /** Loads the engine (its wasm is compiled once per page or process) and starts its worker. */
  static async create(options: EngineOptions = {}): Promise<Engine> {
    if (typeof options !== "object" || options === null) throw new TypeError("Engine.create: options must be an object");
    const hash = options.hash ?? 16;
    if (typeof hash !== "number") throw new TypeError("Engine.create: hash must be a number");
    if (!Number.isInteger(hash) || hash < 1 || hash > 256) {
      throw new RangeError(`Engine.create: hash must be an integer from 1 to 256 (megabytes), got ${hash}`);
    }
    const engine = new Engine(await engineModule(), hash);
    await engine.#port;
    return engine;
  }

  #spawn(): Promise<Port> {
    const port = spawn(this.#module, this.#hash, (r) => this.#onReply(r));
    // A failed start surfaces in the next call that awaits the port.
    port.catch(() => {});
    return port;
  }

  #onReply(r: Reply): void {
    const p = this.#pending;
    if (!p || r.type === "ready" || r.id !== p.id) return;
    if (r.type === "progress") {
      p.onProgress(r.progress);
      if (p.stopWanted) this.#finish();
    } else if (r.type === "done") {
      this.#pending = null;
      p.resolve(r.result);
    } else {
      this.#pending = null;
      p.reject(new Error(r.message));
    }
  }

  /** Answers the running request with what it has and starts a fresh worker in place of the busy one. */
  #finish(): void {
    const p = this.#pending;
    const partial = p?.partial() ?? null;
    if (!p || partial === null) return;
    this.#pending = null;
    this.#recycle();
    p.resolve(partial);
  }

  #recycle(): void {
    const old = this.#port;
    void old.then((port) => port.terminate(), () => {});
    this.#port = this.#spawn();
  }

  /**
   * Sends a request to the worker. `onProgress` hears each iteration (or reviewed ply);
   * `partial` says what stop() answers with so far (null: nothing yet).
   */
  #run<J extends Job>(
    method: string,
    type: J,
    request: Jobs[J]["request"],
    hooks: {
      signal?: AbortSignal | undefined;
      onProgress?: (progress: Jobs[J]["progress"]) => void;
      partial?: () => Jobs[J]["result"] | null;
    } = {},
  ): Promise<Jobs[J]["result"]> {
    if (this.#terminated) return Promise.reject(new Error(`Engine.${method}: the engine was terminated`));
    if (this.#pending) {
      return Promise.reject(new Error(`Engine.${method}: a search is already running (await it, or call stop())`));
    }
    const { signal } = hooks;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.#nextId++;
    return new Promise<Jobs[J]["result"]>((resolve, reject) => {
      const pending: Pending = {
        id,
        resolve: (r) => resolve(r as Jobs[J]["result"]),
        reject,
        onProgress: (p) => hooks.onProgress?.(p as Jobs[J]["progress"]),
        partial: () => hooks.partial?.() ?? null,
        stopWanted: false,
      };
      this.#pending = pending;
      signal?.addEventListener(
        "abort",
        () => {
          if (this.#pending !== pending) return;
          this.#pending = null;
          this.#recycle();
          reject(signal.reason);
        },
        { once: true },
      );
      this.#port.then(
        (port) => {
          if (this.#pending === pending) port.post({ type, id, request } as Request);
        },
        (err) => {
          if (this.#pending === pending) this.#pending = null;
          reject(err);
        },
      );
    });
  }

  /**
   * The engine's move in `game`. Options: `level` 1–10 (the default, 10, when no limit
   * is given), and/or limits `movetime` (ms), `depth`, `nodes`.
   */
  async bestMove<M extends MoveLike>(
    game: GameLike<M>,
    options: SearchOptions = {},
    handlers: SearchHandlers = {},
  ): Promise<BestMove<M>> {
    checkGame("bestMove", game);
    object("bestMove", "options", options);
    object("bestMove", "handlers", handlers);
    const { signal, onInfo } = handlers;
    if (onInfo !== undefined && typeof onInfo !== "function") throw new TypeError("Engine.bestMove: onInfo must be a function");
    let level = options.level;
    if (level !== undefined) {
      if (typeof level !== "number") throw new TypeError("Engine.bestMove: level must be a number");
      if (!Number.isInteger(level) || level < 1 || level > 10) {
        throw new RangeError(`Engine.bestMove: level must be an integer from 1 to 10, got ${level}`);
      }
    }
    const limits = limitsOf("bestMove", options);
    if (level === undefined && !limits.movetime && !limits.depth && !limits.nodes) level = 10;
    if (swapPhase(game)) throw new Error("Engine.bestMove: the game is in the Chess-9 swap phase; use chooseSwap()");
    const moves = game.moves({ verbose: true });
    if (moves.length === 0) throw new Error("Engine.bestMove: no legal move (the game is over)");
    const seed = crypto.getRandomValues(new Uint32Array(2)).reduce((a, b) => a * 2 ** 32 + b, 0) / 2 ** 12;
    let last: Found | null = null;
    const r = await this.#run(
      "bestMove",
      "search",
      { game: gameSpec("bestMove", game), limits, level: level ?? 0, seed },
      {
        signal,
        onProgress: (info) => {
          last = info;
          onInfo?.(info);
        },
        partial: () => last,
      },
    );
    const move = findMove(moves, r.uci);
    if (!move) throw new Error(`Engine.bestMove: the engine's move ${r.uci} is not legal in the game`);
    return { san: move.san, uci: r.uci, move, score: r.score, depth: r.depth, nodes: r.nodes, pv: r.pv };
  }

  /**
   * The best `multiPv` lines (1–5) in `game`'s position, searched together (multi-PV
   * in one search), best first with distinct first moves; scores from White's view,
   * the moves in SAN (and UCI). `onInfo` hears all the lines after each iteration.
   * stop() answers with the last completed iteration.
   */
  async analyse(game: GameLike, options: AnalyseOptions = {}, handlers: AnalyseHandlers = {}): Promise<AnalysisResult> {
    checkGame("analyse", game);
    object("analyse", "options", options);
    object("analyse", "handlers", handlers);
    const { signal, onInfo } = handlers;
    if (onInfo !== undefined && typeof onInfo !== "function") throw new TypeError("Engine.analyse: onInfo must be a function");
    const multiPv = options.multiPv ?? 1;
    if (typeof multiPv !== "number") throw new TypeError("Engine.analyse: multiPv must be a number");
    if (!Number.isInteger(multiPv) || multiPv < 1 || multiPv > 5) {
      throw new RangeError(`Engine.analyse: multiPv must be an integer from 1 to 5, got ${multiPv}`);
    }
    const limits = limitsOf("analyse", options);
    if (!limits.movetime && !limits.depth && !limits.nodes) limits.nodes = ANALYSE_NODES;
    if (swapPhase(game)) throw new Error("Engine.analyse: the game is in the Chess-9 swap phase");
    if (game.moves({ verbose: true }).length === 0) throw new Error("Engine.analyse: no legal move (the game is over)");
    let last: Analysis | null = null;
    const a = await this.#run(
      "analyse",
      "analyse",
      { game: gameSpec("analyse", game), limits, multiPv },
      {
        signal,
        onProgress: (info) => {
          last = info;
          onInfo?.(info);
        },
        partial: () => last,
      },
    );
    return { lines: a.lines, depth: a.depth, nodes: a.nodes };
  }

  /**
   * Reviews the game's moves: one entry per move, in order (`ply` 1 is the first move;
   * Chess-9 swaps are not moves), with the evaluation after it (White's view), the
   * engine's move in the position before it and lichess's judgment of the move played.
   * Each position is searched within `nodes` (default 150,000) and/or `movetime`, from
   * the game's end back to its start, so that each search finds the table filled by the
   * positions after it. stop() answers with the plies reviewed so far (the game's last
   * ones), in order.
   */
  async reviewGame(game: GameLike, options: ReviewOptions = {}, handlers: ReviewHandlers = {}): Promise<ReviewedPly[]> {
    checkGame("reviewGame", game);
    object("reviewGame", "options", options);
    object("reviewGame", "handlers", handlers);
    const { signal, onProgress } = handlers;
    if (onProgress !== undefined && typeof onProgress !== "function") {
      throw new TypeError("Engine.reviewGame: onProgress must be a function");
    }
    const limits = limitsOf("reviewGame", { nodes: options.nodes, movetime: options.movetime });
    if (!limits.movetime && !limits.nodes) limits.nodes = REVIEW_NODES;
    const spec = gameSpec("reviewGame", game);
    const total = spec.moves.length;
    const done: ReviewedPly[] = [];
    const inOrder = (): ReviewedPly[] => [...done].sort((a, b) => a.ply - b.ply);
    return this.#run(
      "reviewGame",
      "review",
      { game: spec, limits },
      {
        signal,
        onProgress: (ply) => {
          done.push(ply);
          onProgress?.({ ply, done: done.length, total });
        },
        partial: inOrder,
      },
    );
  }

  /**
   * The swap the engine chooses in a Chess-9 game's swap phase. Levels 1–3 choose at
   * random (a beginner does not know the arrays); higher levels search each choice.
   */
  async chooseSwap(game: GameLike, options: { level?: number; nodes?: number } = {}): Promise<SwapChoice> {
    checkGame("chooseSwap", game);
    if (!swapPhase(game)) throw new Error("Engine.chooseSwap: the game is not in the Chess-9 swap phase");
    const level = options.level ?? 10;
    if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 10) {
      throw new RangeError(`Engine.chooseSwap: level must be an integer from 1 to 10, got ${String(level)}`);
    }
    if (level <= 3) {
      const choices: SwapChoice[] = ["king", "queen", "none"];
      return choices[crypto.getRandomValues(new Uint8Array(1))[0]! % 3]!;
    }
    const nodes = options.nodes === undefined ? 4_000 * level : positive("chooseSwap", "nodes", options.nodes);
    return this.#run("chooseSwap", "swap", { game: gameSpec("chooseSwap", game), nodes });
  }

  /**
   * Ends the running request now: a search answers with the best move of the last
   * completed iteration (after the first iteration, if none has completed yet), an
   * analysis with its last completed iteration, a review with the plies done so far;
   * a fresh worker replaces the busy one. Does nothing when idle.
   */
  stop(): void {
    const p = this.#pending;
    if (!p) return;
    if (p.partial() !== null) this.#finish();
    else p.stopWanted = true;
  }

  /** Ends the worker; the engine cannot be used afterwards. */
  terminate(): void {
    if (this.#terminated) return;
    this.#terminated = true;
    const p = this.#pending;
    this.#pending = null;
    void this.#port.then((port) => port.terminate(), () => {});
    p?.reject(new Error("Engine: terminated"));
  }
}
