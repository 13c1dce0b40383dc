import { createHash } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Post, PostData, PostListQuery, PostUpdate } from 'content-schema/post';
import { slugify } from 'content-schema/text';
import type { Db } from '../db/client.ts';
import { postChanges, posts, scheduledPosts, slugRedirects } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { describeChange } from './changes.ts';
import { deriveBody } from './derive.ts';

type PostRow = typeof posts.$inferSelect;

/** Every column but the stored derivations, which only the site renderer reads (GET /api/site/posts). */
const { html: _html, searchText: _searchText, renderError: _renderError, ...publicColumns } = getTableColumns(posts);
const { content: _content, ...summaryColumns } = publicColumns;

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
    provenance: row.provenance,
    editedBy: row.editedBy,
    version: row.version,
  };
}

export const POST_NOT_FOUND = 'Post not found';

export interface Viewer {
  isAdmin: boolean;
}

export interface CachedList {
  /** Encoded once: the hot path writes these bytes as they are. */
  body: Uint8Array<ArrayBuffer>;
  /** A hash of `body`: equal answers have equal tags on every instance, so a publish changes exactly the lists it affects. */
  hash: string;
  /** The same bytes gzipped or brotli-compressed, made on first demand, for clients that accept them. */
  gzip?: Uint8Array<ArrayBuffer>;
  br?: Uint8Array<ArrayBuffer>;
  total: number;
  at: number;
}

/**
 * Cache entries expire after this, a backstop: a write on this instance clears the cache at once, and one on
 * another instance does when this instance's change feed reads its change record (within its 250 ms poll).
 * Drafts have no change record, so an admin's draft list may lag another instance by this much.
 */
const LIST_CACHE_TTL_MS = 2000;
const LIST_CACHE_MAX = 500;

export type PostsService = ReturnType<typeof createPostsService>;

/** An answer encoded once, tagged by a hash of its bytes (and its total, which travels in X-Total-Count). */
export function encoded(value: unknown, total: number, at: number): CachedList {
  const body = new TextEncoder().encode(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, hash: `${hash}.${total}`, total, at };
}

/**
 * An expired entry whose answer has not changed keeps its compressed bytes: the backstop's re-read every few seconds
 * then costs a query and a hash, not a brotli pass (tens of milliseconds on the event loop for a list of 20).
 */
function reuseIfSame(old: CachedList | undefined, fresh: CachedList): CachedList {
  if (!old || old.hash !== fresh.hash) return fresh;
  old.at = fresh.at;
  return old;
}

export interface CreateOptions {
  /** Marks a post written with AI involvement (automation drafts). */
  aiGenerated?: boolean;
  /** Further writes committed atomically with the insert; `slug` names the new post for subqueries. */
  alongside?: (slug: string) => BatchItem<'sqlite'>[];
  via?: 'editor' | 'automation';
}

/**
 * Posts: the rules readers and the editor depend on. Anonymous viewers only ever see published posts.
 * This is the one place a change readers can see is written: with it, in the same transaction, goes its
 * change record (services/changes.ts), which the builder, notifications, workflows and caches consume.
 * A post's sanitised HTML and search text are derived here, once, when it is saved.
 * Lists are served from a small cache cleared on every write.
 */
