/** Button icons as inline SVG (font glyphs such as ⏮ are missing from many fonts). */
import { s } from "./dom.ts";

const PATHS = {
  first: "M5 5h2.6v14H5zM19.5 5v14L9.5 12z",
  prev: "M16.5 5v14l-10-7z",
  next: "M7.5 5v14l10-7z",
  last: "M19 5h-2.6v14H19zM4.5 5v14l10-7z",
  flip: "M7.5 2.5 2.8 7.8h3.4V16h2.6V7.8h3.4zM16.5 21.5l4.7-5.3h-3.4V8h-2.6v8.2h-3.4z",
  close: "M6.3 4.5 12 10.2l5.7-5.7 1.8 1.8-5.7 5.7 5.7 5.7-1.8 1.8-5.7-5.7-5.7 5.7-1.8-1.8 5.7-5.7-5.7-5.7z",
} as const;

export type IconName = keyof typeof PATHS;

export function icon(name: IconName): SVGElement {
  return s("svg", { class: "ic", viewBox: "0 0 24 24", "aria-hidden": "true" }, s("path", { d: PATHS[name] }));
}
