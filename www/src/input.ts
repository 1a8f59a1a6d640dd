/**
 * Pointer and keyboard events → intents. No rules here: the controller asks
 * the core what a (from, to) pair means.
 */
import { visual, type Dom } from "./render.ts";
import { squareName, type State } from "./state.ts";
import type { Role, Square } from "./types.ts";

export interface Controller {
  readonly state: State;
  /** Pointer pressed or key pressed on a square; true when a drag may start. */
  down(sq: Square): boolean;
  /** A press released without dragging. */
  up(sq: Square): void;
  /** A drag released over `to` (null: off the board). */
  drop(from: Square, to: Square | null): void;
  /** Enter/Space on a focused square. */
  activate(sq: Square): void;
  cancel(): void;
  promote(role: Role): void;
  choose(index: number): void;
  action(name: string): void;
  redraw(): void;
}

const DRAG_THRESHOLD = 4;

export function squareAt(dom: Dom, orientation: string, x: number, y: number): Square | null {
  const r = dom.board.getBoundingClientRect();
  const col = Math.floor(((x - r.left) / r.width) * 8);
  const row = Math.floor(((y - r.top) / r.height) * 8);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  return orientation === "w" ? squareName(col, 7 - row) : squareName(7 - col, row);
}

/** Binds the listeners; returns the function that removes them. */
export function bindInput(dom: Dom, ctl: Controller): () => void {
  const s = (): State => ctl.state;
  const board = dom.board;
  let frame = 0;

  const onDown = (e: PointerEvent): void => {
    if (e.button !== 0 || !e.isPrimary || s().prompt || !s().interactive) return;
    if ((e.target as Element).closest(".ov")) return;
    const sq = squareAt(dom, s().orientation, e.clientX, e.clientY);
    if (!sq) return;
    e.preventDefault();
    if (ctl.down(sq)) {
      const r = board.getBoundingClientRect();
      s().drag = {
        from: sq,
        pointerId: e.pointerId,
        startX: e.clientX,
        startY: e.clientY,
        x: e.clientX - r.left,
        y: e.clientY - r.top,
        active: false,
      };
      try {
        board.setPointerCapture(e.pointerId);
      } catch {
        /* synthetic events have no capturable pointer */
      }
    }
    ctl.redraw();
  };

  const onMove = (e: PointerEvent): void => {
    const d = s().drag;
    if (!d || e.pointerId !== d.pointerId) return;
    if (!d.active && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) < DRAG_THRESHOLD) return;
    const r = board.getBoundingClientRect();
    d.active = true;
    d.x = e.clientX - r.left;
    d.y = e.clientY - r.top;
    s().hover = squareAt(dom, s().orientation, e.clientX, e.clientY);
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        ctl.redraw();
      });
    }
  };

  const onUp = (e: PointerEvent): void => {
    const d = s().drag;
    if (!d || e.pointerId !== d.pointerId) return;
    s().drag = null;
    s().hover = null;
    const sq = squareAt(dom, s().orientation, e.clientX, e.clientY);
    if (d.active) ctl.drop(d.from, sq);
    else if (sq) ctl.up(sq);
    ctl.redraw();
  };

  const onCancel = (e: PointerEvent): void => {
    if (s().drag?.pointerId !== e.pointerId) return;
    s().drag = null;
    s().hover = null;
    ctl.redraw();
  };

  const onKey = (e: KeyboardEvent): void => {
    const st = s();
    if (st.viewer) {
      const a = { ArrowLeft: "prev", ArrowRight: "next", Home: "start", End: "end" }[e.key];
      if (a) {
        e.preventDefault();
        ctl.action(a);
      }
      return;
    }
    if (e.key === "Escape") {
      ctl.cancel();
      return;
    }
    const target = e.target as HTMLElement;
    const sq = target.dataset?.["square"];
    if (!sq || st.prompt) return;
    const step: Record<string, [number, number]> = {
      ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
    };
    const dir = step[e.key];
    if (dir) {
      e.preventDefault();
      const [col, row] = visual(sq, st.orientation);
      const c = Math.min(7, Math.max(0, col + dir[0]));
      const r = Math.min(7, Math.max(0, row + dir[1]));
      const next = st.orientation === "w" ? squareName(c, 7 - r) : squareName(7 - c, r);
      st.focus = next;
      st.hover = st.selected ? next : null;
      ctl.redraw();
      dom.squares.get(next)?.focus();
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      st.focus = sq;
      ctl.activate(sq);
      st.hover = st.selected ? sq : null;
      ctl.redraw();
    }
  };

  const onFocus = (e: FocusEvent): void => {
    const sq = (e.target as HTMLElement).dataset?.["square"];
    if (sq && sq !== s().focus) {
      s().focus = sq;
      ctl.redraw();
    }
  };

  const onClick = (e: MouseEvent): void => {
    const t = e.target as HTMLElement;
    const b = t.closest("button");
    if (b) {
      const promo = b.dataset["promotion"];
      const choice = b.dataset["index"];
      const action = b.dataset["action"];
      if (promo) ctl.promote(promo as Role);
      else if (choice !== undefined) ctl.choose(Number(choice));
      else if (action) ctl.action(action);
      return;
    }
    if (t === dom.overlay) ctl.cancel();
  };

  const onOverlayKey = (e: KeyboardEvent): void => {
    if (e.key === "Escape") {
      e.stopPropagation();
      ctl.cancel();
    }
  };

  const wrap = dom.board.parentElement as HTMLElement;
  // Every listener once, so that the returned unbind removes exactly what was added.
  const listeners: Array<[EventTarget, string, (e: never) => void]> = [
    [board, "pointerdown", onDown],
    [board, "pointermove", onMove],
    [board, "pointerup", onUp],
    [board, "pointercancel", onCancel],
    [board, "lostpointercapture", onCancel],
    [board, "focusin", onFocus],
    [wrap, "keydown", onKey],
    [wrap, "click", onClick],
    [dom.overlay, "keydown", onOverlayKey],
  ];
  for (const [target, type, fn] of listeners) target.addEventListener(type, fn as EventListener);
  return () => {
    cancelAnimationFrame(frame);
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn as EventListener);
  };
}
