import { createHash } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Post, PostData, PostListQuery, PostUpdate } from 'content-schema/post';
import { POST_CONFLICT_MESSAGE, REVISION_FIELDS, type RevisionField } from 'content-schema/revisions';
import type { RevisionKind } from 'content-schema/provenance';
import { slugify } from 'content-schema/text';
import type { Db } from '../db/client.ts';
import { postChanges, posts, slugRedirects } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { describeChange } from './changes.ts';
import { deriveBody } from './derive.ts';

type PostRow = typeof posts.$inferSelect;

/** Every column but the stored derivations, which only the site renderer reads (GET /api/site/posts). */
const { html: _html, searchText: _searchText, renderError: _renderError, ...publicColumns } = getTableColumns(posts);
const { content: _content, ...summaryColumns } = publicColumns;

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
  /** How long the answer is trusted without a change (set when it is cached). */
  ttl?: number;
  /** Set when a write (or eviction) drops it from its cache: copies of it elsewhere (the front cache) stop being served. */
  retired?: boolean;
}

/**
 * Cache entries expire after this, a backstop: a write on this instance clears the cache at once, and one on
 * another instance does when this instance's change feed reads its change record (within its 250 ms poll).
 * Drafts have no change record, so an admin's draft list may lag another instance by ADMIN_ANSWER_TTL_MS. A
 * reader's answer (published posts only) changes only with a change record, so its backstop is long: it covers a
 * change feed that could not read the database, and otherwise only adds re-reads (each a blocking query: for a
 * search matching most of 10,000 posts, tens of milliseconds every reader waits behind).
 */
const ADMIN_ANSWER_TTL_MS = 2000;
const PUBLIC_ANSWER_TTL_MS = 60_000;
const LIST_CACHE_MAX = 500;

/** Whether a cached answer may still be sent as it is. */
export const isCurrent = (entry: CachedList): boolean =>
  !entry.retired && Date.now() - entry.at < (entry.ttl ?? ADMIN_ANSWER_TTL_MS);

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

/**
 * Encoded answers by key, each computed once per change. Concurrent requests for an answer that is missing or
 * expired share one computation: a burst of readers right after a publish, or at an expiry, costs one query and
 * one encoding, not one each (every query on a file database blocks the event loop while it runs). A computation
 * that began before `clear()` (a write) is never kept after it, and later requests start their own.
 */
export class AnswerCache {
  readonly #entries = new Map<string, CachedList>();
  readonly #pending = new Map<string, Promise<CachedList>>();
  #generation = 0;

  clear(): void {
    this.#retireAll();
    this.#pending.clear();
    this.#generation++;
  }

  #retireAll(): void {
    for (const entry of this.#entries.values()) entry.retired = true;
    this.#entries.clear();
  }

