/**
 * A post row and its public shape. Public answers pass through `toPost`, so the internal columns (the stored
 * derivations) cannot leak through anything else.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import type { Post } from 'content-schema/post';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema.ts';

export type PostRow = typeof posts.$inferSelect;

export const POST_NOT_FOUND = 'Post not found';

/** Who asks: anonymous callers only ever see published posts. */
export interface Viewer {
  isAdmin: boolean;
}

/** Every column but the stored derivations, which only the site renderer reads (GET /api/site/posts). */
const { html: _html, searchText: _searchText, renderError: _renderError, ...columns } = getTableColumns(posts);
export const publicColumns = columns;
const { content: _content, ...summary } = publicColumns;
/** The public columns without the body, for lean lists. */
export const summaryColumns = summary;

/** The public shape of a post. */
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
    // Derived, never stored: provenance is the one record of how a post was made.
    aiGenerated: row.provenance === 'ai-generated',
    provenance: row.provenance,
    editedBy: row.editedBy,
    featureImage: row.featureImage ?? null,
    version: row.version,
  };
}

/** The whole row (with the derivations), or undefined: change records and saves compare against it. */
export async function findRow(db: Db, id: number): Promise<PostRow | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
  return row;
}
