/**
 * The computer opponent: `chess960/engine`, loaded on first use as a classic script
 * (dist/chess960-engine.js, global `Chess960Engine`) so that it also works from file://.
 * It thinks in a worker. Each search can be cancelled (an AbortSignal for a move, a
 * token for a Chess-9 swap), and `cancel()` leaves the engine ready for the next one.
 */
import type { Chess, SwapChoice } from "./api.ts";

interface EngineLike {
  bestMove(g: Chess, o: { level: number; movetime?: number }, h: { signal: AbortSignal }): Promise<{ san: string }>;
  chooseSwap(g: Chess, o: { level: number }): Promise<SwapChoice>;
  stop(): void;
}

/** Beside the app's script (dist/), whether the page is www/index.html or dist/index.html. */
const ENGINE_URL = new URL(
  "chess960-engine.js",
  (document.currentScript as HTMLScriptElement | null)?.src ?? location.href,
).href;

export class Computer {
  private engine: Promise<EngineLike> | null = null;
  private ctl: AbortController | null = null;

  private load(): Promise<EngineLike> {
    this.engine ??= new Promise<EngineLike>((resolve, reject) => {
      const s = document.createElement("script");
      s.src = ENGINE_URL;
      s.onload = () => {
        const api = (window as unknown as { Chess960Engine?: { Engine: { create(): Promise<EngineLike> } } }).Chess960Engine;
        if (!api) reject(new Error(`${ENGINE_URL} did not define the engine`));
        else api.Engine.create().then(resolve, reject);
      };
      s.onerror = () => reject(new Error(`could not load the engine (${ENGINE_URL})`));
      document.head.append(s);
    }).catch((err: unknown) => {
      this.engine = null; // try again next time
      throw err;
    });
    return this.engine;
  }

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
      const e = await this.load();
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
