/** State → DOM. Builds the shadow tree once, then patches what changed. */
import { button, h, s as svg } from "./dom.ts";
import { NAMES, colorName, pieceSvg } from "./pieces.ts";
import { FILES, coords, squareOnScreen, visual, type State } from "./state.ts";
import { styleRoot } from "./style.ts";
import type { Shape, Square } from "./types.ts";

export interface Dom {
  root: ShadowRoot;
  /** The layout grid: the viewer adds its parts (players, move list, buttons) to it. */
  wrap: HTMLElement;
  /** The board's box: the grid of squares and the layers over it. */
  box: HTMLElement;
  board: HTMLElement;
  coords: HTMLElement;
  shapes: SVGElement;
  squares: Map<Square, HTMLElement>;
  drag: HTMLElement;
  overlay: HTMLElement;
  caption: HTMLElement;
  live: HTMLElement;
  fail: HTMLElement;
  /** Last classes / label / tab stop written per square. */
  memo: Map<Square, string>;
  /** The piece drawn on each square ("wq"), to redraw and animate only what changed. */
  placed: Map<Square, string>;
  orientation: string;
  coordsKey: string;
  overlayKey: string;
  dragKey: string;
  shapesKey: string;
}

export function createDom(root: ShadowRoot): Dom {
  const board = h("div", { class: "board", role: "grid", "aria-label": "Chess board" });
  const coordsLayer = h("div", { class: "coords", "aria-hidden": "true" });
  const shapes = svg("svg", { class: "shapes", viewBox: "0 0 8 8", "aria-hidden": "true" });
  const drag = h("div", { class: "drag", hidden: true, "aria-hidden": "true" });
  // The prompt is the box's, not the grid's: a grid holds only rows of cells.
  const overlay = h("div", { class: "ov", hidden: true });
  const box = h("div", { class: "box" }, board, coordsLayer, shapes, drag, overlay);
  const fail = h("div", { class: "fail", role: "alert", hidden: true });
  const caption = h("div", { class: "cap", hidden: true });
  const live = h("div", { class: "sr", "aria-live": "polite", role: "status" });
  const wrap = h("div", { class: "wrap" }, box, fail, caption, live);
  root.replaceChildren(h("div", { class: "c" }, wrap));
  styleRoot(root);
  return {
    root, wrap, box, board, coords: coordsLayer, shapes, squares: new Map(), drag, overlay, caption, live, fail,
    memo: new Map(), placed: new Map(), orientation: "", coordsKey: "", overlayKey: "", dragKey: "", shapesKey: "",
  };
}

/**
 * Marks the board dark (class `dark`: color-scheme dark, its own colours for dark pages)
 * when the text colour it inherits is light: it stands on a dark page.
 */
export function matchPage(dom: Dom): void {
  const rgb = /^rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(dom.root.host).color);
  if (rgb) dom.wrap.classList.toggle("dark", 0.299 * +(rgb[1] ?? 0) + 0.587 * +(rgb[2] ?? 0) + 0.114 * +(rgb[3] ?? 0) > 150);
}

export function squareLabel(s: State, sq: Square): string {
  const p = s.pieces.get(sq);
  return (p ? `${colorName(p.color)} ${NAMES[p.role]} on ${sq}` : sq) +
    (s.selected === sq
      ? ", selected"
      : s.selected && s.dests.get(s.selected)?.includes(sq) ? ", legal move" : "") +
    (s.check === sq ? ", in check" : "");
}

/** " name" when `on`, else "": one class of a class list. */
const cls = (on: unknown, name: string): string => (on ? " " + name : "");

const reducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export function render(s: State, dom: Dom): void {
  dom.box.hidden = !!s.error;
  dom.fail.hidden = !s.error;
  dom.fail.toggleAttribute("data-error", !!s.error);
  if (dom.fail.textContent !== s.error) dom.fail.textContent = s.error;
  const turned = dom.orientation !== s.orientation;
  if (turned) buildSquares(s, dom);
  const dests = s.selected ? s.dests.get(s.selected) ?? [] : [];
  const castleInputs: Array<Square | undefined> = [];
  const previews = new Map<Square | undefined, boolean>();
  for (const m of s.castles) {
    castleInputs.push(m.to, m.rookFrom);
    previews.set(m.rookTo, previews.get(m.rookTo) || (s.hover !== null && (s.hover === m.to || s.hover === m.rookFrom)));
  }
  const before = dom.placed;
  const now = new Map<Square, string>();
  for (const [name, el] of dom.squares) {
    const [f, r] = coords(name);
    const piece = s.pieces.get(name);
    const code = piece ? piece.color + piece.role : "";
    if (code) now.set(name, code);
    const dest = dests.includes(name);
    const prev = previews.get(name);
    const className = "sq" + cls((f + r) % 2 === 0, "dk") + cls(s.lastMove.includes(name), "last") +
      cls(s.selected === name, "sel") + cls(s.check === name, "chk") + cls(dest, "dest") +
      cls(dest && piece, "occ") + cls(dest && castleInputs.includes(name), "castle") +
      cls(dest && s.hover === name, "hov") + cls(s.drag?.active && s.drag.from === name, "ghost") +
      cls(s.dests.get(name)?.length && (!s.viewing || s.trying), "can");
    const label = squareLabel(s, name);
    const tab = s.tabStop === name && !s.viewing ? 0 : -1;
    const key = `${className}|${label}|${tab}|${prev}|${code}`;
    if (dom.memo.get(name) === key) continue;
    dom.memo.set(name, key);
    el.className = className;
    el.setAttribute("aria-label", label);
    el.setAttribute("aria-selected", String(s.selected === name));
    el.tabIndex = tab;
    const children: Node[] = [];
    if (prev !== undefined) {
      const p = h("div", { class: "prev" + cls(prev, "on") });
      p.append(pieceSvg(s.toMove, "r"));
      children.push(p);
    }
    if (piece) children.push(before.get(name) === code ? el.querySelector(".pc") ?? pieceSvg(piece.color, piece.role) : pieceSvg(piece.color, piece.role));
    el.replaceChildren(...children);
  }
  if (!turned && !s.instant && s.animation > 0 && before.size > 0 && !reducedMotion()) animate(s, dom, before, now);
  dom.placed = now;
  s.dropped = null;
  s.instant = false;
  renderCoords(s, dom);
  renderShapes(s, dom);
  renderDrag(s, dom);
  renderOverlay(s, dom);
  renderCaption(s, dom);
}

/** The squares in reading order, the top-left one first: made anew for each orientation. */
function buildSquares(s: State, dom: Dom): void {
  const rows: HTMLElement[] = [];
  dom.squares = new Map();
  for (let row = 0; row < 8; row++) {
    const r = h("div", { class: "row", role: "row" });
    for (let col = 0; col < 8; col++) {
      const name = squareOnScreen(col, row, s.orientation);
      const cell = h("div", { class: "sq", role: "gridcell", "data-square": name });
      dom.squares.set(name, cell);
      r.append(cell);
    }
    rows.push(r);
  }
  dom.board.replaceChildren(...rows);
  dom.memo.clear();
  dom.placed = new Map();
  dom.orientation = s.orientation;
}

/**
 * Slides each piece that arrived on a square from the square it left (the nearest
 * one that held the same piece): moves, both pieces of castling, and viewer steps
 * either way, all from the placement alone.
 */
