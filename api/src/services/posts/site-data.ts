/**
 * What the site renderer reads (GET /api/site/posts, /api/site/redirects): published posts with their stored
 * derivations, and the old slugs that redirect. See docs/decisions/017-stored-derivations.md.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { SitePostsQuery } from 'content-schema/site-feed';
import type { Db } from '../../db/client.ts';
import { posts, slugRedirects } from '../../db/schema.ts';
import { deriveStored } from '../derive.ts';
import { resolveFeatureImages } from '../media/feature.ts';
import { replaceMediaUses } from '../media/uses.ts';
import { summaryColumns, toPost, type PostRow } from './rows.ts';

/**
 * A published post's visible "Updated" time (ms, or null): its latest real update after publication, which is a
 * correction (its stated time) or a change of the title or body (the change record's time). Other saves after
 * publication (tags, SEO fields, slug, provenance) change metadata, not what the article says, so they are not
 * shown as an update. Derived from the change record and the corrections, so no column has to be kept in step.
 */
// Written out rather than interpolated: drizzle renders a column of the selected table unqualified, which inside
// these subqueries would name the subquery's own column.
const modifiedAtSql = sql<number | null>`nullif(max(
  coalesce((SELECT max(c.corrected_at) FROM corrections c WHERE c.post_id = posts.id), 0),
  coalesce((SELECT max(pc.created_at) FROM post_changes pc
            WHERE pc.post_id = posts.id AND pc.kind = 'updated' AND pc.created_at > posts.published_at
              AND EXISTS (SELECT 1 FROM json_each(pc.fields) f WHERE f.value IN ('title', 'content'))), 0)
), 0)`;

/** Published posts for the site renderer, by ascending id (keyset pages) or by ids. */
export async function sitePosts(db: Db, query: SitePostsQuery) {
  const where = query.ids
    ? and(eq(posts.published, true), inArray(posts.id, query.ids))
    : and(eq(posts.published, true), gt(posts.id, query.after));
  const full = query.fields !== 'summary';
  // Bodies are the bulk of a row: read only the ones asked for.
  const derived = {
    html: full ? posts.html : sql<null>`NULL`,
    text: query.fields === 'full' ? posts.searchText : sql<null>`NULL`,
    renderError: full ? posts.renderError : sql<null>`NULL`,
  };
  const rows = await db
    .select({ ...summaryColumns, ...derived, modifiedAt: modifiedAtSql })
    .from(posts)
    .where(where)
    .orderBy(asc(posts.id))
    .limit(query.ids ? query.ids.length : query.limit);
  const next = !query.ids && rows.length === query.limit ? rows.at(-1)!.id : null;
  const features = await resolveFeatureImages(
    db,
    rows.map((r) => r.featureImage),
  );
  return {
    posts: rows.map(({ html, text, renderError, modifiedAt: modified, ...row }, i) => {
      const { content: _c, ...post } = toPost({ ...row, content: '' } as PostRow);
      const modifiedAt = modified ? new Date(modified).toISOString() : null;
      const summary = { ...post, modifiedAt, featureImage: features[i]! };
      return full ? { ...summary, html, text, renderError } : summary;
    }),
    next,
  };
}

/** Old slugs of published posts (they answer with a redirect to the current one). */
export async function siteRedirects(db: Db) {
  const rows = await db
    .select({ from: slugRedirects.slug, postId: slugRedirects.postId })
    .from(slugRedirects)
    .innerJoin(posts, eq(posts.id, slugRedirects.postId))
    .where(eq(posts.published, true))
    .orderBy(asc(slugRedirects.slug));
  return { redirects: rows };
}

/**
 * Derives the stored HTML and search text of rows that have none (written before they were stored, or by an
 * import). Readers see no difference, so no change record: the next full render picks them up.
 */
export async function backfillDerived(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: posts.id, content: posts.content, featureImage: posts.featureImage })
      .from(posts)
      .where(and(isNull(posts.html), isNull(posts.renderError)))
      .limit(100);
    if (rows.length === 0) return done;
    for (const row of rows) {
      const { body, mediaIds } = await deriveStored(db, row.content, row.featureImage);
      await db.batch([
        db.update(posts).set(body).where(eq(posts.id, row.id)),
        ...replaceMediaUses(db, row.id, mediaIds),
      ]);
    }
    done += rows.length;
  }
}
