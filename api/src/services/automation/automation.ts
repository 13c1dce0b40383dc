import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { AutomationStatus } from 'content-schema/automation';
import { PostInputSchema, type Post } from 'content-schema/post';
import type { Db } from '../../db/client.ts';
import {
  automationRuns,
  automationSettings,
  automationTopics,
} from '../../db/schema-automation.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Events } from '../../lib/events.ts';
import { every } from '../../lib/jobs.ts';
import type { PostsService } from '../posts.ts';
import { generateDraft, personaById, personaFor, PERSONA_NOT_FOUND } from './generator.ts';
import { providerFromEnv, type WritingProvider } from './providers.ts';
import type { GeneratedDraft, Run } from 'content-schema/automation';
import type { GenerationKind } from 'content-schema/generation';
import { dueSlot, upcomingSlots, type Slot } from './slot-clock.ts';
import { createTopicQueues } from './topics.ts';

export type AutomationService = ReturnType<typeof createAutomationService>;

/** How long a run may hold its topic beyond the provider's own deadline before the reservation lapses. */
const LEASE_MARGIN_MS = 60_000;

const KIND_LABEL: Record<GenerationKind, string> = { daily: 'daily', 'deep-dive': 'Deep Dive' };

/**
 * Automation: daily and Deep Dive drafts from the topic queues, the weekly slot clock and the editor's persona
 * generation, all through one generator. Rows are the source of truth: a run row records every attempt, its
 * insert claims a scheduled slot, and a draft's post, its topic's consumption and its run's success commit in
 * one batch, so a failure leaves no post and the topic back in its queue.
 */
