/**
 * What the Automation tab shows and the one setting it changes: paused or not, the next slot that will run, the
 * queues' sizes, and the latest attempts.
 */
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AutomationStatus, Run } from 'content-schema/automation';
import { automationRuns, automationSettings, automationTopics } from '../../db/schema-automation.ts';
import type { AutomationContext } from './context.ts';
import { upcomingSlots, type Slot } from './slot-clock.ts';

type StatusContext = Pick<AutomationContext, 'db' | 'clock' | 'topics'>;

export async function isPaused({ db }: Pick<AutomationContext, 'db'>): Promise<boolean> {
  const [row] = await db.select().from(automationSettings).where(eq(automationSettings.id, 1));
  return row?.paused ?? false;
}

/** Pauses or resumes the schedule; manual generation is never held. */
export async function setPaused(ctx: StatusContext, paused: boolean): Promise<AutomationStatus> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(automationSettings)
    .values({ id: 1, paused, updatedAt: now })
    .onConflictDoUpdate({ target: automationSettings.id, set: { paused, updatedAt: now } });
  return automationStatus(ctx);
}

/** The next slot that will run: not yet claimed, today's if still to come or due, else a later day's. */
async function nextSlot({ db }: Pick<AutomationContext, 'db'>, now: Date): Promise<Slot | null> {
  const slots = upcomingSlots(now);
  if (slots.length === 0) return null;
  const claimed = await db
    .select({ date: automationRuns.slotDate, kind: automationRuns.kind })
    .from(automationRuns)
    .where(
      inArray(
        automationRuns.slotDate,
        slots.map((s) => s.date),
      ),
    );
  const taken = new Set(claimed.map((c) => `${c.date}|${c.kind}`));
  return slots.find((s) => !taken.has(`${s.date}|${s.kind}`)) ?? null;
}

export async function automationStatus(ctx: StatusContext): Promise<AutomationStatus> {
  const { db, clock, topics } = ctx;
  const now = clock.now();
  const [paused, remaining, [last]] = await Promise.all([
    isPaused(ctx),
    topics.remaining(),
    db
      .select({ at: automationRuns.finishedAt })
      .from(automationRuns)
      .where(and(eq(automationRuns.status, 'succeeded'), isNotNull(automationRuns.finishedAt)))
      .orderBy(desc(automationRuns.finishedAt))
      .limit(1),
  ]);
  const next = paused ? null : await nextSlot(ctx, now);
  return {
    lastRun: last?.at?.toISOString() ?? null,
    dailyTopicsRemaining: remaining.daily,
    deepDiveTopicsRemaining: remaining.deepDive,
    paused,
    nextRun: next ? (next.at.getTime() < now.getTime() ? now : next.at).toISOString() : null,
  };
}

/** The latest attempts, newest first, with their topic's text: what ran, what failed and why. */
export async function recentRuns({ db }: Pick<AutomationContext, 'db'>, limit = 10): Promise<Run[]> {
  const rows = await db
    .select({ run: automationRuns, topic: automationTopics.topic })
    .from(automationRuns)
    .leftJoin(automationTopics, eq(automationTopics.id, automationRuns.topicId))
    .orderBy(desc(automationRuns.id))
    .limit(limit);
  return rows.map(({ run, topic }) => ({
    id: run.id,
    kind: run.kind,
    trigger: run.trigger,
    slotDate: run.slotDate,
    status: run.status,
    topic: topic ?? null,
    postId: run.postId,
    provider: run.provider,
    error: run.error,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  }));
}
