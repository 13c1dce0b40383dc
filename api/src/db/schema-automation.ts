import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { GENERATION_KINDS } from 'content-schema/generation';
import { createdAt, timestamp } from './columns.ts';

/**
 * Automation tables. Rows are the source of truth for background generation: a topic is reserved by a
 * run with a conditional UPDATE and consumed in the same write that creates its draft; a scheduled slot is claimed
 * by inserting its run row, keyed by local date and slot, so it runs at most once across restarts and instances.
 */

/** The daily and Deep Dive topic queues, oldest first. */
export const automationTopics = sqliteTable(
  'automation_topics',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: GENERATION_KINDS }).notNull(),
    category: text('category').notNull(),
    topic: text('topic').notNull(),
    /** A writer persona chosen for this topic; null lets the generator pick one. */
    personaId: text('persona_id'),
    source: text('source', { enum: ['seed', 'admin'] }).notNull(),
    /** The run holding this topic while it generates; the reservation lapses at `reserved_until`. */
    reservedBy: integer('reserved_by'),
    reservedUntil: timestamp('reserved_until'),
    /** Set in the same write that creates the draft: a used topic never comes back. */
    usedAt: timestamp('used_at'),
    postId: integer('post_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('automation_topics_queue_idx').on(t.kind, t.usedAt, t.category, t.id),
    uniqueIndex('automation_topics_text_idx').on(t.kind, t.topic),
  ],
);

/**
 * Every generation attempt, manual or scheduled. A scheduled attempt carries its slot (local date in
 * Europe/Stockholm + kind); the unique index on the slot makes the insert the claim.
 */
export const automationRuns = sqliteTable(
  'automation_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: GENERATION_KINDS }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull(),
    /** 'YYYY-MM-DD' in the automation time zone, for scheduled runs only. */
    slotDate: text('slot_date'),
    status: text('status', { enum: ['running', 'succeeded', 'failed', 'skipped'] }).notNull(),
    topicId: integer('topic_id'),
    postId: integer('post_id'),
    provider: text('provider'),
    error: text('error'),
    startedAt: timestamp('started_at').notNull(),
    finishedAt: timestamp('finished_at'),
  },
  (t) => [
    uniqueIndex('automation_runs_slot_idx')
      .on(t.slotDate, t.kind)
      .where(sql`slot_date IS NOT NULL`),
    index('automation_runs_status_idx').on(t.status, t.finishedAt),
  ],
);

/** One row (id 1): whether scheduled slots are paused. No row means active. */
export const automationSettings = sqliteTable('automation_settings', {
  id: integer('id').primaryKey(),
  paused: integer('paused', { mode: 'boolean' }).notNull().default(false),
  updatedAt: timestamp('updated_at').notNull(),
});
