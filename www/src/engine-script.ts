/** The engine's one-file script (global `Chess960Engine`), loaded by a script element. */
import type { EngineModule } from "./types.ts";

const scripts = new Map<string, Promise<EngineModule>>();

/** Loads the one-file engine script at `url` once per page (several boards share it). */
export function engineScript(url: string): Promise<EngineModule> {
  let p = scripts.get(url);
  if (p) return p;
  p = new Promise<EngineModule>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = url;
    s.async = true;
    s.onload = () => {
      const mod = (globalThis as { Chess960Engine?: EngineModule }).Chess960Engine;
      if (mod && typeof mod.Engine?.create === "function") resolve(mod);
      else reject(new Error(`${url} loaded, but it is not the chess960 engine script (no Chess960Engine.Engine)`));
    };
    s.onerror = () => {
      scripts.delete(url);
      reject(new Error(`the engine script ${url} could not be loaded`));
    };
    document.head.append(s);
  });
  scripts.set(url, p);
  return p;
}
