/** State → DOM. Builds the shadow tree once, then patches what changed. */
import { NAMES, colorName, pieceSvg } from "./pieces.ts";
import { FILES, coords, squareOnScreen, turnBoard, visual, type State } from "./state.ts";
import { styleRoot } from "./style.ts";
import type { Square } from "./types.ts";

export interface Dom {
  root: ShadowRoot;
  board: HTMLElement;
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

/** A button's markup; `rest` is its attributes, ">" and its content. */
const button = (rest: string): string => `<button type="button" ${rest}</button>`;

export function createDom(root: ShadowRoot): Dom {
  // The rows of squares come with the first render (in the board's orientation).
  root.innerHTML = `<div class="wrap"><div class="board" role="grid" aria-label="Chess board"><div class="drag" hidden></div><div class="ov" hidden></div></div><div class="bar"><div class="cap"></div><div class="nav">${
    button('data-action="start" aria-label="First position">⏮') +
    button('data-action="prev" aria-label="Previous move">◀') +
    button('data-action="next" aria-label="Next move">▶') +
    button('data-action="end" aria-label="Last position">⏭')
  }</div></div><div class="sr" aria-live="polite" role="status"></div></div>`;
  styleRoot(root);
  const $ = (selector: string): HTMLElement => root.querySelector(selector) as HTMLElement;
  return {
    root,
    board: $(".board"),
    squares: new Map(),
    drag: $(".drag"),
    overlay: $(".ov"),
    bar: $(".bar"),
    caption: $(".cap"),
    nav: $(".nav"),
    live: $(".sr"),
    memo: new Map(),
    orientation: "",
    overlayKey: "",
    dragKey: "",
  };
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

export function render(s: State, dom: Dom): void {
  if (dom.orientation !== s.orientation) {
    // The squares in reading order, the top-left one first: made anew for each orientation.
    let html = "";
    for (let i = 0; i < 64; i++) {
      const col = i % 8;
      html += (col ? "" : '<div class="row" role="row">') +
        `<div class="sq" role="gridcell" data-square="${squareOnScreen(col, i >> 3, s.orientation)}"></div>` +
        (col === 7 ? "</div>" : "");
    }
    for (const row of dom.board.querySelectorAll(".row")) row.remove();
    dom.board.insertAdjacentHTML("afterbegin", html);
    dom.squares = new Map([...dom.board.querySelectorAll<HTMLElement>(".sq")].map((e) => [e.dataset["square"] ?? "", e]));
    dom.memo.clear();
    dom.orientation = s.orientation;
  }
  const dests = s.selected ? s.dests.get(s.selected) ?? [] : [];
  const castleInputs: Array<Square | undefined> = [];
  const previews = new Map<Square | undefined, boolean>();
  for (const m of s.castles) {
    castleInputs.push(m.to, m.rookFrom);
    previews.set(m.rookTo, previews.get(m.rookTo) || (s.hover !== null && (s.hover === m.to || s.hover === m.rookFrom)));
  }
  for (const [name, sq] of dom.squares) {
    const [f, r] = coords(name);
    const [col, row] = turnBoard(f, r, s.orientation);
    const piece = s.pieces.get(name);
    const dest = dests.includes(name);
    const className = "sq" + cls((f + r) % 2 === 0, "dk") + cls(s.lastMove.includes(name), "last") +
      cls(s.selected === name, "sel") + cls(s.check === name, "chk") + cls(dest, "dest") +
      cls(dest && piece, "occ") + cls(dest && castleInputs.includes(name), "castle") +
      cls(dest && s.hover === name, "hov") + cls(s.drag?.active && s.drag.from === name, "ghost");
    const prev = previews.get(name);
    const html = (s.coords && col === 0 ? `<span class="cr">${r + 1}</span>` : "") +
      (s.coords && row === 7 ? `<span class="cf">${FILES.charAt(f)}</span>` : "") +
      (prev === undefined ? "" : `<div class="prev${cls(prev, "on")}">${pieceSvg(s.toMove, "r")}</div>`) +
      (piece ? pieceSvg(piece.color, piece.role) : "");
    const label = squareLabel(s, name);
    const tab = s.tabStop === name ? 0 : -1;
    const key = `${className}|${label}|${tab}|${html}`;
    if (dom.memo.get(name) === key) continue;
    dom.memo.set(name, key);
    sq.className = className;
    sq.innerHTML = html;
    sq.setAttribute("aria-label", label);
    sq.setAttribute("aria-selected", String(s.selected === name));
    sq.tabIndex = tab;
  }
  renderDrag(s, dom);
  renderOverlay(s, dom);
  renderBar(s, dom);
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
  if (dom.dragKey !== key) el.innerHTML = pieceSvg(piece.color, piece.role);
  dom.dragKey = key;
  const half = dom.board.clientWidth / 16;
  el.style.transform = `translate(${d.x - half}px,${d.y - half}px)`;
}

function renderOverlay(s: State, dom: Dom): void {
  const p = s.prompt;
  const b = s.banner;
  const key = p ? p.kind + p.moves.map((m) => m.san) + s.orientation : b ? b.title + b.detail : "";
  if (key === dom.overlayKey) return;
  dom.overlayKey = key;
  const ov = dom.overlay;
  ov.hidden = !key;
  ov.className = p || !b ? "ov" : "ov end";
  ov.setAttribute("role", p ? "dialog" : "alert");
  ov.innerHTML = "";
  if (p?.kind === "promotion") {
    const [col, row] = visual(p.to, s.orientation);
    ov.setAttribute("aria-label", "Choose a piece to promote to");
    ov.innerHTML = (["q", "r", "b", "n"] as const)
      .map((role) =>
        button(
          `class="pick" data-promotion="${role}" data-index="${
            p.moves.findIndex((m) => m.promotion === role)
          }" aria-label="Promote to ${NAMES[role]}">${pieceSvg(p.color, role)}`,
        ),
      )
      .join("");
    // The pieces stack from the promotion square towards the board's middle.
    ov.querySelectorAll("button").forEach((e, i) => (e.style.gridArea = `${row ? 8 - i : i + 1}/${col + 1}`));
  } else if (p) {
    ov.setAttribute("aria-label", "Castle or move the king");
    card(
      ov,
      "card",
      "Castle?",
      "This king move can also castle.",
      p.moves
        .map((m, i) =>
          button(
            `data-index="${i}" ` +
              (m.castle
                ? `class="main" data-choice="castle">Castle ${m.san.replace(/[+#]$/, "")}`
                : `data-choice="move">King to ${m.to}`),
          ),
        )
        .join("") + button('data-action="cancel">Cancel'),
    );
  } else if (b) {
    ov.removeAttribute("aria-label");
    card(ov, "card banner", b.title, b.detail, button('class="main" data-action="dismiss">View board'));
  }
  if (p) ov.querySelector<HTMLElement>(".main,.pick")?.focus();
}

/** A card over the board: a heading, a line of text, buttons (markup). */
function card(ov: HTMLElement, className: string, title: string, text: string, buttons: string): void {
  ov.innerHTML = `<div class="${className}"><h2></h2><p></p>${buttons}</div>`;
  const [h, p] = ov.querySelectorAll("h2,p");
  if (h && p) {
    h.textContent = title;
    p.textContent = text;
  }
}

function renderBar(s: State, dom: Dom): void {
  const v = s.tape;
  const text = v ? v.label : s.caption;
  if (dom.caption.textContent !== text) dom.caption.textContent = text;
  dom.nav.hidden = !v;
  dom.bar.hidden = !v && !text;
  // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
  if (v) {
    dom.nav.querySelectorAll("button").forEach((b, i) =>
      b.setAttribute("aria-disabled", String(i < 2 ? v.ply === 0 : v.ply >= v.items.length))
    );
  }
}