export function createAutomationService(deps: {
  db: Db;
  env: Env;
  clock: Clock;
  events: Events;
  posts: PostsService;
  /** Defaults to the provider the environment configures (a model, else the offline composer). */
  provider?: WritingProvider;
}) {
  const { db, clock, events, posts } = deps;
  const provider = deps.provider ?? providerFromEnv(deps.env);
  const topics = createTopicQueues({ db, clock });
  const leaseMs = deps.env.LLM_TIMEOUT_MS + LEASE_MARGIN_MS;

  async function isPaused(): Promise<boolean> {
    const [row] = await db.select().from(automationSettings).where(eq(automationSettings.id, 1));
    return row?.paused ?? false;
  }

  async function setPaused(paused: boolean): Promise<AutomationStatus> {
    const now = clock.now();
    await db
      .insert(automationSettings)
      .values({ id: 1, paused, updatedAt: now })
      .onConflictDoUpdate({ target: automationSettings.id, set: { paused, updatedAt: now } });
    return status();
  }

  /** The next slot that will run: not yet claimed, today's if still to come or due, else a later day's. */
  async function nextSlot(now: Date): Promise<Slot | null> {
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

  async function status(): Promise<AutomationStatus> {
    const now = clock.now();
    const [paused, remaining, [last]] = await Promise.all([
      isPaused(),
      topics.remaining(),
      db
        .select({ at: automationRuns.finishedAt })
        .from(automationRuns)
        .where(and(eq(automationRuns.status, 'succeeded'), isNotNull(automationRuns.finishedAt)))
        .orderBy(desc(automationRuns.finishedAt))
        .limit(1),
    ]);
    const next = paused ? null : await nextSlot(now);
    return {
      lastRun: last?.at?.toISOString() ?? null,
      dailyTopicsRemaining: remaining.daily,
      deepDiveTopicsRemaining: remaining.deepDive,
      paused,
      nextRun: next ? (next.at.getTime() < now.getTime() ? now : next.at).toISOString() : null,
    };
  }

  async function finishFailed(runId: number, topicId: number | null, error: string): Promise<void> {
    const failed = db
      .update(automationRuns)
      .set({ status: 'failed', error, finishedAt: clock.now() })
      .where(eq(automationRuns.id, runId));
    if (topicId === null) await failed;
    else await db.batch([failed, topics.releaseStatement(topicId, runId)]);
  }

  /**
   * Runs one claimed run to its end: reserve a topic, write, save the draft. Throws an AppError after recording
   * the failure (the run says why, the topic is released, no post exists).
   */
  async function execute(runId: number, kind: GenerationKind, category: string): Promise<Post> {
    const topic = await topics.reserve(kind, category, runId, new Date(clock.now().getTime() + leaseMs));
    if (!topic) {
      const message = `No ${KIND_LABEL[kind]} topics left. Add topics to the queue first.`;
      await finishFailed(runId, null, message);
      events.emit('generation_finished', { postId: 0, title: '', kind, ok: false, error: message });
      throw new AppError(409, message);
    }
    await db.update(automationRuns).set({ topicId: topic.id }).where(eq(automationRuns.id, runId));
    try {
      const persona = personaFor(topic.category, topic.topic, topic.personaId);
      const draft = await generateDraft(provider, {
        topic: topic.topic,
        category: topic.category,
        purpose: kind,
        persona,
      });
      const data = PostInputSchema.parse({
        title: draft.title,
        excerpt: draft.excerpt,
        content: draft.content,
        category: draft.category,
        tags: draft.tags,
        authorName: draft.authorName,
        readTime: draft.readTime,
        published: false,
      });
      const now = clock.now();
      const post = await posts.create(data, {
        aiGenerated: true,
        alongside: (slug) => [
          topics.consumeStatement(topic.id, runId, slug, now),
          db
            .update(automationRuns)
            .set({ status: 'succeeded', postId: sql`(SELECT id FROM posts WHERE slug = ${slug})`, finishedAt: now })
            .where(eq(automationRuns.id, runId)),
        ],
      });
      events.emit('generation_finished', { postId: post.id, title: post.title, kind, ok: true });
      return post;
    } catch (err) {
      const message = err instanceof AppError ? err.message : 'Generation failed unexpectedly. Nothing was saved.';
      if (!(err instanceof AppError)) console.error('[automation] generation failed:', err);
      await finishFailed(runId, topic.id, message);
      events.emit('generation_finished', { postId: 0, title: topic.topic, kind, ok: false, error: message });
      throw err instanceof AppError ? err : new AppError(500, message);
    }
  }

  /**
   * A manual generation (the Automation tab's buttons). Works while paused: pause holds the schedule only.
   * A daily post takes the category of today's slot, or of the next daily slot on other days.
   */
  async function generate(kind: GenerationKind): Promise<Post> {
    const now = clock.now();
    const category =
      kind === 'deep-dive'
        ? 'Deep Dive'
        : (upcomingSlots(now).find((s) => s.kind === 'daily')?.category ?? 'Analysis Drop');
    const [run] = await db
      .insert(automationRuns)
      .values({ kind, trigger: 'manual', status: 'running', provider: provider.name, startedAt: now })
      .returning({ id: automationRuns.id });
    return execute(run!.id, kind, category);
  }

  /** The editor's AI Expert Writers tab: a draft in the persona's category, not saved. */
  async function generateForEditor(input: { personaId: string; topic: string }): Promise<GeneratedDraft> {
    const persona = personaById(input.personaId);
    if (!persona)
      throw new AppError(400, PERSONA_NOT_FOUND, { issues: [{ path: 'personaId', message: PERSONA_NOT_FOUND }] });
    try {
      const draft = await generateDraft(provider, {
        topic: input.topic,
        category: persona.category,
        purpose: 'editor',
        persona,
      });
      events.emit('generation_finished', { postId: 0, title: draft.title, kind: 'editor', ok: true });
      return draft;
    } catch (err) {
      const message = err instanceof AppError ? err.message : 'Generation failed unexpectedly.';
      events.emit('generation_finished', { postId: 0, title: input.topic, kind: 'editor', ok: false, error: message });
      throw err;
    }
  }

  /** Marks runs left 'running' by a process that died as failed; their topics' reservations have lapsed. */
  async function recoverInterrupted(now: Date): Promise<void> {
    await db
      .update(automationRuns)
      .set({ status: 'failed', error: 'Interrupted: the server stopped during generation', finishedAt: now })
      .where(
        and(eq(automationRuns.status, 'running'), lt(automationRuns.startedAt, new Date(now.getTime() - leaseMs))),
      );
  }

  /**
   * One poll of the slot clock. If today's slot is due, inserting its run row claims it (the unique slot index
   * lets exactly one instance in, once); while paused the row is inserted as 'skipped', so resuming later the
   * same day does not run it. Returns what this call did.
   */
  async function tick(): Promise<{ slot: Slot; outcome: 'succeeded' | 'failed' | 'skipped' } | null> {
    const now = clock.now();
    await recoverInterrupted(now);
    const slot = dueSlot(now);
    if (!slot) return null;
    const claimed = await db.all<{ id: number; status: string }>(sql`
      INSERT INTO automation_runs (kind, trigger, slot_date, status, provider, error, started_at, finished_at)
      SELECT ${slot.kind}, 'schedule', ${slot.date}, s.status, ${provider.name}, s.error, ${now.getTime()}, s.finished
      FROM (SELECT CASE WHEN paused THEN 'skipped' ELSE 'running' END AS status,
                   CASE WHEN paused THEN 'Automation was paused' END AS error,
                   CASE WHEN paused THEN ${now.getTime()} END AS finished
            FROM (SELECT COALESCE((SELECT paused FROM automation_settings WHERE id = 1), 0) AS paused)) AS s
      WHERE true
      ON CONFLICT DO NOTHING
      RETURNING id, status`);
    const run = claimed[0];
    if (!run) return null; // already claimed, here earlier or by another instance
    if (run.status === 'skipped') return { slot, outcome: 'skipped' };
    try {
      await execute(run.id, slot.kind, slot.category);
      return { slot, outcome: 'succeeded' };
    } catch (err) {
      console.error(
        `[automation] ${slot.date} ${KIND_LABEL[slot.kind]} slot failed:`,
        err instanceof Error ? err.message : err,
      );
      return { slot, outcome: 'failed' };
    }
  }

  /** Polls the slot clock; a slot missed while the server was down runs on the first tick if still the same day. */
  function start(intervalMs = 15_000): () => void {
    return every('automation', intervalMs, tick);
  }

  /** The latest attempts, newest first, with their topic's text: what ran, what failed and why. */
  async function runs(limit = 10): Promise<Run[]> {
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

  return { status, setPaused, generate, generateForEditor, tick, start, topics, runs, provider };
}
