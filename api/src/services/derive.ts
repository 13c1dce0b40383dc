import { inArray } from 'drizzle-orm';
import { MarkdownRenderError, renderPost } from 'content-schema/markdown';
import { libraryImageIds, type LibraryImage } from 'content-schema/markdown-images';
import { MEDIA_ERRORS } from 'content-schema/media';
import type { FeatureImage } from 'content-schema/post';
import type { Db } from '../db/client.ts';
import { media } from '../db/schema-media.ts';
import { AppError } from '../lib/errors.ts';

/** The stored derivations of a post body (columns of `posts`). */
export interface DerivedBody {
  html: string | null;
  searchText: string | null;
  renderError: string | null;
  imagesWithoutAlt: string[];
}

/** A body's derivations, and the library images it uses (kept in `post_media`). */
export interface Derived {
  body: DerivedBody;
  mediaIds: number[];
  /** The feature image's file name, when the post has one the library holds (it names it in refusals). */
  featureFileName?: string;
}

/**
 * Sanitised HTML and search text of a post body, from one parse, derived once when the post is saved so no
 * build renders markdown again. Input that passed the schema always renders; a body beyond the renderer's
 * limits (a row written before them, an import) keeps the reason instead, and only that post stays off the site.
 * `library` holds the media library's images the body may name; each becomes a responsive picture.
 */
export function deriveBody(content: string, library: ReadonlyMap<number, LibraryImage> = new Map()): Derived {
  try {
    const { html, text, images } = renderPost(content, library);
    return {
      body: { html, searchText: text, renderError: null, imagesWithoutAlt: images.withoutAlt },
      mediaIds: images.used,
    };
  } catch (err) {
    if (!(err instanceof MarkdownRenderError)) throw err;
    const renderError = `The post body could not be rendered: ${err.reason}`;
    return { body: { html: null, searchText: null, renderError, imagesWithoutAlt: [] }, mediaIds: [] };
  }
}

/**
 * A post's derivations with its feature image counted: the image is one the post uses (`post_media`), and one
 * without alt text keeps the post from going live like a body image without it.
 */
export function withFeatureImage(
  derived: Derived,
  feature: Pick<FeatureImage, 'id'> | null | undefined,
  library: ReadonlyMap<number, LibraryImage>,
): Derived {
  const image = feature ? library.get(feature.id) : undefined;
  if (!image) return derived;
  const { body, mediaIds } = derived;
  const withoutAlt = image.alt.trim() ? body.imagesWithoutAlt : [...body.imagesWithoutAlt, image.fileName];
  return {
    body: { ...body, imagesWithoutAlt: [...new Set(withoutAlt)] },
    mediaIds: [...new Set([...mediaIds, image.id])],
    featureFileName: image.fileName,
  };
}

/** The library images a body may name and the feature image, by id (one query; none when there are none). */
export async function libraryImagesOf(
  db: Db,
  content: string,
  featureId?: number | null,
): Promise<Map<number, LibraryImage>> {
  const ids = libraryImageIds(content);
  if (featureId) ids.unshift(featureId);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(media)
    .where(inArray(media.id, ids.slice(0, 500)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A post's derivations with the library images its body names and its feature image, as stored (a feature image
 * the library does not have is left out: a save refuses it with `assertFeatureInLibrary`).
 */
export async function deriveStored(db: Db, content: string, feature?: FeatureImage | null): Promise<Derived> {
  const library = await libraryImagesOf(db, content, feature?.id);
  return withFeatureImage(deriveBody(content, library), feature, library);
}

/** Refuses (422, on the field) a save naming a feature image the library does not have. */
export function assertFeatureInLibrary(derived: Derived, feature: FeatureImage | null | undefined): void {
  if (feature && !derived.mediaIds.includes(feature.id))
    throw new AppError(422, MEDIA_ERRORS.featureNotFound, {
      issues: [{ path: 'featureImage', message: MEDIA_ERRORS.featureNotFound }],
    });
}
