/**
 * The game in play: the `Chess` on the board, its clocks, the opponent, adjournment,
 * and saving after every change. The page's controls call these functions; `view.ts`
 * shows the state (`changed()` asks it to).
 */
import { api, colorName, movesOf, type BoardElement, type Chess, type Color, type Move } from "./api.ts";
import { Clocks, clkValue, type TimeControl } from "./clock.ts";
import { Computer } from "./computer.ts";
import { $, download } from "./dom.ts";
import { endOf, gameOf, newId, reviewOf, tag, toRecord, type GameRecord, type Opponent } from "./record.ts";
import { play as sound, type SoundKind } from "./sound.ts";
import { Library, saveCurrent } from "./storage.ts";
import type { ReviewedPly } from "../src/types.ts";

export const board = $<BoardElement>("board");

/** What the app keeps beside the game (what a record holds besides the PGN). */
export interface Meta {
  id: string;
  opponent: Opponent;
  orientation: Color;
  control: TimeControl | null;
  envelope: GameRecord["envelope"];
  end: GameRecord["end"];
  created: number;
  /** The engine's review of the game (analysis.ts), kept with it. */
  review: ReviewedPly[] | null;
}

/** A review running (analysis.ts): the plies done so far, of `total` (0 while the engine loads). */
export interface AnalysisRun {
  ctl: AbortController;
  done: number;
  total: number;
  partial: ReviewedPly[];
}

export const S = {
  g: new api.Chess() as Chess,
  meta: { id: newId(), opponent: { computer: null, level: 3 }, orientation: "w", control: null, envelope: null, end: null, created: Date.now(), review: null } as Meta,
  clocks: new Clocks(null),
  /** Restored after a reload: nothing runs until the player acts. */
  paused: false,
  /** The ply shown while reviewing (the board shows a copy, read-only), or null. */
  review: null as number | null,
  /** Adjourning: the next board move is sealed, not played. */
  sealing: false,
  /** The side whose flag fell. */
  flagged: null as Color | null,
  /** What the computer said last (an error), shown under the status. */
  cpuNote: "",
  library: null as Library | null,
  libraryError: null as string | null,
  /** Why the last save failed (localStorage; library), or null. */
  saveError: null as string | null,
  libraryPutError: null as string | null,
  sound: true,
  /** The review running, or null. */
  analysis: null as AnalysisRun | null,
  /** What the last analysis said (cancelled, failed), shown in its card. */
  analysisNote: "",
};

const computer = new Computer();
let listeners: Array<() => void> = [];

export function onChange(f: () => void): void {
  listeners.push(f);
}

/** The view follows the state. */
export function changed(): void {
  for (const f of listeners) f();
}

export const isOver = (): boolean => S.g.outcome() !== null;
export const movesBy = (c: Color): number => movesOf(S.g).filter((m) => m.color === c).length;
export const thinking = (): boolean => computer.thinking;
export const computerToMove = (): boolean => S.meta.opponent.computer === S.g.turn();

/** Whether the clocks should run now: a live game past its first move. */
function clockRuns(): boolean {
  const g = S.g;
  return !isOver() && !S.meta.envelope && !S.paused && movesOf(g).length > 0 && g.swapChoices().length === 0;
}

/** Starts or stops the clocks as the state says. */
export function syncClock(): void {
  if (clockRuns()) S.clocks.start(S.g.turn());
  else S.clocks.stop();
}

export function remaining(c: Color): number {
  return S.clocks.remaining(c, movesBy(c));
}

/** Whether a human may move on the board now. */
export function humanCanMove(): boolean {
  return !isOver() && !S.meta.envelope && S.review === null && !computerToMove();
}

// ---- saving ----

export function record(): GameRecord {
  const m = S.meta;
  return toRecord({
    v: 1, id: m.id, opponent: { ...m.opponent }, orientation: m.orientation, control: m.control,
    clocks: S.clocks.snapshot(), envelope: m.envelope, end: m.end, created: m.created, review: m.review,
  }, S.g);
}

/** Saves the game in progress (localStorage now, the library too when it has moves). */
export function save(): void {
  const rec = record();
  S.saveError = saveCurrent(rec);
  // A game taken back to its start is no game for the library (yet).
  if (S.library && rec.plies === 0 && !rec.envelope) S.library.delete(rec.id).catch(() => {});
  else if (S.library) {
    S.library.put(rec).then(
      () => {
        if (S.libraryPutError) {
          S.libraryPutError = null;
          changed();
        }
      },
      (err: unknown) => {
        S.libraryPutError = err instanceof Error ? err.message : String(err);
        changed();
      },
    );
  }
}

/** Downloads the game's PGN. */
export function exportPgn(): void {
  const rec = record();
  download(fileName(rec), rec.pgn);
}

export function fileName(rec: GameRecord): string {
  const date = new Date(rec.created).toISOString().slice(0, 10);
  const who = `${rec.white}-${rec.black}`.replace(/[^\w.-]+/g, "_");
  return `${who}-${date}.pgn`;
}

// ---- loading and starting ----

