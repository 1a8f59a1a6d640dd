/**
 * `<chess960-board>`: a thin custom-element shell over `Board`.
 *
 *   <chess960-board variant="chess960" position="518" orientation="black"></chess960-board>
 *   <chess960-board pgn="1. e4 e5 2. Nf3"></chess960-board>
 *   <chess960-board src="games.pgn" ply="last"></chess960-board>
 *
 * Attributes: variant (standard | chess960 | chess9), position (Scharnagl id), fen,
 * pgn or src (a PGN text or its URL: viewer mode; several games get a chooser),
 * ply (viewer: the ply to open at, or "last"), orientation (white | black),
 * interactive (false to lock), coordinates (false to hide), theme (brown | green |
 * blue), shapes ("Ge2e4 Rd4", as [%cal]/[%csl]), animation (ms, 0 for none).
 * Events: move, gameover, swap, shapes, error (a bad FEN or PGN: the element shows
 * the message in place of the board). When the wasm core cannot start (a
 * Content-Security-Policy without 'wasm-unsafe-eval', say) the element shows why,
 * and `error` carries that text.
 */
import { Board } from "./board.ts";
import { coreError, createGame } from "./core.ts";
import { h } from "./dom.ts";
import { parseShapes } from "./pgn-source.ts";
import { styleRoot } from "./style.ts";
import type { Color, Game } from "./types.ts";

const PGN_CHILD = 'script[type="application/x-chess-pgn"]';

function colorOf(v: string | null): Color {
  return v === "black" || v === "b" ? "b" : "w";
}

// Importable where there is no DOM (a server-side render): the class is then inert.
const Base = (typeof HTMLElement === "undefined" ? class {} : HTMLElement) as typeof HTMLElement;

export class Chess960BoardElement extends Base {
  static observedAttributes = [
    "variant", "position", "fen", "pgn", "src", "orientation", "interactive", "coordinates", "shapes", "animation", "ply",
  ];
  private inner: Board | null = null;
  private fetched: AbortController | null = null;

  // No disconnectedCallback: re-inserting the element (moving it in the DOM) keeps its game.
  connectedCallback(): void {
    if (coreError) {
      this.fail();
      return;
    }
    this.ensure();
    if (document.readyState === "loading" && !this.hasAttribute("pgn") && !this.hasAttribute("src")) {
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
    root.append(h("div", { class: "fail", role: "alert" }, coreError));
    styleRoot(root);
    this.dispatchEvent(new CustomEvent("error", { detail: coreError }));
  }

  private ensure(): Board {
    return this.inner ?? this.reload();
  }

  /**
   * Loads what the attributes describe (the board is made on the first call): a PGN
   * (attribute, URL or `<script type="application/x-chess-pgn">` child) in viewer
   * mode, else a game to play. A bad FEN or PGN shows its error in place of the board.
   */
  private reload(): Board {
    if (coreError) throw new Error(coreError);
    const b = (this.inner ??= new Board(this, {
      orientation: colorOf(this.getAttribute("orientation")),
      interactive: this.getAttribute("interactive") !== "false",
      coordinates: this.getAttribute("coordinates") !== "false",
      animation: this.animationMs(),
      shapes: parseShapes(this.getAttribute("shapes") ?? ""),
    }));
    this.fetched?.abort();
    this.fetched = null;
    const src = this.getAttribute("src");
    const pgn = this.getAttribute("pgn") ?? (this.querySelector(PGN_CHILD)?.textContent?.trim() || null);
    if (pgn !== null) {
      b.loadPgn(pgn);
      this.openAt();
    } else if (src) {
      this.fetchPgn(b, src);
    } else {
      try {
        b.setGame(createGame({
          variant: this.getAttribute("variant"),
          position: this.getAttribute("position"),
          fen: this.getAttribute("fen"),
        }));
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        b.showError(error);
        this.dispatchEvent(new CustomEvent("error", { detail: error }));
      }
    }
    return b;
  }

  private fetchPgn(b: Board, src: string): void {
    const ctl = (this.fetched = new AbortController());
    b.notice("Loading the games…");
    fetch(src, { signal: ctl.signal })
      .then((r) => {
        if (!r.ok) throw new Error(`${r.status} ${r.statusText}`.trim());
        return r.text();
      })
      .then((text) => {
        b.notice("");
        b.loadPgn(text);
        this.openAt();
      })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        const error = `Could not load ${src}: ${err instanceof Error ? err.message : String(err)}`;
        b.notice("");
        b.showError(error);
        this.dispatchEvent(new CustomEvent("error", { detail: error }));
      });
  }

  /** Steps the viewer to the `ply` attribute's position. */
  private openAt(): void {
    const p = this.getAttribute("ply");
    if (p === "last") this.inner?.goto(Infinity, false);
    else if (p) this.inner?.goto(+p, false);
  }

  private animationMs(): number {
    const a = this.getAttribute("animation");
    return a === null || a === "" || !Number.isFinite(+a) ? 200 : +a;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    const b = this.inner;
    if (!b || old === value) return;
    if (name === "orientation") b.setOrientation(colorOf(value));
    else if (name === "interactive") b.setInteractive(value !== "false");
    else if (name === "coordinates") b.setCoordinates(value !== "false");
    else if (name === "shapes") b.setShapes(parseShapes(value ?? ""));
    else if (name === "animation") b.setAnimation(this.animationMs());
    else if (name === "ply") this.openAt();
    else this.reload();
  }

  /** The position shown, as X-FEN; setting it loads that position to play on. */
  get fen(): string {
    return this.ensure().fen;
  }

  set fen(value: string) {
    const same = this.getAttribute("fen") === value;
    this.removeAttribute("pgn");
    this.removeAttribute("src");
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

  /** The `Board` behind the element (flip, goto, setShapes, view …). */
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
