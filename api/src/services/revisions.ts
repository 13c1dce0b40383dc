import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Revision, RevisionPage, RevisionSummary } from 'content-schema/revisions';
import type { Db } from '../db/client.ts';
import { media } from '../db/schema-media.ts';
import { postRevisions, posts } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import type { PostsService } from './posts/index.ts';
import { POST_NOT_FOUND } from './posts/rows.ts';

type RevisionRow = typeof postRevisions.$inferSelect;

export const REVISION_NOT_FOUND = 'Revision not found';

const { content: _content, excerpt: _excerpt, ...summaryColumns } = getTableColumns(postRevisions);

function toSummary(row: Omit<RevisionRow, 'content' | 'excerpt'>): RevisionSummary {
  return {
    id: row.id,
    postId: row.postId,
    version: row.version,
    kind: row.kind,
    changed: row.changed,
    title: row.title,
    savedBy: row.savedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function toRevision(row: RevisionRow): Revision {
  return {
    ...toSummary(row),
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    category: row.category,
    tags: row.tags,
    authorName: row.authorName,
    readTime: row.readTime,
    published: row.published,
    seoTitle: row.seoTitle,
    metaDescription: row.metaDescription,
    focusKeyword: row.focusKeyword,
    provenance: row.provenance,
    featureImage: row.featureImage ?? null,
  };
}

interface RevisionsDeps {
  db: Db;
  posts: PostsService;
}

/** A post's revisions, newest first, without their bodies; a 404 when there is no such post. */
export async function listRevisions(
  { db }: RevisionsDeps,
  postId: number,
  page: { limit: number; offset: number },
): Promise<RevisionPage> {
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).limit(1);
  if (!post) throw new AppError(404, POST_NOT_FOUND);
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(postRevisions)
      .where(eq(postRevisions.postId, postId))
      .orderBy(desc(postRevisions.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)` })
      .from(postRevisions)
      .where(eq(postRevisions.postId, postId)),
  ]);
  return { items: rows.map(toSummary), total: count?.n ?? 0 };
}

export async function revisionById({ db }: RevisionsDeps, id: number): Promise<Revision> {
  const [row] = await db.select().from(postRevisions).where(eq(postRevisions.id, id)).limit(1);
  if (!row) throw new AppError(404, REVISION_NOT_FOUND);
  return toRevision(row);
}

/**
 * Saves the revision's words (title, excerpt, body, category, tags, author, read time, SEO fields) as the post's
 * new version. Publication, the URL and provenance stay as they are now: restoring text neither unpublishes a
 * live article nor moves it. With `version`, a post that moved on since the editor looked is refused (409).
 */
async function inLibrary(db: Db, mediaId: number): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, mediaId));
  return !!row;
}

export async function restoreRevision(deps: RevisionsDeps, id: number, input: { version?: number }, savedBy: string) {
  const [row] = await deps.db.select().from(postRevisions).where(eq(postRevisions.id, id)).limit(1);
  if (!row) throw new AppError(404, REVISION_NOT_FOUND);
  return deps.posts.update(
    row.postId,
    {
      version: input.version,
      title: row.title,
      excerpt: row.excerpt,
      content: row.content,
      // Stored once through the post schema, so a known category; the type is the column's text.
      category: row.category as never,
      tags: row.tags,
      authorName: row.authorName,
      readTime: row.readTime,
      seoTitle: row.seoTitle,
      metaDescription: row.metaDescription,
      focusKeyword: row.focusKeyword,
      // An image deleted from the library since is not restored (the post keeps its category design instead).
      featureImage: row.featureImage && (await inLibrary(deps.db, row.featureImage.id)) ? row.featureImage : null,
    },
    { savedBy, kind: 'restore' },
  );
}

/**
 * A post's saved states (written by the posts service with every save), for the editor only: a list without
 * bodies, one in full, and a restore, which saves the revision's words as a new revision through the posts
 * service's ordinary save, so a published post's restore reaches the site like any edit.
 */
export function createRevisionsService(deps: RevisionsDeps) {
  return {
    list: (postId: number, page: { limit: number; offset: number }) => listRevisions(deps, postId, page),
    byId: (id: number) => revisionById(deps, id),
    restore: (id: number, input: { version?: number }, savedBy: string) => restoreRevision(deps, id, input, savedBy),
  };
}

export type RevisionsService = ReturnType<typeof createRevisionsService>;