/** Shows `rec` as the game in play. Paused: the clocks wait for the player's first action. */
export function load(rec: GameRecord, paused: boolean): void {
  const g = gameOf(rec);
  computer.cancel();
  cancelAnalysis();
  S.analysisNote = "";
  S.g = g;
  S.meta = {
    id: rec.id, opponent: { ...rec.opponent }, orientation: rec.orientation, control: rec.control,
    envelope: rec.envelope, end: rec.end, created: rec.created, review: reviewOf(rec, g),
  };
  S.clocks = new Clocks(rec.control, rec.clocks);
  S.flagged = rec.end?.reason.startsWith("timeout") ? rec.end.loser : null;
  S.paused = paused && !isOver() && !rec.envelope && (movesOf(g).length > 0 || g.history().length > 0);
  S.review = null;
  S.sealing = false;
  S.cpuNote = "";
  board.game = g;
  board.setAttribute("orientation", rec.orientation === "b" ? "black" : "white");
  syncClock();
  changed();
  void computerTurn();
}

/** Starts `g` as a new game with these settings. */
export function start(g: Chess, opponent: Opponent, control: TimeControl | null): void {
  const created = Date.now();
  tag(g, opponent, control, created);
  const orientation: Color = opponent.computer === "w" ? "b" : "w";
  load(toRecord({
    v: 1, id: newId(), opponent, orientation, control, clocks: [[0, 0]], envelope: null, end: null, created,
  }, g), false);
  save();
}

/** The player acted: paused clocks run again (and the computer, if it is its turn). */
export function wake(): void {
  if (!S.paused) return;
  S.paused = false;
  syncClock();
  changed();
  void computerTurn();
}

/** A new opponent or level for the game in play, from now on. */
export function setOpponent(o: Opponent): void {
  S.meta.opponent = o;
  tag(S.g, o, S.meta.control, S.meta.created);
  computer.cancel();
  save();
  changed();
  void computerTurn();
}

/** The clock control of a game that has no move yet. */
export function setControl(c: TimeControl | null): void {
  S.meta.control = c;
  S.clocks = new Clocks(c);
  tag(S.g, S.meta.opponent, c, S.meta.created);
  save();
  changed();
}

export function setOrientation(c: Color): void {
  S.meta.orientation = c;
  board.setAttribute("orientation", c === "b" ? "black" : "white");
  save();
  changed();
}

// ---- moves ----

function soundOf(m: Move): SoundKind {
  if (S.g.outcome()) return "end";
  if (m.san.includes("+") || m.san.includes("#")) return "check";
  return m.captured ? "capture" : "move";
}

export function beep(kind: SoundKind): void {
  if (S.sound) sound(kind);
}

/** True when `c`'s flag fell before its move was made (the move then does not count). */
function lateMove(c: Color, movesBefore: number): boolean {
  return !!S.meta.control && S.clocks.runningSide === c && S.clocks.remaining(c, movesBefore) <= 0;
}

/** After a move was made in `S.g` (on the board or by the computer): clocks, PGN clock, save. */
function moved(m: Move): void {
  S.meta.review = null; // a review is of the moves it saw (a guard: a finished game takes no moves)
  S.clocks.moved(m.color);
  if (S.meta.control) S.g.setComment(`[%clk ${clkValue(remaining(m.color))}]`);
  syncClock();
  beep(soundOf(m));
  save();
  changed();
  void computerTurn();
}

/** A move made on the board (its `move` event). */
export function boardMove(m: Move): void {
  if (S.sealing) {
    // As over the board: the move goes into the envelope, the board does not show it.
    S.g.undo();
    board.update();
    seal(m.san, false);
    return;
  }
  S.paused = false;
  if (lateMove(m.color, movesBy(m.color) - 1)) {
    S.g.undo();
    board.update();
    flag(m.color);
    return;
  }
  moved(m);
}

/** A Chess-9 swap made on the board. */
export function boardSwap(): void {
  S.paused = false;
  save();
  changed();
  void computerTurn();
}

/** The side to move's flag fell: the game ends by timeout (a draw if the other side cannot mate). */
export function flag(c: Color): void {
  if (isOver()) return;
  computer.cancel();
  S.sealing = false;
  S.clocks.exhaust(c, movesBy(c));
  S.flagged = c;
  S.g.timeout(c);
  S.meta.end = endOf(S.g, c);
  board.update();
  beep("end");
  save();
  changed();
}

/** Checks the running clock (called a few times a second). */
export function tick(): void {
  const c = S.clocks.runningSide;
  if (c && S.meta.control && remaining(c) <= 0) flag(c);
}

/** Undo: the last move, or against the computer the player's last move and the reply. */
export function undo(): void {
  if (!canUndo()) return;
  computer.cancel();
  cancelAnalysis();
  S.meta.review = null;
  S.sealing = false;
  S.paused = false;
  const cpu = S.meta.opponent.computer;
  const back = (): void => {
    const last = S.g.history({ verbose: true }).at(-1);
    if (last && "san" in last) S.clocks.undo();
    S.g.undo();
  };
  back();
  while (cpu && S.g.turn() === cpu && humanMoves() > 0) back();
  if (S.review !== null) S.review = null;
  board.game = S.g;
  syncClock();
  save();
  changed();
  void computerTurn();
}

