/**
 * An image's alt text, caption or credit changed: the posts that show it are rendered again with the new details,
 * in the batch that saves them, and each public one gets a change record, so the article goes live as after an
 * edit (docs/decisions/023-library-images-in-posts.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { LibraryImage } from 'content-schema/markdown-images';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { insertChange, rerenderedChange } from '../change-record.ts';
import { deriveBody, libraryImagesOf, withFeatureImage } from '../derive.ts';
import { showsImage } from './uses.ts';

type PostRow = typeof posts.$inferSelect;

/** The posts whose body shows the image. */
export function postsUsing(db: Db, mediaId: number): Promise<PostRow[]> {
  return db.select().from(posts).where(showsImage(mediaId));
}

/** A post's body rendered with `image` as it will be; null when nothing readers or the editor see changes. */
async function renderedWith(db: Db, post: PostRow, image: LibraryImage) {
  const library = await libraryImagesOf(db, post.content, post.featureImage?.id);
  library.set(image.id, image);
  const { body } = withFeatureImage(deriveBody(post.content, library), post.featureImage, library);
  const same =
    body.html === post.html && JSON.stringify(body.imagesWithoutAlt) === JSON.stringify(post.imagesWithoutAlt);
  return same ? null : body;
}

/**
 * The statements that render every post using `image` again (each only while the post is still at the version read
 * here); 409 when the new details would leave a published post with an image without alt. When the image itself
 * `changed` (not a later pass catching up with racing saves), a public post showing it as its feature image changes
 * for readers whatever its body does (hero, cards, share card, feeds).
 */
export async function rerenderStatements(db: Db, users: PostRow[], image: LibraryImage, at: Date, changed = false) {
  const statements: BatchItem<'sqlite'>[] = [];
  const live: string[] = [];
  for (const post of users) {
    const body = await renderedWith(db, post, image);
    const featured = changed && post.featureImage?.id === image.id;
    if (!body && !featured) continue;
    if (post.published && body && body.imagesWithoutAlt.length > 0) live.push(`“${post.title}”`);
    const guard = sql`EXISTS (SELECT 1 FROM posts WHERE id = ${post.id} AND version = ${post.version})`;
    if (body)
      statements.push(
        db
          .update(posts)
          .set(body)
          .where(and(eq(posts.id, post.id), eq(posts.version, post.version))),
      );
    const seen: ('content' | 'featureImage')[] = featured ? ['featureImage'] : [];
    if (body && body.html !== post.html) seen.push('content');
    if (post.published && seen.length > 0) statements.push(insertChange(db, rerenderedChange(post, seen, at), guard));
  }
  if (live.length > 0)
    throw new AppError(
      409,
      `Alt text is required: this image is in published posts that give it none: ${live.join(', ')}.`,
    );
  return { statements };
}
