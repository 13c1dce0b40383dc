import { and, desc, eq, getTableColumns, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Post, PostData, PostListQuery, PostUpdate } from 'content-schema/post';
import { slugify } from 'content-schema/text';
import type { Db } from '../db/client.ts';
import { posts, scheduledPosts, slugRedirects } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { Events } from '../lib/events.ts';
import { AppError } from '../lib/errors.ts';
import type { RebuildRequest } from './rebuild.ts';

type PostRow = typeof posts.$inferSelect;

/** The public shape of a post; internal columns never leave through anything else. */
export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category,
    tags: row.tags,
    authorName: row.authorName,
    authorId: row.authorId,
    readTime: row.readTime,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    seoTitle: row.seoTitle,
    metaDescription: row.metaDescription,
    focusKeyword: row.focusKeyword,
    aiGenerated: row.aiGenerated,
  };
}

export const POST_NOT_FOUND = 'Post not found';

export interface Viewer {
  isAdmin: boolean;
}

interface CachedList {
  /** Encoded once: the hot path writes these bytes as they are. */
  body: Uint8Array<ArrayBuffer>;
  /** The same bytes gzipped, made on first demand, for clients that accept it. */
  gzip?: Uint8Array<ArrayBuffer>;
  total: number;
  at: number;
}

/** Cache entries expire so several API instances converge within this bound after a write elsewhere. */
const LIST_CACHE_TTL_MS = 2000;
const LIST_CACHE_MAX = 500;

export type PostsService = ReturnType<typeof createPostsService>;

export interface CreateOptions {
  /** Marks a post written with AI involvement (automation drafts). */
  aiGenerated?: boolean;
  /** Further writes committed atomically with the insert; `slug` names the new post for subqueries. */
  alongside?: (slug: string) => BatchItem<'sqlite'>[];
}

/**
 * Posts: the rules readers and the editor depend on. Anonymous viewers only ever see published posts;
 * any change readers can see requests a rebuild; lists are served from a small cache cleared on every write.
 */
