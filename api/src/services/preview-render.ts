/**
 * What a preview shows, read here rather than through the posts service: the post with the editor's working copy
 * (the autosaved, unsaved form) over it, its body rendered by the one markdown renderer and sanitiser. Nothing here
 * writes a post, a change record or a build: a preview is never a public change.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SiteSummary } from 'content-schema/site-feed';
import { PreviewFieldsSchema, type PreviewRender } from 'content-schema/preview';
import { RELATED_POSTS_MAX } from 'content-schema/site';
import type { Db } from '../db/client.ts';
import { posts, workingCopies } from '../db/schema.ts';
import type { CorrectionsService } from './corrections.ts';
import { deriveStored } from './derive.ts';
import { resolveFeatureImages } from './media/feature.ts';
import { toPost } from './posts/rows.ts';
import type { PreviewRendererClient } from './site-renderer.ts';

type PostRow = typeof posts.$inferSelect;

export interface PreviewRenderDeps {
  db: Db;
  renderer?: PreviewRendererClient;
  /** The corrections a published post carries, shown on its preview as on the article. */
  corrections?: Pick<CorrectionsService, 'forPosts'>;
}

/** The working copy's form as stored, or null when there is none or it is not JSON at all. */
function parseStoredFields(text: unknown): unknown {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Posts as the site shows them; a preview shows no "Updated" time (it is not the published text). */
async function summariesOf(db: Db, rows: PostRow[]): Promise<SiteSummary[]> {
  const features = await resolveFeatureImages(
    db,
    rows.map((r) => r.featureImage),
  );
  return rows.map((row, i) => {
    const { content: _content, ...summary } = toPost(row);
    return { ...summary, modifiedAt: null, featureImage: features[i]! };
  });
}

/** The published posts of a category its "Related Research" block draws from, newest first. */
async function relatedOf({ db }: PreviewRenderDeps, category: string, postId: number): Promise<SiteSummary[]> {
  const rows = await db
    .select()
    .from(posts)
    .where(and(eq(posts.published, true), eq(posts.category, category)))
    .orderBy(desc(sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`), desc(posts.id))
    .limit(RELATED_POSTS_MAX + 1);
  return summariesOf(
    db,
    rows.filter((r) => r.id !== postId),
  );
}

/** The stored derivation when the body is the saved one (derived once when it was saved), else rendered now. */
async function bodyOf(db: Db, row: PostRow, content: string | undefined) {
  const stored = row.html !== null || row.renderError !== null;
  if ((content === undefined || content === row.content) && stored)
    return { html: row.html, renderError: row.renderError };
  return (await deriveStored(db, content ?? row.content)).body;
}

/**
 * What the preview of a post shows: the post with its working copy's fields over it (each taken only when it is
 * a value the post could hold), its body rendered and sanitised; null when there is no such post.
 */
export async function previewOf(deps: PreviewRenderDeps, postId: number): Promise<PreviewRender | null> {
  const { db } = deps;
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!row) return null;
  // The raw text, not drizzle's JSON column: what the editor typed must never be able to fail the read.
  const [copy] = await db
    .select({ fields: sql<unknown>`${workingCopies.fields}`, updatedAt: workingCopies.updatedAt })
    .from(workingCopies)
    .where(eq(workingCopies.key, `post:${postId}`));
  const fields = copy ? PreviewFieldsSchema.parse(parseStoredFields(copy.fields)) : {};
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const { content, featureImage, ...over } = defined as typeof fields;
  const [base] = await summariesOf(db, [featureImage === undefined ? row : { ...row, featureImage }]);
  const post: SiteSummary = {
    ...base!,
    ...over,
    updatedAt: copy && copy.updatedAt > row.updatedAt ? copy.updatedAt.toISOString() : base!.updatedAt,
  };
  const body = await bodyOf(db, row, content);
  return {
    post,
    html: body.html,
    renderError: body.html === null ? body.renderError : null,
    corrections: row.published ? ((await deps.corrections?.forPosts([postId]))?.get(postId) ?? []) : [],
    related: await relatedOf(deps, post.category, postId),
  };
}

/** The preview page of a post as HTML, or null when there is no such post. Throws when no renderer can render it. */
export async function renderPreview(deps: PreviewRenderDeps, postId: number): Promise<string | null> {
  const input = await previewOf(deps, postId);
  if (!input) return null;
  if (!deps.renderer) throw new Error('This server has no site renderer for previews');
  return deps.renderer.preview(input);
}
