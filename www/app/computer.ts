/**
 * The engine (`chess960/engine`), loaded on first use as a classic script
 * (dist/chess960-engine.js, global `Chess960Engine`) so that it also works from file://;
 * it thinks in a worker. One engine serves the computer opponent and the analysis
 * (analysis.ts): it runs one search at a time, and the game never asks for both at once
 * (the analysis is of a finished game). Each search can be cancelled (an AbortSignal for
 * a move or a review, a token for a Chess-9 swap), and cancelling leaves the engine ready
 * for the next one.
 */
import type { Chess, SwapChoice } from "./api.ts";
import type { ReviewedPly, ReviewProgress } from "../src/types.ts";

export interface EngineLike {
  bestMove(g: Chess, o: { level: number; movetime?: number }, h: { signal: AbortSignal }): Promise<{ san: string }>;
  chooseSwap(g: Chess, o: { level: number }): Promise<SwapChoice>;
  reviewGame(
    g: Chess,
    o: { nodes?: number; movetime?: number },
    h: { signal: AbortSignal; onProgress: (p: ReviewProgress) => void },
  ): Promise<ReviewedPly[]>;
  stop(): void;
}

/** Beside the app's script (dist/), whether the page is www/index.html or dist/index.html. */
const here = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;

/** Loads the classic script `name` beside the app's script once; resolves with the global it defines. */
export function script<T>(name: string, global: string): Promise<T> {
  const url = new URL(name, here).href;
  return new Promise<T>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = url;
    s.onload = () => {
      const g = (window as unknown as Record<string, T | undefined>)[global];
      if (g) resolve(g);
      else reject(new Error(`${url} did not define ${global}`));
    };
    s.onerror = () => {
      s.remove();
      reject(new Error(`could not load ${url}`));
    };
    document.head.append(s);
  });
}

let engine: Promise<EngineLike> | null = null;

/** The engine, started on first use; a failed load is tried again next time. */
export function loadEngine(): Promise<EngineLike> {
  engine ??= script<{ Engine: { create(): Promise<EngineLike> } }>("chess960-engine.js", "Chess960Engine")
    .then((api) => api.Engine.create())
    .catch((err: unknown) => {
      engine = null;
      throw err;
    });
  return engine;
}

/** The computer opponent. */
export class Computer {
  private ctl: AbortController | null = null;

  /** Whether a search runs now. */
  get thinking(): boolean {
    return this.ctl !== null;
  }

  /** Cancels the running search (its answer is dropped). */
  cancel(): void {
    this.ctl?.abort();
    this.ctl = null;
  }

  /**
   * The computer's move (SAN) or Chess-9 swap in `g`; null when cancelled meanwhile.
   * `movetime` caps the search by time (a game on the clock).
   */
  async play(g: Chess, level: number, movetime?: number): Promise<{ san: string } | { swap: SwapChoice } | null> {
    this.cancel();
    const ctl = (this.ctl = new AbortController());
    try {
      const e = await loadEngine();
      if (ctl.signal.aborted) return null;
      if (g.swapChoices().length) {
        const swap = await e.chooseSwap(g, { level });
        return ctl.signal.aborted ? null : { swap };
      }
      const r = await e.bestMove(g, { level, ...(movetime ? { movetime } : {}) }, { signal: ctl.signal });
      return ctl.signal.aborted ? null : { san: r.san };
    } catch (err) {
      if (ctl.signal.aborted) return null;
      throw err;
    } finally {
      if (this.ctl === ctl) this.ctl = null;
    }
  }
}
