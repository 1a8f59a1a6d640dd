/**
 * Installable and offline over http(s): registers dist/sw.js (precaches every file of
 * the app, versioned by content hash). From file:// there is no service worker: the
 * files are on the disk already.
 */
/** The app's script (dist/app.js): sw.js is beside it. Read while the script runs. */
const SCRIPT = (document.currentScript as HTMLScriptElement | null)?.src ?? location.href;

export function registerServiceWorker(say: (text: string) => void): void {
  if (!/^https?:$/.test(location.protocol)) {
    say("Opened from a file: it works offline as it is.");
    return;
  }
  if (!("serviceWorker" in navigator)) {
    say("This browser cannot keep the app for offline use.");
    return;
  }
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.register(new URL("sw.js", SCRIPT).href).then(
    (reg) => {
      void navigator.serviceWorker.ready.then(() => say("Ready to play offline."));
      reg.addEventListener("updatefound", () => {
        if (hadController) say("An update was downloaded: it is used from the next start.");
      });
    },
    (err: unknown) => say(`Not available offline: ${err instanceof Error ? err.message : String(err)}`),
  );
}