/** Moves and swaps a human made (against the computer), or all (two players). */
function humanMoves(): number {
  const cpu = S.meta.opponent.computer;
  return S.g.history({ verbose: true }).filter((m) => m.color !== cpu).length;
}

export function canUndo(): boolean {
  return !isOver() && !S.meta.envelope && humanMoves() > 0;
}

export function resign(c: Color): void {
  if (isOver()) return;
  computer.cancel();
  S.sealing = false;
  S.g.resign(c);
  S.meta.end = endOf(S.g, null);
  syncClock();
  board.update();
  beep("end");
  save();
  changed();
}

// ---- the computer ----

/** Lets the computer move when it is its turn in a live game. */
export async function computerTurn(): Promise<void> {
  const g = S.g;
  const side = S.meta.opponent.computer;
  if (!side || g.turn() !== side || isOver() || S.meta.envelope || S.paused || computer.thinking) return;
  const plies = g.history().length;
  const level = S.meta.opponent.level;
  let movetime: number | undefined;
  if (S.meta.control) {
    // On the clock: a share of the time left, and most of the increment.
    movetime = Math.max(150, Math.min(20_000, remaining(side) / 30 + S.meta.control.incrementMs * 0.7));
  }
  let r;
  try {
    const answer = computer.play(g, level, movetime);
    changed(); // "thinking…"
    r = await answer;
  } catch (err) {
    S.cpuNote = `The computer could not move: ${err instanceof Error ? err.message : String(err)}`;
    changed();
    return;
  }
  // Dropped when anything changed meanwhile: an undo, a new game, an adjournment, a flag.
  if (!r || S.g !== g || g.history().length !== plies || isOver() || S.meta.envelope || S.paused || g.turn() !== side) {
    changed();
    return;
  }
  S.cpuNote = "";
  if ("swap" in r) {
    g.swap(r.swap);
    board.update();
    save();
    changed();
    void computerTurn();
    return;
  }
  if (lateMove(side, movesBy(side))) {
    flag(side);
    return;
  }
  const m = g.move(r.san);
  board.update();
  moved(m);
}

export function cancelComputer(): void {
  computer.cancel();
}

/** Stops a running review (analysis.ts); its partial result is dropped. */
export function cancelAnalysis(): void {
  S.analysis?.ctl.abort();
  S.analysis = null;
}

// ---- adjournment ----

/** Whether the player may adjourn now (never on the computer's turn). */
export function canAdjourn(): boolean {
  return !isOver() && !S.meta.envelope && !computerToMove() && S.g.swapChoices().length === 0 && S.review === null;
}

/** Seals `move` (as written) for the side to move and adjourns; returns an error or null. */
export function seal(move: string, drawOffer: boolean): string | null {
  S.clocks.stop();
  let env;
  try {
    env = S.g.seal(move, {
      whiteTimeMs: Math.round(S.clocks.used("w")),
      blackTimeMs: Math.round(S.clocks.used("b")),
      drawOffer,
    });
  } catch (err) {
    syncClock();
    return err instanceof Error ? err.message : String(err);
  }
  computer.cancel();
  S.meta.envelope = env;
  S.sealing = false;
  S.paused = false;
  syncClock();
  save();
  changed();
  return null;
}

/** Opens the envelope: the sealed move is played (or decides the game) and play goes on. */
export function resume(): string | null {
  const env = S.meta.envelope;
  if (!env) return null;
  let g: Chess;
  try {
    g = api.Chess.openEnvelope(env);
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  const before = movesOf(S.g).length;
  const made = movesOf(g);
  S.g = g;
  S.meta.envelope = null;
  if (made.length > before) {
    const m = made[made.length - 1]!;
    S.clocks.moved(m.color);
    if (S.meta.control) g.setComment(`[%clk ${clkValue(remaining(m.color))}]`);
  }
  if (isOver()) S.meta.end = endOf(g, null);
  board.game = g;
  syncClock();
  save();
  changed();
  void computerTurn();
  return null;
}

/**
 * The legality of a typed sealed move, said before sealing: null when it is legal and
 * unambiguous, else why not. Asked of the envelope itself (sealed and opened on a copy),
 * so that what is said here is what opening the real one will rule.
 */
export function checkSealed(text: string): string | null {
  const t = text.trim();
  if (!t) return "";
  try {
    const opened = api.Chess.openEnvelope(S.g.seal(t));
    const reason = opened.outcome()?.reason ?? "";
    const who = colorName(S.g.turn());
    if (reason === "sealed-move-ambiguous") return `${t} is ambiguous: say which piece (e.g. Nbd2).`;
    if (reason === "sealed-move-meaningless") return `${t} is not a move.`;
    if (reason === "sealed-move-illegal") return `${t} is not a legal move for ${who}.`;
    opened.free();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
