/**
 * Draws the seeded articles' images (api/src/db/seed/media/*.png) from SVG with sharp. Run again only to change
 * them: `node scripts/draw-seed-images.ts`. The PNGs are committed, so a first start needs no fonts.
 * Two are diagrams of facts stated in their articles (the AI Act's dates of application, Article 113; the Nordic
 * bidding zones), not data; the covers are abstract art for feature images (shapes in a category's colours, no text).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '../api/src/db/seed/media');
const FONT = 'font-family="DejaVu Sans, sans-serif"';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function timeline(): string {
  const steps = [
    ['1 Aug 2024', 'Entry into force'],
    ['2 Feb 2025', 'Prohibited practices,', 'AI literacy'],
    ['2 Aug 2025', 'General-purpose', 'AI models'],
    ['2 Aug 2026', 'Most other rules,', 'GPAI fines'],
    ['2 Aug 2027', 'High-risk AI in', 'products'],
  ];
  const x = (i: number) => 180 + i * 310;
  const marks = steps
    .map(([date, ...lines], i) => {
      const text = lines.map(
        (l, j) =>
          `<text x="${x(i)}" y="${560 + j * 40}" text-anchor="middle" font-size="28" fill="#334155" ${FONT}>${esc(l)}</text>`,
      );
      return `<circle cx="${x(i)}" cy="420" r="22" fill="${i === 2 ? '#1d4ed8' : '#0f172a'}"/>
        <text x="${x(i)}" y="350" text-anchor="middle" font-size="34" font-weight="bold" fill="#0f172a" ${FONT}>${date}</text>${text.join('')}`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800">
    <rect width="1600" height="800" fill="#f8fafc"/>
    <text x="80" y="130" font-size="54" font-weight="bold" fill="#0f172a" ${FONT}>EU AI Act: when its rules apply</text>
    <text x="80" y="190" font-size="32" fill="#475569" ${FONT}>Regulation (EU) 2024/1689, Article 113</text>
    <line x1="120" y1="420" x2="1480" y2="420" stroke="#94a3b8" stroke-width="8"/>${marks}
  </svg>`;
}

function zones(): string {
  const countries: [string, string[], string][] = [
    ['Norway', ['NO1', 'NO2', 'NO3', 'NO4', 'NO5'], '#e0f2fe'],
    ['Sweden', ['SE1', 'SE2', 'SE3', 'SE4'], '#dbeafe'],
    ['Finland', ['FI'], '#e0e7ff'],
    ['Denmark', ['DK1', 'DK2'], '#ede9fe'],
  ];
  const rows = countries
    .map(([name, list, fill], r) => {
      const y = 250 + r * 130;
      const boxes = list
        .map(
          (
            z,
            i,
          ) => `<rect x="${380 + i * 220}" y="${y}" width="190" height="96" rx="14" fill="${fill}" stroke="#1e3a8a" stroke-width="3"/>
          <text x="${475 + i * 220}" y="${y + 62}" text-anchor="middle" font-size="40" font-weight="bold" fill="#1e3a8a" ${FONT}>${z}</text>`,
        )
        .join('');
      return `<text x="80" y="${y + 62}" font-size="40" fill="#0f172a" ${FONT}>${name}</text>${boxes}`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <rect width="1600" height="900" fill="#f8fafc"/>
    <text x="80" y="130" font-size="54" font-weight="bold" fill="#0f172a" ${FONT}>The Nordic bidding zones</text>
    <text x="80" y="190" font-size="32" fill="#475569" ${FONT}>Twelve price areas; zones numbered north to south in Sweden</text>${rows}
  </svg>`;
}

/** A small deterministic generator, so the covers come out the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** Abstract cover art: a gradient field with translucent circles and a fine grid, in one palette. */
function cover(seed: number, [from, to, ...inks]: string[]): string {
  const next = random(seed);
  const circles = Array.from({ length: 14 }, (_, i) => {
    const r = 60 + next() * 260;
    return `<circle cx="${(next() * 1600).toFixed(0)}" cy="${(next() * 900).toFixed(0)}" r="${r.toFixed(0)}" fill="${inks[i % inks.length]}" fill-opacity="${(0.25 + next() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const grid = Array.from({ length: 17 }, (_, i) => `<line x1="${i * 100}" y1="0" x2="${i * 100}" y2="900"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/>${circles}
    <g stroke="#ffffff" stroke-opacity="0.12" stroke-width="2">${grid}</g>
  </svg>`;
}

for (const [name, svg] of [
  ['ai-act-timeline.png', timeline()],
  ['nordic-bidding-zones.png', zones()],
  ['cover-signal-blue.png', cover(7, ['#0b1f4d', '#1d4ed8', '#60a5fa', '#f59e0b', '#e0f2fe'])],
  ['cover-health-green.png', cover(21, ['#052e2b', '#0f766e', '#5eead4', '#fde68a', '#a7f3d0'])],
  ['cover-grid-amber.png', cover(42, ['#3b0a0a', '#b45309', '#fbbf24', '#38bdf8', '#fef3c7'])],
] as const) {
  writeFileSync(join(OUT, name), await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
  console.log(`wrote ${name}`);
}
