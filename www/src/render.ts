/** State → DOM. Builds the shadow tree once, then patches what changed. */
import { colorName, pieceSvg, roleName } from "./pieces.ts";
import { FILES, coords, squareName, type State } from "./state.ts";
import { styleRoot } from "./style.ts";
import type { Square } from "./types.ts";

export interface Dom {
  root: ShadowRoot;
  board: HTMLElement;
  rows: HTMLElement[];
  squares: Map<Square, HTMLElement>;
  drag: HTMLElement;
  overlay: HTMLElement;
  bar: HTMLElement;
  caption: HTMLElement;
  nav: HTMLElement;
  live: HTMLElement;
  /** Last markup / classes / label written per square. */
  memo: Map<Square, string>;
  orientation: string;
  overlayKey: string;
  dragKey: string;
}

function el(tag: string, cls: string, parent?: Node): HTMLElement {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  parent?.appendChild(e);
  return e;
}

export function createDom(root: ShadowRoot): Dom {
  root.innerHTML = "";
  styleRoot(root);
  const wrap = el("div", "wrap", root);
  const board = el("div", "board", wrap);
  board.setAttribute("role", "grid");
  board.setAttribute("aria-label", "Chess board");
  const rows: HTMLElement[] = [];
  for (let i = 0; i < 8; i++) {
    const row = el("div", "row", board);
    row.setAttribute("role", "row");
    rows.push(row);
  }
  const squares = new Map<Square, HTMLElement>();
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) {
      const name = squareName(f, r);
      const sq = el("div", "sq");
      sq.dataset["square"] = name;
      sq.setAttribute("role", "gridcell");
      sq.tabIndex = -1;
      squares.set(name, sq);
    }
  }
  const drag = el("div", "drag", board);
  drag.hidden = true;
  const overlay = el("div", "ov", board);
  overlay.hidden = true;
  const bar = el("div", "bar", wrap);
  const caption = el("div", "cap", bar);
  const nav = el("div", "nav", bar);
  for (const [action, text, label] of [
    ["start", "⏮", "First position"],
    ["prev", "◀", "Previous move"],
    ["next", "▶", "Next move"],
    ["end", "⏭", "Last position"],
  ] as const) {
    const b = el("button", "", nav) as HTMLButtonElement;
    b.type = "button";
    b.dataset["action"] = action;
    b.textContent = text;
    b.setAttribute("aria-label", label);
  }
  const live = el("div", "sr", wrap);
  live.setAttribute("aria-live", "polite");
  live.setAttribute("role", "status");
  return {
    root, board, rows, squares, drag, overlay, bar, caption, nav, live,
    memo: new Map(), orientation: "", overlayKey: "", dragKey: "",
  };
}

/** Visual (column, row) of a square, row 0 at the top. */
export function visual(sq: Square, orientation: string): [number, number] {
  const [f, r] = coords(sq);
  return orientation === "w" ? [f, 7 - r] : [7 - f, r];
}

function placeSquares(s: State, dom: Dom): void {
  dom.memo.clear();
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const f = s.orientation === "w" ? col : 7 - col;
      const r = s.orientation === "w" ? 7 - row : row;
      const sq = dom.squares.get(squareName(f, r));
      if (sq) dom.rows[row]?.appendChild(sq);
    }
  }
  dom.orientation = s.orientation;
}

export function squareLabel(s: State, sq: Square): string {
  const p = s.pieces.get(sq);
  let label = p ? `${colorName(p.color)} ${roleName(p.role)} on ${sq}` : sq;
  if (s.selected === sq) label += ", selected";
  else if (s.selected && s.dests.get(s.selected)?.includes(sq)) label += ", legal move";
  if (s.check === sq) label += ", in check";
  return label;
}

export function render(s: State, dom: Dom): void {
  if (dom.orientation !== s.orientation) placeSquares(s, dom);
  const dests = s.selected ? s.dests.get(s.selected) ?? [] : [];
  const castleInputs = new Set<Square>();
  const previews = new Map<Square, boolean>();
  for (const m of s.castles) {
    castleInputs.add(m.to);
    if (m.rookFrom) castleInputs.add(m.rookFrom);
    if (m.rookTo) {
      const on = s.hover !== null && (s.hover === m.to || s.hover === m.rookFrom);
      previews.set(m.rookTo, on || previews.get(m.rookTo) === true);
    }
  }
  const kingColor = s.selected ? s.pieces.get(s.selected)?.color ?? "w" : "w";
  for (const [name, sq] of dom.squares) {
    const [f, r] = coords(name);
    const [col, row] = visual(name, s.orientation);
    const piece = s.pieces.get(name);
    const dest = dests.includes(name);
    const cls = ["sq"];
    if ((f + r) % 2 === 0) cls.push("dk");
    if (s.lastMove.includes(name)) cls.push("last");
    if (s.selected === name) cls.push("sel");
    if (s.check === name) cls.push("chk");
    if (dest) cls.push("dest");
    if (dest && piece) cls.push("occ");
    if (dest && castleInputs.has(name)) cls.push("castle");
    if (dest && s.hover === name) cls.push("hov");
    if (s.drag?.active && s.drag.from === name) cls.push("ghost");
    let html = "";
    if (s.coordinates && col === 0) html += `<span class="cr">${r + 1}</span>`;
    if (s.coordinates && row === 7) html += `<span class="cf">${FILES.charAt(f)}</span>`;
    const prev = previews.get(name);
    if (prev !== undefined) {
      html += `<div class="prev${prev ? " on" : ""}">${pieceSvg(kingColor, "r")}</div>`;
    }
    if (piece) html += pieceSvg(piece.color, piece.role);
    const className = cls.join(" ");
    const label = squareLabel(s, name);
    const tab = s.focus === name ? "0" : "-1";
    const key = className + "|" + label + "|" + tab + "|" + html;
    if (dom.memo.get(name) === key) continue;
    dom.memo.set(name, key);
    sq.className = className;
    sq.innerHTML = html;
    sq.setAttribute("aria-label", label);
    sq.setAttribute("aria-selected", String(s.selected === name));
    sq.tabIndex = s.focus === name ? 0 : -1;
  }
  renderDrag(s, dom);
  renderOverlay(s, dom);
  renderBar(s, dom);
}

