// `chess960/engine`: a computer opponent for standard chess, Chess960 and Chess-9.
//
// The engine (Rust, crates/engine/) has its own wasm, inlined here and loaded only with
// this entry. It runs off the caller's thread: in a browser in a Web Worker started
// from a Blob URL (so it works from file://, where no worker file can be fetched), in
// Node in a worker thread. The module is compiled once and kept, so that a worker
// recycled by stop() is back within milliseconds.
import wasm from "./chess960_engine_bg.wasm";
import WORKER_SOURCE from "engine-worker-source";
import type { Reply, Request } from "./protocol.ts";

/** The part of a move this entry needs (chess960's and chess.js's `Move` have it). */
export interface MoveLike {
  from: string;
  to: string;
  promotion?: string;
  san: string;
  uci?: string;
  /** For castling: the rook's start square. */
  rookFrom?: string;
}

/** The part of a game this entry uses: chess960's `Chess` is one. */
export interface GameLike<M extends MoveLike = MoveLike> {
  pgn(): string;
  fen(): string;
  turn(): "w" | "b";
  swapChoices(): readonly string[];
  moves(options: { verbose: true }): M[];
}

export type Score = { cp: number } | { mate: number };

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

export interface EngineOptions {
  /** Transposition table size in megabytes, 1–256 (default 16). */
  hash?: number;
}

export type SwapChoice = "king" | "queen" | "none";

interface Port {
  post(m: Request): void;
  terminate(): void;
}

interface Pending {
  id: number;
  resolve(line: string): void;
  reject(err: unknown): void;
  /** The last iteration's line (what stop() answers with). */
  last: string | null;
  stopWanted: boolean;
  onInfo?: ((line: string) => void) | undefined;
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
        if (r.type !== "info") w.unref();
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
    if (m.type === "search" || m.type === "swap") worker.ref();
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

function positive(name: string, v: unknown): number {
  if (v === undefined) return 0;
  if (typeof v !== "number") throw new TypeError(`Engine.bestMove: ${name} must be a number`);
  if (!(v > 0) || !Number.isFinite(v)) throw new RangeError(`Engine.bestMove: ${name} must be a positive number, got ${v}`);
  return v;
}

function parseLine(line: string): { uci: string; score: Score; depth: number; nodes: number; pv: string[] } {
  const [, uci = "", kind, n = "0", depth = "0", nodes = "0", pv = ""] = line.split("\t");
  return {
    uci,
    score: kind === "mate" ? { mate: Number(n) } : { cp: Number(n) },
    depth: Number(depth),
    nodes: Number(nodes),
    pv: pv === "" ? [] : pv.split(" "),
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
  if (typeof g !== "object" || g === null || typeof g.pgn !== "function" || typeof g.moves !== "function") {
    throw new TypeError(`Engine.${method}: expected a game (a Chess object)`);
  }
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
    if (r.type === "info") {
      p.last = r.line;
      p.onInfo?.(r.line);
      if (p.stopWanted) this.#finish(r.line);
    } else if (r.type === "done") {
      this.#pending = null;
      if (r.line.startsWith("ok\t")) p.resolve(r.line);
      else p.reject(new Error(r.line.slice(r.line.indexOf("\t") + 1)));
    } else {
      this.#pending = null;
      p.reject(new Error(r.message));
    }
  }

  /** Answers the running search with `line` and starts a fresh worker in place of the busy one. */
  #finish(line: string): void {
    const p = this.#pending;
    if (!p) return;
    this.#pending = null;
    this.#recycle();
    p.resolve(line);
  }

