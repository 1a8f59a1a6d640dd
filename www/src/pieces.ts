/**
 * The piece set: original drawings made for this board on a 45×45 grid, filling the
 * square as far as a cburnett-style set does (the big pieces ~38 units high). Each
 * piece is a list of parts drawn in order: a body (filled with the piece's colour,
 * outlined), a detail line ("d": stroke only, light on the dark pieces) or a dot ("e":
 * filled with the outline colour, light on the dark pieces). Built with
 * createElementNS (no markup strings) and cloned from one template per piece.
 */
import { s } from "./dom.ts";
import type { Color, Role } from "./types.ts";

/** A circle as a path. */
const dot = (x: number, y: number, r: number): string => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;

/** The base every piece stands on. */
const BASE = "M9.5 41.5h26a2.5 2.5 0 0 0 0-5h-26a2.5 2.5 0 0 0 0 5z";

const PARTS: Record<Role, string[]> = {
  p: [
    "M17.8 22.2c0 5.1-2.9 9.4-5.6 14.3h20.6c-2.7-4.9-5.6-9.2-5.6-14.3z",
    "M15.4 22.6h14.2c.9 0 1.3-1 .7-1.7-1.2-1.5-3.1-2.6-5.3-2.9h-5c-2.2.3-4.1 1.4-5.3 2.9-.6.7-.2 1.7.7 1.7z",
    dot(22.5, 12.4, 5.6),
    BASE,
  ],
  r: [
    "M14.2 18.2h16.6l1.4 14H12.8z",
    "M10.6 6.4h4.8v3.7h4.6V6.4h5v3.7h4.6V6.4h4.8v8.3l-3.6 3.5H14.2l-3.6-3.5z",
    "M12.8 32.2h19.4l2.3 4.3h-24z",
    BASE,
    "dM10.6 14.7h23.8",
    "dM13.8 21.8h17.4",
  ],
  n: [
    "M34.8 36.5c1.8-6.9 1.5-14.2-1.6-19.4-2.6-4.5-6.6-7.3-11.1-8.4l-1.3-4.4-3 4.4-2.4-2.6-.8 4.7c-3.3 2.3-5.9 6-7.6 10.3l-2.6 6.2c-.7 1.8.2 3.7 2 4.2 1.5.4 2.8-.2 3.7-1.3 1.3-1.6 3.3-2.6 5.7-3 2-.3 3.8-1.3 5-2.8-.2 4.8-3.6 8-6.8 12.1z",
    BASE,
    "e" + dot(16.6, 15.6, 1.5),
    "e" + dot(9.7, 25.7, 1),
    "dM25.5 10.5c4.3 2.2 7 6.3 7.9 11.6.5 3.3.3 6.8-.6 10.4",
    "dM8.2 28.8l2.6-.9",
  ],
  b: [
    "M14.6 36.5h15.8l-1.6-4.8H16.2z",
    "M16.2 31.7c-3.4-3-4.4-7.7-2.3-12.2 1.8-3.9 5.1-7 8.6-9.5 3.5 2.5 6.8 5.6 8.6 9.5 2.1 4.5 1.1 9.2-2.3 12.2z",
    dot(22.5, 7.2, 2.8),
    BASE,
    "dM25.8 15.7l-5.4 6.6",
    "dM16.4 28.2h12.2",
  ],
  q: [
    "M11 36.5 7.2 16.6l7.5 9.8.2-14.6 5.3 13.8 2.3-15.5 2.3 15.5 5.3-13.8.2 14.6 7.5-9.8L34 36.5z",
    dot(7.2, 14.3, 2.5),
    dot(14.9, 9.9, 2.5),
    dot(22.5, 8, 2.5),
    dot(30.1, 9.9, 2.5),
    dot(37.8, 14.3, 2.5),
    BASE,
    "dM12.1 31.6c6.9-2 13.9-2 20.8 0",
  ],
  k: [
    "M20.9 2.8h3.2v3h3v3.2h-3v4.2h-3.2V9h-3V5.8h3z",
    "M12.2 36.5c-3.4-4.5-7.2-8.4-6.4-13.5 1-6.3 9.4-8.5 14.2-3.4l2.5 2.9 2.5-2.9c4.8-5.1 13.2-2.9 14.2 3.4.8 5.1-3 9-6.4 13.5z",
    "M22.5 26.2c-2.7-4.5-4.7-8.6-3.3-11.6.9-1.8 5.7-1.8 6.6 0 1.4 3-.6 7.1-3.3 11.6z",
    BASE,
    "dM12.6 31.7c6.6-2.4 13.2-2.4 19.8 0",
  ],
};

export const NAMES: Record<Role, string> = {
  p: "pawn",
  n: "knight",
  b: "bishop",
  r: "rook",
  q: "queen",
  k: "king",
};

export function colorName(color: Color): string {
  return color === "w" ? "white" : "black";
}

const templates = new Map<string, SVGElement>();

/** A new SVG element of one piece; styled by the board's CSS (`.pc.w`, `.pc.b`). */
export function pieceSvg(color: Color, role: Role): SVGElement {
  let t = templates.get(color + role);
  if (!t) {
    t = s("svg", { class: `pc ${color}`, viewBox: "0 0 45 45", "aria-hidden": "true" });
    for (const part of PARTS[role]) {
      const kind = /^[de]/.test(part) ? part.charAt(0) : "";
      t.append(s("path", { class: kind || undefined, d: kind ? part.slice(1) : part }));
    }
    templates.set(color + role, t);
  }
  return t.cloneNode(true) as SVGElement;
}
