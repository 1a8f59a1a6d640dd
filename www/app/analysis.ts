/**
 * The place for "Analyse" after a game (SPEC §8 "Review"): when the engine's
 * `reviewGame` (SPEC §6) lands, a finished game's card `#analysis` offers it here and
 * shows the grades with the viewer's evaluation graph, marks and best-move arrows.
 * Until then the card stays hidden (view.ts) and nothing pretends to analyse.
 */
export const ANALYSIS_AVAILABLE = false;
