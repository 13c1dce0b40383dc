import type { Media, MediaVariant } from 'content-schema/media';

const file = (n: number, ext: string) => `${n.toString(16).padStart(32, '0')}.${ext}`;

/** A variant of `width` px in `format`, named uniquely. */
export function variant(format: MediaVariant['format'], width: number): MediaVariant {
  const ext = format === 'jpeg' ? 'jpg' : format;
  return { format, width, height: Math.round(width / 2), bytes: width * 10, file: file(width * 10 + ext.length, ext) };
}

/** A library image 2000 × 1000 with AVIF and WebP at 320-1920 px and a JPEG fallback; `overrides` replace fields. */
export function testMedia(overrides: Partial<Media> = {}): Media {
  const widths = [320, 640, 960, 1280, 1920];
  return {
    id: 7,
    fileName: 'chart.png',
    width: 2000,
    height: 1000,
    bytes: 1_234_567,
    alt: '',
    caption: '',
    credit: '',
    licence: '',
    variants: [...widths.map((w) => variant('avif', w)), ...widths.map((w) => variant('webp', w))],
    fallback: variant('jpeg', 1280),
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}
