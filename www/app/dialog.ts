/**
 * Questions to the player in the page (a modal `<dialog>`: focus kept inside, Escape
 * cancels, read by screen readers), in place of window.confirm.
 */
import { $, el } from "./dom.ts";

export interface Choice {
  label: string;
  value: string;
  primary?: boolean;
}

/** Asks; resolves with the chosen value, or null when cancelled (Escape, Cancel). */
export function ask(title: string, text: string, choices: Choice[]): Promise<string | null> {
  const d = $<HTMLDialogElement>("ask");
  const h = el("h2", { id: "ask-title" }, title);
  const p = el("p", { id: "ask-text" }, text);
  const row = el("div", { class: "choices" });
  for (const c of [...choices, { label: "Cancel", value: "" }]) {
    const b = el("button", { type: "button", class: c.primary ? "btn primary" : "btn", value: c.value }, c.label);
    b.addEventListener("click", () => d.close(c.value));
    row.append(b);
  }
  d.setAttribute("aria-labelledby", "ask-title");
  d.setAttribute("aria-describedby", "ask-text");
  d.replaceChildren(h, p, row);
  d.returnValue = "";
  return new Promise((resolve) => {
    d.addEventListener("close", () => resolve(d.returnValue === "" ? null : d.returnValue), { once: true });
    d.showModal();
    (row.querySelector<HTMLButtonElement>(".primary") ?? row.querySelector("button"))?.focus();
  });
}
