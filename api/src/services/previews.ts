import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { SiteSummary } from 'content-schema/site-feed';
import {
  PREVIEW_PATH,
  PREVIEW_TOKEN_BYTES,
  PreviewFieldsSchema,
  PreviewTokenSchema,
  previewStatusAt,
  validityHours,
  type PreviewLink,
  type PreviewLinkCreated,
  type PreviewLinkStatus,
  type PreviewRender,
  type PreviewValidityUnit,
} from 'content-schema/preview';
import { RELATED_POSTS_MAX } from 'content-schema/site';
import type { Db } from '../db/client.ts';
import { posts, previewLinks, workingCopies } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { deriveBody } from './derive.ts';
import type { CorrectionsService } from './corrections.ts';
import { POST_NOT_FOUND, toPost } from './posts.ts';
import type { PreviewRendererClient } from './site-renderer.ts';

type LinkRow = typeof previewLinks.$inferSelect;
type PostRow = typeof posts.$inferSelect;

export const PREVIEW_LINK_NOT_FOUND = 'Preview link not found';
/** Active links a post may have at once: enough for any review round, and a bound on what a session can pile up. */
export const MAX_ACTIVE_LINKS_PER_POST = 50;
/** `last_used_at` is written at most this often per link, so a reviewer reloading the page costs no write each time. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The stored form of a token: its SHA-256. The token itself is never stored or logged. */
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const statusOf = (row: LinkRow, now: Date): PreviewLinkStatus => previewStatusAt(row, now);