  get(key: string, compute: (now: number) => Promise<CachedList>, ttl = ADMIN_ANSWER_TTL_MS): Promise<CachedList> {
    const hit = this.#entries.get(key);
    if (hit && isCurrent(hit)) return Promise.resolve(hit);
    const now = Date.now();
    const joined = this.#pending.get(key);
    if (joined) return joined;
    const generation = this.#generation;
    const pending: Promise<CachedList> = compute(now)
      .then((fresh) => {
        const entry = reuseIfSame(hit, fresh);
        entry.ttl = ttl;
        if (generation === this.#generation) {
          if (this.#entries.size >= LIST_CACHE_MAX) this.#retireAll();
          this.#entries.set(key, entry);
        } else {
          // A change arrived while it was read: the answer still goes to the requests that asked before the change,
          // but it is retired at once, so nothing that holds answers while they are current (the front cache) keeps
          // it; kept, it would never be retired with the cache's entries and would outlive the change.
          entry.retired = true;
        }
        return entry;
      })
      .finally(() => {
        if (this.#pending.get(key) === pending) this.#pending.delete(key);
      });
    this.#pending.set(key, pending);
    return pending;
  }
}

export interface CreateOptions {
  /** Marks a post written with AI involvement (automation drafts). */
  aiGenerated?: boolean;
  /** Further writes committed atomically with the insert; `slug` names the new post for subqueries. */
  alongside?: (slug: string) => BatchItem<'sqlite'>[];
  via?: 'editor' | 'automation';
  /** The signed-in editor who saved it (the revision's author); absent for the automation. */
  savedBy?: string | null;
}

/** Who edited a post whose provenance involves AI: the signed-in editor who saves it (else whoever did before). */
function editedByAfter(provenance: PostRow['provenance'], editor: string | null | undefined, before: string | null): string | null {
  return provenance !== 'human' && editor ? editor : before;
}

export interface UpdateOptions {
  /** The signed-in editor who saved it; absent for the scheduler, workflows and the automation. */
  savedBy?: string | null;
  /** 'restore' when the fields are an earlier revision's. */
  kind?: Exclude<RevisionKind, 'create'>;
  /**
   * An explicit save from the editor replaces its autosaved working copy, if the copy is at most at this revision
   * (another tab's later autosave stays); other writes leave the copy alone.
   */
  clearWorkingCopy?: { upTo: number };
}

/** A save lost to a concurrent one, retried from the new state when the caller named no version. */
const UPDATE_ATTEMPTS = 5;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const blank = (v: unknown) => v === null || v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0);

/** The revision fields of `after` that differ from `before` (every field that has a value, for a creation). */
export function revisionChanges(
  before: Pick<PostRow, RevisionField> | undefined,
  after: Pick<PostRow, RevisionField>,
): RevisionField[] {
  if (!before) return REVISION_FIELDS.filter((f) => !blank(after[f]));
  return REVISION_FIELDS.filter((f) => !sameValue(before[f], after[f]));
}

/** The columns of a revision row for a post's state, in the order `insertRevision` lists them. */
function revisionValues(state: Pick<PostRow, RevisionField | 'authorName' | 'readTime'>) {
  // Optional fields a caller left out are absent (null), never an empty placeholder in the statement.
  return sql`${state.slug}, ${state.title}, ${state.excerpt}, ${state.content}, ${state.category}, ${JSON.stringify(state.tags ?? [])},
             ${state.authorName}, ${state.readTime}, ${state.published ? 1 : 0}, ${state.seoTitle ?? null},
             ${state.metaDescription ?? null}, ${state.focusKeyword ?? null}, ${state.provenance ?? 'human'}`;
}

const REVISION_COLUMNS = sql.raw(`post_id, version, kind, changed, slug, title, excerpt, content, category, tags, author_name,
  read_time, published, seo_title, meta_description, focus_keyword, provenance, saved_by, created_at`);

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
  const listCache = new AnswerCache();
  /** Published articles by slug, encoded, for anonymous readers: the same life as the list cache. */
  const articleCache = new AnswerCache();

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
    return listCache.get(key, (now) => readList(query, viewer, now), viewer.isAdmin ? ADMIN_ANSWER_TTL_MS : PUBLIC_ANSWER_TTL_MS);
  }

  /** The list as it is in the database now, encoded. */
  async function readList(query: PostListQuery, viewer: Viewer, now: number): Promise<CachedList> {
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
    return encoded(list, count?.n ?? 0, now);
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

  /** An anonymous reader's article by slug (or an old slug), encoded once per change like the lists. */
  async function articleJson(slug: string): Promise<CachedList> {
    return articleCache.get(slug, async (now) => encoded(await bySlug(slug, { isAdmin: false }), 1, now), PUBLIC_ANSWER_TTL_MS);
  }

  /** A post by slug; an old slug of a renamed post answers the post under its current slug. */
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

  /** One revision row, written only when `guard` holds (in the batch's transaction). */
  function insertRevision(r: {
    postId: number | SQL;
    version: number;
    kind: RevisionKind;
    changed: string[];
    state: Pick<PostRow, RevisionField>;
    savedBy: string | null;
    at: Date;
    guard: SQL;
  }) {
    return db.run(sql`INSERT INTO post_revisions (${REVISION_COLUMNS})
                      SELECT ${r.postId}, ${r.version}, ${r.kind}, ${JSON.stringify(r.changed)}, ${revisionValues(r.state)},
                             ${r.savedBy}, ${r.at.getTime()}
                      WHERE ${r.guard}`);
  }

  /** The change record for `before` → `after`, written only when `guard` holds. */
  function guardedChangeRecord(before: PostRow, after: PostRow, at: Date, guard: SQL) {
    const record = describeChange(before, after, at, 'editor');
    if (!record) return [];
    return [
      db.run(sql`INSERT INTO post_changes (post_id, kind, title, old_slug, new_slug, old_category, new_category, fields, via, created_at)
                 SELECT ${record.postId}, ${record.kind}, ${record.title}, ${record.oldSlug}, ${record.newSlug}, ${record.oldCategory},
                        ${record.newCategory}, ${JSON.stringify(record.fields)}, ${record.via}, ${at.getTime()}
                 WHERE ${guard}`),
    ];
  }

  async function create(input: PostData, options: CreateOptions = {}): Promise<Post> {
    const now = clock.now();
    const slug = input.slug ? await explicitSlug(input.slug) : await uniqueSlug(input.title);
    const { slug: _slug, ...data } = input;
    const provenance = input.provenance ?? (options.aiGenerated ? 'ai-generated' : 'human');
    const values = {
      ...data,
      ...deriveBody(data.content),
      slug,
      aiGenerated: options.aiGenerated ?? false,
      provenance,
      editedBy: editedByAfter(provenance, options.savedBy, null),
      createdAt: now,
      updatedAt: now,
      publishedAt: input.published ? now : null,
      version: 1,
    };
    // The record needs the new id, which a subquery on the (unique) slug gives inside the same batch.
    const newId = sql`(SELECT id FROM posts WHERE slug = ${slug})`;
    const record = describeChange(undefined, { ...values, id: 0 }, now, options.via ?? 'editor');
    const insert = db.insert(posts).values(values).returning();
    const [[row]] = await db.batch([
      insert,
      ...(options.alongside?.(slug) ?? []),
      ...(record ? [db.insert(postChanges).values({ ...record, postId: newId })] : []),
      insertRevision({
        postId: newId,
        version: 1,
        kind: 'create',
        changed: revisionChanges(undefined, values),
        state: values,
        savedBy: options.savedBy ?? null,
        at: now,
        guard: sql`1`,
      }),
    ]);
    changed();
    return toPost(row!);
  }

  /**
   * Saves a post as a new version. With `patch.version` (the version the editor started from) a post that moved on
   * is refused with 409 and the post as it is now; without one the save applies to the current state. Either way
   * the write is one batch whose statements all hold only while the post is still at the version this save was
   * computed from (the post's own UPDATE is conditional on it and comes last), so of two concurrent saves, on any
   * number of instances, exactly one is written; the other changed nothing.
   */
  async function update(id: number, patch: PostUpdate, options: UpdateOptions = {}): Promise<Post> {
    const { version: expected, copyRevision: _copyRevision, ...rest } = patch;
    for (let attempt = 1; ; attempt++) {
      const before = Number.isSafeInteger(id) ? await findRow(id) : undefined;
      if (!before) throw new AppError(404, POST_NOT_FOUND);
      if (expected !== undefined && expected !== before.version) throw conflict(before);
      const saved = await trySave(before, rest, options);
      if (saved) return saved;
      if (expected !== undefined || attempt >= UPDATE_ATTEMPTS) {
        const now = await findRow(id);
        if (!now) throw new AppError(404, POST_NOT_FOUND);
        throw conflict(now);
      }
    }
  }

  function conflict(current: PostRow): AppError {
    return new AppError(409, POST_CONFLICT_MESSAGE, { extra: { current: toPost(current) } });
  }

  /** One attempt at a save from `before`; null when another save got there first (nothing was written). */
  async function trySave(before: PostRow, patch: Omit<PostUpdate, 'version' | 'copyRevision'>, options: UpdateOptions): Promise<Post | null> {
    const id = before.id;
    const now = clock.now();
    const { slug: requestedSlug, ...fields } = patch;
    let slug = before.slug;
    if (requestedSlug && requestedSlug !== before.slug) slug = await explicitSlug(requestedSlug, id);
    // A draft that was never published follows its title; once public, a URL only changes on request.
    else if (!requestedSlug && fields.title && fields.title !== before.title && !before.publishedAt)
      slug = await uniqueSlug(fields.title, id);

    const publishing = fields.published === true && !before.published;
    const version = before.version + 1;
    const set = {
      ...fields,
      ...(fields.content !== undefined && fields.content !== before.content ? deriveBody(fields.content) : {}),
      slug,
      editedBy: editedByAfter(fields.provenance ?? before.provenance, options.savedBy, before.editedBy),
      updatedAt: now,
      version,
      ...(publishing ? { publishedAt: now } : {}),
    };
    // What the row will hold: a field given as undefined is left as it is (as the UPDATE leaves it).
    const after: PostRow = { ...before, ...Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) };
    // Every statement below holds only while the post is still as it was read.
    const guard = sql`EXISTS (SELECT 1 FROM posts WHERE id = ${id} AND version = ${before.version})`;
    const results = await db.batch([
      // A post from before revisions were kept (seeded, imported) gets its earlier state as its first revision.
      insertRevision({
        postId: id,
        version: before.version,
        kind: 'create',
        changed: revisionChanges(undefined, before),
        state: before,
        savedBy: null,
        at: before.updatedAt,
        guard: sql`${guard} AND NOT EXISTS (SELECT 1 FROM post_revisions WHERE post_id = ${id})`,
      }),
      insertRevision({
        postId: id,
        version,
        kind: options.kind ?? 'save',
        changed: revisionChanges(before, after),
        state: after,
        savedBy: options.savedBy ?? null,
        at: now,
        guard,
      }),
      // Publishing by hand supersedes a pending schedule.
      ...(publishing
        ? [
            db.run(sql`UPDATE scheduled_posts SET status = 'canceled', error = 'Published manually', updated_at = ${now.getTime()}
                       WHERE post_id = ${id} AND status = 'scheduled' AND ${guard}`),
          ]
        : []),
      ...(slug !== before.slug && before.publishedAt
        ? [db.run(sql`INSERT INTO slug_redirects (slug, post_id) SELECT ${before.slug}, ${id} WHERE ${guard} ON CONFLICT DO NOTHING`)]
        : []),
      ...guardedChangeRecord(before, after, now, guard),
      ...(options.clearWorkingCopy
        ? [
            db.run(sql`DELETE FROM working_copies WHERE key = ${`post:${id}`} AND revision <= ${options.clearWorkingCopy.upTo}
                       AND ${guard}`),
          ]
        : []),
      db
        .update(posts)
        .set(set)
        .where(and(eq(posts.id, id), eq(posts.version, before.version)))
        .returning(),
    ]);
    const [row] = results.at(-1) as PostRow[];
    if (!row) return null;
    changed();
    return toPost(row);
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
    // The publish is a new version of the post with its revision (by nobody: the scheduler), like any save.
    const revision = (kind: RevisionKind, changed: string[], at: number, extra: SQL) =>
      db.run(sql`INSERT INTO post_revisions (${REVISION_COLUMNS})
                 SELECT id, version, ${kind}, ${JSON.stringify(changed)}, slug, title, excerpt, content, category, tags, author_name,
                        read_time, published, seo_title, meta_description, focus_keyword, provenance, NULL, ${at}
                 FROM posts WHERE id = ${postId} AND ${claimed} ${extra}`);
    const [claim, , , , , failed] = await db.batch([
      db.run(sql`UPDATE scheduled_posts SET status = 'published', claim_token = ${token}, updated_at = ${t}
                 WHERE id = ${scheduleId} AND status = 'scheduled'
                   AND EXISTS (SELECT 1 FROM posts WHERE id = ${postId} AND published = 0)`),
      // A post from before revisions were kept gets its earlier state as its first revision.
      revision('create', before ? revisionChanges(undefined, before) : [], before?.updatedAt.getTime() ?? t, sql`AND NOT EXISTS (SELECT 1 FROM post_revisions WHERE post_id = ${postId})`),
      db.run(sql`UPDATE posts SET published = 1, published_at = ${t}, updated_at = ${t}, version = version + 1 WHERE id = ${postId} AND ${claimed}`),
      revision('save', ['published'], t, sql``),
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
      .select({ ...summaryColumns, ...derived, modifiedAt: modifiedAtSql })
      .from(posts)
      .where(where)
      .orderBy(asc(posts.id))
      .limit(query.ids ? query.ids.length : query.limit);
    const next = !query.ids && rows.length === query.limit ? rows.at(-1)!.id : null;
    return {
      posts: rows.map(({ html, text, renderError, modifiedAt: modified, ...row }) => {
        const { content: _c, ...post } = toPost({ ...row, content: '' } as PostRow);
        const summary = { ...post, modifiedAt: modified ? new Date(modified).toISOString() : null };
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
