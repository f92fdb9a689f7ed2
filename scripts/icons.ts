import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

/**
 * Draws the app icon (a hall: roof, three columns, a step, on the brand teal) as SVG and as the PNG sizes that
 * installability needs, from one list of shapes, so the files in web/public/icons never drift apart.
 * Run with `npx tsx scripts/icons.ts` after changing a shape; the outputs are committed.
 */
const OUT = 'web/public/icons';
const TEAL = [0x01, 0xb8, 0xaf] as const;
const SIZE = 512;
/** Corner radius of the plain icon; the maskable one is full bleed because the platform draws its own mask. */
const RADIUS = 112;

type Shape = { kind: 'rect'; x: number; y: number; w: number; h: number } | { kind: 'triangle'; points: [number, number][] };
const hall: Shape[] = [
  {
    kind: 'triangle',
    points: [
      [256, 136],
      [380, 212],
      [132, 212],
    ],
  },
  ...[150, 234, 318].map((x): Shape => ({ kind: 'rect', x, y: 228, w: 44, h: 112 })),
  { kind: 'rect', x: 132, y: 352, w: 248, h: 28 },
];

function svg(rounded: boolean) {
  const body = hall
    .map((s) =>
      s.kind === 'rect' ? `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}"/>` : `<polygon points="${s.points.map((p) => p.join(',')).join(' ')}"/>`,
    )
    .join('');
  const teal = `#${TEAL.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}"><rect width="${SIZE}" height="${SIZE}" rx="${rounded ? RADIUS : 0}" fill="${teal}"/><g fill="#fff">${body}</g></svg>\n`;
}

const inTriangle = ([a, b, c]: [number, number][], x: number, y: number) => {
  const side = (p: [number, number], q: [number, number]) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  const d = [side(a!, b!), side(b!, c!), side(c!, a!)];
  return d.every((v) => v >= 0) || d.every((v) => v <= 0);
};
const inShape = (s: Shape, x: number, y: number) => (s.kind === 'rect' ? x >= s.x && x < s.x + s.w && y >= s.y && y < s.y + s.h : inTriangle(s.points, x, y));
const inBackground = (x: number, y: number, rounded: boolean) => {
  if (!rounded) return true;
  const cx = Math.min(Math.max(x, RADIUS), SIZE - RADIUS);
  const cy = Math.min(Math.max(y, RADIUS), SIZE - RADIUS);
  return (x - cx) ** 2 + (y - cy) ** 2 <= RADIUS ** 2;
};

/** RGBA pixels, four by four samples per pixel for smooth edges. */
function raster(px: number, rounded: boolean) {
  const rows: Buffer[] = [];
  const samples = 4;
  for (let j = 0; j < px; j++) {
    const row = Buffer.alloc(1 + px * 4);
    for (let i = 0; i < px; i++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const x = ((i + (sx + 0.5) / samples) * SIZE) / px;
          const y = ((j + (sy + 0.5) / samples) * SIZE) / px;
          if (!inBackground(x, y, rounded)) continue;
          const white = hall.some((s) => inShape(s, x, y));
          r += white ? 255 : TEAL[0];
          g += white ? 255 : TEAL[1];
          b += white ? 255 : TEAL[2];
          a += 255;
        }
      const n = samples * samples;
      // Colour is averaged over the covered samples only, so edges fade in alpha rather than darken.
      const covered = a / 255 || 1;
      row.set([r / covered, g / covered, b / covered, a / n].map(Math.round), 1 + i * 4);
    }
    rows.push(row);
  }
  return Buffer.concat(rows);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer) {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
function png(px: number, rounded: boolean) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(px, 0);
  header.writeUInt32BE(px, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raster(px, rounded), { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

writeFileSync(`${OUT}/icon.svg`, svg(true));
writeFileSync(`${OUT}/icon-192.png`, png(192, true));
writeFileSync(`${OUT}/icon-512.png`, png(512, true));
writeFileSync(`${OUT}/icon-maskable-512.png`, png(512, false));
writeFileSync(`${OUT}/apple-touch-icon.png`, png(180, false));
console.log(`Icons written to ${OUT}.`);
