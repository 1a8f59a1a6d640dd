/**
 * Where `chess960/board` (the package's ESM entry) finds the engine: a dynamic import of
 * `chess960/engine`, left as it is in the bundle, so that an app's bundler makes it a
 * chunk of its own, fetched on first use. The one-file script swaps this module for
 * engine-default.iife.ts (www/build.mjs).
 */
import type { EngineModule } from "./types.ts";

export const defaultEngine = (): Promise<EngineModule> => import("chess960/engine");
