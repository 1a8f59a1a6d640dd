/**
 * Chess clocks with Fischer increment. What is kept is each side's time used after each
 * move (`log`): the time left follows from the control (initial + increment × moves made
 * − time used), undo is a pop, and the envelope of an adjourned game gets the times used
 * that FIDE's guidelines ask for.
 */
import type { Color } from "./api.ts";

/** A time control: initial time and increment per move, in milliseconds. */
export interface TimeControl {
  initialMs: number;
  incrementMs: number;
}

/** The controls offered (minutes + seconds of increment), "none" first. */
export const PRESETS: ReadonlyArray<readonly [string, TimeControl | null]> = [
  ["none", null],
  ...([[1, 0], [3, 2], [5, 3], [10, 5], [15, 10], [30, 20]] as const).map(
    ([m, s]) => [`${m}+${s}`, { initialMs: m * 60_000, incrementMs: s * 1000 }] as const,
  ),
];

/** PGN's TimeControl tag: "300+3", or "-" for none. */
export function timeControlTag(c: TimeControl | null): string {
  return c ? `${Math.round(c.initialMs / 1000)}+${Math.round(c.incrementMs / 1000)}` : "-";
}

/** Reads a TimeControl tag ("300+3", "60"); null for "-", "?" or anything else. */
export function parseTimeControl(tag: string | undefined): TimeControl | null {
  const m = /^(\d+)(?:\+(\d+))?$/.exec(tag?.trim() ?? "");
  return m ? { initialMs: Number(m[1]) * 1000, incrementMs: Number(m[2] ?? 0) * 1000 } : null;
}

/** A label for a control: "5+3", "1+0", "90 s + 2" for odd ones. */
export function controlLabel(c: TimeControl | null): string {
  if (!c) return "No clock";
  const min = c.initialMs / 60_000;
  const base = Number.isInteger(min) ? `${min}` : `${Math.round(c.initialMs / 1000)} s`;
  return `${base}+${Math.round(c.incrementMs / 1000)}`;
}

/** `ms` as a clock shows it: 1:02:03, 4:05, and (counting down) tenths under ten seconds: 0:09.3. */
export function formatClock(ms: number, tenths = true): string {
  const t = Math.max(0, ms);
  if (tenths && t < 10_000) return `0:0${Math.floor(t / 1000)}.${Math.floor(t / 100) % 10}`;
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor(s / 60) % 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm.padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/** `[%clk h:mm:ss]`'s value for `ms` (whole seconds, rounded down, as clocks show). */
export function clkValue(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

type Pair = [number, number];
const idx = (c: Color): 0 | 1 => (c === "w" ? 0 : 1);

export class Clocks {
  readonly control: TimeControl | null;
  /** Time used by [White, Black] (ms): log[0] at the start, log[n] after move n. */
  readonly log: Pair[];
  /** The side whose clock runs, and since when (performance.now()). */
  private running: Color | null = null;
  private since = 0;

  constructor(control: TimeControl | null, log: Pair[] = [[0, 0]]) {
    this.control = control;
    this.log = log.length ? log.map((p) => [p[0], p[1]]) : [[0, 0]];
  }

  get runningSide(): Color | null {
    return this.running;
  }

  /** Time used by `c` so far, the running period included. */
  used(c: Color, now = performance.now()): number {
    const base = this.log[this.log.length - 1]![idx(c)];
    return base + (this.running === c ? now - this.since : 0);
  }

  /** Time left for `c` after `moves` moves of its own (Infinity without a control). */
  remaining(c: Color, moves: number, now = performance.now()): number {
    if (!this.control) return Infinity;
    return this.control.initialMs + this.control.incrementMs * moves - this.used(c, now);
  }

  start(c: Color, now = performance.now()): void {
    if (this.running === c) return;
    this.stop(now);
    this.running = c;
    this.since = now;
  }

  /** Stops the running clock, its time charged to the last entry. */
  stop(now = performance.now()): void {
    const c = this.running;
    if (!c) return;
    const last = this.log[this.log.length - 1]!;
    last[idx(c)] += now - this.since;
    this.running = null;
  }

  /** A move by `c` was made: its time is charged and a new entry opens. */
  moved(c: Color, now = performance.now()): void {
    if (this.running === c) this.stop(now);
    const last = this.log[this.log.length - 1]!;
    this.log.push([last[0], last[1]]);
  }

  /** A move was taken back: the times go back to before it. */
  undo(): void {
    this.stop();
    if (this.log.length > 1) this.log.pop();
  }

  /** Sets `c`'s time used so that it has no time left after `moves` moves (a flag fall). */
  exhaust(c: Color, moves: number): void {
    this.stop();
    if (!this.control) return;
    this.log[this.log.length - 1]![idx(c)] = this.control.initialMs + this.control.incrementMs * moves;
  }

  /** The log with the running period charged (what is saved). */
  snapshot(now = performance.now()): Pair[] {
    const out = this.log.map((p): Pair => [p[0], p[1]]);
    if (this.running) out[out.length - 1]![idx(this.running)] += now - this.since;
    return out;
  }
}

/**
 * The log of a record read from PGN: each side's time used from its `[%clk]` after each
 * move (initial + increment × moves − clock); a move without a clock keeps the time before.
 */
export function logFromClocks(control: TimeControl | null, clocks: Array<{ color: Color; clock?: number }>): Pair[] {
  const log: Pair[] = [[0, 0]];
  const made: Pair = [0, 0];
  for (const m of clocks) {
    const next: Pair = [...log[log.length - 1]!];
    const i = idx(m.color);
    made[i]++;
    if (control && m.clock !== undefined) {
      next[i] = Math.max(0, control.initialMs + control.incrementMs * made[i] - m.clock * 1000);
    }
    log.push(next);
  }
  return log;
}