export function createPostsService(deps: { db: Db; clock: Clock; rebuild: (req: RebuildRequest) => void; events?: Events }) {
  const { db, clock, rebuild, events } = deps;
  const listCache = new Map<string, CachedList>();

  function invalidate(): void {
    listCache.clear();
  }

  function visibility(viewer: Viewer, published?: 'true' | 'false'): SQL | undefined {
    if (!viewer.isAdmin) return eq(posts.published, true);
    if (published === 'true') return eq(posts.published, true);
    if (published === 'false') return eq(posts.published, false);
    return undefined;
  }

  /** A list answer as encoded JSON plus the total, newest first. */
  async function listJson(query: PostListQuery, viewer: Viewer): Promise<CachedList> {
    const key = JSON.stringify([viewer.isAdmin, query.category, query.search, query.published, query.limit, query.offset, query.fields]);
    const now = Date.now();
    const hit = listCache.get(key);
    if (hit && now - hit.at < LIST_CACHE_TTL_MS) return hit;

    const filters: (SQL | undefined)[] = [visibility(viewer, query.published)];
    if (query.category) filters.push(eq(posts.category, query.category));
    if (query.search) {
      const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(
        or(
          sql`lower(${posts.title}) like ${pattern} escape '\\'`,
          sql`lower(${posts.excerpt}) like ${pattern} escape '\\'`,
          sql`lower(${posts.content}) like ${pattern} escape '\\'`,
        ),
      );
    }
    const where = and(...filters);
    const summary = query.fields === 'summary';
    const { content: _content, ...summaryColumns } = getTableColumns(posts);
    const base = summary
      ? db.select({ ...summaryColumns, content: sql<string>`''` }).from(posts)
      : db.select().from(posts);
    let rows = base.where(where).orderBy(desc(posts.createdAt), desc(posts.id)).$dynamic();
    if (query.limit !== undefined) rows = rows.limit(query.limit);
    if (query.offset !== undefined) rows = rows.limit(query.limit ?? -1).offset(query.offset);
    const [items, [count]] = await Promise.all([
      rows,
      db.select({ n: sql<number>`count(*)` }).from(posts).where(where),
    ]);
    const list = items.map((r) => {
      const post = toPost(r as PostRow);
      if (summary) return { ...post, content: undefined };
      return post;
    });
    const entry = { body: new TextEncoder().encode(JSON.stringify(list)), total: count?.n ?? 0, at: now };
    if (listCache.size >= LIST_CACHE_MAX) listCache.clear();
    listCache.set(key, entry);
    return entry;
  }

  async function findRow(id: number): Promise<PostRow | undefined> {
    const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
    return row;
  }

  async function byId(id: number, viewer: Viewer): Promise<Post> {
    const row = Number.isSafeInteger(id) ? await findRow(id) : undefined;
    if (!row || (!viewer.isAdmin && !row.published)) throw new AppError(404, POST_NOT_FOUND);
    return toPost(row);
  }

  /** A post by slug; an old slug of a renamed post answers the post under its current slug. */
  async function bySlug(slug: string, viewer: Viewer): Promise<Post> {
    let [row] = await db.select().from(posts).where(eq(posts.slug, slug)).limit(1);
    if (!row) {
      const [redirect] = await db.select().from(slugRedirects).where(eq(slugRedirects.slug, slug)).limit(1);
      if (redirect) row = await findRow(redirect.postId);
    }
    if (!row || (!viewer.isAdmin && !row.published)) throw new AppError(404, POST_NOT_FOUND);
    return toPost(row);
  }

  async function slugTaken(slug: string, exceptId?: number): Promise<boolean> {
    const [row] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(exceptId === undefined ? eq(posts.slug, slug) : and(eq(posts.slug, slug), ne(posts.id, exceptId)))
      .limit(1);
    if (row) return true;
    const [redirect] = await db.select().from(slugRedirects).where(eq(slugRedirects.slug, slug)).limit(1);
    return !!redirect && redirect.postId !== exceptId;
  }

  /** A unique slug from a title: `title`, `title-2`, `title-3`, … */
  async function uniqueSlug(title: string, exceptId?: number): Promise<string> {
    const base = slugify(title);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await slugTaken(candidate, exceptId))) return candidate;
    }
  }

  async function explicitSlug(slug: string, exceptId?: number): Promise<string> {
    if (await slugTaken(slug, exceptId)) throw new AppError(409, 'Slug is already in use', { issues: [{ path: 'slug', message: 'Slug is already in use' }] });
    return slug;
  }

  function change(row: PostRow, next?: PostRow) {
    return {
      postId: row.id,
      slugs: [...new Set([row.slug, next?.slug].filter((s): s is string => !!s))],
      categories: [...new Set([row.category, next?.category].filter((s): s is string => !!s))],
    };
  }

  async function create(input: PostData, options: CreateOptions = {}): Promise<Post> {
    const now = clock.now();
    const slug = input.slug ? await explicitSlug(input.slug) : await uniqueSlug(input.title);
    const { slug: _slug, ...data } = input;
    const insert = db
      .insert(posts)
      .values({
        ...data,
        slug,
        aiGenerated: options.aiGenerated ?? false,
        createdAt: now,
        updatedAt: now,
        publishedAt: input.published ? now : null,
      })
      .returning();
    const [row] = options.alongside ? (await db.batch([insert, ...options.alongside(slug)]))[0] : await insert;
    invalidate();
    if (row!.published) {
      rebuild({ reason: `Published “${row!.title}”`, changes: [change(row!)] });
      events?.emit('post_published', { postId: row!.id, slug: row!.slug, title: row!.title, via: 'editor' });
    }
    return toPost(row!);
  }

  async function update(id: number, patch: PostUpdate): Promise<Post> {
    const before = Number.isSafeInteger(id) ? await findRow(id) : undefined;
    if (!before) throw new AppError(404, POST_NOT_FOUND);
    const now = clock.now();
    const { slug: requestedSlug, ...fields } = patch;
    let slug = before.slug;
    if (requestedSlug && requestedSlug !== before.slug) slug = await explicitSlug(requestedSlug, id);
    // A draft that was never published follows its title; once public, a URL only changes on request.
    else if (!requestedSlug && fields.title && fields.title !== before.title && !before.publishedAt)
      slug = await uniqueSlug(fields.title, id);

    const publishing = fields.published === true && !before.published;
    const [after] = await db.batch([
      db
        .update(posts)
        .set({ ...fields, slug, updatedAt: now, ...(publishing ? { publishedAt: now } : {}) })
        .where(eq(posts.id, id))
        .returning(),
      // Publishing by hand supersedes a pending schedule.
      ...(publishing
        ? [
            db
              .update(scheduledPosts)
              .set({ status: 'canceled', error: 'Published manually', updatedAt: now })
              .where(and(eq(scheduledPosts.postId, id), eq(scheduledPosts.status, 'scheduled'))),
          ]
        : []),
      ...(slug !== before.slug && before.publishedAt
        ? [db.insert(slugRedirects).values({ slug: before.slug, postId: id }).onConflictDoNothing()]
        : []),
    ]);
    const row = after[0]!;
    invalidate();
    if (before.published || row.published) {
      const reason = publishing
        ? `Published “${row.title}”`
        : before.published && !row.published
          ? `Unpublished “${row.title}”`
          : `Edited “${row.title}”`;
      rebuild({ reason, changes: [change(before, row)] });
      if (publishing) events?.emit('post_published', { postId: row.id, slug: row.slug, title: row.title, via: 'editor' });
      else if (before.published && !row.published) events?.emit('post_unpublished', { postId: row.id, slug: row.slug, title: row.title });
    }
    return toPost(row);
  }

  async function remove(id: number): Promise<void> {
    const before = Number.isSafeInteger(id) ? await findRow(id) : undefined;
    if (!before) throw new AppError(404, POST_NOT_FOUND);
    await db.delete(posts).where(eq(posts.id, id));
    invalidate();
    if (before.published) rebuild({ reason: `Deleted “${before.title}”`, changes: [change(before)] });
  }

  return { listJson, byId, bySlug, create, update, remove, invalidate, uniqueSlug };
}
