/**
 * Preview links. A link is 256 random bits, answered once in its URL; only a SHA-256 of it is stored, and a token
 * is looked up by that hash (an index lookup; there is nothing to compare in a loop). An unknown, expired or
 * revoked token is one and the same answer: nothing. What a link shows is preview-render.ts's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  PREVIEW_PATH,
  PREVIEW_TOKEN_BYTES,
  PreviewTokenSchema,
  previewStatusAt,
  validityHours,
  type PreviewLink,
  type PreviewLinkCreated,
  type PreviewLinkStatus,
  type PreviewValidityUnit,
} from 'content-schema/preview';
import type { Db } from '../db/client.ts';
import { posts, previewLinks } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { POST_NOT_FOUND } from './posts/rows.ts';
import { previewOf, renderPreview, type PreviewRenderDeps } from './preview-render.ts';

type LinkRow = typeof previewLinks.$inferSelect;

interface LinkDeps {
  db: Db;
  clock: Clock;
  /** The public origin the links are made for. */
  origin: string;
}

export interface PreviewsDeps extends PreviewRenderDeps {
  clock: Clock;
  /** The public address of the site, whose origin the links are made for. */
  siteUrl: string;
}

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

async function requirePost({ db }: LinkDeps, postId: number): Promise<void> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  if (!row) throw new AppError(404, POST_NOT_FOUND);
}

/** Makes a link to the post, valid for the given time; the answer is the only place its token ever appears. */
export async function createLink(
  deps: LinkDeps,
  postId: number,
  validity: { amount: number; unit: PreviewValidityUnit },
  createdBy: string | null,
): Promise<PreviewLinkCreated> {
  const { db, clock } = deps;
  await requirePost(deps, postId);
  const now = clock.now();
  const [active] = await db
    .select({ n: sql<number>`count(*)` })
    .from(previewLinks)
    .where(and(eq(previewLinks.postId, postId), isNull(previewLinks.revokedAt), gt(previewLinks.expiresAt, now)));
  if ((active?.n ?? 0) >= MAX_ACTIVE_LINKS_PER_POST) {
    throw new AppError(
      409,
      `A post can have at most ${MAX_ACTIVE_LINKS_PER_POST} active preview links: revoke some first`,
    );
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
  return { ...toLink(row!, now), url: `${deps.origin}${PREVIEW_PATH}/${token}` };
}

/** A post's links, newest first, with their status now. */
export async function listLinks(deps: LinkDeps, postId: number): Promise<PreviewLink[]> {
  await requirePost(deps, postId);
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(previewLinks)
    .where(eq(previewLinks.postId, postId))
    .orderBy(desc(previewLinks.id));
  return rows.map((r) => toLink(r, now));
}

/** Ends a link at once; revoking a revoked link keeps its first revocation time. */
export async function revokeLink({ db, clock }: LinkDeps, id: number): Promise<PreviewLink> {
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
export async function resolveToken({ db, clock }: LinkDeps, token: string): Promise<number | null> {
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
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(previewLinks)
    .set({ lastUsedAt: now })
    .where(and(eq(previewLinks.id, row.id), or(isNull(previewLinks.lastUsedAt), lt(previewLinks.lastUsedAt, stale))));
  return row.postId;
}

export type PreviewsService = ReturnType<typeof createPreviewsService>;

export function createPreviewsService(deps: PreviewsDeps) {
  const links: LinkDeps = { db: deps.db, clock: deps.clock, origin: new URL(deps.siteUrl).origin };
  return {
    create: (postId: number, validity: { amount: number; unit: PreviewValidityUnit }, createdBy: string | null) =>
      createLink(links, postId, validity, createdBy),
    list: (postId: number) => listLinks(links, postId),
    revoke: (id: number) => revokeLink(links, id),
    resolve: (token: string) => resolveToken(links, token),
    previewOf: (postId: number) => previewOf(deps, postId),
    render: (postId: number) => renderPreview(deps, postId),
  };
}