function animate(s: State, dom: Dom, before: Map<Square, string>, now: Map<Square, string>): void {
  const left = [...before].filter(([sq, code]) => now.get(sq) !== code);
  for (const [to, code] of now) {
    if (before.get(to) === code) continue;
    const [c1, r1] = visual(to, s.orientation);
    let best = -1;
    let dist = 99;
    left.forEach(([from, c], i) => {
      if (c !== code) return;
      const [c0, r0] = visual(from, s.orientation);
      const d = Math.hypot(c0 - c1, r0 - r1);
      if (d < dist) [best, dist] = [i, d];
    });
    let from = left[best]?.[0];
    if (from === undefined) continue;
    left.splice(best, 1);
    // A dragged piece starts from where it was let go (a king dropped on its rook
    // slides on to its castling square); dropped where it belongs, it does not move.
    if (from === s.dropped?.from) from = s.dropped.to;
    if (from === to) continue;
    const el = dom.squares.get(to)?.querySelector<SVGElement>(".pc");
    if (!el || typeof el.animate !== "function") continue;
    const [c0, r0] = visual(from, s.orientation);
    el.classList.add("mv");
    const a = el.animate(
      [{ transform: `translate(${(c0 - c1) * 100}%,${(r0 - r1) * 100}%)` }, { transform: "none" }],
      { duration: s.animation, easing: "cubic-bezier(.3,.7,.4,1)" },
    );
    a.onfinish = a.oncancel = () => el.classList.remove("mv");
  }
}

function renderCoords(s: State, dom: Dom): void {
  const key = s.coords ? s.orientation : "";
  if (dom.coordsKey === key) return;
  dom.coordsKey = key;
  const labels: HTMLElement[] = [];
  if (s.coords) {
    for (let i = 0; i < 8; i++) {
      // Rank numbers down the left edge, file letters along the bottom; each in the
      // colour of the other square colour, as the square under it is.
      const rankSq = squareOnScreen(0, i, s.orientation);
      const fileSq = squareOnScreen(i, 7, s.orientation);
      const dark = (q: Square): boolean => { const [f, r] = coords(q); return (f + r) % 2 === 0; };
      const rank = h("span", { class: "cr" + cls(dark(rankSq), "dk") }, rankSq.charAt(1));
      rank.style.top = `${i * 12.5}%`;
      const file = h("span", { class: "cf" + cls(dark(fileSq), "dk") }, FILES.charAt(coords(fileSq)[0]));
      file.style.left = `${i * 12.5}%`;
      labels.push(rank, file);
    }
  }
  dom.coords.replaceChildren(...labels);
}

function shapeKey(sh: Shape): string {
  return `${sh.color ?? "green"}${sh.from}${sh.to ?? ""}`;
}

function renderShapes(s: State, dom: Dom): void {
  const d = s.drawing;
  const all = [...s.shapes.record, ...s.shapes.api, ...s.shapes.user];
  if (d) all.push({ from: d.from, to: d.to === d.from ? undefined : d.to, color: d.color });
  const key = s.orientation + all.map(shapeKey).join();
  if (dom.shapesKey === key) return;
  dom.shapesKey = key;
  const arrows: SVGElement[] = [];
  const circles: SVGElement[] = [];
  for (const sh of all) {
    const color = sh.color ?? "green";
    const [x0, y0] = visual(sh.from, s.orientation);
    if (sh.to === undefined) {
      circles.push(svg("circle", { class: color, "data-circle": sh.from, "data-color": color, cx: x0 + 0.5, cy: y0 + 0.5, r: 0.45 }));
      continue;
    }
    const [x1, y1] = visual(sh.to, s.orientation);
    arrows.push(svg("polygon", { class: color, "data-arrow": sh.from + sh.to, "data-color": color, points: arrowPoints(x0 + 0.5, y0 + 0.5, x1 + 0.5, y1 + 0.5) }));
  }
  dom.shapes.replaceChildren(...circles, ...arrows);
}

