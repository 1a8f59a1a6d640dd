/**
 * Where the one-file board script finds the engine: the engine's one-file script beside
 * its own URL, named as the package and the repository name it. The board script's file
 * name with `chess960-board` turned to `chess960-engine`, in the folder `engine/` when the
 * board script is in a folder `board/`:
 *
 *   …/pkg/board/chess960-board.iife.js  →  …/pkg/engine/chess960-engine.iife.js  (npm, a CDN)
 *   …/js/chess960-board.iife.js         →  …/js/chess960-engine.iife.js          (copied beside)
 *   …/dist/chess960-board.js            →  …/dist/chess960-engine.js             (a repository build)
 *
 * A board script under another name looks for chess960-engine.iife.js beside it; the
 * element's `engine-src` names the engine script explicitly.
 */
import { engineScript } from "./engine-script.ts";
import type { EngineModule } from "./types.ts";

/** The board script's URL, read while it runs (document.currentScript is only set then). */
const own = typeof document === "undefined" ? "" : (document.currentScript as HTMLScriptElement | null)?.src ?? "";

/** The engine script's URL for a board script at `board` (see above). */
export function engineUrl(board: string, base: string): string {
  const url = new URL(board || "chess960-board.iife.js", base);
  const m = /^(.*\/)(?:([^/]*)\/)?([^/]*)$/.exec(url.pathname);
  const [, dir = "/", folder, file = ""] = m ?? [];
  const name = /chess960-board/.test(file) ? file.replace("chess960-board", "chess960-engine") : "chess960-engine.iife.js";
  url.pathname = folder === undefined ? dir + name : dir + (folder === "board" ? "engine" : folder) + "/" + name;
  url.search = url.hash = "";
  return url.href;
}

export const defaultEngine = (): Promise<EngineModule> => engineScript(engineUrl(own, document.baseURI));
