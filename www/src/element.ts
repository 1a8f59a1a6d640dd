/**
 * `<chess960-board>`: a thin custom-element shell over `Board`.
 *
 *   <chess960-board variant="chess960" position="518" orientation="black"></chess960-board>
 *   <chess960-board pgn="1. e4 e5 2. Nf3"></chess960-board>
 *   <chess960-board src="games.pgn" ply="last"></chess960-board>
 *
 * Attributes: variant (standard | chess960 | chess9, or a PGN Variant tag's spelling
 * of them), position (Scharnagl id), fen, pgn or src (a PGN text or its URL: viewer
 * mode; several games get a chooser), ply (viewer: the ply to open at, or "last"),
 * orientation (white | black), interactive (false to lock), coordinates (false to
 * hide), theme (brown | green | blue), shapes ("Ge2e4 Rd4", as [%cal]/[%csl]),
 * animation (ms, 0 for none), analysis (false: no "Analyse"), engine-src (the engine's
 * one-file script, engine-load.ts). A value the element cannot honour is shown, with what
 * the attribute takes, in place of the board, and fires `error` (attributes.ts).
 * Events: move, gameover, swap, shapes, analysis, error (typed: `Chess960BoardEventMap`).
 * When the wasm core cannot start (a Content-Security-Policy without
 * 'wasm-unsafe-eval', say) the element shows why, and `error` carries that text.
 */
import {
  AttributeError, plyPastEnd, readAnimation, readEngineSrc, readGameStart, readOrientation, readPly, readShapes, readSwitch,
  readTheme,
} from "./attributes.ts";
import { Board, type AnalysisDetail, type SwapDetail } from "./board.ts";
import { checkGame, checkString } from "./checks.ts";
import { Chess, coreError, createGame } from "./core.ts";
import { h } from "./dom.ts";
import { styleRoot } from "./style.ts";
import type { Game, Move, Outcome, Shape } from "./types.ts";

const PGN_CHILD = 'script[type="application/x-chess-pgn"]';
/** Attributes that say which game to show: a change loads it. */
const GAME = ["variant", "position", "fen", "pgn", "src"];
/** Attributes that say how to show it: a change applies just that one. */
const DISPLAY = ["orientation", "interactive", "coordinates", "theme", "shapes", "animation", "analysis", "engine-src", "ply"];

/** The element's events and their `detail`s. */
export interface Chess960BoardEventMap {
  /** A move was played on the board. */
  move: CustomEvent<Move>;
  /** The game ended (once). */
  gameover: CustomEvent<Outcome>;
  /** A Chess-9 swap was chosen. */
  swap: CustomEvent<SwapDetail>;
  /** The user's drawn shapes, after each change. */
  shapes: CustomEvent<Shape[]>;
  /** What is shown in place of the board: a bad attribute, a record that cannot be read, a failed src. */
  error: CustomEvent<string>;
  /** A review ("Analyse"): the engine loading, its progress, its end (done, cancelled, failed). */
  analysis: CustomEvent<AnalysisDetail>;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

// Importable where there is no DOM (a server-side render): the class is then inert.
const Base = (typeof HTMLElement === "undefined" ? class {} : HTMLElement) as typeof HTMLElement;

export class Chess960BoardElement extends Base {
  static observedAttributes = [...GAME, ...DISPLAY];
  #inner: Board | null = null;
  #fetched: AbortController | null = null;
  /** What the attributes that choose the game got wrong (or a src that failed); "" when nothing. */
  #sourceError = "";
  /** What the display attributes got wrong; "" when nothing. */
  #settingsError = "";
  /** The error last handed to the board. */
  #shown = "";
  /** Whether the last PGN loaded (so `ply` can be checked against it). */
  #recordOk = false;
  /** The PGN child's text last read (null: none). */
  #childText: string | null = null;
  #waiting = false;
  #observer: MutationObserver | null = null;

