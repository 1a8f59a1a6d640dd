/**
 * The board's styles (style.css), scoped by its shadow root: nothing leaks out, and
 * the page themes the board through the `--c960-*` custom properties only.
 * Applied as a constructable stylesheet, so a Content-Security-Policy needs no
 * 'unsafe-inline' in style-src; a <style> element only where those are missing.
 */
import CSS from "./style.css";

let sheet: CSSStyleSheet | undefined;

export function styleRoot(root: ShadowRoot): void {
  if ("adoptedStyleSheets" in root && "replaceSync" in CSSStyleSheet.prototype) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement("style");
    style.textContent = CSS;
    root.prepend(style);
  }
}
