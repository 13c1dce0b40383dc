/**
 * Which posts use which library images (`post_media`), rewritten in the batch of every write that changes a body,
 * so the table and the bodies never disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client.ts';
import { postMedia } from '../../db/schema-media.ts';
import { posts } from '../../db/schema.ts';

/**
 * The statements that make `post_media` say the post uses exactly `mediaIds` (each holding only under `guard`). An
 * id the library no longer has is skipped rather than failing the write.
 */
export function replaceMediaUses(
  db: Db,
  postId: number | SQL,
  mediaIds: readonly number[],
  guard: SQL = sql`1`,
): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] {
  const cleared = db.run(sql`DELETE FROM post_media WHERE post_id = ${postId} AND ${guard}`);
  if (mediaIds.length === 0) return [cleared];
  const ids = sql.join(
    mediaIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return [
    cleared,
    db.run(sql`INSERT INTO post_media (post_id, media_id)
               SELECT ${postId}, id FROM media WHERE id IN (${ids}) AND ${guard}`),
  ];
}

/** The condition on `posts` that a post's body shows the image. */
export const showsImage = (mediaId: number) =>
  sql`${posts.id} IN (SELECT ${postMedia.postId} FROM ${postMedia} WHERE ${postMedia.mediaId} = ${mediaId})`;
