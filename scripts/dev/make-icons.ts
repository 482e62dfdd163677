// Draws the PWA icons (192, 512, maskable 512) as real PNGs with node:zlib only — no image tool needed.
// Run: node --import tsx scripts/dev/make-icons.ts  (writes public/icons/*.png; the PNGs are committed)
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
interface Shape {
  color: Rgb;
  inside: (x: number, y: number) => boolean;
}

const BG: Rgb = [15, 23, 42]; // #0f172a, the manifest's theme colour
const FG: Rgb = [248, 250, 252];
const ACCENT: Rgb = [99, 102, 241];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size: number, rgba: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1); later shapes paint over earlier ones.
function shapes({ maskable }: { maskable: boolean }): Shape[] {
  const s = maskable ? 0.62 : 0.8; // maskable art stays inside the 80% safe circle
  const o = (1 - s) / 2;
  const map = (x: number, y: number): [number, number] => [o + x * s, o + y * s];
  const rect = (x0: number, y0: number, x1: number, y1: number, color: Rgb): Shape => {
    const [a, b] = map(x0, y0);
    const [c, d] = map(x1, y1);
    return { color, inside: (x: number, y: number) => x >= a && x <= c && y >= b && y <= d };
  };
  // The diagonal of the "N": a parallelogram between the two stems.
  const diag = (color: Rgb): Shape => {
    const [ax, ay] = map(0.3, 0.18);
    const [bx, by] = map(0.7, 0.82);
    const w = 0.16 * s;
    return {
      color,
      inside: (x: number, y: number) => {
        if (y < ay || y > by) return false;
        const cx = ax + ((y - ay) / (by - ay)) * (bx - ax);
        return x >= cx - w / 2 && x <= cx + w / 2;
      },
    };
  };
  const round = maskable ? 0 : 0.2;
  const background: Shape = {
    color: BG,
    inside: (x: number, y: number) => {
      if (round === 0) return true;
      const dx = Math.max(round - x, 0, x - (1 - round));
      const dy = Math.max(round - y, 0, y - (1 - round));
      return dx * dx + dy * dy <= round * round;
    },
  };
  return [
    background,
    rect(0.18, 0.18, 0.34, 0.82, FG),
    rect(0.66, 0.18, 0.82, 0.82, FG),
    diag(FG),
    rect(0.18, 0.88, 0.82, 0.94, ACCENT),
  ];
}

function draw(size: number, options: { maskable: boolean }): Buffer {
  const list = shapes(options);
  const out = Buffer.alloc(size * size * 4);
  const SS = 4; // 4×4 supersampling for smooth edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (px + (sx + 0.5) / SS) / size;
          const y = (py + (sy + 0.5) / SS) / size;
          let color: Rgb | null = null;
          for (const shape of list) if (shape.inside(x, y)) color = shape.color;
          if (color) {
            r += color[0];
            g += color[1];
            b += color[2];
            a += 1;
          }
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
      }
      out[i + 3] = Math.round((a / (SS * SS)) * 255);
    }
  }
  return png(size, out);
}

const dir = new URL('../../public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
] as const) {
  const file = new URL(name, dir);
  writeFileSync(file, draw(size, { maskable }));
  console.log(`wrote public/icons/${name}`);
}
