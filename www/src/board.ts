/**
 * The board class: wires state, input and rendering, and talks to the core.
 * Every question of legality goes to the `Game` (the wasm core): the board
 * asks `dests()` what to highlight and `resolve(from, to)` what an input means.
 */
import { bindInput, type Controller } from "./input.ts";
import { colorName } from "./pieces.ts";
import { announce, createDom, render, type Dom } from "./render.ts";
import { initialState, readPlacement, type State } from "./state.ts";
import type { Color, Game, Move, Outcome, Role, Square, SwapChoice } from "./types.ts";

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

const TITLES: Record<string, string> = {
  checkmate: "Checkmate",
  stalemate: "Stalemate",
  "threefold-repetition": "Threefold repetition",
  "fifty-moves": "Fifty-move rule",
  "insufficient-material": "Insufficient material",
  resignation: "Resignation",
  agreement: "Draw agreed",
  timeout: "Time out",
  "timeout-insufficient-material": "Time out",
};

export function describeOutcome(o: Outcome): { title: string; detail: string } {
  const title = TITLES[o.reason] ?? (o.reason.startsWith("sealed") ? "Sealed move invalid" : cap(o.reason));
  const detail = o.winner ? `${o.winner === "w" ? "White" : "Black"} wins` : "Draw";
  return { title, detail };
}

type Replayable = unknown;

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A swap choice from a history / undo entry of the swap phase, if it is one. */
function swapOf(item: Replayable): SwapChoice | null {
  if (typeof item !== "object" || item === null) return null;
  const rec = item as Record<string, unknown>;
  if (typeof rec["san"] === "string" && typeof rec["from"] === "string") return null;
  for (const k of ["swap", "choice"]) {
    const v = rec[k];
    if (v === "king" || v === "queen" || v === "none") return v;
  }
  return null;
}

function isMove(item: Replayable): item is Move {
  return typeof item === "object" && item !== null && typeof (item as Move).san === "string" &&
    typeof (item as Move).from === "string";
}

export class Board implements Controller {
  readonly element: HTMLElement;
  readonly state: State = initialState();
  private g: Game;
  private dom: Dom;
  private unbind: () => void;
  private opts: BoardOptions;
  private verbose: Move[] | null = null;
  private reported = false;
  private dismissed = false;
  private note = "";
  private tape: { items: Replayable[]; labels: string[] } | null = null;