/** The public shape of a link: never its hash. */
function toLink(row: LinkRow, now: Date): PreviewLink {
  return {
    id: row.id,
    postId: row.postId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    status: statusOf(row, now),
  };
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

export type PreviewsService = ReturnType<typeof createPreviewsService>;

/**
 * Preview links and what they show. A link is 256 random bits, answered once in its URL; only a SHA-256 of it is
 * stored, and a token is looked up by that hash (an index lookup; there is nothing to compare in a loop). An
 * unknown, expired or revoked token is one and the same answer: nothing.
 *
 * What a preview shows is read here, not through the posts service: the post with the editor's working copy (the
 * autosaved, unsaved form) over it, its body rendered by the one markdown renderer and sanitiser. Nothing here
 * writes a post, a change record or a build: a preview is never a public change.
 */
export function createPreviewsService(deps: {
  db: Db;
  clock: Clock;
  /** The public origin the links are made for. */
  siteUrl: string;
  renderer?: PreviewRendererClient;
  /** The corrections a published post carries, shown on its preview as on the article. */
  corrections?: Pick<CorrectionsService, 'forPosts'>;
}) {
  const { db, clock } = deps;
  const origin = new URL(deps.siteUrl).origin;

  async function requirePost(postId: number): Promise<void> {
    const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
    if (!row) throw new AppError(404, POST_NOT_FOUND);
  }

  /** Makes a link to the post, valid for the given time; the answer is the only place its token ever appears. */
  async function create(
    postId: number,
    validity: { amount: number; unit: PreviewValidityUnit },
    createdBy: string | null,
  ): Promise<PreviewLinkCreated> {
    await requirePost(postId);
    const now = clock.now();
    const [active] = await db
      .select({ n: sql<number>`count(*)` })
      .from(previewLinks)
      .where(
        and(
          eq(previewLinks.postId, postId),
          isNull(previewLinks.revokedAt),
          gt(previewLinks.expiresAt, now),
        ),
      );
    if ((active?.n ?? 0) >= MAX_ACTIVE_LINKS_PER_POST) {
      throw new AppError(409, `A post can have at most ${MAX_ACTIVE_LINKS_PER_POST} active preview links: revoke some first`);
    }
    const token = randomBytes(PREVIEW_TOKEN_BYTES).toString('base64url');
    const [row] = await db
      .insert(previewLinks)
      .values({
        postId,
        tokenHash: hashToken(token),
        createdBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + validityHours(validity) * 3_600_000),
      })
      .returning();
    return { ...toLink(row!, now), url: `${origin}${PREVIEW_PATH}/${token}` };
  }

  /** A post's links, newest first, with their status now. */
  async function list(postId: number): Promise<PreviewLink[]> {
    await requirePost(postId);
    const now = clock.now();
    const rows = await db
      .select()
      .from(previewLinks)
      .where(eq(previewLinks.postId, postId))
      .orderBy(desc(previewLinks.id));
    return rows.map((r) => toLink(r, now));
  }

  /** Ends a link at once; revoking a revoked link keeps its first revocation time. */
  async function revoke(id: number): Promise<PreviewLink> {
    const now = clock.now();
    await db
      .update(previewLinks)
      .set({ revokedAt: now })
      .where(and(eq(previewLinks.id, id), isNull(previewLinks.revokedAt)));
    const [row] = await db.select().from(previewLinks).where(eq(previewLinks.id, id));
    if (!row) throw new AppError(404, PREVIEW_LINK_NOT_FOUND);
    return toLink(row, now);
  }

  /**
   * The post a token opens, or null for every kind of "no": malformed, unknown, expired, revoked. The link's last
   * use is recorded (at most once a minute).
   */
  async function resolve(token: string): Promise<number | null> {
    if (!PreviewTokenSchema.safeParse(token).success) return null;
    const now = clock.now();
    const hash = hashToken(token);
    const lookup = async () => (await db.select().from(previewLinks).where(eq(previewLinks.tokenHash, hash)))[0];
    let row = await lookup();
    // A link made on another instance a moment ago may not be in this instance's replica yet: pull once (concurrent
    // callers share the pull), then look again.
    if (!row && db.$replica) {
      await db.$replica.catchUp(Date.now());
      row = await lookup();
    }
    if (!row || statusOf(row, now) !== 'active') return null;
    await db
      .update(previewLinks)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(previewLinks.id, row.id),
          or(isNull(previewLinks.lastUsedAt), lt(previewLinks.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
        ),
      );
    return row.postId;
  }

  /** The published posts of a category its "Related Research" block draws from, newest first. */
  async function relatedOf(category: string, postId: number): Promise<SiteSummary[]> {
    const rows = await db
      .select()
      .from(posts)
      .where(and(eq(posts.published, true), eq(posts.category, category)))
      .orderBy(desc(sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`), desc(posts.id))
      .limit(RELATED_POSTS_MAX + 1);
    return rows.filter((r) => r.id !== postId).map(summaryOf);
  }

  /** A post as the site shows it; a preview shows no "Updated" time (it is not the published text). */
  function summaryOf(row: PostRow): SiteSummary {
    const { content: _content, ...summary } = toPost(row);
    return { ...summary, modifiedAt: null };
  }

  /**
   * What the preview of a post shows: the post with its working copy's fields over it (each taken only when it is
   * a value the post could hold), its body rendered and sanitised; null when there is no such post.
   */
  async function previewOf(postId: number): Promise<PreviewRender | null> {
    const [row] = await db.select().from(posts).where(eq(posts.id, postId));
    if (!row) return null;
    // The raw text, not drizzle's JSON column: what the editor typed must never be able to fail the read.
    const [copy] = await db
      .select({ fields: sql<unknown>`${workingCopies.fields}`, updatedAt: workingCopies.updatedAt })
      .from(workingCopies)
      .where(eq(workingCopies.key, `post:${postId}`));
    const fields = copy ? PreviewFieldsSchema.parse(parseStoredFields(copy.fields)) : {};
    const base = summaryOf(row);
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const { content, ...over } = defined as typeof fields;
    const post: SiteSummary = {
      ...base,
      ...over,
      updatedAt: copy && copy.updatedAt > row.updatedAt ? copy.updatedAt.toISOString() : base.updatedAt,
    };
    // The stored derivation when the body is the saved one (derived once when it was saved), else rendered now.
    const stored = row.html !== null || row.renderError !== null;
    const body =
      content === undefined || content === row.content
        ? stored
          ? { html: row.html, renderError: row.renderError }
          : deriveBody(row.content)
        : deriveBody(content);
    return {
      post,
      html: body.html,
      renderError: body.html === null ? body.renderError : null,
      corrections: row.published ? ((await deps.corrections?.forPosts([postId]))?.get(postId) ?? []) : [],
      related: await relatedOf(post.category, postId),
    };
  }

  /** The preview page of a post as HTML, or null when there is no such post. Throws when no renderer can render it. */
  async function render(postId: number): Promise<string | null> {
    const input = await previewOf(postId);
    if (!input) return null;
    if (!deps.renderer) throw new Error('This server has no site renderer for previews');
    return deps.renderer.preview(input);
  }

  return { create, list, revoke, resolve, previewOf, render };
}
