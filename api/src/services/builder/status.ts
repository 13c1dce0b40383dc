/** What the admin reads of the builder: the build list, how far the site is built, how each post went live. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Build, BuildStatus, PostLive } from 'content-schema/build';
import type { Db } from '../../db/client.ts';
import { builds, postChanges, siteTargets } from '../../db/schema.ts';
import { latestChangeId } from '../changes.ts';
import type { BuilderContext, BuildRow } from './context.ts';

/** The builds, where the site is and what the renderer still does; an instance with the builder off sees all. */
export async function status(ctx: BuilderContext): Promise<BuildStatus> {
  const { db, queue } = ctx;
  const mine = queue ? eq(builds.target, queue) : sql`1 = 1`;
  const recent = await db.select().from(builds).where(mine).orderBy(desc(builds.id)).limit(10);
  const current = recent.find((b) => b.state === 'running') ?? null;
  const pending = recent.some((b) => b.state === 'queued');
  const last = recent.find((b) => b.state === 'succeeded' || b.state === 'failed') ?? null;
  const [lastSuccess] = await db
    .select()
    .from(builds)
    .where(and(mine, eq(builds.state, 'succeeded')))
    .orderBy(desc(builds.id))
    .limit(1);
  // An instance with the builder off reports the furthest any target has got.
  const [targetRow] = queue
    ? await db.select().from(siteTargets).where(eq(siteTargets.target, queue))
    : await db.select().from(siteTargets).orderBy(desc(siteTargets.builtThrough)).limit(1);
  return {
    current: current ? toBuild(current) : null,
    last: last ? toBuild(last) : null,
    lastSuccess: lastSuccess ? toBuild(lastSuccess) : null,
    pending,
    recent: recent.map(toBuild),
    latestChange: await latestChangeId(db),
    builtThrough: targetRow?.builtThrough ?? 0,
    liveSince: lastSuccess?.finishedAt?.toISOString() ?? null,
    background: await backgroundWork(ctx),
  };
}

function toBuild(row: BuildRow): Build {
  const durationMs = row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null;
  return {
    id: row.id,
    state: row.state,
    kind: row.kind,
    target: row.target.startsWith('embedded') ? 'embedded' : row.target,
    reason: row.reason,
    requestedAt: row.requestedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs,
    liveMs: row.liveMs,
    written: row.written,
    removed: row.removed,
    error: row.error,
    postErrors: row.postErrors,
  };
}

/** What the renderer still does after the last publish went live; null when there is none to ask. */
async function backgroundWork(ctx: BuilderContext): Promise<BuildStatus['background']> {
  if (ctx.target !== 'embedded') return null;
  try {
    const s = await ctx.renderer!.status();
    return { articles: s.pendingBackground, search: s.searchPending };
  } catch {
    return null;
  }
}

/** How the latest public change of each given post went live. */
export async function postsLive(db: Db, postIds: number[]): Promise<PostLive[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select()
    .from(postChanges)
    .where(
      and(
        inArray(postChanges.postId, postIds),
        eq(postChanges.id, sql`(SELECT max(id) FROM post_changes pc WHERE pc.post_id = ${postChanges.postId})`),
      ),
    );
  return rows.map((c) => ({
    postId: c.postId,
    changeId: c.id,
    kind: c.kind,
    at: c.createdAt.toISOString(),
    liveAt: c.liveAt?.toISOString() ?? null,
    liveMs: c.liveAt ? c.liveAt.getTime() - c.createdAt.getTime() : null,
    error: c.error,
  }));
}
