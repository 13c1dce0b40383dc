/**
 * Feature images as the site draws them: the post's choice (image number and focal point) joined with the library
 * image's size, text and files, resolved when the API answers (docs/decisions/024-feature-images.md).
 */
import { inArray } from 'drizzle-orm';
import type { FeatureImage } from 'content-schema/post';
import type { SiteFeatureImage } from 'content-schema/site-feed';
import type { Db } from '../../db/client.ts';
import { media } from '../../db/schema-media.ts';

type Chosen = FeatureImage | null | undefined;

/** Each post's feature image resolved (null where it has none, or the library no longer has it), in order. */
export async function resolveFeatureImages(db: Db, chosen: readonly Chosen[]): Promise<(SiteFeatureImage | null)[]> {
  const ids = [...new Set(chosen.flatMap((f) => (f ? [f.id] : [])))];
  const library = new Map<number, typeof media.$inferSelect>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select()
      .from(media)
      .where(inArray(media.id, ids.slice(i, i + 500)));
    for (const row of rows) library.set(row.id, row);
  }
  return chosen.map((f) => {
    const image = f ? library.get(f.id) : undefined;
    if (!f || !image) return null;
    const { id, fileName, width, height, alt, caption, credit, licence, variants, fallback } = image;
    return { id, fileName, width, height, alt, caption, credit, licence, variants, fallback, ...focusOf(f) };
  });
}

const focusOf = (f: FeatureImage) => ({ focusX: f.focusX, focusY: f.focusY });
