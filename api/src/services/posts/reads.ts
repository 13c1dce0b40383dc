/** Reading posts: lists (cached and encoded once per change), one post by id or by slug. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Post, PostListQuery } from 'content-schema/post';
import { posts, slugRedirects } from '../../db/schema.ts';
import { ADMIN_ANSWER_TTL_MS, encoded, PUBLIC_ANSWER_TTL_MS, type CachedList } from '../../lib/answer-cache.ts';
import { AppError } from '../../lib/errors.ts';
import type { PostsContext } from './context.ts';
import { findRow, POST_NOT_FOUND, publicColumns, summaryColumns, toPost, type PostRow, type Viewer } from './rows.ts';
import { searchFilter } from './search.ts';

function visibility(viewer: Viewer, published?: 'true' | 'false'): SQL | undefined {
  if (!viewer.isAdmin) return eq(posts.published, true);
  if (published === 'true') return eq(posts.published, true);
  if (published === 'false') return eq(posts.published, false);
  return undefined;
}

/** The list as it is in the database now, encoded, newest first, with its total. */
async function readList(ctx: PostsContext, query: PostListQuery, viewer: Viewer, now: number): Promise<CachedList> {
  const { db } = ctx;
  const filters: (SQL | undefined)[] = [visibility(viewer, query.published)];
  if (query.category) filters.push(eq(posts.category, query.category));
  if (query.search) filters.push(searchFilter(query.search));
  const where = and(...filters);
  const summary = query.fields === 'summary';
  const base = summary
    ? db.select({ ...summaryColumns, content: sql<string>`''` }).from(posts)
    : db.select(publicColumns).from(posts);
  let rows = base.where(where).orderBy(desc(posts.createdAt), desc(posts.id)).$dynamic();
  if (query.limit !== undefined) rows = rows.limit(query.limit);
  if (query.offset !== undefined) rows = rows.limit(query.limit ?? -1).offset(query.offset);
  const [items, [count]] = await Promise.all([
    rows,
    db
      .select({ n: sql<number>`count(*)` })
      .from(posts)
      .where(where),
  ]);
  const list = items.map((r) => {
    const post = toPost(r as PostRow);
    return summary ? { ...post, content: undefined } : post;
  });
  return encoded(list, count?.n ?? 0, now);
}

/** A list answer as encoded JSON plus the total, from the cache while no change has retired it. */
export function listJson(ctx: PostsContext, query: PostListQuery, viewer: Viewer): Promise<CachedList> {
  const { category, search, published, limit, offset, fields } = query;
  const key = JSON.stringify([viewer.isAdmin, category, search, published, limit, offset, fields]);
  const ttl = viewer.isAdmin ? ADMIN_ANSWER_TTL_MS : PUBLIC_ANSWER_TTL_MS;
  return ctx.lists.get(key, (now) => readList(ctx, query, viewer, now), ttl);
}

export async function byId(ctx: PostsContext, id: number, viewer: Viewer): Promise<Post> {
  const row = await findRow(ctx.db, id);
  if (!row || (!viewer.isAdmin && !row.published)) throw new AppError(404, POST_NOT_FOUND);
  return toPost(row);
}

/** A post by slug; an old slug of a renamed post answers the post under its current slug. */
export async function bySlug(ctx: PostsContext, slug: string, viewer: Viewer): Promise<Post> {
  const { db } = ctx;
  let [row] = await db.select(publicColumns).from(posts).where(eq(posts.slug, slug)).limit(1);
  if (!row) {
    const [redirect] = await db.select().from(slugRedirects).where(eq(slugRedirects.slug, slug)).limit(1);
    if (redirect) row = await findRow(db, redirect.postId);
  }
  if (!row || (!viewer.isAdmin && !row.published)) throw new AppError(404, POST_NOT_FOUND);
  return toPost(row as PostRow);
}

/** An anonymous reader's article by slug (or an old slug), encoded once per change like the lists. */
export function articleJson(ctx: PostsContext, slug: string): Promise<CachedList> {
  const read = async (now: number) => encoded(await bySlug(ctx, slug, { isAdmin: false }), 1, now);
  return ctx.articles.get(slug, read, PUBLIC_ANSWER_TTL_MS);
}
