// Draws the app's icons (public/icon-*.png) from the shapes of favicon.svg: a brown square with a
// white van. Run once after changing the design: `node scripts/make-icons.mjs`. No dependencies.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BROWN = [0x7a, 0x4a, 0x00, 255];
const WHITE = [255, 255, 255, 255];

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x + 0.5, y + 0.5), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** The van on the 32-unit grid of favicon.svg. */
function van(u, v) {
  const inRect = (x, y, w, h) => u >= x && u <= x + w && v >= y && v <= y + h;
  const inCircle = (cx, cy, r) => (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
  // Cab: the polygon 18,14 23,14 27,18 27,20 18,20.
  const cab = v >= 14 && v <= 20 && u >= 18 && u <= 27 && (v >= 18 || u - 23 <= v - 14);
  return inRect(5, 11, 13, 9) || cab || inCircle(10, 22, 2.5) || inCircle(22, 22, 2.5);
}

/** `maskable`: full bleed, the van inside the central 80 % safe zone. Else a rounded square. */
function icon(size, maskable) {
  return png(size, (x, y) => {
    const scale = maskable ? 0.7 : 1;
    const u = ((x / size - 0.5) / scale + 0.5) * 32;
    const v = ((y / size - 0.5) / scale + 0.5) * 32;
    if (!maskable) {
      const r = (7 / 32) * size;
      const dx = Math.max(r - x, x - (size - r), 0);
      const dy = Math.max(r - y, y - (size - r), 0);
      if (dx * dx + dy * dy > r * r) return [0, 0, 0, 0];
    }
    return van(u, v) ? WHITE : BROWN;
  });
}

const out = path.resolve(import.meta.dirname, '../public');
for (const size of [192, 512]) {
  fs.writeFileSync(path.join(out, `icon-${size}.png`), icon(size, false));
  fs.writeFileSync(path.join(out, `icon-maskable-${size}.png`), icon(size, true));
}
fs.writeFileSync(path.join(out, 'apple-touch-icon.png'), icon(180, true));
console.log('icons written to', out);