function renderDrag(s: State, dom: Dom): void {
  const d = s.drag;
  const piece = d?.active ? s.pieces.get(d.from) : undefined;
  if (!d || !piece) {
    dom.drag.hidden = true;
    dom.dragKey = "";
    return;
  }
  const key = piece.color + piece.role;
  if (dom.dragKey !== key) {
    dom.drag.innerHTML = pieceSvg(piece.color, piece.role);
    dom.dragKey = key;
  }
  dom.drag.hidden = false;
  const size = dom.board.clientWidth / 8;
  dom.drag.style.transform = `translate(${d.x - size / 2}px,${d.y - size / 2}px)`;
}

function renderOverlay(s: State, dom: Dom): void {
  const p = s.prompt;
  const key = p
    ? p.kind + p.moves.map((m) => m.san).join() + s.orientation
    : s.banner
      ? "end" + s.banner.title + s.banner.detail
      : "";
  if (key === dom.overlayKey) return;
  dom.overlayKey = key;
  const ov = dom.overlay;
  ov.innerHTML = "";
  ov.hidden = key === "";
  ov.className = "ov";
  if (p?.kind === "promotion") {
    const [col, row] = visual(p.to, s.orientation);
    const down = row === 0;
    ov.setAttribute("role", "dialog");
    ov.setAttribute("aria-label", "Choose a piece to promote to");
    (["q", "r", "b", "n"] as const).forEach((role, i) => {
      const b = el("button", "pick", ov) as HTMLButtonElement;
      b.type = "button";
      b.dataset["promotion"] = role;
      b.setAttribute("aria-label", `Promote to ${roleName(role)}`);
      b.style.gridArea = `${(down ? i : 7 - i) + 1}/${col + 1}`;
      b.innerHTML = pieceSvg(p.color, role);
    });
    (ov.querySelector("button") as HTMLButtonElement | null)?.focus();
  } else if (p?.kind === "ambiguous") {
    ov.setAttribute("role", "dialog");
    ov.setAttribute("aria-label", "Castle or move the king");
    const card = el("div", "card", ov);
    el("h2", "", card).textContent = "Castle?";
    el("p", "", card).textContent = "This king move can also castle.";
    p.moves.forEach((m, i) => {
      const b = el("button", m.castle ? "main" : "", card) as HTMLButtonElement;
      b.type = "button";
      b.dataset["choice"] = m.castle ? "castle" : "move";
      b.dataset["index"] = String(i);
      b.textContent = m.castle ? `Castle ${m.san.replace(/[+#]$/, "")}` : `King to ${m.to}`;
    });
    const c = el("button", "", card) as HTMLButtonElement;
    c.type = "button";
    c.dataset["action"] = "cancel";
    c.textContent = "Cancel";
    (card.querySelector("button.main") as HTMLButtonElement | null)?.focus();
  } else if (s.banner) {
    ov.className = "ov end";
    ov.setAttribute("role", "alert");
    ov.removeAttribute("aria-label");
    const card = el("div", "card banner", ov);
    el("h2", "", card).textContent = s.banner.title;
    el("p", "", card).textContent = s.banner.detail;
    const b = el("button", "main", card) as HTMLButtonElement;
    b.type = "button";
    b.dataset["action"] = "dismiss";
    b.textContent = "View board";
  }
}

function renderBar(s: State, dom: Dom): void {
  const v = s.viewer;
  const text = v ? v.label : s.caption;
  if (dom.caption.textContent !== text) dom.caption.textContent = text;
  dom.nav.hidden = v === null;
  dom.bar.hidden = v === null && text === "";
  if (v) {
    for (const b of dom.nav.querySelectorAll("button")) {
      const a = b.dataset["action"];
      // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
      const off = a === "start" || a === "prev" ? v.ply === 0 : v.ply >= v.plies;
      b.setAttribute("aria-disabled", String(off));
    }
  }
}

export function announce(dom: Dom, text: string): void {
  dom.live.textContent = text;
}
