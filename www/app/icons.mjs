// The app's icon, drawn here: a pawn on a disc on a green square. One list of shapes
// gives the SVG and the PNGs (192 and 512 px, and a maskable one with the pawn inside
// the safe circle). Hand-made because the package has no image dependency and needs
// none: the shapes are rounded rectangles, circles and a polygon, sampled 4×4 a pixel,
// and node:zlib writes the PNG.
import { crc32, deflateSync } from "node:zlib";

const GREEN = [47, 111, 62];
const CREAM = [244, 241, 234];
const INK = [34, 31, 28];

/** The shapes on a 512-unit square, back to front. */
function shapes(maskable) {
  const s = maskable ? 0.8 : 1; // the maskable icon keeps its picture inside the central 80 %
  const c = (v) => 256 + (v - 256) * s;
  return [
    maskable ? { rect: [0, 0, 512, 512, 0], fill: GREEN } : { rect: [0, 0, 512, 512, 104], fill: GREEN },
    { circle: [256, 256, 200 * s], fill: CREAM },
    { circle: [c(256), c(170), 50 * s], fill: INK },
    { rect: [c(196), c(222), c(316), c(250), 14 * s], fill: INK },
    { poly: [[c(222), c(244)], [c(290), c(244)], [c(322), c(372)], [c(190), c(372)]].flat(), fill: INK },
    { rect: [c(160), c(362), c(352), c(404), 18 * s], fill: INK },
  ];
}

function inRoundRect(x, y, [x0, y0, x1, y1, r]) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const dx = Math.max(x0 + r - x, 0, x - (x1 - r));
  const dy = Math.max(y0 + r - y, 0, y - (y1 - r));
  return dx * dx + dy * dy <= r * r;
}

function inPoly(x, y, p) {
  let inside = false;
  for (let i = 0, j = p.length - 2; i < p.length; j = i, i += 2) {
    const [xi, yi, xj, yj] = [p[i], p[i + 1], p[j], p[j + 1]];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function hit(shape, x, y) {
  if (shape.rect) return inRoundRect(x, y, shape.rect);
  if (shape.circle) {
    const [cx, cy, r] = shape.circle;
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  }
  return inPoly(x, y, shape.poly);
}

const hex = (c) => `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

export function iconSvg(maskable = false) {
  const parts = shapes(maskable).map((s) => {
    const fill = `fill="${hex(s.fill)}"`;
    if (s.rect) {
      const [x0, y0, x1, y1, r] = s.rect;
      return `<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" rx="${r}" ${fill}/>`;
    }
    if (s.circle) return `<circle cx="${s.circle[0]}" cy="${s.circle[1]}" r="${s.circle[2]}" ${fill}/>`;
    return `<polygon points="${s.poly.join(" ")}" ${fill}/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${parts.join("")}</svg>\n`;
}

/** The icon as a PNG of `size` px (RGBA, 4×4 samples a pixel). */
export function iconPng(size, maskable = false) {
  const list = shapes(maskable);
  const k = 512 / size;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const N = 4;
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < N; sy++) {
        for (let sx = 0; sx < N; sx++) {
          const px = (x + (sx + 0.5) / N) * k;
          const py = (y + (sy + 0.5) / N) * k;
          for (let i = list.length - 1; i >= 0; i--) {
            if (hit(list[i], px, py)) {
              const f = list[i].fill;
              acc[0] += f[0];
              acc[1] += f[1];
              acc[2] += f[2];
              acc[3] += 255;
              break;
            }
          }
        }
      }
      const a = acc[3] / (N * N);
      const o = row + 1 + x * 4;
      const n = acc[3] / 255 || 1;
      raw[o] = Math.round(acc[0] / n);
      raw[o + 1] = Math.round(acc[1] / n);
      raw[o + 2] = Math.round(acc[2] / n);
      raw[o + 3] = Math.round(a);
    }
  }
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
