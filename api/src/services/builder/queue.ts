/**
 * The build queue (site_builds) of one target: a 'changes' build covers the change records (fromChange, toChange];
 * later changes extend the queued build, so a burst costs one build. See docs/decisions/004-build-queue-lease.md.
 */
import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { builds } from '../../db/schema.ts';
import type { PostChange } from '../changes.ts';
import type { Building, BuildRow } from './context.ts';

export type BuildKind = 'changes' | 'full';

/** The error of a build whose builder died; its changes are built again at once (no backoff). */
export const BUILDER_STOPPED = 'The builder running this build stopped; its changes are built again.';
/** Failed change builds are retried after these delays, then wait for new changes or the editor. */
const RETRY_DELAYS_MS = [2000, 10_000, 60_000];

/** "Published “A”; Edited “B”" for the build list, newest last, bounded. */
export function describeChanges(changes: PostChange[]): string {
  const verb = {
    published: 'Published',
    updated: 'Edited',
    unpublished: 'Unpublished',
    deleted: 'Deleted',
    corrected: 'Corrected',
  } as const;
  const parts = changes.map((c) => `${c.via === 'schedule' ? 'Scheduled publication of' : verb[c.kind]} “${c.title}”`);
  const text = [...new Set(parts)].join('; ');
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text || 'Site update';
}

/** Queues (or extends the queued) build of a kind for this target. */
export async function enqueue(
  ctx: Building,
  kind: BuildKind,
  reason: string,
  fromChange: number,
  toChange: number,
): Promise<void> {
  await ctx.db
    .insert(builds)
    .values({ target: ctx.queue, kind, state: 'queued', reason, fromChange, toChange, requestedAt: ctx.clock.now() })
    .onConflictDoUpdate({
      target: [builds.target, builds.kind],
      targetWhere: sql`state = 'queued'`,
      set: {
        toChange: sql`max(${builds.toChange}, excluded.to_change)`,
        fromChange: sql`min(${builds.fromChange}, excluded.from_change)`,
        reason: sql`substr(${builds.reason} || '; ' || excluded.reason, -1000)`,
      },
    });
}

/**
 * Queues (or extends the queued build with) the changes up to `toChange` unless a queued or running build, or the
 * target's record, covers them already. One statement: two builders that both read the changes as not covered
 * (one read before the other's build was queued, and its record after that build was claimed) queue them once,
 * where two reads and an insert would queue a second build of changes already being built.
 */
export async function enqueueChanges(ctx: Building, reason: string, fromChange: number, toChange: number) {
  await ctx.db.$client.execute({
    sql: `INSERT INTO site_builds (target, kind, state, reason, from_change, to_change, requested_at)
            SELECT ?1, 'changes', 'queued', ?2, ?3, ?4, ?5
            WHERE ?4 > coalesce((SELECT max(to_change) FROM site_builds
                                  WHERE target = ?1 AND kind = 'changes' AND state IN ('queued', 'running')), 0)
              AND ?4 > coalesce((SELECT built_through FROM site_targets WHERE target = ?1), 0)
            ON CONFLICT (target, kind) WHERE state = 'queued' DO UPDATE SET
              to_change = max(to_change, excluded.to_change),
              from_change = min(from_change, excluded.from_change),
              reason = substr(reason || '; ' || excluded.reason, -1000)`,
    args: [ctx.queue, reason, fromChange, toChange, ctx.clock.now().getTime()],
  });
}

/** The highest change id a queued or running build of a kind covers; null when none is. */
export async function inFlight(ctx: Building, kind: BuildKind): Promise<number | null> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`, to: sql<number | null>`max(${builds.toChange})` })
    .from(builds)
    .where(and(eq(builds.target, ctx.queue), eq(builds.kind, kind), inArray(builds.state, ['queued', 'running'])));
  return row && row.n > 0 ? (row.to ?? 0) : null;
}

/** Whether the last builds of a kind failed recently enough that retrying now would only fail again. */
export async function backingOff(ctx: Building, kind: BuildKind): Promise<boolean> {
  const recent = await ctx.db
    .select()
    .from(builds)
    .where(
      and(
        eq(builds.target, ctx.queue),
        eq(builds.kind, kind),
        ne(builds.state, 'queued'),
        sql`coalesce(${builds.error}, '') != ${BUILDER_STOPPED}`,
      ),
    )
    .orderBy(desc(builds.id))
    .limit(RETRY_DELAYS_MS.length + 1);
  const failures = recent.findIndex((b) => b.state !== 'failed');
  const streak = failures === -1 ? recent.length : failures;
  if (streak === 0) return false;
  if (streak > RETRY_DELAYS_MS.length) return true;
  const last = recent[0]!.finishedAt?.getTime() ?? 0;
  return ctx.clock.now().getTime() - last < RETRY_DELAYS_MS[streak - 1]!;
}

/**
 * Records how a build of this process ended (only while it still holds the lease); the first success after a
 * failure announces the recovery.
 */
export async function finish(ctx: Building, row: BuildRow, set: Partial<typeof builds.$inferInsert>): Promise<void> {
  const [previous] = await ctx.db
    .select({ state: builds.state, error: builds.error })
    .from(builds)
    .where(and(eq(builds.target, row.target), inArray(builds.state, ['succeeded', 'failed']), lt(builds.id, row.id)))
    .orderBy(desc(builds.id))
    .limit(1);
  await ctx.db
    .update(builds)
    .set({ finishedAt: ctx.clock.now(), ...set })
    .where(and(eq(builds.id, row.id), eq(builds.leaseOwner, ctx.owner)));
  if (set.state === 'succeeded' && previous?.state === 'failed' && previous.error !== BUILDER_STOPPED) {
    ctx.events.emit('build_recovered', { buildId: row.id });
  }
}
