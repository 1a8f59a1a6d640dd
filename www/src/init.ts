/**
 * Starts the wasm core for the one-file script (`dist/chess960-board.js`), whose
 * `chess960` is the package's wrapper without its self-starting entry: that entry
 * throws at load when the wasm cannot run, and the script must still define
 * `<chess960-board>` then, so the element can say why instead of staying blank
 * (typically a Content-Security-Policy without 'wasm-unsafe-eval').
 * The package entry (`chess960/board`) does not import this: there `chess960`
 * starts itself, once, for the board and the app alike.
 */
import { initSync } from "../../js/raw.js";
import wasm from "../../js/chess960_bg.wasm";
import { setCoreError } from "./core.ts";

try {
  initSync({ module: wasm() });
} catch (err) {
  const text = err instanceof Error ? err.message : String(err);
  setCoreError(
    typeof WebAssembly !== "object"
      ? "This browser has WebAssembly turned off; the chess board needs it."
      : /unsafe-eval|CSP|Content.Security/i.test(text)
        ? "This page's Content-Security-Policy blocks WebAssembly, which the chess board needs " +
          "('wasm-unsafe-eval' in script-src)."
        : `The chess board's WebAssembly could not start: ${text}`,
  );
}
