/**
 * The board class: wires state, input and rendering, and talks to the core.
 * Every question of legality goes to the `Game` (the wasm core): the board
 * asks `dests()` what to highlight and `resolve(from, to)` what an input means.
 * In viewer mode it shows a PGN record (viewer.ts) instead of playing.
 */
import { readPlacement, type State } from "./state.ts";
import { checkBoolean, checkColor, checkGame, checkMs, checkShapes, checkString, checkTree, typeError } from "./checks.ts";
import { colorName } from "./pieces.ts";
import { createDom, matchPage, render, type Dom } from "./render.ts";
import { bindInput, type Controller } from "./input.ts";
import { Chess, splitPgn } from "./core.ts";
import { readTree, tagsOf, type PgnGame } from "./pgn-source.ts";
import { Viewer, type Entry } from "./viewer.ts";
import type { Color, Game, Move, Outcome, Shape, Square, SwapChoice, SwapRecord } from "./types.ts";

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
  onMove?: (move: Move) => void;
  onGameOver?: (outcome: Outcome) => void;
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
    opt("onMove", fn);
    opt("onGameOver", fn);
    this.element = element;
    this.opts = opts;
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
    return this.viewer ? this.viewer.position().fen : this.g.fen();
  }

  get orientation(): Color {
    return this.state.orientation;
  }

  /** In viewer mode: the mainline ply shown (0: the start), or null inside a variation. */
  get ply(): number | null {
    const v = this.viewer;
    if (!v) return null;
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
    if (this.viewer) this.viewer.load(tree);
    else this.viewer = new Viewer(this.dom.wrap, tree, (i) => this.pick(i), (ply) => this.jump(ply));
    this.viewer.setGames([], 0);
  }

  private leaveViewer(): void {
    const v = this.viewer;
    if (!v) return;
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
      const p = v.position();
      s.pieces = readPlacement(p.fen);
      s.toMove = p.fen.split(" ")[1] === "b" ? "b" : "w";
      s.swapPhase = false;
      s.dests = new Map();
      s.lastMove = p.lastMove;
      s.shapes.record = p.shapes;
      s.caption = this.note;
      if (p.check) for (const [sq, pc] of s.pieces) if (pc.role === "k" && pc.color === s.toMove) s.check = sq;
    } else {
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
      v.render(this.state.orientation, v.hasFocus(this.dom.root.activeElement));
      this.dom.wrap.classList.toggle("evals", v.hasEvals && !error);
      // A game that could not be read: its error in place of the board, the chooser kept.
      for (const el of [v.top, v.bot, v.nav, v.list]) el.hidden = error;
      if (error) v.bar.el.hidden = true;
      v.head.classList.toggle("gone", !!this.hostError);
    }
  }

  destroy(): void {
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
    if (e === v.cur) return;
    this.state.instant = true;
    this.at(e);
  }

  private at(e: Entry): void {
    const v = this.viewer;
    if (!v || e === v.cur) return;
    v.cur = e;
    this.update();
    const n = e.node;
    this.say(n ? `${n.moveNumber}${n.color === "w" ? "." : "…"} ${n.san}` : "Start position");
  }

  // ---- Controller: intents from input.ts ----

  private canPlay(): boolean {
    const s = this.state;
    return s.interactive && !s.viewing && !s.prompt && !this.g.outcome();
  }

  private select(sq: Square | null): void {
    const s = this.state;
    s.reselected = sq !== null && s.selected === sq;
    s.selected = sq;
    s.castles = sq && s.pieces.get(sq)?.role === "k" && !s.swapPhase
      ? (this.verbose ??= this.g.moves({ verbose: true })).filter((m) => m.from === sq && m.castle)
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
    else if (name === "start") this.at(v.start);
    else if (name === "prev") this.at(v.cur.prev ?? v.cur);
    else if (name === "next") this.at(v.cur.next ?? v.cur);
    else if (name === "end") this.at(v.last());
    else if (name === "goto") {
      const e = v.entries[+(value ?? -1)];
      if (e) this.at(e);
    }
  }

  /** Resolves a (from, to) input with the core and acts on the answer. */
  tryMove(from: Square, to: Square): void {
    if (!this.canPlay()) return;
    const s = this.state;
    const { kind, moves, swap } = this.g.resolve(from, to);
    s.armed = true;
    if (kind === "promotion") s.prompt = { kind, to, color: s.toMove, moves };
    else if (kind === "ambiguous") s.prompt = { kind, moves };
    else if (kind === "swap") {
      const choice = swap ?? "none";
      const color = s.toMove;
      this.g.swap(choice);
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
    let played: Move;
    try {
      played = this.g.move(m.san);
    } catch {
      // As a board input: from, to, promotion.
      played = this.g.move({ from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) });
    }
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
