/**
 * The daily and Deep Dive queues. A run reserves the oldest free topic with one conditional UPDATE (so two
 * runs never take the same one); the reservation lapses if the run dies; the topic is consumed by a statement
 * the caller commits in the same batch that creates the draft.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { CATEGORIES } from 'content-schema/categories';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { GenerationKind } from 'content-schema/generation';
import { automationTopics } from '../../db/schema-automation.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { NewTopic, Topic } from 'content-schema/automation';

export type TopicRow = typeof automationTopics.$inferSelect;

type TopicDeps = { db: Db; clock: Clock };

const SEED_FILE = join(dirname(fileURLToPath(import.meta.url)), '../../db/seed/topics.json');

const SeedSchema = z.object({
  daily: z.array(z.object({ category: z.enum(CATEGORIES), topic: z.string().min(10).max(200) })),
  deepDive: z.array(z.object({ topic: z.string().min(10).max(200), category: z.string().optional() })),
});

export function toTopic(row: TopicRow): Topic {
  return {
    id: row.id,
    kind: row.kind,
    category: row.category,
    topic: row.topic,
    personaId: row.personaId,
    source: row.source,
    usedAt: row.usedAt?.toISOString() ?? null,
    postId: row.postId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Fills an empty queue table from seed/topics.json (50 daily, 10 Deep Dive); returns how many were added. */
export async function seedTopicsIfEmpty({ db, clock }: TopicDeps, file = SEED_FILE): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)` }).from(automationTopics);
  if (n > 0) return 0;
  const seed = SeedSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const rows = [
    ...seed.daily.map((t) => ({
      kind: 'daily' as const,
      category: t.category,
      topic: t.topic,
      source: 'seed' as const,
    })),
    ...seed.deepDive.map((t) => ({
      kind: 'deep-dive' as const,
      category: 'Deep Dive',
      topic: t.topic,
      source: 'seed' as const,
    })),
  ];
  const now = clock.now();
  // onConflictDoNothing: two instances starting together both see an empty table; the second adds nothing.
  const inserted = await db
    .insert(automationTopics)
    .values(rows.map((r) => ({ ...r, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: automationTopics.id });
  return inserted.length;
}

export async function listTopics(
  { db }: TopicDeps,
  query: { kind?: GenerationKind; state: 'remaining' | 'used' | 'all' },
): Promise<Topic[]> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(automationTopics.kind, query.kind));
  if (query.state === 'remaining') filters.push(isNull(automationTopics.usedAt));
  if (query.state === 'used') filters.push(isNotNull(automationTopics.usedAt));
  const rows = await db
    .select()
    .from(automationTopics)
    .where(and(...filters))
    .orderBy(query.state === 'used' ? desc(automationTopics.usedAt) : asc(automationTopics.id));
  return rows.map(toTopic);
}

/** Adds a topic at the end of its queue; the same text twice in one queue (any case) is a 409. */
export async function addTopic({ db, clock }: TopicDeps, input: NewTopic): Promise<Topic> {
  const [dupe] = await db
    .select({ id: automationTopics.id })
    .from(automationTopics)
    .where(and(eq(automationTopics.kind, input.kind), sql`lower(${automationTopics.topic}) = lower(${input.topic})`))
    .limit(1);
  const conflict = () =>
    new AppError(409, 'This topic is already in the queue', {
      issues: [{ path: 'topic', message: 'This topic is already in the queue' }],
    });
  if (dupe) throw conflict();
  const [row] = await db
    .insert(automationTopics)
    .values({ ...input, source: 'admin', createdAt: clock.now() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict();
  return toTopic(row);
}

export async function remainingTopics({ db }: TopicDeps): Promise<{ daily: number; deepDive: number }> {
  const rows = await db
    .select({ kind: automationTopics.kind, n: sql<number>`count(*)` })
    .from(automationTopics)
    .where(isNull(automationTopics.usedAt))
    .groupBy(automationTopics.kind);
  const count = (kind: GenerationKind) => rows.find((r) => r.kind === kind)?.n ?? 0;
  return { daily: count('daily'), deepDive: count('deep-dive') };
}

/**
 * Reserves the oldest free topic of a kind for a run, preferring `category`, until `until`.
 * One UPDATE: SQLite holds the write lock for the whole statement, so the pick and the mark cannot interleave.
 */
export async function reserveTopic(
  { db, clock }: TopicDeps,
  kind: GenerationKind,
  category: string,
  runId: number,
  until: Date,
): Promise<TopicRow | null> {
  const now = clock.now().getTime();
  const free = sql`used_at IS NULL AND (reserved_until IS NULL OR reserved_until <= ${now})`;
  const rows = await db.all<{ id: number }>(sql`
    UPDATE automation_topics SET reserved_by = ${runId}, reserved_until = ${until.getTime()}
    WHERE id = (SELECT id FROM automation_topics WHERE kind = ${kind} AND ${free}
                ORDER BY (category = ${category}) DESC, id LIMIT 1)
      AND ${free}
    RETURNING id`);
  const id = rows[0]?.id;
  if (id === undefined) return null;
  const [row] = await db.select().from(automationTopics).where(eq(automationTopics.id, id));
  return row ?? null;
}

/** Gives a reserved topic back to its queue (the run failed). */
export function releaseTopicStatement({ db }: TopicDeps, topicId: number, runId: number) {
  return db
    .update(automationTopics)
    .set({ reservedBy: null, reservedUntil: null })
    .where(
      and(eq(automationTopics.id, topicId), eq(automationTopics.reservedBy, runId), isNull(automationTopics.usedAt)),
    );
}

/** Marks a reserved topic used by the post with `slug`; committed in the batch that inserts the post. */
export function consumeTopicStatement({ db }: TopicDeps, topicId: number, runId: number, slug: string, at: Date) {
  return db
    .update(automationTopics)
    .set({
      usedAt: at,
      postId: sql`(SELECT id FROM posts WHERE slug = ${slug})`,
      reservedBy: null,
      reservedUntil: null,
    })
    .where(and(eq(automationTopics.id, topicId), eq(automationTopics.reservedBy, runId)));
}

export type TopicQueues = ReturnType<typeof createTopicQueues>;

export function createTopicQueues(deps: TopicDeps) {
  return {
    seedIfEmpty: (file?: string) => seedTopicsIfEmpty(deps, file),
    list: (query: Parameters<typeof listTopics>[1]) => listTopics(deps, query),
    add: (input: NewTopic) => addTopic(deps, input),
    remaining: () => remainingTopics(deps),
    reserve: (kind: GenerationKind, category: string, runId: number, until: Date) =>
      reserveTopic(deps, kind, category, runId, until),
    releaseStatement: (topicId: number, runId: number) => releaseTopicStatement(deps, topicId, runId),
    consumeStatement: (topicId: number, runId: number, slug: string, at: Date) =>
      consumeTopicStatement(deps, topicId, runId, slug, at),
  };
}
