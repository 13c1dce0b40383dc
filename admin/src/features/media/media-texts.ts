/** How the library shows an image's files and facts: its addresses, sizes and formats, as plain data. */
import { MEDIA_WIDTHS, type Media, type MediaVariant } from 'content-schema/media';
import { formatCount } from 'content-schema/format';
import { mediaPath } from 'content-schema/markdown-images';

/** The address a served file has (/media/{file}). */
export const fileUrl = (variant: Pick<MediaVariant, 'file'>) => mediaPath(variant.file);

/** Grid thumbnails are drawn up to 320 CSS px wide. */
const THUMBNAIL_WIDTH = MEDIA_WIDTHS[0];

/**
 * The file a grid shows: the smallest WebP at least as wide as a thumbnail, else the widest WebP (an image narrower
 * than every width has one variant, its own width), else the fallback.
 */
export function thumbnailOf(media: Pick<Media, 'variants' | 'fallback'>): MediaVariant {
  const webp = media.variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width);
  return webp.find((v) => v.width >= THUMBNAIL_WIDTH) ?? webp.at(-1) ?? media.fallback;
}

/** '2,000 × 1,000 px'. */
export function dimensions(media: Pick<Media, 'width' | 'height'>): string {
  return `${formatCount(media.width)} × ${formatCount(media.height)} px`;
}

/** '1.2 MB', '340 KB', '512 bytes' (1 KB = 1,024 bytes, as the upload limit counts). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${formatCount(Math.round(kb))} KB`;
  return `${(kb / 1024).toFixed(1)} MB`;
}

const FORMAT_LABELS: Record<MediaVariant['format'], string> = {
  avif: 'AVIF',
  webp: 'WebP',
  jpeg: 'JPEG',
  png: 'PNG',
};

/** The served formats and their widths, one line each: 'AVIF: 320, 640, 960 px', then the fallback's. */
export function formatLines(media: Pick<Media, 'variants' | 'fallback'>): string[] {
  const widths = new Map<string, number[]>();
  for (const v of media.variants) {
    const label = FORMAT_LABELS[v.format];
    widths.set(label, [...(widths.get(label) ?? []), v.width]);
  }
  const lines = [...widths].map(
    ([label, ws]) =>
      `${label}: ${ws
        .sort((a, b) => a - b)
        .map(formatCount)
        .join(', ')} px`,
  );
  const { format, width } = media.fallback;
  return [...lines, `Fallback for older browsers: ${FORMAT_LABELS[format]}, ${formatCount(width)} px`];
}
