import { inArray } from 'drizzle-orm';
import { MarkdownRenderError, renderPost } from 'content-schema/markdown';
import { libraryImageIds, type LibraryImage } from 'content-schema/markdown-images';
import type { Db } from '../db/client.ts';
import { media } from '../db/schema-media.ts';

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

/** The library images a body may name, by id (one query; none when it names none). */
export async function libraryImagesOf(db: Db, content: string): Promise<Map<number, LibraryImage>> {
  const ids = libraryImageIds(content);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(media)
    .where(inArray(media.id, ids.slice(0, 500)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A body's derivations with the library images it names, as stored. */
export async function deriveStored(db: Db, content: string): Promise<Derived> {
  return deriveBody(content, await libraryImagesOf(db, content));
}