  // No disconnectedCallback: re-inserting the element (moving it in the DOM) keeps its game.
  connectedCallback(): void {
    if (coreError) {
      this.#coreFailed();
      return;
    }
    this.#ensure();
    // A PGN child added (or changed) later is read then (one observer, however often the element moves).
    this.#observer ??= new MutationObserver(() => this.#childChanged());
    this.#observer.observe(this, { childList: true, subtree: true, characterData: true });
    if (document.readyState === "loading") this.#childChanged();
  }

  /** Shows why there is no board (once), instead of an empty box. */
  #coreFailed(): void {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: "open" });
    root.append(h("div", { class: "fail", role: "alert", "data-error": "" }, coreError));
    styleRoot(root);
    this.#fire(coreError);
  }

  #ensure(): Board {
    if (this.#inner) return this.#inner;
    if (coreError) throw new Error(coreError);
    this.#inner = new Board(this);
    this.#configure(DISPLAY);
    this.#load();
    return this.#inner;
  }

  #fire(error: string): void {
    this.dispatchEvent(new CustomEvent("error", { detail: error }));
  }

  /** Hands the board the attributes' error ("" for none); fires `error` for a new one. */
  #refresh(): void {
    const error = this.#settingsError || this.#sourceError;
    if (error === this.#shown) return;
    this.#shown = error;
    this.#inner?.showError(error);
    if (error) this.#fire(error);
  }

  /**
   * Checks every display attribute and applies those named in `apply`; the first
   * problem becomes the settings error (a bad value is not applied: the board keeps
   * what it had).
   */
  #configure(apply: string[]): void {
    const b = this.#inner;
    if (!b) return;
    const attr = (n: string): string | null => this.getAttribute(n);
    let error = "";
    for (const name of DISPLAY) {
      try {
        const on = apply.includes(name);
        if (name === "orientation") {
          const c = readOrientation(attr);
          if (on) b.setOrientation(c);
        } else if (name === "interactive" || name === "coordinates") {
          const v = readSwitch(attr, name);
          if (on) (name === "interactive" ? b.setInteractive(v) : b.setCoordinates(v));
        } else if (name === "analysis") {
          const v = readSwitch(attr, name);
          if (on) b.setAnalysis(v);
        } else if (name === "engine-src") {
          const url = readEngineSrc(attr, document.baseURI);
          if (on) b.setEngineSource(url);
        } else if (name === "theme") readTheme(attr);
        else if (name === "shapes") {
          const shapes = readShapes(attr);
          if (on) b.setShapes(shapes);
        } else if (name === "animation") {
          const ms = readAnimation(attr);
          if (on) b.setAnimation(ms);
        } else {
          const ply = readPly(attr);
          // The ply is checked against a record that loaded (not one still on its way).
          const plies = this.#recordOk && !this.#fetched ? b.record?.moves.length ?? 0 : Infinity;
          if (typeof ply === "number" && ply > plies) throw plyPastEnd(ply, plies);
          if (on && ply !== null && this.#recordOk) b.goto(ply === "last" ? Infinity : ply, false);
        }
      } catch (err) {
        if (!(err instanceof AttributeError)) throw err;
        error ||= err.message;
      }
    }
    this.#settingsError = error;
  }

  /**
   * Loads what the attributes describe: a PGN (attribute, URL or `<script
   * type="application/x-chess-pgn">` child) in viewer mode, else a game to play.
   */
  #load(): void {
    const b = this.#inner;
    if (!b) return;
    this.#fetched?.abort();
    this.#fetched = null;
    this.#sourceError = "";
    this.#recordOk = false;
    const src = this.getAttribute("src");
    const child = this.#pgnChild();
    this.#childText = child;
    const pgn = this.getAttribute("pgn") ?? child;
    const attr = (n: string): string | null => this.getAttribute(n);
    try {
      const start = readGameStart(attr);
      if (pgn !== null) this.#recordOk = b.loadPgn(pgn) === "";
      else if (src) this.#fetch(b, src);
      else {
        let game: Game;
        try {
          game = createGame(start);
        } catch (err) {
          throw new AttributeError(`fen="${start.fen}" could not be read: ${message(err)}`);
        }
        b.setGame(game);
      }
    } catch (err) {
      if (!(err instanceof AttributeError)) throw err;
      this.#sourceError = err.message;
    }
    this.#configure(["ply"]);
    this.#refresh();
  }

  #pgnChild(): string | null {
    return this.querySelector(PGN_CHILD)?.textContent?.trim() || null;
  }

  /** The light DOM changed: reads a PGN child that came, changed or went. */
  #childChanged(): void {
    if (!this.#inner || this.hasAttribute("pgn") || this.hasAttribute("src")) return;
    if (document.readyState === "loading") {
      // Still being parsed: the child's text may come in pieces; read it once, whole.
      if (!this.#waiting) {
        this.#waiting = true;
        document.addEventListener("DOMContentLoaded", () => {
          this.#waiting = false;
          this.#childChanged();
        }, { once: true });
      }
      return;
    }
    if (this.#pgnChild() !== this.#childText) this.#load();
  }

  #fetch(b: Board, src: string): void {
    const ctl = (this.#fetched = new AbortController());
    const url = new URL(src, document.baseURI);
    b.notice("Loading the games…");
    fetch(url, { signal: ctl.signal })
      .then((r) => {
        if (!r.ok) throw new Error(`${r.status} ${r.statusText}`.trim());
        return r.text();
      })
      .then((text) => {
        if (ctl.signal.aborted) return;
        this.#fetched = null;
        b.notice("");
        this.#recordOk = b.loadPgn(text) === "";
        this.#configure(["ply"]);
        this.#refresh();
      })
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        this.#fetched = null;
        let why = message(err);
        if (url.protocol === "file:") {
          why = "a page opened from a file (file://) cannot read other files. Serve the page and the PGN over http(s), " +
            "or give the PGN in the pgn attribute or a <script type=\"application/x-chess-pgn\"> child";
        } else if (err instanceof TypeError && url.origin !== location.origin) {
          why += ` (${url.host} may not allow other sites to read it: CORS)`;
        }
        b.notice("");
        this.#sourceError = `Could not load ${src}: ${why}`;
        this.#refresh();
      });
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (!this.#inner || old === value) return;
    if (GAME.includes(name)) this.#load();
    else {
      this.#configure([name]);
      this.#refresh();
    }
  }

  /**
   * The position shown, as X-FEN; setting it loads that position to play on. Throws,
   * changing nothing, for a value that is not a string (TypeError) or not a FEN (Error).
   */
  get fen(): string {
    return this.#ensure().fen;
  }

  set fen(value: string) {
    checkString("chess960-board.fen", value);
    new Chess(value); // throws the core's message for a bad FEN
    const same = this.getAttribute("fen") === value;
    for (const a of ["pgn", "src", "position"]) this.removeAttribute(a);
    this.setAttribute("fen", value);
    if (!this.#inner) this.#ensure(); // made from the attributes, this one included
    else if (same) this.#load();
  }

  /** The `Chess` instance on the board; setting another shows it (a TypeError for anything else). */
  get game(): Game {
    return this.#ensure().game;
  }

  set game(g: Game) {
    checkGame("chess960-board.game", g);
    this.#ensure().setGame(g);
    // The page chose the game: what the game attributes got wrong no longer stands.
    this.#sourceError = "";
    this.#refresh();
  }

  /** The `Board` behind the element (flip, goto, setShapes, view …). */
  get board(): Board {
    return this.#ensure();
  }

  flip(): void {
    this.#ensure().flip();
  }

  /** Re-reads the game after changes made through `game` (undo, moves). */
  update(): void {
    this.#inner?.update();
  }
}

// `addEventListener("move", (e) => e.detail.san)` typed on the element (with `error`
// as its CustomEvent, not the window's ErrorEvent).
export interface Chess960BoardElement {
  addEventListener<K extends keyof Chess960BoardEventMap>(
    type: K, listener: (this: Chess960BoardElement, ev: Chess960BoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K, listener: (this: Chess960BoardElement, ev: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof Chess960BoardEventMap>(
    type: K, listener: (this: Chess960BoardElement, ev: Chess960BoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K, listener: (this: Chess960BoardElement, ev: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}