export function createPostsService(deps: { db: Db; clock: Clock; onChange?: () => void }) {
  const { db, clock } = deps;
  const onChange = deps.onChange ?? (() => {});
  const listCache = new Map<string, CachedList>();
  /** Published articles by slug, encoded, for anonymous readers: the same life as the list cache. */
  const articleCache = new Map<string, CachedList>();

  function invalidate(): void {
    listCache.clear();
    articleCache.clear();
  }

  function visibility(viewer: Viewer, published?: 'true' | 'false'): SQL | undefined {
    if (!viewer.isAdmin) return eq(posts.published, true);
    if (published === 'true') return eq(posts.published, true);
    if (published === 'false') return eq(posts.published, false);
    return undefined;
  }

  /**
   * The spec's search rule: a case-insensitive substring of title, excerpt or content. Terms of three characters
   * or more go through the trigram FTS5 index (drizzle/0003_search_fts.sql): a phrase of trigrams is a substring,
   * folded for case like Unicode's simple lower case, and found without reading every post. Shorter terms have no
   * trigram, so they scan with LIKE (whose case folding covers ASCII letters only).
   */
  function searchFilter(term: string): SQL {
    if ([...term].length >= 3) {
      const phrase = `"${term.replace(/"/g, '""')}"`;
      return sql`${posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${phrase})`;
    }
    const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(
      sql`lower(${posts.title}) like ${pattern} escape '\\'`,
      sql`lower(${posts.excerpt}) like ${pattern} escape '\\'`,
      sql`lower(${posts.content}) like ${pattern} escape '\\'`,
    )!;
  }

  /** A list answer as encoded JSON plus the total, newest first. */
  async function listJson(query: PostListQuery, viewer: Viewer): Promise<CachedList> {
    const key = JSON.stringify([viewer.isAdmin, query.category, query.search, query.published, query.limit, query.offset, query.fields]);
    const now = Date.now();
    const hit = listCache.get(key);
    if (hit && now - hit.at < LIST_CACHE_TTL_MS) return hit;

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
      db.select({ n: sql<number>`count(*)` }).from(posts).where(where),
    ]);
    const list = items.map((r) => {
      const post = toPost(r as PostRow);
      if (summary) return { ...post, content: undefined };
      return post;
    });
    const entry = reuseIfSame(hit, encoded(list, count?.n ?? 0, now));
    if (listCache.size >= LIST_CACHE_MAX) listCache.clear();
    listCache.set(key, entry);
    return entry;
  }

  async function findRow(id: number): Promise<PostRow | undefined> {
    // The whole row (with the derivations): describeChange and updates compare against it.
    const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
    return row;
  }

  async function byId(id: number, viewer: Viewer): Promise<Post> {
    const row = Number.isSafeInteger(id) ? await findRow(id) : undefined;
    if (!row || (!viewer.isAdmin && !row.published)) throw new AppError(404, POST_NOT_FOUND);
    return toPost(row);
  }

  /** A post by slug; an old slug of a renamed post answers the post under its current slug. */
  /** An anonymous reader's article by slug (or an old slug), encoded once per change like the lists. */
  async function articleJson(slug: string): Promise<CachedList> {
    const now = Date.now();
    const hit = articleCache.get(slug);
    if (hit && now - hit.at < LIST_CACHE_TTL_MS) return hit;
    const entry = reuseIfSame(hit, encoded(await bySlug(slug, { isAdmin: false }), 1, now));
    if (articleCache.size >= LIST_CACHE_MAX) articleCache.clear();
    articleCache.set(slug, entry);
    return entry;
  }

  async function bySlug(slug: string, viewer: Viewer): Promise<Post> {
    let [row] = await db.select(publicColumns).from(posts).where(eq(posts.slug, slug)).limit(1);
    if (!row) {
      const [redirect] = await db.select().from(slugRedirects).where(eq(slugRedirects.slug, slug)).limit(1);
      if (redirect) row = await findRow(redirect.postId);
    }
    if (!row || (!viewer.isAdmin && !row.published)) throw new AppError(404, POST_NOT_FOUND);
    return toPost(row as PostRow);
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

  /** The change record insert for `before` → `after`, or nothing when readers cannot see a difference. */
  function changeRecord(
    before: PostRow | undefined,
    after: Parameters<typeof describeChange>[1],
    at: Date,
    via: Parameters<typeof describeChange>[3],
  ): BatchItem<'sqlite'>[] {
    const record = describeChange(before, after, at, via);
    return record ? [db.insert(postChanges).values(record)] : [];
  }

  function changed(): void {
    invalidate();
    onChange();
  }

  async function create(input: PostData, options: CreateOptions = {}): Promise<Post> {
    const now = clock.now();
    const slug = input.slug ? await explicitSlug(input.slug) : await uniqueSlug(input.title);
    const { slug: _slug, ...data } = input;
    const values = {
      ...data,
      ...deriveBody(data.content),
      slug,
      aiGenerated: options.aiGenerated ?? false,
      provenance: options.aiGenerated ? ('ai-generated' as const) : ('human' as const),
      createdAt: now,
      updatedAt: now,
      publishedAt: input.published ? now : null,
    };
    // The record needs the new id, which a subquery on the (unique) slug gives inside the same batch.
    const record = describeChange(undefined, { ...values, id: 0 }, now, options.via ?? 'editor');
    const insert = db.insert(posts).values(values).returning();
    const [[row]] = await db.batch([
      insert,
      ...(options.alongside?.(slug) ?? []),
      ...(record ? [db.insert(postChanges).values({ ...record, postId: sql`(SELECT id FROM posts WHERE slug = ${slug})` })] : []),
    ]);
    changed();
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
    const set = {
      ...fields,
      ...(fields.content !== undefined && fields.content !== before.content ? deriveBody(fields.content) : {}),
      slug,
      updatedAt: now,
      ...(publishing ? { publishedAt: now } : {}),
    };
    const [after] = await db.batch([
      db.update(posts).set(set).where(eq(posts.id, id)).returning(),
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
      ...changeRecord(before, { ...before, ...set }, now, 'editor'),
    ]);
    changed();
    return toPost(after[0]!);
  }

  async function remove(id: number): Promise<void> {
    const before = Number.isSafeInteger(id) ? await findRow(id) : undefined;
    if (!before) throw new AppError(404, POST_NOT_FOUND);
    await db.batch([db.delete(posts).where(eq(posts.id, id)), ...changeRecord(before, undefined, clock.now(), 'editor')]);
    changed();
  }

  /**
   * Publishes a due schedule, exactly once across instances and restarts: one write transaction claims the
   * schedule row with a conditional UPDATE (`scheduled` → `published`, tagged with a random token), publishes
   * the post and writes its change record only if this attempt's token holds the claim, or else records why
   * not. libSQL's interactive transactions open a fresh connection without our pragmas, so a batch it is.
   */
  async function publishScheduled(
    scheduleId: number,
    postId: number,
    token: string,
  ): Promise<{ outcome: 'published'; post: Post } | { outcome: 'failed'; error: string; title: string } | { outcome: 'taken' }> {
    const now = clock.now();
    const t = now.getTime();
    const before = await findRow(postId);
    const claimed = sql`EXISTS (SELECT 1 FROM scheduled_posts WHERE id = ${scheduleId} AND claim_token = ${token})`;
    const record = before ? describeChange(before, { ...before, published: true, publishedAt: now }, now, 'schedule') : null;
    const [claim, , , failed] = await db.batch([
      db.run(sql`UPDATE scheduled_posts SET status = 'published', claim_token = ${token}, updated_at = ${t}
                 WHERE id = ${scheduleId} AND status = 'scheduled'
                   AND EXISTS (SELECT 1 FROM posts WHERE id = ${postId} AND published = 0)`),
      db.run(sql`UPDATE posts SET published = 1, published_at = ${t}, updated_at = ${t} WHERE id = ${postId} AND ${claimed}`),
      record
        ? db.run(sql`INSERT INTO post_changes (post_id, kind, title, old_slug, new_slug, old_category, new_category, fields, via, created_at)
                     SELECT ${postId}, 'published', title, NULL, slug, NULL, category, '[]', 'schedule', ${t}
                     FROM posts WHERE id = ${postId} AND ${claimed}`)
        : db.run(sql`SELECT 1`),
      db.run(sql`UPDATE scheduled_posts SET status = 'failed', error = 'The post was already published', claim_token = ${token}, updated_at = ${t}
                 WHERE id = ${scheduleId} AND status = 'scheduled'`),
    ]);
    if (claim.rowsAffected === 1) {
      changed();
      const row = await findRow(postId);
      if (row) return { outcome: 'published', post: toPost(row) };
    }
    if (failed.rowsAffected === 1) return { outcome: 'failed', error: 'The post was already published', title: before?.title ?? '' };
    return { outcome: 'taken' };
  }

  /**
   * Derives the stored HTML and search text of rows that have none (written before they were stored, or by
   * an import). Readers see no difference, so no change record: the next full render picks them up.
   */
  async function backfillDerived(): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await db
        .select({ id: posts.id, content: posts.content })
        .from(posts)
        .where(and(isNull(posts.html), isNull(posts.renderError)))
        .limit(100);
      if (rows.length === 0) return done;
      for (const row of rows) await db.update(posts).set(deriveBody(row.content)).where(eq(posts.id, row.id));
      done += rows.length;
    }
  }

  /** Published posts for the site renderer, by ascending id (keyset pages) or by ids; see routes/site.ts. */
  async function sitePosts(query: { after: number; limit: number; ids?: number[]; fields: 'summary' | 'html' | 'full' }) {
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
      .select({ ...summaryColumns, ...derived })
      .from(posts)
      .where(where)
      .orderBy(asc(posts.id))
      .limit(query.ids ? query.ids.length : query.limit);
    const next = !query.ids && rows.length === query.limit ? rows.at(-1)!.id : null;
    return {
      posts: rows.map(({ html, text, renderError, ...row }) => {
        const { content: _c, ...summary } = toPost({ ...row, content: '' } as PostRow);
        return full ? { ...summary, html, text, renderError } : summary;
      }),
      next,
    };
  }

  /** Old slugs of published posts (they answer with a redirect to the current one). */
  async function siteRedirects() {
    const rows = await db
      .select({ from: slugRedirects.slug, postId: slugRedirects.postId })
      .from(slugRedirects)
      .innerJoin(posts, eq(posts.id, slugRedirects.postId))
      .where(eq(posts.published, true))
      .orderBy(asc(slugRedirects.slug));
    return { redirects: rows };
  }

  return { sitePosts, siteRedirects, listJson, articleJson, byId, bySlug, create, update, remove, publishScheduled, backfillDerived, invalidate, uniqueSlug };
}
