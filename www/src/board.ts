/**
 * The board class: wires state, input and rendering, and talks to the core.
 * Every question of legality goes to the `Game` (the wasm core): the board
 * asks `dests()` what to highlight and `resolve(from, to)` what an input means.
 * In viewer mode it shows a PGN record (viewer.ts) instead of playing.
 */
import { readPlacement, type State } from "./state.ts";
import {
  checkAnalysis, checkBoolean, checkColor, checkGame, checkLimits, checkMs, checkShapes, checkString, checkTree, typeError,
} from "./checks.ts";
import { colorName } from "./pieces.ts";
import { createDom, matchPage, render, type Dom } from "./render.ts";
import { bindInput, type Controller } from "./input.ts";
import { Chess, gameOf, splitPgn } from "./core.ts";
import { engineModule } from "./engine-load.ts";
import { readTree, tagsOf, type PgnGame } from "./pgn-source.ts";
import { copyText, download, fileName, pgnWithEvals } from "./share.ts";
import { Viewer, type Entry } from "./viewer.ts";
import { reviewedEval, type PlyEval } from "./evals.ts";
import type { Color, EngineLike, Game, Move, Outcome, ReviewedPly, Shape, Square, SwapChoice, SwapRecord } from "./types.ts";

export interface BoardOptions {
  /** The game to play on (a `Chess`); a new standard game when absent. */
  game?: Game;
  orientation?: Color;
  interactive?: boolean;
  coordinates?: boolean;
  /** View `game` as a record: step through its moves instead of playing. */
  viewer?: boolean;
  /** Move animation in ms (default 200; 0: none). Off anyway under prefers-reduced-motion. */
  animation?: number;
  /** Shapes the page draws (arrows and circles), as `setShapes`. */
  shapes?: Shape[];
  /**
   * Viewer: offer "Analyse" for a record without evaluations (true, the default), with
   * the engine's limits per position (`{ nodes }` and/or `{ movetime }`), or not (false).
   */
  analysis?: boolean | AnalysisLimits;
  /** The URL of the engine's one-file script (`chess960-engine.iife.js`); see engine-load.ts for the default. */
  engineSrc?: string;
  onMove?: (move: Move) => void;
  onGameOver?: (outcome: Outcome) => void;
}

/** The engine's limits for each position of a review (SPEC §6 `reviewGame`). */
export interface AnalysisLimits {
  nodes?: number;
  movetime?: number;
}

/** Detail of the `analysis` event: a review's progress and end. */
export interface AnalysisDetail {
  /** loading: the engine is being fetched; running: `done` of `total` plies reviewed. */
  status: "loading" | "running" | "done" | "cancelled" | "failed";
  done: number;
  total: number;
  /** The review, once done. */
  review?: ReviewedPly[];
  /** Why it failed. */
  message?: string;
}

/** A line the reader tries from a shown position: never part of the record. */
interface Trial {
  branch: Entry;
  /** The game at the position shown: `at` moves into the line. */
  game: Chess;
  moves: Move[];
  at: number;
}

/** Detail of the `swap` event (Chess-9 swap phase). */
export interface SwapDetail {
  color: Color;
  choice: SwapChoice;
}

/** Titles that are not just the reason with its first letter capitalised. */
const TITLES: Record<string, string> = {
  "fifty-moves": "Fifty-move rule",
  agreement: "Draw agreed",
};

