/** Small DOM helpers of the app. */

/** The element with `id`; a missing one is a bug in index.html, said at once. */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`app: #${id} missing from the page`);
  return e as T;
}

type Child = Node | string | null | undefined | false;

/** An element with attributes (`class`, `data-*`, `aria-*` …) and children (text is text, never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === true) e.setAttribute(k, "");
    else if (typeof v === "string") e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** Saves `text` as a file the browser downloads. */
export function download(name: string, text: string, type = "application/x-chess-pgn"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copies `text`; says "Copied" on `button` for a moment, or what went wrong. */
export async function copy(text: string, button: HTMLElement): Promise<void> {
  let said = "Copied";
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard API (file://, an old browser): the selection way.
    const ta = el("textarea", { readonly: true });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    if (!document.execCommand("copy")) said = "Copy failed";
    ta.remove();
  }
  const old = button.textContent;
  button.textContent = said;
  setTimeout(() => (button.textContent = old), 1200);
}

/** A date as PGN writes it: YYYY.MM.DD. */
export function pgnDate(d: Date): string {
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
}
