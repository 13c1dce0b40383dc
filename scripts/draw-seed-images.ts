/**
 * Draws the seeded articles' images (api/src/db/seed/media/*.png) from SVG with sharp. Run again only to change
 * them: `node scripts/draw-seed-images.ts`. The PNGs are committed, so a first start needs no fonts.
 * Both are diagrams of facts stated in their articles (the AI Act's dates of application, Article 113; the Nordic
 * bidding zones), not data.
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

for (const [name, svg] of [
  ['ai-act-timeline.png', timeline()],
  ['nordic-bidding-zones.png', zones()],
] as const) {
  writeFileSync(join(OUT, name), await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
  console.log(`wrote ${name}`);
}
