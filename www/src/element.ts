/**
 * `<chess960-board>`: a thin custom-element shell over `Board`.
 *
 *   <chess960-board variant="chess960" position="518" orientation="black"></chess960-board>
 *   <chess960-board pgn="1. e4 e5 2. Nf3"></chess960-board>
 *
 * Attributes: variant (standard | chess960 | chess9), position (Scharnagl id),
 * fen, pgn (viewer mode), orientation (white | black), interactive (false to
 * lock), coordinates (false to hide). Events: move, gameover, swap, error
 * (bad FEN/PGN: the board then shows the message over a standard game).
 * When the wasm core cannot start (a Content-Security-Policy without
 * 'wasm-unsafe-eval', say) the element shows why, and `error` carries that text.
 */
import { Board } from "./board.ts";
import { Chess, coreError, createGame } from "./core.ts";
import { styleRoot } from "./style.ts";
import type { Color, Game } from "./types.ts";

const PGN_CHILD = 'script[type="application/x-chess-pgn"]';

function colorOf(v: string | null): Color {
  return v === "black" || v === "b" ? "b" : "w";
}

export class Chess960BoardElement extends HTMLElement {
  static observedAttributes = ["variant", "position", "fen", "pgn", "orientation", "interactive", "coordinates"];
  private inner: Board | null = null;

  // No disconnectedCallback: re-inserting the element (moving it in the DOM) keeps its game.
  connectedCallback(): void {
    if (coreError) {
      this.fail();
      return;
    }
    this.ensure();
    if (document.readyState === "loading" && !this.hasAttribute("pgn")) {
      // Upgraded before its children were parsed: look for a PGN child later.
      document.addEventListener(
        "DOMContentLoaded",
        () => {
          if (this.querySelector(PGN_CHILD)) this.reload();
        },
        { once: true },
      );
    }
  }

  /** Shows why there is no board (once), instead of an empty box. */
  private fail(): void {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = '<div class="fail" role="alert"></div>';
    styleRoot(root);
    (root.firstChild as Element).textContent = coreError;
    this.dispatchEvent(new CustomEvent("error", { detail: coreError }));
  }

  private ensure(): Board {
    return this.inner ?? this.reload();
  }

  /**
   * Loads the game the attributes describe (the board is made on the first
   * call); on bad input a standard game, the error under it and an `error` event.
   */
  private reload(): Board {
    if (coreError) throw new Error(coreError);
    // PGN from the attribute, or from a `<script type="application/x-chess-pgn">` child.
    const pgn = this.getAttribute("pgn") ?? (this.querySelector(PGN_CHILD)?.textContent?.trim() || null);
    let game: Game;
    let error = "";
    try {
      game = createGame({
        variant: this.getAttribute("variant"),
        position: this.getAttribute("position"),
        fen: this.getAttribute("fen"),
        pgn,
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      this.dispatchEvent(new CustomEvent("error", { detail: error }));
      game = new Chess();
    }
    const viewer = pgn !== null && !error;
    if (this.inner) this.inner.setGame(game, viewer);
    else {
      this.inner = new Board(this, {
        game,
        viewer,
        orientation: colorOf(this.getAttribute("orientation")),
        interactive: this.getAttribute("interactive") !== "false",
        coordinates: this.getAttribute("coordinates") !== "false",
      });
    }
    if (error) this.inner.notice(error);
    return this.inner;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    const b = this.inner;
    if (!b || old === value) return;
    if (name === "orientation") b.setOrientation(colorOf(value));
    else if (name === "interactive") b.setInteractive(value !== "false");
    else if (name === "coordinates") {
      b.state.coords = value !== "false";
      b.redraw();
    } else this.reload();
  }

  /** The position as X-FEN; setting it loads that position. */
  get fen(): string {
    return this.ensure().fen;
  }

  set fen(value: string) {
    const same = this.getAttribute("fen") === value;
    this.removeAttribute("pgn");
    this.setAttribute("fen", value);
    if (same || !this.inner) this.reload();
  }

  /** The `Chess` instance on the board. */
  get game(): Game {
    return this.ensure().game;
  }

  set game(g: Game) {
    this.ensure().setGame(g);
  }

  /** The `Board` behind the element (flip, goto, setGame with viewer …). */
  get board(): Board {
    return this.ensure();
  }

  flip(): void {
    this.ensure().flip();
  }

  /** Re-reads the game after changes made through `game` (undo, moves). */
  update(): void {
    this.inner?.update();
  }
}
