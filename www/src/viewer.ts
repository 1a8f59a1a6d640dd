/**
 * The PGN viewer's parts around the board: the game's header (event, date, a chooser
 * when the PGN holds several games), the players with titles, ratings, result and
 * clocks, the move list (numbers, NAG glyphs, comments, variations, every move a
 * button) and the step buttons. It reads a `PgnGame` (TREE.md); the board shows the
 * position of the entry it points at.
 */
import { button, h } from "./dom.ts";
import { JUDGMENTS, fromPgnEval, type PlyEval } from "./evals.ts";
import { EvalBar, EvalGraph } from "./graph.ts";
import { icon, type IconName } from "./icons.ts";
import { NAGS, nagText, type PgnGame, type PgnNode } from "./pgn-source.ts";
import { Tools } from "./tools.ts";
import type { Color, Move, Shape } from "./types.ts";

/** A place in the record: the start, or a move of the mainline or of a variation. */
export interface Entry {
  id: number;
  node: PgnNode | null;
  /** The entry before this one on its line (for a variation's first move: the move it branches after). */
  prev: Entry | null;
  /** The next move on the same line. */
  next: Entry | null;
  main: boolean;
  el: HTMLButtonElement | null;
}

const NAV: Array<[string, IconName, string]> = [
  ["start", "first", "Go to the start"],
  ["prev", "prev", "Previous move"],
  ["next", "next", "Next move"],
  ["end", "last", "Go to the end"],
  ["flip", "flip", "Flip the board"],
];

const RESULTS: Record<string, string> = { "1-0": "White wins", "0-1": "Black wins", "1/2-1/2": "Draw" };

/** The side's score in a result: "1", "0", "½", or "" while unknown. */
function score(result: string, color: Color): string {
  if (result === "1/2-1/2") return "½";
  if (result === "1-0" || result === "0-1") return (result === "1-0") === (color === "w") ? "1" : "0";
  return "";
}

