/**
 * The seeded articles' images (seed/media/*.png, drawn by scripts/draw-seed-images.ts), uploaded through the media
 * library on a first start like any editor's upload, so a fresh site shows responsive pictures. The articles name
 * them by their numbers in the library (`/media/1`, `/media/2` in bodies, `featureImage.id` for the covers), which they
 * get in an empty library.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MediaDetailsSchema } from 'content-schema/media';
import type { MediaService } from '../services/media/index.ts';

const SEED_MEDIA = join(dirname(fileURLToPath(import.meta.url)), 'seed');

const ManifestSchema = z.array(MediaDetailsSchema.extend({ file: z.string() }));

/** Uploads the seed images into an empty library; answers how many it added. */
export async function seedMediaIfEmpty(media: MediaService): Promise<number> {
  if ((await media.list()).length > 0) return 0;
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(join(SEED_MEDIA, 'media.json'), 'utf8')));
  for (const { file, ...details } of manifest) {
    const image = await media.upload(readFileSync(join(SEED_MEDIA, 'media', file)), file);
    await media.update(image.id, details);
  }
  return manifest.length;
}
