/**
 * The reader's tools under the move list: Analyse (with its progress and Cancel), copy and
 * download the PGN, copy the FEN; while the reader tries moves, "Back to game" and the
 * computer's reply. Buttons carry `data-action`; input.ts hands their clicks to the board.
 * A status line says what happened ("PGN copied"), visibly and to a screen reader.
 */
import { button, h } from "./dom.ts";

export interface ToolsView {
  /** "Analyse" is offered (a record without evaluations, analysis allowed, none running). */
  analyse: boolean;
  /** A review running: plies done of total (total 0 while the engine loads). */
  progress: { done: number; total: number } | null;
  /** The reader is trying moves from a shown position. */
  trying: boolean;
  /** The computer answers the reader's moves in a tried line. */
  reply: boolean;
}

export class Tools {
  readonly el = h("div", { class: "tools" });
  private readonly analyseBtn = button({ "data-action": "analyse", class: "tool main" }, "Analyse");
  private readonly back = button({ "data-action": "back", class: "tool main" }, "Back to game");
  private readonly replyBtn = button({ "data-action": "reply", class: "tool", "aria-pressed": "false" }, "Computer replies");
  private readonly progress = h("div", { class: "progress", "data-analysis-progress": "", role: "group", "aria-label": "Analysis" });
  private readonly bar = h("progress", { "aria-label": "Analysis progress", max: 1, value: 0 });
  private readonly progressText = h("span", { class: "ptext" });
  private readonly status = h("div", { class: "status", role: "status" });
  private readonly manual = h("textarea", { class: "manual", readonly: true, rows: 4, "aria-label": "Text to copy" });
  private timer = 0;

  constructor() {
    this.progress.append(this.bar, this.progressText, button({ "data-action": "cancel-analysis", class: "tool" }, "Cancel"));
    const row = h("div", { class: "row" },
      this.back, this.replyBtn, this.analyseBtn,
      button({ "data-action": "copy-pgn", class: "tool" }, "Copy PGN"),
      button({ "data-action": "download-pgn", class: "tool" }, "Download PGN"),
      button({ "data-action": "copy-fen", class: "tool" }, "Copy FEN"),
    );
    this.manual.hidden = true;
    this.el.append(this.progress, row, this.status, this.manual);
  }

  render(v: ToolsView): void {
    this.analyseBtn.hidden = !v.analyse;
    this.back.hidden = this.replyBtn.hidden = !v.trying;
    this.replyBtn.setAttribute("aria-pressed", String(v.reply));
    const p = v.progress;
    this.progress.hidden = !p;
    if (p) {
      this.bar.max = Math.max(1, p.total);
      if (p.total) this.bar.value = p.done;
      else this.bar.removeAttribute("value"); // loading the engine: an indeterminate bar
      const text = p.total ? `Analysing: ${p.done} of ${p.total} moves` : "Loading the engine…";
      if (this.progressText.textContent !== text) this.progressText.textContent = text;
    }
  }

  /** Says `text` under the tools (and to a screen reader) for a few seconds. */
  say(text: string, keep = false): void {
    clearTimeout(this.timer);
    this.status.textContent = text;
    this.manual.hidden = true;
    if (!keep) this.timer = setTimeout(() => (this.status.textContent = ""), 4000) as unknown as number;
  }

  /** The clipboard refused: the text, selected, for the reader to copy by hand. */
  offer(text: string, what: string): void {
    this.say(`Copying was not allowed here: the ${what} is selected below, copy it with Ctrl+C (Cmd+C on a Mac, a long press on a phone).`, true);
    this.manual.hidden = false;
    this.manual.value = text;
    this.manual.focus();
    this.manual.select();
  }
}
