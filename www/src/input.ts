/**
 * Pointer and keyboard events → intents. No rules here: the controller asks
 * the core what a (from, to) pair means.
 */
import type { Dom } from "./render.ts";
import { squareOnScreen, visual, type State } from "./state.ts";
import type { Shape, ShapeColor, Square } from "./types.ts";

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
  /** A named action (viewer steps, flip, cancel …); `value` for "goto" is a record entry. */
  action(name: string, value?: string): void;
  /**
   * The mouse wheel over a viewer: one step forward (1) or back (−1); false when there is
   * none to take. With `ask`, only says whether there is.
   */
  wheel(step: 1 | -1, ask?: boolean): boolean;
  /** A shape drawn with the right button: toggles it among the user's shapes. */
  drawn(shape: Shape): void;
  clearShapes(): void;
  redraw(): void;
}

const VIEWER_KEYS: Record<string, string> = {
  ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "start", ArrowDown: "end", Home: "start", End: "end",
  f: "flip",
};
const STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0],
};

/** Brushes as on lichess: Shift or Ctrl red, Alt or Meta blue, both yellow. */
function brush(e: PointerEvent): ShapeColor {
  const a = e.shiftKey || e.ctrlKey;
  const b = e.altKey || e.metaKey;
  return a && b ? "yellow" : a ? "red" : b ? "blue" : "green";
}

