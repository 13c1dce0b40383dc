/**
 * The media library's shapes and limits (docs/decisions/022-images-processed-at-upload.md): an uploaded image is
 * processed once, at upload, into AVIF and WebP variants at a fixed ladder of widths and one fallback, each a file
 * named by its content; pages only ever reference variants that exist.
 */
import { z } from 'zod';

/** Widths of the variants (never above the image's own width; an image narrower than all gets its own width). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920, 2400] as const;
/** The fallback (for browsers without AVIF or WebP) is a JPEG (PNG when the image has transparency) this wide. */
export const FALLBACK_WIDTH = 1280;
/** Largest upload accepted, in bytes; refused before the body is read past it. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Largest image accepted: pixels and pixels per side (a decompression bomb claims far more). */
export const MAX_PIXELS = 60_000_000;
export const MAX_SIDE = 12_000;

/** The answers to an upload that cannot be used: each says what to do. */
export const MEDIA_ERRORS = {
  notImage: 'This file is not an image Northwire can use: upload a JPEG, PNG, WebP, AVIF, GIF or TIFF file.',
  svg: 'SVG drawings are not accepted (they can carry scripts): export the drawing as PNG and upload that.',
  animated: 'Animated images are not accepted: upload a still image.',
  tooManyPixels: `This image is too large: at most ${MAX_PIXELS / 1_000_000} megapixels and ${MAX_SIDE.toLocaleString('en-US')} pixels on a side.`,
  damaged: 'This image is damaged or incomplete and cannot be read: export it again and upload the new file.',
  tooLarge: `This file is too large: uploads are at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  empty: 'The upload is empty: choose an image file.',
  busy: 'Too many uploads are being processed: wait for them to finish, then try again.',
  notFound: 'Image not found',
  featureNotFound: 'The feature image is not in the media library any more: choose another.',
} as const;

/** Why a post cannot be published: the library images it shows without alt text, by file name. */
export function missingAltMessage(fileNames: readonly string[]): string {
  const names = fileNames.map((n) => `“${n}”`).join(', ');
  const which = fileNames.length === 1 ? `the image ${names}` : `the images ${names}`;
  return `Add alt text to ${which} before publishing: readers who cannot see an image rely on it.`;
}

export const MEDIA_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;

/** One file of an image: its format and size, and its name under /media/. */
export const MediaVariantSchema = z.object({
  format: z.enum(MEDIA_FORMATS),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
  file: z.string().regex(/^[0-9a-f]{32}\.(avif|webp|jpg|png)$/),
});
export type MediaVariant = z.infer<typeof MediaVariantSchema>;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);

const detailFields = {
  alt: optionalText('Alt text', 500),
  caption: optionalText('Caption', 1000),
  credit: optionalText('Credit', 200),
  licence: optionalText('Licence', 200),
};

/** What an editor writes about an image. Alt text may be empty here; a post cannot be published with it empty. */
export const MediaDetailsSchema = z.object({
  alt: detailFields.alt.default(''),
  caption: detailFields.caption.default(''),
  credit: detailFields.credit.default(''),
  licence: detailFields.licence.default(''),
});
export type MediaDetails = z.infer<typeof MediaDetailsSchema>;

/** Body of PUT /api/media/:id: any of the details; those left out stay as they are (no defaults here). */
export const MediaDetailsInputSchema = z.object(detailFields).partial().strict();

/** An image of the library (GET /api/media). */
export const MediaSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Size of the file as uploaded (it is not kept: only the processed files are). */
  bytes: z.number().int().nonnegative(),
  alt: z.string(),
  caption: z.string(),
  credit: z.string(),
  licence: z.string(),
  variants: z.array(MediaVariantSchema),
  fallback: MediaVariantSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Media = z.infer<typeof MediaSchema>;

/** GET /api/media/:id: an image and the posts whose body uses it. */
export const MediaDetailSchema = MediaSchema.extend({
  usedBy: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type MediaDetail = z.infer<typeof MediaDetailSchema>;

/** The library's filters (GET /api/media?filter=…). */
export const MEDIA_FILTERS = ['missing-alt', 'unused'] as const;
export const MediaQuerySchema = z.object({
  q: z.string().max(200, 'Search must be at most 200 characters').optional(),
  filter: z.enum(MEDIA_FILTERS, { error: 'Filter must be missing-alt or unused' }).optional(),
});
