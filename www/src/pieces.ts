/**
 * Piece drawings: original inline SVG, drawn for this board on a 45×45 grid.
 * Each piece is its paths separated by "|", drawn in order. A path starting
 * with a letter before its "M" takes that letter as its class: "d" a detail line (stroke only, drawn light on dark pieces), "l" a
 * line in the outline colour, "e" a dot filled with the detail colour. No
 * image files, no network.
 */
import type { Color, Role } from "./types.ts";

const BASE = "|M11 39.5h23v-3.2H11z";

const PATHS: Record<Role, string> = {
  p: "M22.5 8.5a5 5 0 0 0-3.1 8.9c-2.2 1.3-3.6 3.5-3.6 6.1h3.7c-3.2 3.4-5.3 7.8-5.7 12.8h17.4c-.4-5-2.5-9.4-5.7-12.8h3.7c0-2.6-1.4-4.8-3.6-6.1a5 5 0 0 0-3.1-8.9z" + BASE,
  n: "M14.5 36.3c0-5.4 2.2-8.8 6.4-12.2-2.8.3-5 1.3-6.9 3.3-1.4 1.5-3.7 1.3-4.5-.4-.6-1.4-.3-2.8.8-4.3l6.7-9.2 1.2-5.5 2.9 3.6c6.9.3 11.8 4 13.6 10.2 1.5 5.2 1 10.2-.6 14.5z" + BASE +
    "|eM18.6 16.2a1.3 1.3 0 1 0 0 2.6 1.3 1.3 0 1 0 0-2.6z|dM24.6 14.4c3.4 2.3 5.5 6.2 5.8 11.6",
  b: "M15.4 36.3c-.6-3.2.7-5.6 2.6-7.3-3.2-2.4-3.9-6.2-2.4-9.8 1.6-3.8 4.5-6.6 6.9-8.4 2.4 1.8 5.3 4.6 6.9 8.4 1.5 3.6.8 7.4-2.4 9.8 1.9 1.7 3.2 4.1 2.6 7.3z" +
    "|M22.5 5.6a2.6 2.6 0 1 0 0 5.2 2.6 2.6 0 1 0 0-5.2z" + BASE + "|dM25.2 15.6l-4.6 5.6|dM17.9 29h9.2",
  r: "M13 15.6V9.3h4.2v2.8h3.2V9.3h4.2v2.8h3.2V9.3H32v6.3l-2 2.6H15z|M15.5 18.2h14v13.1h-14z|M13.8 36.3l1.7-5h14l1.7 5z" + BASE + "|dM15 18.2h15",
  q: "M12.3 36.3 9.4 16.2l5.3 9.4.6-13.4 4.4 12.4 2.8-14.1 2.8 14.1 4.4-12.4.6 13.4 5.3-9.4-2.9 20.1z" +
    "|M9.4 13.9a2.2 2.2 0 1 0 0 4.4 2.2 2.2 0 1 0 0-4.4zM15.3 9.9a2.2 2.2 0 1 0 0 4.4 2.2 2.2 0 1 0 0-4.4zM22.5 8a2.2 2.2 0 1 0 0 4.4 2.2 2.2 0 1 0 0-4.4zM29.7 9.9a2.2 2.2 0 1 0 0 4.4 2.2 2.2 0 1 0 0-4.4zM35.6 13.9a2.2 2.2 0 1 0 0 4.4 2.2 2.2 0 1 0 0-4.4z" + BASE +
    "|dM12.8 31.4c6.5-1.9 12.9-1.9 19.4 0",
  k: "lM22.5 4.5v7.5M19 7.8h7" +
    "|M12.3 36.3c-2.6-4.6-5.7-8.4-4.6-12.9 1.3-5.2 7.6-6.8 11.6-3.6l3.2 2.8 3.2-2.8c4-3.2 10.3-1.6 11.6 3.6 1.1 4.5-2 8.3-4.6 12.9z" +
    "|M22.5 25.3c-2.3-4.6-4.3-8.5-2.9-11 .9-1.5 4.9-1.5 5.8 0 1.4 2.5-.6 6.4-2.9 11z" + BASE + "|dM12.6 31.6c6.6-2.2 13.2-2.2 19.8 0",
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

const cache: Record<string, string> = {};

/** The SVG markup of one piece; styled by the board's CSS (`.pc.w`, `.pc.b`). */
export function pieceSvg(color: Color, role: Role): string {
  return (cache[color + role] ??=
    `<svg class="pc ${color}" viewBox="0 0 45 45" aria-hidden="true">${
      PATHS[role].replace(/(\w?)(M[^|]+)\|?/g, '<path class="$1" d="$2"/>')
    }</svg>`);
}
