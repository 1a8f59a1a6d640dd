/**
 * DOM building without HTML strings: createElement, createElementNS and textContent
 * only, so the board runs under Trusted Types (`require-trusted-types-for 'script'`),
 * where every `innerHTML` throws.
 */

type Child = Node | string | null | undefined | false;

/** An HTML element with attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  append(e, children);
  return e;
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children. */
export function s(tag: string, attrs: Record<string, string | number | undefined> = {}, ...children: Child[]): SVGElement {
  const e = document.createElementNS(SVG, tag) as SVGElement;
  setAttrs(e, attrs);
  append(e, children);
  return e;
}

function setAttrs(e: Element, attrs: Record<string, string | number | boolean | undefined>): void {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    e.setAttribute(k, v === true ? "" : String(v));
  }
}

function append(e: Element, children: Child[]): void {
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
}

/** A `<button type="button">`. */
export function button(attrs: Record<string, string | number | boolean | undefined>, ...children: Child[]): HTMLButtonElement {
  return h("button", { type: "button", ...attrs }, ...children);
}