  #recycle(): void {
    const old = this.#port;
    void old.then((port) => port.terminate(), () => {});
    this.#port = this.#spawn();
  }

  #run(method: string, make: (id: number) => Request, onInfo?: (line: string) => void, signal?: AbortSignal): Promise<string> {
    if (this.#terminated) return Promise.reject(new Error(`Engine.${method}: the engine was terminated`));
    if (this.#pending) {
      return Promise.reject(new Error(`Engine.${method}: a search is already running (await it, or call stop())`));
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.#nextId++;
    return new Promise<string>((resolve, reject) => {
      const pending: Pending = { id, resolve, reject, last: null, stopWanted: false, onInfo };
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
          if (this.#pending === pending) port.post(make(id));
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
    if (typeof options !== "object" || options === null) throw new TypeError("Engine.bestMove: options must be an object");
    if (typeof handlers !== "object" || handlers === null) throw new TypeError("Engine.bestMove: handlers must be an object");
    const { signal, onInfo } = handlers;
    if (onInfo !== undefined && typeof onInfo !== "function") throw new TypeError("Engine.bestMove: onInfo must be a function");
    let level = options.level;
    if (level !== undefined) {
      if (typeof level !== "number") throw new TypeError("Engine.bestMove: level must be a number");
      if (!Number.isInteger(level) || level < 1 || level > 10) {
        throw new RangeError(`Engine.bestMove: level must be an integer from 1 to 10, got ${level}`);
      }
    }
    const movetime = positive("movetime", options.movetime);
    const depth = positive("depth", options.depth);
    const nodes = positive("nodes", options.nodes);
    if (level === undefined && !movetime && !depth && !nodes) level = 10;
    if (game.swapChoices().length > 0) {
      throw new Error("Engine.bestMove: the game is in the Chess-9 swap phase; use chooseSwap()");
    }
    const moves = game.moves({ verbose: true });
    if (moves.length === 0) throw new Error("Engine.bestMove: no legal move (the game is over)");
    const pgn = game.pgn();
    const seed = crypto.getRandomValues(new Uint32Array(2)).reduce((a, b) => a * 2 ** 32 + b, 0) / 2 ** 12;
    const line = await this.#run(
      "bestMove",
      (id) => ({ type: "search", id, pgn, level: level ?? 0, nodes, depth, movetime, seed }),
      onInfo && ((l) => onInfo(parseLine(l))),
      signal,
    );
    const r = parseLine(line);
    const move = findMove(moves, r.uci);
    if (!move) throw new Error(`Engine.bestMove: the engine's move ${r.uci} is not legal in the game`);
    return { san: move.san, uci: r.uci, move, score: r.score, depth: r.depth, nodes: r.nodes, pv: r.pv };
  }

  /**
   * The swap the engine chooses in a Chess-9 game's swap phase. Levels 1–3 choose at
   * random (a beginner does not know the arrays); higher levels search each choice.
   */
  async chooseSwap(game: GameLike, options: { level?: number; nodes?: number } = {}): Promise<SwapChoice> {
    checkGame("chooseSwap", game);
    if (game.swapChoices().length === 0) throw new Error("Engine.chooseSwap: the game is not in the Chess-9 swap phase");
    const level = options.level ?? 10;
    if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 10) {
      throw new RangeError(`Engine.chooseSwap: level must be an integer from 1 to 10, got ${String(level)}`);
    }
    if (level <= 3) {
      const choices: SwapChoice[] = ["king", "queen", "none"];
      return choices[crypto.getRandomValues(new Uint8Array(1))[0]! % 3]!;
    }
    const nodes = options.nodes === undefined ? 4_000 * level : positive("nodes", options.nodes);
    const pgn = game.pgn();
    const line = await this.#run("chooseSwap", (id) => ({ type: "swap", id, pgn, nodes }));
    return line.split("\t")[1] as SwapChoice;
  }

  /**
   * Ends the running search now: its promise resolves with the best move of the last
   * completed iteration (after the first iteration, if none has completed yet), and a
   * fresh worker replaces the busy one. Does nothing when idle.
   */
  stop(): void {
    const p = this.#pending;
    if (!p) return;
    if (p.last) this.#finish(p.last);
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