/** Seconds as a chess clock shows them: 1:02:03, 12:05, 0:09.4. */
export function clockText(sec: number): string {
  const t = Math.max(0, sec);
  const h = Math.floor(t / 3600);
  const m = Math.floor(t / 60) % 60;
  const s = t % 60;
  const ss = t < 10 ? s.toFixed(1).padStart(4, "0") : String(Math.floor(s)).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** "2018.02.13" → "13 Feb 2018"; partial dates as far as known. */
function dateText(d: string): string {
  const [y, m, day] = d.split(".");
  if (!y || !/^\d{4}$/.test(y)) return "";
  const months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
  const month = months[+(m ?? "") - 1];
  if (!month) return y;
  return /^\d+$/.test(day ?? "") ? `${+(day ?? 0)} ${month} ${y}` : `${month} ${y}`;
}

const known = (v: string | undefined): v is string => !!v && v !== "?" && v !== "-" && !/^\?+$/.test(v);

export class Viewer {
  tree: PgnGame;
  entries: Entry[] = [];
  start: Entry;
  cur: Entry;
  readonly head = h("div", { class: "head" });
  private readonly event = h("div", { class: "event" });
  private readonly picker = h("select", { "aria-label": "Game" });
  readonly top = h("div", { class: "player top" });
  readonly bot = h("div", { class: "player bot" });
  readonly nav = h("div", { class: "nav", role: "group", "aria-label": "Moves" });
  readonly list = h("div", { class: "list" });
  readonly scroll = h("div", { class: "scroll", role: "region", "aria-label": "Moves", tabindex: 0 });
  /** Scores per mainline ply (index = ply), from the record's [%eval] or the engine's review. */
  evals: Array<PlyEval | undefined> = [];
  /** Whether `evals` came from the engine (its judgments and best moves with them). */
  analysed = false;
  readonly graph: EvalGraph;
  readonly bar = new EvalBar();
  readonly tools = new Tools();
  /** What the line the reader tries added to the move list (taken out again by hideTrial). */
  private trialParts: Element[] = [];
  /** The column under or beside the board: the graph, the tools, the move list. */
  readonly column = h("div", { class: "lcol" });
  private clocks = false;

  constructor(wrap: HTMLElement, tree: PgnGame, onPick: (index: number) => void, onPly: (ply: number) => void) {
    this.head.append(this.event, this.picker);
    this.picker.addEventListener("change", () => onPick(this.picker.selectedIndex));
    for (const [action, name, label] of NAV) this.nav.append(button({ "data-action": action, "aria-label": label, title: label }, icon(name)));
    this.graph = new EvalGraph(onPly);
    this.column.append(this.graph.el, this.tools.el, this.scroll);
    this.list.append(this.column);
    wrap.classList.add("viewer");
    wrap.append(this.head, this.top, this.bar.el, this.bot, this.nav, this.list);
    this.tree = tree;
    this.start = this.cur = this.load(tree);
  }

  /** The parts the viewer adds to the board's grid, to take away when it leaves. */
  get parts(): HTMLElement[] {
    return [this.head, this.top, this.bot, this.nav, this.list, this.bar.el];
  }

  /** Whether there is anything to draw in the graph and the bar. */
  get hasEvals(): boolean {
    return this.evals.some(Boolean);
  }

  /** The engine's review of the mainline (null: back to the record's own [%eval]). */
  setReview(review: ReadonlyArray<PlyEval & { ply: number }> | null): void {
    this.evals = [];
    if (review) for (const r of review) this.evals[r.ply] = r;
    else {
      for (const n of this.tree.moves) {
        const score = fromPgnEval(n.eval);
        if (score) this.evals[n.ply] = { score, depth: n.eval?.depth };
      }
    }
    this.analysed = !!review;
    for (const e of this.entries) if (e.main && e.el) this.judge(e);
  }

  /** Marks a mainline move with the engine's judgment (its glyph when the annotator gave none). */
  private judge(e: Entry): void {
    const b = e.el as HTMLButtonElement;
    const node = e.node as PgnNode;
    const j = this.evals[node.ply]?.judgment;
    b.querySelector(".jg")?.remove();
    if (!j) {
      delete b.dataset["judgment"];
      b.title = b.dataset["nags"] ?? "";
      return;
    }
    b.dataset["judgment"] = j;
    const best = this.evals[node.ply]?.best;
    b.title = [b.dataset["nags"], `${JUDGMENTS[j].name}${best ? `: best was ${best.san}` : ""}`].filter(Boolean).join(", ");
    if (!node.nags.some((n) => n >= 1 && n <= 6)) b.querySelector(".san")?.after(h("span", { class: "jg" }, JUDGMENTS[j].glyph));
  }

  /**
   * Shows the line the reader tries (`moves`, the current one `at`: 0 for none yet) as a
   * side line after `branch`, in place in the move list: `[data-trial]`, its moves buttons
   * with `data-try` (1 for its first move).
   */
  showTrial(branch: Entry, moves: Move[], at: number): void {
    this.hideTrial();
    const box = h("div", { class: "var try", "data-trial": "", role: "group", "aria-label": "Your moves (not part of the game)" });
    box.append(h("span", { class: "tlabel" }, "Your line: "));
    let number = true;
    moves.forEach((m, i) => {
      const n = m.before.split(" ")[5] ?? "";
      const num = m.color === "w" ? `${n}. ` : number ? `${n}… ` : "";
      number = false;
      const b = button({ class: "vm", "data-try": i + 1, tabindex: -1 }, num + m.san);
      if (i + 1 === at) b.setAttribute("aria-current", "true");
      box.append(b, " ");
    });
    if (!moves.length) box.append(h("span", { class: "cmt" }, "play a move on the board"));
    this.trialParts = insertAfter(branch, box, this.scroll.querySelector(".moves"));
    const cur = box.querySelector<HTMLElement>('[aria-current="true"]') ?? box;
    this.scroll.scrollTop = Math.max(0, cur.offsetTop - this.scroll.clientHeight / 2);
  }

  hideTrial(): void {
    for (const el of this.trialParts) el.remove();
    this.trialParts = [];
  }

  /** The mainline ply the shown position belongs to: a variation's, the one it branches from. */
  mainPly(): number {
    let e: Entry | null = this.cur;
    while (e && !e.main) e = e.prev;
    return e?.node?.ply ?? 0;
  }

  /** "12. Nf3", "12… Nf6", or "Start" for ply 0 of the mainline. */
  plyName(ply: number): string {
    const n = this.tree.moves[ply - 1];
    return n ? `${n.moveNumber}${n.color === "w" ? "." : "…"} ${n.san}` : "Start";
  }

  /** Offers the games of a PGN file (labels in order); hidden for a single game. */
  setGames(labels: string[], chosen: number): void {
    this.picker.hidden = labels.length < 2;
    this.picker.replaceChildren(...labels.map((l) => h("option", {}, l)));
    this.picker.selectedIndex = chosen;
  }

  /** Reads a record: builds the entries and the move list; returns the start entry. */
  load(tree: PgnGame): Entry {
    this.tree = tree;
    this.entries = [];
    const start = this.entry(null, null, true);
    this.start = this.cur = start;
    this.clocks = false;
    const moves = h("div", { class: "moves" });
    const intro = tree.comments.length ? h("div", { class: "intro" }, ...tree.comments.map((c) => comment(c))) : null;
    this.mainline(tree.moves, start, moves);
    const r = tree.result;
    if (RESULTS[r]) moves.append(h("div", { class: "result" }, r.replace("1/2", "½"), h("span", {}, RESULTS[r])));
    this.scroll.replaceChildren(...(intro ? [intro] : []), moves);
    this.scroll.scrollTop = 0;
    const hd = tree.headers;
    const site = hd["Site"];
    const siteUrl = site && /^https?:\/\/[^\s"]+$/.test(site) ? site : "";
    const parts = [
      hd["Event"], known(hd["Round"]) ? `round ${hd["Round"]}` : "",
      siteUrl ? "" : hd["Site"], dateText(hd["Date"] ?? ""),
    ].filter(known);
    this.event.replaceChildren(parts.join(" · "));
    if (siteUrl) {
      const a = h("a", { href: siteUrl, rel: "noopener nofollow", target: "_blank" }, new URL(siteUrl).hostname);
      this.event.append(parts.length ? " · " : "", a);
    }
    this.head.hidden = !parts.length && !siteUrl && this.picker.hidden;
    const who = [hd["White"], hd["Black"]].filter(known).join(" – ");
    this.scroll.setAttribute("aria-label", who ? `Moves, ${who}` : "Moves");
    this.setReview(null);
    return start;
  }

  private entry(node: PgnNode | null, prev: Entry | null, main: boolean): Entry {
    const e: Entry = { id: this.entries.length, node, prev, next: null, main, el: null };
    if (node?.clock !== undefined) this.clocks = true;
    this.entries.push(e);
    return e;
  }

  /** The mainline as rows "n. white black", broken by comments and variations. */
  private mainline(line: PgnNode[], start: Entry, grid: HTMLElement): void {
    let prev = start;
    let needNumber = true;
    for (const node of line) {
      if (node.startingComments.length) {
        if (!needNumber) grid.append(h("span", { class: "m none" }));
        grid.append(h("div", { class: "int" }, ...node.startingComments.map((c) => comment(c))));
        needNumber = true;
      }
      const e = this.entry(node, prev, true);
      prev.next = e;
      if (node.color === "w" || needNumber) {
        grid.append(h("span", { class: "num" }, `${node.moveNumber}`));
        if (node.color === "b") grid.append(h("span", { class: "m none" }, "…"));
      }
      const b = this.moveButton(e, "m", "");
      b.dataset["ply"] = String(node.ply);
      grid.append(b);
      needNumber = node.color === "b";
      if (node.comments.length || node.variations.length) {
        if (node.color === "w") grid.append(h("span", { class: "m none" }));
        const block = h("div", { class: "int" }, ...node.comments.map((c) => comment(c)));
        for (const v of node.variations) block.append(this.variation(v, prev));
        grid.append(block);
        needNumber = true;
      }
      prev = e;
    }
  }

  /** A variation as running text: "4. d3 Nc6 (4... a6) 5. c3". */
  private variation(line: PgnNode[], before: Entry): HTMLElement {
    const box = h("div", { class: "var", "data-variation": "" });
    let prev = before;
    let number = true;
    line.forEach((node, i) => {
      for (const c of node.startingComments) box.append(comment(c, true));
      const e = this.entry(node, prev, false);
      if (i > 0) prev.next = e;
      const num = node.color === "w" ? `${node.moveNumber}. ` : number ? `${node.moveNumber}… ` : "";
      box.append(this.moveButton(e, "vm", num), " ");
      for (const c of node.comments) box.append(comment(c, true), " ");
      for (const v of node.variations) box.append(this.variation(v, prev));
      number = node.comments.length > 0 || node.variations.length > 0;
      prev = e;
    });
    return box;
  }

  private moveButton(e: Entry, cls: string, num: string): HTMLButtonElement {
    const node = e.node as PgnNode;
    const judge = node.nags.find((n) => n >= 1 && n <= 6);
    const kind = judge === undefined ? undefined : ["", "good", "bad", "good", "bad", "interesting", "dubious"][judge];
    const [assessment, other] = nagText(node.nags);
    const title = node.nags.map((n) => NAGS[n]?.[1]).filter(Boolean).join(", ") || undefined;
    const b = button(
      { class: cls, "data-node": e.id, "data-judge": kind, tabindex: -1, title, "data-nags": title },
      h("span", { class: "san" }, num + node.san + assessment),
      other && h("span", { class: "nag" }, other),
    );
    e.el = b;
    return b;
  }

  /** The mainline entry of ply `n` (0: the start), clamped to the record. */
  byPly(n: number): Entry {
    let e = this.start;
    for (let i = 0; i < n && e.next; i++) e = e.next;
    return e;
  }

  last(): Entry {
    let e = this.cur;
    while (e.next) e = e.next;
    return e;
  }

  /** The position to show for the current entry. */
  position(): { fen: string; lastMove: string[]; shapes: Shape[]; check: boolean } {
    const n = this.cur.node;
    const src = n ?? this.tree;
    const shapes: Shape[] = [
      ...src.circles.map((c) => ({ from: c.square, color: c.color })),
      ...src.arrows.map((a) => ({ from: a.from, to: a.to, color: a.color })),
    ];
    // The engine's best move where it judged the move played: from the position before it.
    const e = n && this.cur.main ? this.evals[n.ply] : undefined;
    if (e?.judgment && e.best && e.best.uci.length >= 4) {
      shapes.push({ from: e.best.uci.slice(0, 2), to: e.best.uci.slice(2, 4), color: "blue" });
    }
    return {
      fen: n ? n.fen : this.tree.startFen,
      lastMove: n ? [n.from, n.to] : [],
      shapes,
      check: !!n && /[+#]$/.test(n.san),
    };
  }

  /**
   * Redraws what depends on the current entry and the orientation; `trial` is where the
   * reader is in a line of their own (no entry of the record is current then), `complete`
   * false while a review is still filling the evaluations in.
   */
  render(orientation: Color, listFocused: boolean, trial: { at: number; length: number } | null, complete: boolean): void {
    const hd = this.tree.headers;
    const result = this.tree.result;
    for (const [row, color] of [[this.top, orientation === "w" ? "b" : "w"], [this.bot, orientation]] as const) {
      const side = color === "w" ? "White" : "Black";
      const name = hd[side];
      const title = hd[`${side}Title`];
      const elo = hd[`${side}Elo`];
      const sc = score(result, color);
      const clock = this.clock(color);
      row.dataset["player"] = color === "w" ? "white" : "black";
      row.replaceChildren(...[
        h("span", { class: `pip ${color}`, "aria-hidden": "true" }),
        known(title) ? h("span", { class: "ptitle" }, title) : null,
        h("span", { class: "pname" }, known(name) ? name : side),
        known(elo) ? h("span", { class: "elo" }, `(${elo})`) : null,
        sc ? h("span", { class: "score"}, sc) : null,
        clock === null ? null : h("span", { class: "clock"}, clockText(clock)),
      ].filter((e) => e !== null));
    }
    for (const e of this.entries) {
      if (!e.el) continue;
      const on = e === this.cur && !trial;
      if (on) e.el.setAttribute("aria-current", "true");
      else e.el.removeAttribute("aria-current");
      e.el.tabIndex = on ? 0 : -1;
    }
    const evals = this.hasEvals;
    this.graph.el.hidden = this.bar.el.hidden = !evals;
    if (evals) {
      const ply = this.mainPly();
      this.graph.render(this.evals, this.tree.moves.length, ply, (p) => this.plyName(p), complete);
      this.bar.render(this.cur.main && !trial ? this.evals[ply] : undefined, orientation);
    }
    const atStart = trial ? trial.at === 0 : this.cur === this.start;
    const atEnd = trial ? trial.at === trial.length : !this.cur.next;
    this.nav.querySelectorAll<HTMLButtonElement>("button").forEach((b) => {
      const a = b.dataset["action"];
      b.setAttribute("aria-disabled", String(a === "start" || a === "prev" ? atStart : a === "flip" ? false : atEnd));
    });
    const el = this.cur.el;
    if (trial) {
      /* the tried line keeps itself in view (showTrial) */
    } else if (el) {
      // Keep the current move in view: the list scrolls, never the page.
      const top = el.offsetTop - this.scroll.clientHeight / 2 + el.offsetHeight / 2;
      this.scroll.scrollTop = Math.max(0, top);
      if (listFocused) el.focus({ preventScroll: true });
    } else if (atStart) this.scroll.scrollTop = 0;
  }

  /** `color`'s clock at the current entry: after its last move on the way here. */
  private clock(color: Color): number | null {
    if (!this.clocks) return null;
    for (let e: Entry | null = this.cur; e; e = e.prev) {
      if (e.node?.color === color && e.node.clock !== undefined) return e.node.clock;
    }
    // Before the side's first move: its first clock of the mainline.
    for (let e: Entry | null = this.start.next; e; e = e.next) {
      if (e.node?.color === color && e.node.clock !== undefined) return e.node.clock;
    }
    return null;
  }

  /** Whether the keyboard is in the move list (so the focus follows the current move). */
  hasFocus(active: Element | null): boolean {
    return !!active && this.scroll.contains(active);
  }
}

/**
 * Puts `box` into the move list right after `branch` (after its comments and variations)
 * and returns what it added. In the mainline's grid a box after White's move breaks the
 * row: a filler before it, and Black's move then starts a row of its own ("5 … Nf6").
 */
function insertAfter(branch: Entry, box: HTMLElement, grid: Element | null): Element[] {
  const b = branch.el;
  const added: Element[] = [box];
  if (!b) {
    grid?.prepend(box);
    return added;
  }
  if (!branch.main) {
    b.after(box);
    return added;
  }
  box.classList.add("int");
  let at: Element = b;
  const white = branch.node?.color === "w";
  if (white && !at.nextElementSibling?.matches(".m.none")) {
    const filler = h("span", { class: "m none" });
    at.after(filler);
    added.push(filler);
  }
  if (white) at = at.nextElementSibling as Element;
  while (at.nextElementSibling?.matches(".int")) at = at.nextElementSibling;
  at.after(box);
  const next = box.nextElementSibling;
  if (white && next?.matches("button.m")) {
    const num = h("span", { class: "num" }, String(branch.node?.moveNumber ?? ""));
    const dots = h("span", { class: "m none" }, "…");
    next.before(num, dots);
    added.push(num, dots);
  }
  return added;
}

function comment(text: string, inline = false): HTMLElement {
  return h(inline ? "span" : "p", { class: "cmt", "data-comment": "" }, text);
}