export function describeOutcome(o: Outcome): { title: string; detail: string } {
  const r = o.reason;
  return {
    title: r.startsWith("sealed")
      ? "Sealed move invalid"
      : r.startsWith("timeout")
        ? "Time out"
        : TITLES[r] ?? cap(r.replaceAll("-", " ")),
    detail: o.winner ? `${side(o.winner)} wins` : "Draw",
  };
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "White" or "Black". */
function side(color: Color): string {
  return cap(colorName(color));
}

function isMove(item: Move | SwapRecord | undefined): item is Move {
  return item !== undefined && "san" in item;
}

const EMPTY: PgnGame = {
  headers: {}, startFen: "8/8/8/8/8/8/8/8 w - - 0 1", variant: "standard", comments: [], arrows: [], circles: [],
  moves: [], result: "*",
};

/** A chooser's label for one game of a PGN file. */
function gameLabel(text: string, i: number): string {
  const t = tagsOf(text);
  const who = [t["White"], t["Black"]].filter((v) => v && v !== "?").join(" – ");
  const res = t["Result"] && t["Result"] !== "*" ? ` ${t["Result"].replace("1/2", "½")}` : "";
  return `${i + 1}. ${who || t["Event"] || "Game"}${res}`;
}

export class Board implements Controller {
  readonly element: HTMLElement;
  readonly state: State;
  private g: Game;
  private dom: Dom;
  private unbind: () => void;
  private opts: BoardOptions;
  private verbose: Move[] | null = null;
  private reported = false;
  private note = "";
  private viewer: Viewer | null = null;
  /** The games of the PGN text last loaded, for the chooser. */
  private games: string[] = [];
  /** Why the record could not be shown (loadPgn); "" when it was. */
  private recordError = "";
  /** What the host shows in place of the board (showError); it wins over recordError. */
  private hostError = "";
  /** The record's game when the viewer has one (loadPgn, setGame(game, true)); null after view(tree). */
  private recordGame: Game | null = null;
  /** The position shown in viewer mode, for the moves a reader may try from it. */
  private scratch: Chess | null = null;
  private trial: Trial | null = null;
  /** The tried line last drawn in the move list. */
  private trialKey = "";
  /** The computer answers the reader's moves in a tried line. */
  private reply = false;
  private thinking: AbortController | null = null;
  private engineP: Promise<EngineLike> | null = null;
  private engineSrc: string | null = null;
  private analysisOpt: false | AnalysisLimits = {};
  /** The review running. */
  private run: { ctl: AbortController; done: number; total: number } | null = null;
  /** The engine's review shown. */
  private reviewed: ReviewedPly[] | null = null;

  /** Throws a TypeError for a wrong element or option (see `BoardOptions`), before drawing anything. */
  constructor(element: HTMLElement, opts: BoardOptions = {}) {
    const el = element as Partial<HTMLElement> | null;
    if (typeof el !== "object" || el === null || el.nodeType !== 1 || typeof el.attachShadow !== "function") {
      throw typeError("new Board(element)", "an HTML element to draw in", element);
    }
    if (typeof opts !== "object" || opts === null) throw typeError("new Board(element, options)", "an object of options", opts);
    const opt = <T>(name: keyof BoardOptions, check: (where: string, v: unknown) => T): T | undefined =>
      opts[name] === undefined ? undefined : check(`new Board(element, { ${name} })`, opts[name]);
    const fn = (where: string, v: unknown): unknown => {
      if (typeof v !== "function") throw typeError(where, "a function", v);
      return v;
    };
    const game = opt("game", checkGame);
    const orientation = opt("orientation", checkColor);
    const [interactive, coordinates, viewer] = (["interactive", "coordinates", "viewer"] as const).map((k) => opt(k, checkBoolean));
    const animation = opt("animation", checkMs);
    const shapes = opt("shapes", checkShapes);
    const analysis = opt("analysis", checkAnalysis);
    const engineSrc = opt("engineSrc", checkString);
    opt("onMove", fn);
    opt("onGameOver", fn);
    this.element = element;
    this.opts = opts;
    if (analysis !== undefined) this.analysisOpt = analysis;
    this.engineSrc = engineSrc ?? null;
    this.g = game ?? new Chess();
    this.dom = createDom(element.shadowRoot ?? element.attachShadow({ mode: "open" }));
    // The board's own settings; setGame() below fills in everything the core decides
    // (pieces, side to move, destinations, highlights, texts) before anything reads them.
    this.state = {
      orientation: orientation ?? "w",
      interactive: interactive ?? true,
      coords: coordinates ?? true,
      animation: animation ?? 200,
      tabStop: "e2",
      drag: null,
      drawing: null,
      reselected: false,
      armed: true,
      instant: true,
      dropped: null,
      error: "",
      shapes: { user: [], api: shapes ?? [], record: [] },
    } as unknown as State;
    const unbind = bindInput(this.dom, this);
    // A page that follows the reader's light/dark setting changes its text colour then.
    const scheme = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;
    const onScheme = (): void => matchPage(this.dom);
    scheme?.addEventListener("change", onScheme);
    this.unbind = () => {
      unbind();
      scheme?.removeEventListener("change", onScheme);
    };
    this.setGame(this.g, viewer);
  }

  /** The game on the board (a `Chess` instance); in viewer mode, the record's game. */
  get game(): Game {
    return this.g;
  }

  /** The position shown (X-FEN): in viewer mode the one stepped to. */
  get fen(): string {
    if (this.trial) return this.trial.game.fen();
    return this.viewer ? this.viewer.position().fen : this.g.fen();
  }

  get orientation(): Color {
    return this.state.orientation;
  }

  /** In viewer mode: the mainline ply shown (0: the start), or null inside a variation. */
  get ply(): number | null {
    const v = this.viewer;
    if (!v || this.trial) return null;
    return v.cur.main ? v.cur.node?.ply ?? 0 : null;
  }

  /** The record shown in viewer mode, else null. */
  get record(): PgnGame | null {
    return this.viewer?.tree ?? null;
  }

  /**
   * Shows another game; `viewer` steps through its record instead of playing.
   * Throws a TypeError, changing nothing, when `game` is not a `Chess` game.
   */
  setGame(game: Game, viewer = false): void {
    checkGame("Board.setGame(game)", game);
    checkBoolean("Board.setGame(game, viewer)", viewer);
    const tree = viewer ? readTree(game) : null;
    this.g = game;
    this.recordGame = viewer ? game : null;
    this.state.instant = true;
    this.note = "";
    this.recordError = "";
    this.games = [];
    if (tree) this.show(tree);
    else this.leaveViewer();
    this.reported = game.outcome() !== null;
    this.update();
  }

  /**
   * Viewer mode over a record (a `PgnGame`, e.g. from `chess.tree()`). Throws a
   * TypeError, changing nothing, when `tree` is not one.
   */
  view(tree: PgnGame): void {
    checkTree("Board.view(tree)", tree);
    this.state.instant = true;
    this.recordGame = null;
    this.recordError = "";
    this.games = [];
    this.show(tree);
    this.update();
  }

  /**
   * Viewer mode over a PGN text: the first game, or game `index` (from 0); with several
   * games a chooser lets the reader pick. A record that cannot be read is shown as its
   * error, in place of the board, and returned ("" when the game loaded). Throws,
   * changing nothing, for a `text` that is not a string (TypeError) or an `index` that is
   * not one of its games (RangeError).
   */
  loadPgn(text: string, index = 0): string {
    checkString("Board.loadPgn(text)", text);
    if (typeof index !== "number") throw typeError("Board.loadPgn(text, index)", "a game number", index);
    const games = splitPgn(text);
    if (!Number.isInteger(index) || index < 0 || index >= Math.max(1, games.length)) {
      throw new RangeError(
        `Board.loadPgn(text, ${index}): this PGN holds ${games.length} ${games.length === 1 ? "game" : "games"}` +
          (games.length ? `, numbered 0 to ${games.length - 1}` : ""),
      );
    }
    this.games = games;
    return this.pick(index);
  }

  private pick(i: number): string {
    const texts = this.games;
    let error = "";
    this.state.instant = true;
    try {
      const t = texts[i];
      if (t === undefined) throw new Error("This PGN holds no game.");
      const g = Chess.fromPgn(t);
      this.g = g;
      this.recordGame = g;
      this.show(readTree(g));
      this.recordError = "";
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      this.recordError = `This game could not be read: ${error}`;
      if (texts.length > 1 && !this.viewer) this.show(EMPTY);
    }
    this.viewer?.setGames(texts.map(gameLabel), i);
    this.update();
    if (error) this.emit("error", this.recordError, false);
    return error;
  }

  /** Shows `text` in place of the board (e.g. why a FEN or PGN could not be read); "" shows the board again. */
  showError(text: string): void {
    this.hostError = checkString("Board.showError(text)", text);
    this.update();
  }

  /** The text shown in place of the board (showError's, else why the record could not be read); "" when the board is shown. */
  get error(): string {
    return this.hostError || this.recordError;
  }

  /** A line of text under the board; "" hides it. */
  notice(text: string): void {
    this.note = checkString("Board.notice(text)", text);
    this.update();
  }

  private show(tree: PgnGame): void {
    this.cancelAnalysis();
    this.reviewed = null;
    this.leaveTrial();
    if (this.viewer) this.viewer.load(tree);
    else this.viewer = new Viewer(this.dom.wrap, tree, (i) => this.pick(i), (ply) => this.jump(ply));
    this.viewer.setGames([], 0);
  }

  private leaveViewer(): void {
    const v = this.viewer;
    if (!v) return;
    this.cancelAnalysis();
    this.leaveTrial();
    for (const el of v.parts) el.remove();
    this.dom.wrap.classList.remove("viewer", "evals");
    this.viewer = null;
  }

  setOrientation(color: Color): void {
    this.state.orientation = checkColor("Board.setOrientation(color)", color);
    this.redraw();
  }

  flip(): void {
    this.setOrientation(this.state.orientation === "w" ? "b" : "w");
  }

  setInteractive(on: boolean): void {
    this.state.interactive = checkBoolean("Board.setInteractive(on)", on);
    this.update();
  }

  setCoordinates(on: boolean): void {
    this.state.coords = checkBoolean("Board.setCoordinates(on)", on);
    this.redraw();
  }

  /** Move animation in ms; 0 turns it off. */
  setAnimation(ms: number): void {
    this.state.animation = checkMs("Board.setAnimation(ms)", ms);
  }

  /** The page's shapes (arrows with `to`, circles without); the user's own stay. Throws a TypeError for a bad shape. */
  setShapes(shapes: Shape[]): void {
    this.state.shapes.api = checkShapes("Board.setShapes(shapes)", shapes);
    this.redraw();
  }

  /** The shapes the user drew with the right button. */
  get shapes(): Shape[] {
    return this.state.shapes.user.map((s) => ({ ...s }));
  }

  clearShapes(): void {
    this.state.shapes.user = [];
    this.redraw();
    this.emit("shapes", []);
  }

  drawn(shape: Shape): void {
    const user = this.state.shapes.user;
    const same = (s: Shape): boolean => s.from === shape.from && s.to === shape.to;
    const i = user.findIndex(same);
    // Drawing a shape again removes it, or recolours it when drawn in another colour.
    if (i >= 0 && user[i]?.color === shape.color) user.splice(i, 1);
    else if (i >= 0) user[i] = shape;
    else user.push(shape);
    this.redraw();
    this.emit("shapes", this.shapes);
  }

  /** Re-reads the core after changes made outside the board (undo, API moves). */
  update(): void {
    const s = this.state;
    const v = this.viewer;
    this.verbose = null;
    s.selected = s.prompt = s.hover = s.check = null;
    s.castles = [];
    s.viewing = !!v;
    s.end = null;
    s.error = this.error;
    matchPage(this.dom);
    if (v) {
      // The record's position, or the line the reader tries from it.
      const t = this.trial;
      const p = v.position();
      const fen = t ? t.game.fen() : p.fen;
      s.pieces = readPlacement(fen);
      s.toMove = fen.split(" ")[1] === "b" ? "b" : "w";
      s.swapPhase = false;
      s.trying = !!t;
      const live = this.live();
      s.dests = live && s.interactive && !this.thinking && !live.outcome() ? live.dests() : new Map();
      const last = t?.moves[t.at - 1];
      s.lastMove = t ? (last ? [last.from, last.to, last.rookFrom, last.rookTo] : []) : p.lastMove;
      s.shapes.record = t ? [] : p.shapes;
      s.caption = this.thinking ? "The computer is thinking…" : this.note;
      if (t ? t.game.isCheck() : p.check) for (const [sq, pc] of s.pieces) if (pc.role === "k" && pc.color === s.toMove) s.check = sq;
    } else {
      s.trying = false;
      const g = this.g;
      const outcome = g.outcome();
      s.pieces = readPlacement(g.fen());
      s.toMove = g.turn();
      s.swapPhase = g.swapChoices().length > 0;
      s.dests = outcome || !s.interactive ? new Map() : g.dests();
      s.shapes.record = [];
      if (g.isCheck()) {
        for (const [sq, p] of s.pieces) if (p.role === "k" && p.color === s.toMove) s.check = sq;
      }
      const rank = s.toMove === "w" ? 1 : 8;
      s.caption = s.swapPhase
        ? `${side(s.toMove)} chooses: king onto the c${rank} bishop, queen onto the f${rank} bishop, or press the king to keep.`
        : this.note;
      const last = g.history({ verbose: true }).at(-1);
      s.lastMove = isMove(last) ? [last.from, last.to, last.rookFrom, last.rookTo] : [];
      if (!outcome) this.reported = false;
      s.end = outcome ? { ...describeOutcome(outcome), reason: outcome.reason } : null;
    }
    this.redraw();
  }

  redraw(): void {
    render(this.state, this.dom);
    const v = this.viewer;
    if (v) {
      const error = !!this.state.error;
      const t = this.trial;
      v.render(this.state.orientation, v.hasFocus(this.dom.root.activeElement), t && { at: t.at, length: t.moves.length }, !this.run);
      const key = t ? `${t.branch.id}:${t.moves.map((m) => m.san)}:${t.at}` : "";
      if (key !== this.trialKey) {
        if (t) v.showTrial(t.branch, t.moves, t.at);
        else v.hideTrial();
        this.trialKey = key;
      }
      const r = this.run;
      v.tools.render({
        analyse: this.analysisOpt !== false && !r && !v.hasEvals && v.tree.moves.length > 0,
        progress: r && { done: r.done, total: r.total },
        trying: !!t,
        reply: this.reply,
      });
      this.dom.wrap.classList.toggle("evals", v.hasEvals && !error);
      // A game that could not be read: its error in place of the board, the chooser kept.
      for (const el of [v.top, v.bot, v.nav, v.list]) el.hidden = error;
      if (error) v.bar.el.hidden = true;
      v.head.classList.toggle("gone", !!this.hostError);
    }
  }

  destroy(): void {
    this.cancelAnalysis();
    this.leaveTrial();
    this.scratch?.free();
    this.scratch = null;
    void this.engineP?.then((e) => e.terminate(), () => {});
    this.engineP = null;
    this.unbind();
    this.dom.root.replaceChildren();
  }

  // ---- PGN viewer ----

  /**
   * Moves the viewer to mainline ply `n` (0 = start position; past the end, e.g.
   * Infinity: the end). Throws a TypeError for a non-number, a RangeError for a
   * negative or fractional one.
   */
  goto(n: number, animate = true): void {
    if (typeof n !== "number") throw typeError("Board.goto(ply)", "a ply number (0 = the start)", n);
    if (!(n >= 0) || (n !== Infinity && !Number.isInteger(n))) {
      throw new RangeError(`Board.goto(${n}): a ply is a whole number from 0 (the start)`);
    }
    checkBoolean("Board.goto(ply, animate)", animate);
    const v = this.viewer;
    if (!v) return;
    this.state.instant = !animate;
    this.at(v.byPly(n));
    this.state.instant = false;
  }

  /** Mainline ply `ply` at once (the graph: a press or a drag jumps, nothing slides). */
  private jump(ply: number): void {
    const v = this.viewer;
    if (!v) return;
    const e = v.byPly(ply);
    if (e === v.cur && !this.trial) return;
    this.state.instant = true;
    this.at(e);
  }

  /** Shows record entry `e` (leaving a line the reader tried). */
  private at(e: Entry): void {
    const v = this.viewer;
    if (!v || (e === v.cur && !this.trial)) return;
    this.leaveTrial();
    v.cur = e;
    this.update();
    const n = e.node;
    this.say(n ? `${n.moveNumber}${n.color === "w" ? "." : "…"} ${n.san}` : "Start position");
  }

  // ---- The reader's tools: analysis, tried lines, copy and download ----

  /**
   * Reviews the record's mainline with the engine (SPEC §6 `reviewGame`), loading it
   * first (engine-load.ts), and shows the result: the graph and the bar, the judgments
   * in the move list, the engine's best move as an arrow where a move was judged. Fires
   * `analysis` as it goes. Resolves true when the review is shown, false when it was
   * cancelled or failed (the reason is said under the move list). `limits` per position,
   * as `reviewGame` takes them; the `analysis` option's by default.
   */
  analyse(limits?: AnalysisLimits): Promise<boolean> {
    // Checked now, so that a wrong argument throws here rather than in a rejected promise.
    const lim = limits === undefined ? this.analysisOpt || {} : checkLimits("Board.analyse(limits)", limits);
    const v = this.viewer;
    if (!v) throw new Error("Board.analyse(): the board shows no record to analyse (load a PGN first)");
    return this.startReview(v, lim);
  }

  private async startReview(v: Viewer, lim: AnalysisLimits): Promise<boolean> {
    this.cancelAnalysis();
    this.reviewed = null;
    const ctl = new AbortController();
    const run = (this.run = { ctl, done: 0, total: 0 });
    const tree = v.tree;
    const partial: ReviewedPly[] = [];
    // A record given as a tree only is made a game for the engine, freed when the review ends.
    let made: Chess | null = null;
    this.showAnalysis({ status: "loading", done: 0, total: 0 });
    try {
      const game = this.recordGame ?? (made = gameOf(tree));
      const engine = await this.engine();
      ctl.signal.throwIfAborted();
      run.total = tree.moves.length;
      this.showAnalysis({ status: "running", done: 0, total: run.total });
      const review = await engine.reviewGame(game, lim, {
        signal: ctl.signal,
        onProgress: (p) => {
          if (this.run !== run) return;
          partial.push(p.ply);
          run.done = p.done;
          run.total = p.total;
          v.setReview(partial.map((r) => plyEval(r, tree)));
          this.showAnalysis({ status: "running", done: p.done, total: p.total });
        },
      });
      if (this.run !== run) return false;
      this.run = null;
      this.reviewed = review;
      v.setReview(review.map((r) => plyEval(r, tree)));
      const count = (j: string, one: string, many: string): string => {
        const n = review.filter((r) => r.judgment === j).length;
        return `${n} ${n === 1 ? one : many}`;
      };
      v.tools.say(`Analysed: ${count("inaccuracy", "inaccuracy", "inaccuracies")}, ${count("mistake", "mistake", "mistakes")}, ${count("blunder", "blunder", "blunders")}.`);
      this.showAnalysis({ status: "done", done: review.length, total: review.length, review });
      return true;
    } catch (err) {
      if (this.run !== run) return false; // cancelled, or replaced by another review
      this.run = null;
      v.setReview(null);
      const message = err instanceof Error ? err.message : String(err);
      v.tools.say(`The analysis failed: ${message}`, true);
      this.showAnalysis({ status: "failed", done: run.done, total: run.total, message });
      return false;
    } finally {
      made?.free();
    }
  }

  /** Stops a running analysis; the record shows what it showed before. */
  cancelAnalysis(): void {
    const r = this.run;
    if (!r) return;
    this.run = null;
    r.ctl.abort();
    const v = this.viewer;
    v?.setReview(null);
    v?.tools.say("Analysis cancelled.");
    this.showAnalysis({ status: "cancelled", done: r.done, total: r.total });
  }

  /** The engine's review shown (after `analyse`), else null. */
  get review(): ReviewedPly[] | null {
    return this.reviewed && this.reviewed.map((r) => ({ ...r }));
  }

  /** Offers "Analyse" with these limits per position, or not (false). Throws a TypeError for anything else. */
  setAnalysis(analysis: boolean | AnalysisLimits): void {
    this.analysisOpt = checkAnalysis("Board.setAnalysis(analysis)", analysis);
    this.redraw();
  }

  /** The URL of the engine's one-file script, for the next time the engine loads (null: the default). */
  setEngineSource(url: string | null): void {
    this.engineSrc = url === null ? null : checkString("Board.setEngineSource(url)", url);
  }

  private showAnalysis(detail: AnalysisDetail): void {
    const s = this.state;
    if (this.viewer && !this.trial) s.shapes.record = this.viewer.position().shapes;
    this.redraw();
    this.emit("analysis", detail);
  }

  /** The engine, loaded and started on first use; a failed load is tried again next time. */
  private engine(): Promise<EngineLike> {
    if (!this.engineP) {
      const p = engineModule(this.engineSrc).then((m) => m.Engine.create());
      p.catch(() => {
        if (this.engineP === p) this.engineP = null;
      });
      this.engineP = p;
    }
    return this.engineP;
  }

  /** The game to play on: the tried line's, the shown position's in viewer mode, else the game. */
  private live(): Chess | Game | null {
    const v = this.viewer;
    if (!v) return this.g;
    if (this.trial) return this.trial.game;
    if (!this.state.interactive) return null;
    const fen = v.position().fen;
    if (this.scratch?.fen() !== fen) {
      this.scratch?.free();
      try {
        this.scratch = new Chess(fen);
      } catch {
        this.scratch = null;
      }
    }
    return this.scratch;
  }

  /** The reader's move in viewer mode: the tried line starts, or goes on. */
  private playTrial(m: Move): void {
    const v = this.viewer;
    if (!v) return;
    this.trial ??= { branch: v.cur, game: new Chess(v.position().fen), moves: [], at: 0 };
    const t = this.trial;
    t.moves.length = t.at; // a move played back in the line replaces what followed it
    const played = moveOn(t.game, m);
    t.moves.push(played);
    t.at++;
    this.update();
    this.say(`Your line: ${played.san}`);
    if (this.reply) void this.answer();
  }

  /** The computer's move in the tried line (when the reader asked for replies). */
  private async answer(): Promise<void> {
    const t = this.trial;
    if (!t || t.at !== t.moves.length || t.game.outcome() || this.thinking) return;
    if (this.run) {
      this.viewer?.tools.say("The computer answers once the analysis is done.");
      return;
    }
    const ctl = new AbortController();
    this.thinking = ctl;
    this.update();
    try {
      const engine = await this.engine();
      const best = await engine.bestMove(t.game, { movetime: 700 }, { signal: ctl.signal });
      if (this.thinking !== ctl) return;
      this.thinking = null;
      const played = t.game.move(best.san);
      t.moves.push(played);
      t.at++;
      this.update();
      this.say(`The computer: ${played.san}`);
    } catch (err) {
      if (this.thinking !== ctl) return; // the reader went elsewhere
      this.thinking = null;
      this.update();
      this.viewer?.tools.say(`The computer could not answer: ${err instanceof Error ? err.message : String(err)}`, true);
    }
  }

  /** Leaves the tried line: back to the record's position it started from. */
  backToGame(): void {
    if (!this.trial) return;
    this.leaveTrial();
    this.update();
    this.say("Back to the game");
  }

  private leaveTrial(): void {
    this.thinking?.abort();
    this.thinking = null;
    const t = this.trial;
    if (!t) return;
    this.trial = null;
    t.game.free();
  }

  /** Steps inside the tried line (`at` moves into it); false when not in one. */
  private stepTrial(name: string, value?: string): boolean {
    const t = this.trial;
    if (!t || !["start", "prev", "next", "end", "try"].includes(name)) return false;
    const to = name === "start" ? 0 : name === "prev" ? t.at - 1 : name === "next" ? t.at + 1 : name === "end" ? t.moves.length : +(value ?? -1);
    if (!(to >= 0 && to <= t.moves.length) || to === t.at) return true;
    this.thinking?.abort();
    this.thinking = null;
    while (t.at > to) {
      t.game.undo();
      t.at--;
    }
    while (t.at < to) moveOn(t.game, t.moves[t.at++] as Move);
    this.update();
    const m = t.moves[t.at - 1];
    this.say(m ? `Your line: ${m.san}` : "Where your line starts");
    return true;
  }

  /** The mouse wheel over the viewer: one step; false when there is none to take (the page may scroll). */
  wheel(step: 1 | -1, ask = false): boolean {
    const v = this.viewer;
    if (!v || this.error) return false;
    const t = this.trial;
    if (t) {
      const to = t.at + step;
      if (to < 0 || to > t.moves.length) return false;
      return ask || this.stepTrial(step > 0 ? "next" : "prev");
    }
    const e = step > 0 ? v.cur.next : v.cur.prev;
    if (!e) return false;
    if (!ask) this.at(e);
    return true;
  }

  /** The record as PGN, with the engine's evaluations when it analysed it. */
  private pgnText(): string {
    const v = this.viewer;
    if (!v) return this.g.pgn();
    let text: string;
    if (this.recordGame) text = this.recordGame.pgn();
    else {
      const g = gameOf(v.tree);
      text = g.pgn();
      g.free();
    }
    return v.analysed ? pgnWithEvals(text, v.evals) : text;
  }

  private async copy(what: "PGN" | "FEN"): Promise<void> {
    const v = this.viewer;
    if (!v) return;
    const text = what === "PGN" ? this.pgnText() : this.fen;
    if (await copyText(text, this.dom.root)) v.tools.say(`${what} copied to the clipboard.`);
    else v.tools.offer(text, what);
  }

  private save(): void {
    const v = this.viewer;
    if (!v) return;
    const name = fileName(v.tree.headers);
    download(name, this.pgnText());
    v.tools.say(`PGN saved as ${name}.`);
  }

  // ---- Controller: intents from input.ts ----

  private canPlay(): boolean {
    const s = this.state;
    const g = this.live();
    return s.interactive && !s.prompt && !this.thinking && !!g && !g.outcome();
  }

  private select(sq: Square | null): void {
    const s = this.state;
    s.reselected = sq !== null && s.selected === sq;
    s.selected = sq;
    s.castles = sq && s.pieces.get(sq)?.role === "k" && !s.swapPhase
      ? (this.verbose ??= this.live()?.moves({ verbose: true }) ?? []).filter((m) => m.from === sq && m.castle)
      : [];
  }

  /** Selects `sq` when one of its pieces can move, else nothing; true when it did. */
  private selectMovable(sq: Square | null): boolean {
    const ok = !!sq && !!this.state.dests.get(sq)?.length;
    this.select(ok ? sq : null);
    return ok;
  }

  down(sq: Square): boolean {
    if (!this.canPlay()) return false;
    const sel = this.state.selected;
    if (sel && sel !== sq && this.state.dests.get(sel)?.includes(sq)) {
      this.tryMove(sel, sq);
      return false;
    }
    return this.selectMovable(sq);
  }

  up(sq: Square): void {
    const s = this.state;
    if (sq !== s.selected || !s.reselected || !this.canPlay()) return;
    // A second press on the selected piece: in the swap phase the king pressed in place.
    if (s.swapPhase) this.tryMove(sq, sq);
    else this.select(null);
  }

  drop(from: Square, to: Square | null): void {
    if (!to) this.select(null);
    else if (to !== from) this.tryMove(from, to);
    else if (this.state.swapPhase && this.state.pieces.get(from)?.role === "k") this.tryMove(from, from);
  }

  cancel(): void {
    const s = this.state;
    s.prompt = null;
    this.select(null);
    s.drag = s.hover = null;
    this.redraw();
  }

  choose(index: number): void {
    const m = this.state.prompt?.moves[index];
    this.state.prompt = null;
    if (m) this.play(m);
    else this.redraw();
  }

  action(name: string, value?: string): void {
    const v = this.viewer;
    if (name === "flip") this.flip();
    else if (name === "cancel") this.cancel();
    else if (!v) return;
    else if (this.stepTrial(name, value)) return;
    else if (name === "start") this.at(v.start);
    else if (name === "prev") this.at(v.cur.prev ?? v.cur);
    else if (name === "next") this.at(v.cur.next ?? v.cur);
    else if (name === "end") this.at(v.last());
    else if (name === "goto") {
      const e = v.entries[+(value ?? -1)];
      if (e) this.at(e);
    } else if (name === "analyse") void this.analyse();
    else if (name === "cancel-analysis") this.cancelAnalysis();
    else if (name === "copy-pgn") void this.copy("PGN");
    else if (name === "copy-fen") void this.copy("FEN");
    else if (name === "download-pgn") this.save();
    else if (name === "back") this.backToGame();
    else if (name === "reply") {
      this.reply = !this.reply;
      this.redraw();
      if (this.reply) void this.answer();
    }
  }

  /** Resolves a (from, to) input with the core and acts on the answer. */
  tryMove(from: Square, to: Square): void {
    if (!this.canPlay()) return;
    const s = this.state;
    const g = this.live();
    if (!g) return;
    const { kind, moves, swap } = g.resolve(from, to);
    s.armed = true;
    if (kind === "promotion") s.prompt = { kind, to, color: s.toMove, moves };
    else if (kind === "ambiguous") s.prompt = { kind, moves };
    else if (kind === "swap") {
      const choice = swap ?? "none";
      const color = s.toMove;
      g.swap(choice);
      this.update();
      this.say(`${side(color)} ${choice === "none" ? "keeps the array" : `swaps the ${choice} with the bishop`}`);
      this.emit("swap", { color, choice } satisfies SwapDetail);
    } else if (kind === "illegal") this.selectMovable(to === from ? null : to);
    else if (moves[0]) this.play(moves[0]);
  }

  private say(text: string): void {
    this.dom.live.textContent = text;
  }

  private play(m: Move): void {
    if (this.viewer) {
      this.playTrial(m);
      return;
    }
    const played = moveOn(this.g, m);
    this.update();
    const said = `${side(played.color)}: ${played.san}`;
    this.say(said);
    this.opts.onMove?.(played);
    this.emit("move", played);
    const o = this.g.outcome();
    if (o && !this.reported) {
      this.reported = true;
      const d = describeOutcome(o);
      this.say(`${said}. ${d.title}. ${d.detail}.`);
      this.opts.onGameOver?.(o);
      this.emit("gameover", o);
    }
  }

  /** An event on the host; `error` does not bubble (a page's window error handlers are not for it). */
  private emit(type: string, detail: unknown, bubbles = true): void {
    this.element.dispatchEvent(new CustomEvent(type, { detail, bubbles, composed: bubbles }));
  }
}

/** Plays `m` (a move of the same position, maybe from another game object) on `g`. */
function moveOn(g: Game, m: Move): Move {
  try {
    return g.move(m.san);
  } catch {
    // As a board input: from, to, promotion.
    return g.move({ from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) });
  }
}

/** A reviewed ply of `tree`'s mainline as the viewer keeps it (evals.ts `reviewedEval`). */
function plyEval(r: ReviewedPly, tree: PgnGame): PlyEval & { ply: number } {
  return { ply: r.ply, ...reviewedEval(r, tree.moves[r.ply - 1]?.color) };
}