/** Binds the listeners; returns the function that removes them. */
export function bindInput(dom: Dom, ctl: Controller): () => void {
  const st = ctl.state;
  const box = dom.box;
  let frame = 0;

  /** The square under the pointer, null off the board. */
  const under = (e: PointerEvent): Square | null => {
    const r = box.getBoundingClientRect();
    const col = Math.floor(((e.clientX - r.left) / r.width) * 8);
    const row = Math.floor(((e.clientY - r.top) / r.height) * 8);
    // Off the board when either is outside 0–7 (negative numbers have high bits too).
    return (col | row) & ~7 ? null : squareOnScreen(col, row, st.orientation);
  };

  const capture = (e: PointerEvent): void => {
    try {
      box.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic events have no capturable pointer */
    }
  };

  const onDown = (e: PointerEvent): void => {
    if (dom.overlay.contains(e.target as Node)) {
      // A press of the prompt's own: from now on its clicks count.
      st.armed = true;
      return;
    }
    if (st.prompt || !e.isPrimary) return;
    const sq = under(e);
    if (!sq) return;
    if (e.button === 2) {
      e.preventDefault();
      st.drawing = { id: e.pointerId, from: sq, to: sq, color: brush(e) };
      capture(e);
      ctl.redraw();
      return;
    }
    if (e.button) return;
    if (st.shapes.user.length) ctl.clearShapes();
    // A viewer is played on only where the reader may try moves (its dests say so).
    if (!st.interactive || (st.viewing && !st.dests.size)) return;
    e.preventDefault();
    const drag = ctl.down(sq);
    if (st.prompt) st.armed = false;
    if (drag) {
      st.drag = { from: sq, id: e.pointerId, x0: e.clientX, y0: e.clientY, x: 0, y: 0, active: false };
      capture(e);
    }
    ctl.redraw();
  };

  const onMove = (e: PointerEvent): void => {
    const w = st.drawing;
    if (w?.id === e.pointerId) {
      const sq = under(e);
      if (sq && sq !== w.to) {
        w.to = sq;
        ctl.redraw();
      }
      return;
    }
    const d = st.drag;
    if (d?.id !== e.pointerId || (!d.active && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 4)) return; // a drag starts after 4 px
    const r = box.getBoundingClientRect();
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
    const w = st.drawing;
    if (w?.id === e.pointerId) {
      st.drawing = null;
      ctl.drawn(w.to === w.from ? { from: w.from, color: w.color } : { from: w.from, to: w.to, color: w.color });
      return;
    }
    const d = st.drag;
    if (d?.id !== e.pointerId) return;
    st.drag = st.hover = null;
    const sq = under(e);
    if (d.active) {
      if (sq) st.dropped = { from: d.from, to: sq };
      ctl.drop(d.from, sq);
    } else if (sq) ctl.up(sq);
    if (st.prompt) st.armed = false;
    ctl.redraw();
  };

  const onCancel = (e: PointerEvent): void => {
    if (st.drawing?.id === e.pointerId) st.drawing = null;
    else if (st.drag?.id === e.pointerId) st.drag = st.hover = null;
    else return;
    ctl.redraw();
  };

  const onKey = (e: KeyboardEvent): void => {
    const key = e.key;
    const target = e.target as HTMLElement;
    const sq = target.dataset?.["square"];
    const step = STEPS[key];
    if (st.viewing) {
      const a = VIEWER_KEYS[key];
      if (a && !/^(SELECT|INPUT|TEXTAREA)$/.test(target.tagName) && !e.altKey && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        ctl.action(a);
      }
    } else if (key === "Escape") {
      // Escape in a prompt is the board's: it does not also reach the page.
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
    const inPrompt = dom.overlay.contains(t);
    // The click of the tap that opened the prompt (touch fires it at the prompt): not a choice.
    // Keyboard clicks (detail 0) always count.
    if (inPrompt && !st.armed && e.detail > 0) return;
    const data = t.closest("button")?.dataset;
    const index = data?.["index"];
    const action = data?.["action"];
    const node = data?.["node"];
    const tried = data?.["try"];
    if (index && inPrompt) ctl.choose(+index);
    else if (action) ctl.action(action);
    else if (node) ctl.action("goto", node);
    else if (tried) ctl.action("try", tried);
    else if (t === dom.overlay) ctl.cancel();
  };

  const noMenu = (e: Event): void => e.preventDefault();

  // The wheel steps a viewer while the pointer is over it: a mouse's notch (about 100 px
  // in Chromium, 3 lines in Firefox) is one ply; a touchpad's small deltas add up to one.
  // The page scrolls as usual elsewhere, and here too once there is no step left (at
  // the game's start or end). The listener cannot be passive: it must cancel the page's
  // scroll for the wheel it steps with. It is on the viewer alone, never on the window,
  // so scrolling anywhere else keeps the browser's fast path.
  let wheeled = 0;
  let wheelTime = 0;
  const onWheel = (e: WheelEvent): void => {
    if (!st.viewing || e.ctrlKey || Math.abs(e.deltaX) > Math.abs(e.deltaY) || !e.deltaY) return;
    if ((e.target as Element).closest?.("select, textarea")) return;
    const px = e.deltaY * (e.deltaMode === 1 ? 33 : e.deltaMode === 2 ? 600 : 1);
    const step = px > 0 ? 1 : -1;
    if (e.timeStamp - wheelTime > 300 || Math.sign(wheeled) !== step) wheeled = 0;
    wheelTime = e.timeStamp;
    if (!ctl.wheel(step, true)) return;
    e.preventDefault();
    wheeled += px;
    if (Math.abs(px) >= 50 || Math.abs(wheeled) >= 100) {
      wheeled = 0;
      ctl.wheel(step);
    }
  };

  const wrap = dom.wrap;
  // Every listener once, so that the returned unbind removes exactly what was added.
  const listeners: Array<[EventTarget, string, (e: never) => void, AddEventListenerOptions?]> = [
    [box, "pointerdown", onDown],
    [box, "pointermove", onMove],
    [box, "pointerup", onUp],
    [box, "pointercancel", onCancel],
    [box, "lostpointercapture", onCancel],
    [box, "contextmenu", noMenu],
    [dom.board, "focusin", onFocus],
    [wrap, "keydown", onKey],
    [wrap, "click", onClick],
    [wrap, "wheel", onWheel, { passive: false }],
  ];
  for (const [target, type, fn, options] of listeners) target.addEventListener(type, fn as EventListener, options);
  return () => {
    cancelAnimationFrame(frame);
    for (const [target, type, fn] of listeners) target.removeEventListener(type, fn as EventListener);
  };
}
