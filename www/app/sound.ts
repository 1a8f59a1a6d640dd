/**
 * Sounds made in the page with Web Audio (no files to fetch): a move, a capture, a
 * check, the end of a game. The audio context starts on the first sound after a
 * gesture, as browsers require.
 */
export type SoundKind = "move" | "capture" | "check" | "end";

let ctx: AudioContext | null = null;

/** One note: a frequency, a wave, when (s from now) and how long, how loud. */
function note(a: AudioContext, freq: number, wave: OscillatorType, at: number, dur: number, vol: number): void {
  const o = a.createOscillator();
  const v = a.createGain();
  const t = a.currentTime + at;
  o.type = wave;
  o.frequency.setValueAtTime(freq, t);
  v.gain.setValueAtTime(0.0001, t);
  v.gain.exponentialRampToValueAtTime(vol, t + 0.005);
  v.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  o.connect(v).connect(a.destination);
  o.start(t);
  o.stop(t + dur + 0.02);
}

/** A short knock: filtered noise, like a piece put down on wood. */
function knock(a: AudioContext, at: number, dur: number, freq: number, vol: number): void {
  const len = Math.ceil(a.sampleRate * dur);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < len; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 3;
  const src = a.createBufferSource();
  src.buffer = buf;
  const f = a.createBiquadFilter();
  f.type = "bandpass";
  f.frequency.value = freq;
  f.Q.value = 1.2;
  const v = a.createGain();
  v.gain.value = vol;
  src.connect(f).connect(v).connect(a.destination);
  src.start(a.currentTime + at);
}

export function play(kind: SoundKind): void {
  try {
    const AC = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AC) return;
    ctx ??= new AC();
    if (ctx.state === "suspended") void ctx.resume();
    const a = ctx;
    if (kind === "move") knock(a, 0, 0.07, 900, 0.9);
    else if (kind === "capture") {
      knock(a, 0, 0.06, 700, 1);
      knock(a, 0.05, 0.08, 1400, 0.7);
    } else if (kind === "check") {
      knock(a, 0, 0.07, 900, 0.8);
      note(a, 880, "sine", 0.02, 0.18, 0.12);
    } else {
      note(a, 523, "triangle", 0, 0.35, 0.15);
      note(a, 659, "triangle", 0.12, 0.35, 0.15);
      note(a, 784, "triangle", 0.24, 0.5, 0.15);
    }
  } catch {
    // No audio output: the game goes on in silence.
  }
}