  constructor(element: HTMLElement, opts: BoardOptions) {
    this.element = element;
    this.opts = opts;
    this.g = opts.game;
    const root = element.shadowRoot ?? element.attachShadow({ mode: "open" });
    this.dom = createDom(root);
    this.state.orientation = opts.orientation ?? "w";
    this.state.interactive = opts.interactive ?? true;
    this.state.coordinates = opts.coordinates ?? true;
    this.unbind = bindInput(this.dom, this);
    this.setGame(opts.game, opts.viewer ?? false);
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
    this.tape = null;
    this.state.viewer = null;
    if (viewer) {
      const items: Replayable[] = [];
      for (let i = 0; i < 10000; i++) {
        const u = game.undo();
        if (u === null || u === undefined || u === "") break;
        items.unshift(u);
      }
      this.tape = { items, labels: this.labels(items) };
      this.state.viewer = { ply: 0, plies: items.length, label: "" };
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
    this.verbose = null;
    s.pieces = readPlacement(g.fen());
    s.turn = g.turn();
    s.swapPhase = g.swapChoices().length > 0;
    s.selected = null;
    s.castles = [];
    s.prompt = null;
    s.hover = null;
    const outcome = g.outcome();
    s.dests = outcome || !s.interactive || s.viewer ? new Map() : g.dests();
    s.check = null;
    if (g.isCheck()) {
      for (const [sq, p] of s.pieces) if (p.role === "k" && p.color === s.turn) s.check = sq;
    }
    const side = cap(colorName(s.turn));
    s.caption = s.swapPhase
      ? `${side} chooses: king onto the ${s.turn === "w" ? "c1" : "c8"} bishop, queen onto the ${
          s.turn === "w" ? "f1" : "f8"
        } bishop, or press the king to keep.`
      : this.note;
    const h = g.history({ verbose: true });
    const last = h[h.length - 1];
    s.lastMove = isMove(last) ? this.moveSquares(last) : [];
    if (!outcome) {
      this.reported = false;
      this.dismissed = false;
    }
    s.banner = outcome && !s.viewer && !this.dismissed ? describeOutcome(outcome) : null;
    if (s.viewer && this.tape) {
      const label = this.tape.labels[s.viewer.ply - 1];
      s.viewer.label = label ?? "Start position";
      if (outcome && s.viewer.ply === s.viewer.plies) {
        const d = describeOutcome(outcome);
        s.viewer.label += ` — ${d.title}, ${d.detail.toLowerCase()}`;
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
    const v = this.state.viewer;
    const tape = this.tape;
    if (!v || !tape) return;
    const target = Math.max(0, Math.min(v.plies, n));
    while (v.ply > target) {
      this.g.undo();
      v.ply--;
    }
    while (v.ply < target) {
      const item = tape.items[v.ply];
      const choice = swapOf(item);
      if (choice) this.g.swap(choice);
      else if (isMove(item)) this.g.move(item.san);
      v.ply++;
    }
    const cur = tape.items[v.ply - 1];
    this.update();
    if (isMove(cur)) announce(this.dom, tape.labels[v.ply - 1] ?? cur.san);
  }

  private labels(items: Replayable[]): string[] {
    const fen = this.g.fen().split(" ");
    let n = Number(fen[5] ?? "1") || 1;
    return items.map((item) => {
      const choice = swapOf(item);
      if (choice) {
        const c = (item as { color?: unknown }).color;
        const who = c === "w" ? "White" : c === "b" ? "Black" : "Swap";
        return `${who}: ${choice === "none" ? "keeps the array" : `swaps ${choice} and bishop`}`;
      }
      if (!isMove(item)) return "";
      const label = item.color === "w" ? `${n}. ${item.san}` : `${n}… ${item.san}`;
      if (item.color === "b") n++;
      return label;
    });
  }

  // ---- Controller: intents from input.ts ----

  private canPlay(): boolean {
    const s = this.state;
    return s.interactive && !s.viewer && !s.prompt && this.g.outcome() === null;
  }

  private movable(sq: Square): boolean {
    return (this.state.dests.get(sq)?.length ?? 0) > 0;
  }

  private isDest(from: Square, to: Square): boolean {
    return this.state.dests.get(from)?.includes(to) ?? false;
  }

  private select(sq: Square | null): void {
    const s = this.state;
    s.reselected = sq !== null && s.selected === sq;
    s.selected = sq;
    s.castles = [];
    const p = sq ? s.pieces.get(sq) : undefined;
    if (sq && p?.role === "k" && !s.swapPhase) {
      this.verbose ??= this.g.moves({ verbose: true });
      s.castles = this.verbose.filter((m) => m.from === sq && m.castle !== undefined);
    }
  }

  down(sq: Square): boolean {
    if (!this.canPlay()) return false;
    const sel = this.state.selected;
    if (sel && sel !== sq && this.isDest(sel, sq)) {
      this.tryMove(sel, sq);
      return false;
    }
    if (this.movable(sq)) {
      this.select(sq);
      return true;
    }
    this.select(null);
    return false;
  }

  up(sq: Square): void {
    const s = this.state;
    if (sq !== s.selected || !s.reselected) return;
    if (s.swapPhase) this.tryMove(sq, sq);
    else this.select(null);
  }

  drop(from: Square, to: Square | null): void {
    if (!to) {
      this.select(null);
    } else if (to === from) {
      if (this.state.swapPhase && this.state.pieces.get(from)?.role === "k") this.tryMove(from, from);
    } else {
      this.tryMove(from, to);
    }
  }

  activate(sq: Square): void {
    if (!this.canPlay()) return;
    const sel = this.state.selected;
    if (sel === sq) {
      if (this.state.swapPhase) this.tryMove(sq, sq);
      else this.select(null);
    } else if (sel && this.isDest(sel, sq)) {
      this.tryMove(sel, sq);
    } else {
      this.select(this.movable(sq) ? sq : null);
    }
  }

  cancel(): void {
    const s = this.state;
    if (s.prompt) s.prompt = null;
    else if (s.banner) {
      s.banner = null;
      this.dismissed = true;
    }
    this.select(null);
    s.drag = null;
    s.hover = null;
    this.redraw();
  }

  promote(role: Role): void {
    const p = this.state.prompt;
    if (p?.kind !== "promotion") return;
    const m = p.moves.find((x) => x.promotion === role);
    this.state.prompt = null;
    if (m) this.play(m);
    else this.redraw();
  }

  choose(index: number): void {
    const p = this.state.prompt;
    if (p?.kind !== "ambiguous") return;
    const m = p.moves[index];
    this.state.prompt = null;
    if (m) this.play(m);
    else this.redraw();
  }

  action(name: string): void {
    const v = this.state.viewer;
    if (name === "cancel" || name === "dismiss") this.cancel();
    else if (v && name === "start") this.goto(0);
    else if (v && name === "prev") this.goto(v.ply - 1);
    else if (v && name === "next") this.goto(v.ply + 1);
    else if (v && name === "end") this.goto(v.plies);
  }

  /** Resolves a (from, to) input with the core and acts on the answer. */
  tryMove(from: Square, to: Square): void {
    if (!this.canPlay()) return;
    const r = this.g.resolve(from, to);
    const s = this.state;
    switch (r.kind) {
      case "move":
      case "castle": {
        const m = r.moves[0];
        if (m) this.play(m);
        return;
      }
      case "promotion":
        s.prompt = { kind: "promotion", to, color: s.pieces.get(from)?.color ?? s.turn, moves: r.moves };
        s.selected = from;
        s.castles = [];
        return;
      case "ambiguous":
        s.prompt = { kind: "ambiguous", moves: r.moves };
        return;
      case "swap":
        this.doSwap(r.swap ?? "none");
        return;
      default:
        this.select(this.movable(to) && to !== from ? to : null);
    }
  }

  private moveSquares(m: Move): Square[] {
    const sqs = [m.from, m.to];
    if (m.castle && m.rookFrom && m.rookTo) sqs.push(m.rookFrom, m.rookTo);
    return sqs;
  }

  private doSwap(choice: SwapChoice): void {
    const color = this.g.turn();
    this.g.swap(choice);
    this.update();
    const who = cap(colorName(color));
    announce(
      this.dom,
      choice === "none" ? `${who} keeps the array` : `${who} swaps the ${choice} with the bishop`,
    );
    this.emit("swap", { color, choice } satisfies SwapDetail);
  }

  private play(m: Move): void {
    let played: Move;
    try {
      played = this.g.move(m.san);
    } catch {
      played = this.g.move({ from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) });
    }
    this.update();
    announce(this.dom, `${cap(colorName(played.color))}: ${played.san}`);
    this.opts.onMove?.(played);
    this.emit("move", played);
    const o = this.g.outcome();
    if (o && !this.reported) {
      this.reported = true;
      const d = describeOutcome(o);
      announce(this.dom, `${cap(colorName(played.color))}: ${played.san}. ${d.title}. ${d.detail}.`);
      this.opts.onGameOver?.(o);
      this.emit("gameover", o);
    }
  }

  private emit(type: string, detail: unknown): void {
    this.element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
