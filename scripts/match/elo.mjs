// Elo from a match score, with a 95 % interval (normal approximation over the games).

/** Elo difference for a score fraction (0 < s < 1). */
export function eloOf(s) {
  return -400 * Math.log10(1 / s - 1);
}

/**
 * @param {number} w wins, @param {number} d draws, @param {number} l losses
 * @returns {{ score: number, elo: number, low: number, high: number }}
 */
export function elo(w, d, l) {
  const n = w + d + l;
  if (n === 0) return { score: NaN, elo: NaN, low: NaN, high: NaN };
  const s = (w + d / 2) / n;
  const variance = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n;
  const margin = 1.959964 * Math.sqrt(variance / n);
  const clamp = (x) => Math.min(Math.max(x, 0.5 / n), 1 - 0.5 / n);
  return { score: s, elo: eloOf(clamp(s)), low: eloOf(clamp(s - margin)), high: eloOf(clamp(s + margin)) };
}
