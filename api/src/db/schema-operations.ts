/**
 * Operations tables: workflows and their runs, notifications, reader analytics aggregates and health samples.
 * Owned by the operations module, migrated from `drizzle-operations/` with its own journal table.
 */
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { RunContext, RunStep, ScheduleConfig, WorkflowAction } from 'content-schema/workflow';
import { CONTACT_TYPES, URGENCY_LEVELS } from 'content-schema/forms';
import { DEFAULT_RETENTION_DAYS, MESSAGE_STATUSES, MESSAGE_TYPES } from 'content-schema/messages';
import { posts } from './schema.ts';
import { createdAt, timestamp } from './columns.ts';

export const workflows = sqliteTable(
  'workflows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    trigger: text('trigger', { enum: ['manual', 'schedule', 'event'] }).notNull(),
    /** For trigger 'event': which event starts it. */
    event: text('event', { enum: ['post_published', 'post_unpublished', 'build_failed'] }),
    actions: text('actions', { mode: 'json' }).$type<WorkflowAction[]>().notNull().default([]),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    scheduleConfig: text('schedule_config', { mode: 'json' }).$type<ScheduleConfig>(),
    status: text('status', { enum: ['idle', 'running', 'completed', 'failed'] })
      .notNull()
      .default('idle'),
    executionCount: integer('execution_count').notNull().default(0),
    lastRun: timestamp('last_run'),
    /** The next schedule occurrence not yet claimed; the claim moves it forward with a conditional UPDATE. */
    nextRun: timestamp('next_run'),
    /** Random token of the claim that set status 'running'; lets one batch create only the run it claimed. */
    claimToken: text('claim_token'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('workflows_due_idx').on(t.trigger, t.enabled, t.nextRun)],
);

export const workflowRuns = sqliteTable(
  'workflow_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['manual', 'schedule', 'event'] }).notNull(),
    /** For scheduled runs: the occurrence (ISO instant). Unique per workflow, so an occurrence runs once. */
    occurrence: text('occurrence'),
    context: text('context', { mode: 'json' }).$type<RunContext>().notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed'] }).notNull(),
    steps: text('steps', { mode: 'json' }).$type<RunStep[]>().notNull().default([]),
    error: text('error'),
    claimToken: text('claim_token').notNull(),
    startedAt: timestamp('started_at').notNull(),
    finishedAt: timestamp('finished_at'),
  },
  (t) => [
    index('workflow_runs_workflow_idx').on(t.workflowId, t.id),
    uniqueIndex('workflow_runs_occurrence_idx').on(t.workflowId, t.occurrence),
  ],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type', { enum: ['success', 'info', 'warning', 'error'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    actionUrl: text('action_url'),
    actionText: text('action_text'),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestamp('created_at').notNull(),
    /**
     * Routine events are grouped: one row per key (e.g. every "Workflow Completed"), whose message is the latest
     * event's and whose `count` says how many happened since the editor last read it. Null: not grouped.
     */
    groupKey: text('group_key'),
    count: integer('count').notNull().default(1),
  },
  (t) => [index('notifications_type_idx').on(t.type, t.id), index('notifications_group_idx').on(t.groupKey)],
);

/**
 * Reader analytics, aggregated per post per UTC day. No cookie, IP address or user agent is ever stored:
 * only these counters. `leaves` are the beacons sent when a reader leaves, which carry the completion.
 */
export const postStatsDaily = sqliteTable(
  'post_stats_daily',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
    leaves: integer('leaves').notNull().default(0),
    /** Sum of reading completion (0–100) over leaves. */
    completionSum: integer('completion_sum').notNull().default(0),
    /** Leaves having read at least half of the article. */
    engaged: integer('engaged').notNull().default(0),
    /** Leaves having read less than a quarter of the article. */
    bounces: integer('bounces').notNull().default(0),
    /** Seconds on page summed over leaves (each capped). */
    secondsSum: integer('seconds_sum').notNull().default(0),
    shares: integer('shares').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] }), index('post_stats_day_idx').on(t.day)],
);

/** Views per referring host per post per day ('' = direct or unknown). */
export const postReferrersDaily = sqliteTable(
  'post_referrers_daily',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    host: text('host').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day, t.host] }), index('post_referrers_day_idx').on(t.day)],
);

/** One health check result per service per sampling round; uptime is computed from these. */
export const healthSamples = sqliteTable(
  'health_samples',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    service: text('service').notNull(),
    status: text('status', { enum: ['operational', 'degraded', 'outage'] }).notNull(),
    responseMs: real('response_ms').notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [index('health_samples_service_at_idx').on(t.service, t.at), index('health_samples_at_idx').on(t.at)],
);

/**
 * Messages readers send through the contact, tip and correction forms (the admin Inbox). No IP address, user agent
 * or other identifier is stored: only what the reader typed, and for an anonymous tip not even a contact.
 */
export const readerMessages = sqliteTable(
  'reader_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    /** The contact form's message type (general, tip, correction, collaboration, press). */
    topic: text('topic', { enum: CONTACT_TYPES }),
    urgency: text('urgency', { enum: URGENCY_LEVELS }),
    name: text('name'),
    email: text('email'),
    /** Free contact text of the tip and correction forms. */
    contactInfo: text('contact_info'),
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(false),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    source: text('source'),
    articleUrl: text('article_url'),
    /** The published post the article URL names, when it names one; kept if the post is later deleted. */
    postSlug: text('post_slug'),
    postId: integer('post_id'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('new'),
    notes: text('notes').notNull().default(''),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    index('reader_messages_created_idx').on(t.createdAt),
    index('reader_messages_status_idx').on(t.status, t.id),
    index('reader_messages_type_idx').on(t.type, t.id),
  ],
);

/** The Inbox's settings, one row (id 1), in the database so every instance agrees. */
export const messageSettings = sqliteTable('message_settings', {
  id: integer('id').primaryKey(),
  retentionDays: integer('retention_days').notNull().default(DEFAULT_RETENTION_DAYS),
  updatedAt: timestamp('updated_at').notNull(),
});

/**
 * Fixed-window counters for anonymous writes (reader messages), shared by every instance. The key is a hash
 * (never an address in clear); rows whose window is over are deleted by the retention job.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * Secrets every instance shares, each generated once, by the first instance that needs it, and read by the others
 * (the reader forms' stamp key: services/operations/form-stamps.ts). Never logged and never sent anywhere.
 */
export const sharedSecrets = sqliteTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at').notNull(),
});
