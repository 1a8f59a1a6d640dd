/**
 * The board class: wires state, input and rendering, and talks to the core.
 * Every question of legality goes to the `Game` (the wasm core): the board
 * asks `dests()` what to highlight and `resolve(from, to)` what an input means.
 */
// Data, drawings, view, input: also the bundle's module order, which gzips smallest so.
import { readPlacement, type State } from "./state.ts";
import { colorName } from "./pieces.ts";
import { createDom, render, type Dom } from "./render.ts";
import { bindInput, type Controller } from "./input.ts";
import type { Color, Game, Move, Outcome, Square, SwapChoice, SwapRecord } from "./types.ts";

export interface BoardOptions {
  /** The game to show; the board plays its moves on it. */
  game: Game;
  orientation?: Color;
  interactive?: boolean;
  coordinates?: boolean;
  /** View a finished game: step through it instead of playing. */
  viewer?: boolean;
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
        : TITLES[r] ?? cap(r.replace("-", " ")),
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

export class Board implements Controller {
  readonly element: HTMLElement;
  readonly state: State;
  private g: Game;
  private dom: Dom;
  private unbind: () => void;
  private opts: BoardOptions;
  private verbose: Move[] | null = null;
  private reported = false;
  private dismissed = false;
  private note = "";

  constructor(element: HTMLElement, opts: BoardOptions) {
    this.element = element;
    this.opts = opts;
    this.g = opts.game;
    this.dom = createDom(element.shadowRoot ?? element.attachShadow({ mode: "open" }));
    // The board's own settings; setGame() below fills in the viewer tape and,
    // through update(), everything the core decides (pieces, side to move,
    // destinations, highlights, texts) before anything reads them.
    this.state = {
      orientation: opts.orientation ?? "w",
      interactive: opts.interactive ?? true,
      coords: opts.coordinates ?? true,
      tabStop: "e2",
      drag: null,
      reselected: false,
    } as State;
    this.unbind = bindInput(this.dom, this);
    this.setGame(opts.game, opts.viewer);
  }

  /** The game on the board (a `Chess` instance). */
  get game(): Game {
    return this.g;
  }

  get fen(): string {
    return this.g.fen();
  }

  get orientation(): Color {
    return this.state.orientation;
  }

  /** Shows another game; `viewer` steps through its moves instead of playing. */
  setGame(game: Game, viewer = false): void {
    this.g = game;
    this.note = "";
    this.state.tape = null;
    if (viewer) {
      const items: Array<Move | SwapRecord> = [];
      for (let u; (u = game.undo()); ) items.unshift(u);
      this.state.tape = { items, labels: this.labels(items), ply: 0, label: "" };
    }
    this.reported = game.outcome() !== null;
    this.dismissed = false;
    this.update();
  }

  /** A line of text under the board (e.g. why a PGN could not be shown); "" hides it. */
  notice(text: string): void {
    this.note = text;
    this.update();
  }

  setOrientation(color: Color): void {
    this.state.orientation = color;
    this.redraw();
  }

  flip(): void {
    this.setOrientation(this.state.orientation === "w" ? "b" : "w");
  }

  setInteractive(on: boolean): void {
    this.state.interactive = on;
    this.update();
  }

  /** Re-reads the core after changes made outside the board (undo, API moves). */
  update(): void {
    const s = this.state;
    const g = this.g;
    const outcome = g.outcome();
    const v = s.tape;
    this.verbose = null;
    s.pieces = readPlacement(g.fen());
    s.toMove = g.turn();
    s.swapPhase = g.swapChoices().length > 0;
    s.selected = s.prompt = s.hover = s.check = null;
    s.castles = [];
    s.dests = outcome || !s.interactive || v ? new Map() : g.dests();
    if (g.isCheck()) {
      for (const [sq, p] of s.pieces) if (p.role === "k" && p.color === s.toMove) s.check = sq;
    }
    const rank = s.toMove === "w" ? 1 : 8;
    s.caption = s.swapPhase
      ? `${side(s.toMove)} chooses: king onto the c${rank} bishop, queen onto the f${rank} bishop, or press the king to keep.`
      : this.note;
    const last = g.history({ verbose: true }).at(-1);
    s.lastMove = isMove(last) ? [last.from, last.to, last.rookFrom, last.rookTo] : [];
    if (!outcome) this.reported = this.dismissed = false;
    s.banner = outcome && !v && !this.dismissed ? describeOutcome(outcome) : null;
    if (v) {
      v.label = v.labels[v.ply - 1] ?? "Start position";
      if (outcome && v.ply === v.items.length) {
        const d = describeOutcome(outcome);
        v.label += ` — ${d.title}, ${d.detail.toLowerCase()}`;
      }
    }
    this.redraw();
  }

  redraw(): void {
    render(this.state, this.dom);
  }

  destroy(): void {
    this.unbind();
    this.dom.root.innerHTML = "";
  }

  // ---- PGN viewer ----

  /** Moves the viewer to ply `n` (0 = start position). */
  goto(n: number): void {
    const v = this.state.tape;
    if (!v) return;
    const target = Math.max(0, Math.min(v.items.length, n));
    for (; v.ply > target; v.ply--) this.g.undo();
    for (; v.ply < target; v.ply++) {
      const item = v.items[v.ply];
      if (isMove(item)) this.g.move(item.san);
      else if (item) this.g.swap(item.swap);
    }
    this.update();
    if (isMove(v.items[target - 1])) this.say(v.labels[target - 1] ?? "");
  }

  private labels(items: Array<Move | SwapRecord>): string[] {
    let n = +(this.g.fen().split(" ")[5] ?? 1) || 1;
    return items.map((item) => {
      if (!isMove(item)) {
        return `${side(item.color)}: ${item.swap === "none" ? "keeps the array" : `swaps ${item.swap} and bishop`}`;
      }
      const label = `${n}${item.color === "w" ? "." : "…"} ${item.san}`;
      if (item.color === "b") n++;
      return label;
    });
  }

  // ---- Controller: intents from input.ts ----

  private canPlay(): boolean {
    const s = this.state;
    return s.interactive && !s.tape && !s.prompt && !this.g.outcome();
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
    if (s.prompt) s.prompt = null;
    else if (s.banner) {
      s.banner = null;
      this.dismissed = true;
    }
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

  action(name: string): void {
    const v = this.state.tape;
    const steps: Record<string, number> = v ? { start: 0, prev: v.ply - 1, next: v.ply + 1, end: v.items.length } : {};
    const to = steps[name];
    if (to !== undefined) this.goto(to);
    else if (name === "cancel" || name === "dismiss") this.cancel();
  }

  /** Resolves a (from, to) input with the core and acts on the answer. */
  tryMove(from: Square, to: Square): void {
    if (!this.canPlay()) return;
    const s = this.state;
    const { kind, moves, swap } = this.g.resolve(from, to);
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
      played = this.g.move(m); // as a board input: from, to, promotion
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

  private emit(type: string, detail: unknown): void {
    this.element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
