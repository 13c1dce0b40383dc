/**
 * An uploaded image, processed once (docs/decisions/022-images-processed-at-upload.md): checked (a raster format
 * we accept, one frame, within the pixel limits, readable to the end), turned upright, converted to sRGB, and
 * written as AVIF and WebP at each width of the ladder up to its own, plus one JPEG (PNG with transparency)
 * fallback. Every output is encoded from pixels alone: no EXIF, GPS, XMP or ICC data reaches a served file.
 * Refusals are MediaRefusal with the message the editor sees.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import {
  FALLBACK_WIDTH,
  MAX_PIXELS,
  MAX_SIDE,
  MEDIA_ERRORS,
  MEDIA_WIDTHS,
  type MediaVariant,
} from 'content-schema/media';

/** An upload that cannot be used, with the message for the editor. */
export class MediaRefusal extends Error {}

/** A processed file: its description and its bytes. */
export interface ProcessedFile extends MediaVariant {
  data: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  variants: ProcessedFile[];
  fallback: ProcessedFile;
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);
const EXTENSION = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' } as const;

/** Whether the bytes look like markup (SVG, HTML, XML), whatever the name or type claimed. */
function isMarkup(input: Buffer): boolean {
  const head = input
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<');
}

/** The widths an image of `width` pixels gets: the ladder up to it, or its own width when narrower than all. */
export function ladderFor(width: number): number[] {
  const fits = MEDIA_WIDTHS.filter((w) => w <= width);
  return fits.length ? fits : [width];
}

/** Reads what the header says, refusing what we do not take before any pixel is decoded. */
async function checkHeader(input: Buffer): Promise<{ width: number; height: number; hasAlpha: boolean }> {
  if (input.length === 0) throw new MediaRefusal(MEDIA_ERRORS.empty);
  if (isMarkup(input)) throw new MediaRefusal(MEDIA_ERRORS.svg);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRefusal(MEDIA_ERRORS.notImage);
  }
  if (meta.format === 'svg') throw new MediaRefusal(MEDIA_ERRORS.svg);
  // HEIF holds AVIF; other HEIF (HEVC) sharp cannot decode in its prebuilt form.
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1'))
    throw new MediaRefusal(MEDIA_ERRORS.notImage);
  if ((meta.pages ?? 1) > 1) throw new MediaRefusal(MEDIA_ERRORS.animated);
  const { width, height } = meta;
  if (!width || !height) throw new MediaRefusal(MEDIA_ERRORS.notImage);
  if (width * height > MAX_PIXELS || width > MAX_SIDE || height > MAX_SIDE)
    throw new MediaRefusal(MEDIA_ERRORS.tooManyPixels);
  // Orientations 5–8 turn the image a quarter: its upright width is its stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: turned ? height : width, height: turned ? width : height, hasAlpha: meta.hasAlpha === true };
}

/**
 * Files encoded at once for one upload. Each AVIF encoder of a wide image holds tens of MiB: with every width at
 * once a 6000 × 4000 photo took +520 MiB; two at a time, with the server's MALLOC_ARENA_MAX=2, +240 MiB and no more
 * time (libvips already spreads each encode over the cores). See docs/decisions/022-images-processed-at-upload.md.
 */
const ENCODES_AT_ONCE = 2;

/** Runs tasks at most `atOnce` at a time, in order; their results in the same order. */
export async function inTurn<T>(tasks: (() => Promise<T>)[], atOnce: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, tasks.length) }, lane));
  return results;
}

/** A file of the image, named by its content. */
async function encode(pipeline: Sharp, format: MediaVariant['format'], width: number): Promise<ProcessedFile> {
  const resized = pipeline.clone().resize({ width, withoutEnlargement: true });
  const encoded =
    format === 'avif'
      ? resized.avif({ quality: 50, effort: 3 })
      : format === 'webp'
        ? resized.webp({ quality: 75, effort: 4 })
        : format === 'jpeg'
          ? resized.jpeg({ quality: 80, mozjpeg: true })
          : resized.png({ compressionLevel: 9, palette: false });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  const file = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${EXTENSION[format]}`;
  return { format, width: info.width, height: info.height, bytes: data.length, file, data };
}

/** Processes an upload into its served files, or refuses it (MediaRefusal). */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const { width, hasAlpha } = await checkHeader(input);
  let upright: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, to the largest width served, as raw sRGB pixels: every output is made from these. failOn
    // 'truncated' refuses a file cut short, which decoders would otherwise fill with grey.
    upright = await sharp(input, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, autoOrient: true })
      .resize({ width: Math.min(width, MEDIA_WIDTHS.at(-1)!), withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new MediaRefusal(MEDIA_ERRORS.damaged);
  }
  const { info } = upright;
  const pixels = sharp(upright.data, {
    raw: { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 },
  });
  const widths = ladderFor(info.width);
  // Each format's widths, narrowest first (as the library lists them), encoded widest first so the heaviest
  // encodes never wait for the end.
  const tasks = (['avif', 'webp'] as const).flatMap((format) => widths.map((w) => () => encode(pixels, format, w)));
  const variants = (await inTurn(tasks.reverse(), ENCODES_AT_ONCE)).reverse();
  const fallback = await encode(pixels, hasAlpha ? 'png' : 'jpeg', Math.min(info.width, FALLBACK_WIDTH));
  return { width: info.width, height: info.height, variants, fallback };
}
