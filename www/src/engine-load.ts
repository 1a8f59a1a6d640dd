/**
 * The engine, loaded only when a reader asks for it (Analyse, or the computer's reply in
 * a line they try): a page with a viewer that never analyses fetches no engine file.
 *
 * - `engineSrc` given (the element's `engine-src`): that URL's one-file engine script
 *   (`chess960-engine.iife.js`, global `Chess960Engine`), added as a script element, which
 *   works from file:// too (a classic script may load a file beside the page).
 * - Otherwise the build decides (engine-default.ts): the package entry `chess960/board`
 *   imports `chess960/engine` dynamically (the app's bundler splits it off); the one-file
 *   board script loads the engine's one-file script from beside its own URL.
 *
 * The engine then runs in a Web Worker started from a Blob (js/engine/index.ts), so the
 * page never waits for it and file:// works.
 */
import type { Engine } from "chess960/engine";
import { defaultEngine } from "./engine-default.ts";
import { engineScript } from "./engine-script.ts";
import type { EngineLike, EngineModule } from "./types.ts";

/** The package's Engine fits what the board asks of one (checked when the board is type-checked). */
export const asEngine: (e: Engine) => EngineLike = (e) => e;

/** The engine module: from `src` when given, else where the build finds it. */
export function engineModule(src: string | null): Promise<EngineModule> {
  if (src) return engineScript(new URL(src, document.baseURI).href);
  return defaultEngine();
}
