/**
 * Pointer and keyboard events → intents. No rules here: the controller asks
 * the core what a (from, to) pair means.
 */
import type { Dom } from "./render.ts";
import { squareOnScreen, visual, type State } from "./state.ts";
import type { Square } from "./types.ts";

export interface Controller {
  readonly state: State;
  /**
   * Pointer or Enter/Space pressed on a square; true when a drag may start.
   * The keyboard sends `down` and `up` together.
   */
  down(sq: Square): boolean;
  /** A press released without dragging. */
  up(sq: Square): void;
  /** A drag released over `to` (null: off the board). */
  drop(from: Square, to: Square | null): void;
  cancel(): void;
  /** A button of the promotion or castling prompt: the index of its move. */
  choose(index: number): void;
  action(name: string): void;
  redraw(): void;
}

const VIEWER_KEYS: Record<string, string> = { ArrowLeft: "prev", ArrowRight: "next", Home: "start", End: "end" };
const STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
};

/** Binds the listeners; returns the function that removes them. */
export function bindInput(dom: Dom, ctl: Controller): () => void {
  const st = ctl.state;
  const board = dom.board;
  let frame = 0;

  /** The square under the pointer, null off the board. */
  const under = (e: PointerEvent): Square | null => {
    const r = board.getBoundingClientRect();
    const col = Math.floor(((e.clientX - r.left) / r.width) * 8);
    const row = Math.floor(((e.clientY - r.top) / r.height) * 8);
    // Off the board when either is outside 0–7 (negative numbers have high bits too).
    return (col | row) & ~7 ? null : squareOnScreen(col, row, st.orientation);
  };

  const onDown = (e: PointerEvent): void => {
    if (e.button || !e.isPrimary || st.prompt || !st.interactive || (e.target as Element).closest(".ov")) return;
    const sq = under(e);
    if (!sq) return;
    e.preventDefault();
    if (ctl.down(sq)) {
      st.drag = { from: sq, id: e.pointerId, x0: e.clientX, y0: e.clientY, x: 0, y: 0, active: false };
      try {
        board.setPointerCapture(e.pointerId);
      } catch {
        /* synthetic events have no capturable pointer */
      }
    }
    ctl.redraw();
  };

  const onMove = (e: PointerEvent): void => {
    const d = st.drag;
    if (d?.id !== e.pointerId || (!d.active && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 4)) return; // a drag starts after 4 px
    const r = board.getBoundingClientRect();
    d.active = true;
    d.x = e.clientX - r.left;
    d.y = e.clientY - r.top;
    st.hover = under(e);
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      ctl.redraw();
    });
  };

  const onUp = (e: PointerEvent): void => {
    const d = st.drag;
    if (d?.id !== e.pointerId) return;
    st.drag = st.hover = null;
    const sq = under(e);
    if (d.active) ctl.drop(d.from, sq);
    else if (sq) ctl.up(sq);
    ctl.redraw();
  };

  const onCancel = (e: PointerEvent): void => {
    if (st.drag?.id !== e.pointerId) return;
    st.drag = st.hover = null;
    ctl.redraw();
  };

  const onKey = (e: KeyboardEvent): void => {
    const key = e.key;
    const target = e.target as HTMLElement;
    const sq = target.dataset?.["square"];
    const step = STEPS[key];
    if (st.tape) {
      const a = VIEWER_KEYS[key];
      if (a) {
        e.preventDefault();
        ctl.action(a);
      }
    } else if (key === "Escape") {
      // Escape in a prompt or banner is the board's: it does not also reach the page.
      if (dom.overlay.contains(target)) e.stopPropagation();
      ctl.cancel();
    } else if (!sq || st.prompt) {
      /* keys on buttons, or with a prompt open, are the browser's */
    } else if (step) {
      e.preventDefault();
      const [col, row] = visual(sq, st.orientation);
      const next = squareOnScreen(
        Math.min(7, Math.max(0, col + step[0])),
        Math.min(7, Math.max(0, row + step[1])),
        st.orientation,
      );
      st.tabStop = next;
      st.hover = st.selected ? next : null;
      ctl.redraw();
      dom.squares.get(next)?.focus();
    } else if (key === "Enter" || key === " ") {
      e.preventDefault();
      st.tabStop = sq;
      ctl.down(sq);
      ctl.up(sq);
      st.hover = st.selected ? sq : null;
      ctl.redraw();
    }
  };

  const onFocus = (e: FocusEvent): void => {
    const sq = (e.target as HTMLElement).dataset?.["square"];
    if (sq && sq !== st.tabStop) {
      st.tabStop = sq;
      ctl.redraw();
    }
  };

  const onClick = (e: MouseEvent): void => {
    const t = e.target as HTMLElement;
    const data = t.closest("button")?.dataset;
    const index = data?.["index"];
    const action = data?.["action"];
    if (index) ctl.choose(+index);
    else if (action) ctl.action(action);
    else if (t === dom.overlay) ctl.cancel();
  };

  const wrap = board.parentElement as HTMLElement;
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
  ];
  for (const [target, type, fn] of listeners) target.addEventListener(type, fn as EventListener);
  return () => {
    cancelAnimationFrame(frame);
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn as EventListener);
  };
}
