/** The player's settings, remembered: board size, colours, coordinates, sound. */
import { $ } from "./dom.ts";
import { board, S } from "./play.ts";
import { loadSettings, saveSettings, type Settings } from "./storage.ts";

/** The size slider's steps: 0 is "as large as fits", then widths in px. */
const SIZES = [0, 280, 320, 360, 400, 460, 520, 600, 680, 760, 860];

function apply(s: Settings): void {
  document.body.style.setProperty("--board-max", s.size ? `${s.size}px` : "100vw");
  board.setAttribute("theme", s.theme);
  board.setAttribute("coordinates", String(s.coordinates));
  S.sound = s.sound;
}

export function initSettings(say: (error: string) => void): void {
  const s = loadSettings();
  const size = $<HTMLInputElement>("set-size");
  const theme = $<HTMLSelectElement>("set-theme");
  const coords = $<HTMLInputElement>("set-coords");
  const sound = $<HTMLInputElement>("set-sound");
  const step = SIZES.indexOf(s.size);
  size.value = String(step < 0 ? 0 : step);
  theme.value = s.theme;
  coords.checked = s.coordinates;
  sound.checked = s.sound;
  const text = (): void => size.setAttribute("aria-valuetext", s.size ? `${s.size} pixels wide` : "as large as fits");
  text();
  apply(s);
  const changed = (): void => {
    s.size = SIZES[Number(size.value)] ?? 0;
    s.theme = theme.value === "green" || theme.value === "blue" ? theme.value : "brown";
    s.coordinates = coords.checked;
    s.sound = sound.checked;
    text();
    apply(s);
    const err = saveSettings(s);
    if (err) say(`Settings are not remembered here (${err}).`);
  };
  for (const e of [size, theme, coords, sound]) e.addEventListener("input", changed);
}