/** The outline of an arrow from (x0, y0) to (x1, y1), in squares. */
function arrowPoints(x0: number, y0: number, x1: number, y1: number): string {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const ux = (x1 - x0) / len;
  const uy = (y1 - y0) / len;
  const head = 0.48;
  const tip = 0.06; // the tip stops just short of the square's centre
  const pts: Array<[number, number]> = [];
  const at = (along: number, side: number): void => {
    pts.push([x0 + ux * along - uy * side, y0 + uy * along + ux * side]);
  };
  const end = len - tip;
  at(0, 0.085);
  at(end - head, 0.085);
  at(end - head, 0.27);
  at(end, 0);
  at(end - head, -0.27);
  at(end - head, -0.085);
  at(0, -0.085);
  return pts.map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(" ");
}

function renderDrag(s: State, dom: Dom): void {
  const d = s.drag;
  const piece = d?.active ? s.pieces.get(d.from) : undefined;
  const el = dom.drag;
  el.hidden = !d || !piece;
  if (!d || !piece) {
    dom.dragKey = "";
    return;
  }
  const key = piece.color + piece.role;
  if (dom.dragKey !== key) el.replaceChildren(pieceSvg(piece.color, piece.role));
  dom.dragKey = key;
  const half = dom.board.clientWidth / 16;
  el.style.transform = `translate(${d.x - half}px,${d.y - half}px)`;
}

function renderOverlay(s: State, dom: Dom): void {
  const p = s.prompt;
  const key = p ? p.kind + p.moves.map((m) => m.san) + s.orientation : "";
  if (key === dom.overlayKey) return;
  const hadFocus = dom.overlay.contains(dom.root.activeElement);
  dom.overlayKey = key;
  const ov = dom.overlay;
  ov.hidden = !p;
  ov.className = "ov";
  ov.replaceChildren();
  if (!p) {
    ov.removeAttribute("role");
    ov.removeAttribute("aria-label");
    // Back to the board, where the keyboard was before the prompt.
    if (hadFocus) dom.squares.get(s.tabStop)?.focus();
    return;
  }
  ov.setAttribute("role", "dialog");
  if (p.kind === "promotion") {
    const [col, row] = visual(p.to, s.orientation);
    ov.classList.add("promo");
    ov.setAttribute("aria-label", "Choose a piece to promote to");
    (["q", "r", "b", "n"] as const).forEach((role, i) => {
      const b = button(
        { class: "pick", "data-promotion": role, "data-index": p.moves.findIndex((m) => m.promotion === role), "aria-label": `Promote to ${NAMES[role]}` },
        pieceSvg(p.color, role),
      );
      // The pieces stack from the promotion square towards the board's middle (on a
      // board too small for that, the CSS lines them up in the middle instead).
      b.style.gridArea = `${row ? 8 - i : i + 1}/${col + 1}`;
      ov.append(b);
    });
  } else {
    ov.setAttribute("aria-label", "Castle or move the king");
    ov.append(h("div", { class: "card" },
      h("h2", {}, "Castle?"),
      h("p", {}, "This king move can also castle."),
      h("div", { class: "choices" },
        ...p.moves.map((m, i) =>
          m.castle
            ? button({ class: "main", "data-index": i, "data-choice": "castle" }, `Castle ${m.san.replace(/[+#]$/, "")}`)
            : button({ "data-index": i, "data-choice": "move" }, `King to ${m.to}`)
        ),
        button({ "data-action": "cancel" }, "Cancel"),
      ),
    ));
  }
  ov.querySelector<HTMLElement>(".main,.pick")?.focus();
}

function renderCaption(s: State, dom: Dom): void {
  const cap = dom.caption;
  const e = s.end;
  const text = e ? `${e.title} · ${e.detail}` : s.caption;
  cap.hidden = !text || !!s.error;
  cap.classList.toggle("end", !!e);
  if (e) cap.dataset["outcome"] = e.reason;
  else delete cap.dataset["outcome"];
  if (cap.textContent === text) return;
  if (e) cap.replaceChildren(h("strong", {}, e.title), ` · ${e.detail}`);
  else cap.textContent = text;
}
