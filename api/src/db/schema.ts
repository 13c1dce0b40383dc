import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { SECURITY_EVENT_TYPES } from 'content-schema/auth';
import { CHANGE_KINDS, type BuildPostError } from 'content-schema/build';
import type { FeatureImage } from 'content-schema/post';
import { POST_PROVENANCE, REVISION_KINDS } from 'content-schema/provenance';
import { createdAt, timestamp } from './columns.ts';

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** The active TOTP secret (base32); null while the second factor is off. */
  totpSecret: text('totp_secret'),
  /** A secret being enrolled: becomes totpSecret once a code from the app proves it. */
  totpPendingSecret: text('totp_pending_secret'),
  /** The last 30-second step a code was accepted for, so a code cannot be replayed. */
  totpLastStep: integer('totp_last_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes for the second factor, stored as SHA-256 of the code (they are 50-bit random). */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_hash_idx').on(t.userId, t.codeHash)],
);

/** A password accepted while the second factor is on: answered with a code within 5 minutes, once. */
export const loginChallenges = sqliteTable('login_challenges', {
  /** SHA-256 of the challenge handed to the browser. */
  idHash: text('id_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  /** The limiter keys the password attempt was counted under, released when the code is right. */
  keys: text('keys', { mode: 'json' }).$type<string[]>().notNull(),
  ip: text('ip'),
  device: text('device'),
  expiresAt: timestamp('expires_at').notNull(),
});

/** Browsers that have signed in before (the device cookie): someone else's guesses never lock them out. */
export const knownDevices = sqliteTable('known_devices', {
  id: text('id').primaryKey(),
  secretHash: text('secret_hash').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at').notNull(),
});

/** The security log: sign-ins, failures, lockouts, password and second-factor changes, ended sessions. */
export const securityEvents = sqliteTable(
  'security_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type', { enum: SECURITY_EVENT_TYPES }).notNull(),
    detail: text('detail').notNull(),
    ip: text('ip'),
    device: text('device'),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_created_idx').on(t.createdAt)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute per session, so a busy editor does not turn every read into a write. */
    lastUsedAt: timestamp('last_used_at'),
    /** "Chrome on Linux", from the User-Agent at sign-in. */
    device: text('device'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in attempts reserved per limiter key ('ip:…', 'userip:…', 'device:…', 'global'), in the database so
 * every instance and a restart see the same counts. `failures` counts reserved attempts in the current window
 * (a sign-in that succeeds gives its reservation back); `lockouts` counts episodes, doubling the next lock.
 */
export const loginAttempts = sqliteTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start'),
  lockedUntil: timestamp('locked_until'),
  lockouts: integer('lockouts').notNull().default(0),
  updatedAt: timestamp('updated_at').notNull(),
});

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    authorName: text('author_name').notNull(),
    authorId: integer('author_id').notNull().default(1),
    readTime: integer('read_time').notNull().default(5),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    seoTitle: text('seo_title'),
    metaDescription: text('meta_description'),
    focusKeyword: text('focus_keyword'),
    /** How the post was made (human-written, AI-assisted, AI-generated from a persona): the reader-facing disclosure. */
    provenance: text('provenance', { enum: POST_PROVENANCE }).notNull().default('human'),
    /** The person who reviewed and edited the post (the signed-in editor's name); null when nobody has. */
    editedBy: text('edited_by'),
    /** The library image standing for the post and its focal point (content-schema FeatureImageSchema), or null. */
    featureImage: text('feature_image', { mode: 'json' }).$type<FeatureImage>(),
    /** Grows by one with every save: a save based on an older version is refused (409), so two tabs never overwrite each other. */
    version: integer('version').notNull().default(1),
    /** Sanitised body HTML, derived from `content` when the post is saved, so no build renders markdown. */
    html: text('html'),
    /** Reader-visible plain text of the body, for the search index; derived with `html`. */
    searchText: text('search_text'),
    /** Why `html` could not be derived (a row written before the renderer's limits); null when it could. */
    renderError: text('render_error'),
    /** File names of the library images the body shows without alt text (derived with `html`): it cannot go live. */
    imagesWithoutAlt: text('images_without_alt', { mode: 'json' }).$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
    publishedAt: timestamp('published_at'),
  },
  (t) => [
    index('posts_published_created_idx').on(t.published, t.createdAt),
    index('posts_category_created_idx').on(t.category, t.createdAt),
    index('posts_created_idx').on(t.createdAt),
  ],
);

/** A post this row belongs to: deleting the post deletes the row. */
const postRef = () =>
  integer('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' });

/** Old slugs of posts whose slug was changed after publication, so old links keep working. */
export const slugRedirects = sqliteTable('slug_redirects', {
  slug: text('slug').primaryKey(),
  postId: postRef(),
});

export const scheduledPosts = sqliteTable(
  'scheduled_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: postRef(),
    publishAt: timestamp('publish_at').notNull(),
    timezone: text('timezone').notNull(),
    status: text('status', { enum: ['scheduled', 'published', 'canceled', 'failed'] })
      .notNull()
      .default('scheduled'),
    error: text('error'),
    /** Random token of the attempt that claimed the row; lets one batch publish only what it claimed. */
    claimToken: text('claim_token'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    index('scheduled_due_idx').on(t.status, t.publishAt),
    // At most one pending schedule per post.
    uniqueIndex('scheduled_one_pending_idx')
      .on(t.postId)
      .where(sql`status = 'scheduled'`),
  ],
);

export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * The public change record: one row per change readers can see (a published post created, edited,
 * unpublished or deleted; a scheduled publication), written by the posts service in the same transaction
 * as the change itself. The builder, notifications, workflows and caches all read it; nothing else
 * announces a post change. Ids only grow, so a consumer's progress is one number.
 */
export const postChanges = sqliteTable(
  'post_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** No foreign key: the record outlives a deleted post. */
    postId: integer('post_id').notNull(),
    kind: text('kind', { enum: CHANGE_KINDS }).notNull(),
    title: text('title').notNull(),
    oldSlug: text('old_slug'),
    newSlug: text('new_slug'),
    oldCategory: text('old_category'),
    newCategory: text('new_category'),
    /** Names of the fields whose values changed ('content', 'title', 'slug', …). */
    fields: text('fields', { mode: 'json' }).$type<string[]>().notNull().default([]),
    via: text('via', { enum: ['editor', 'schedule', 'automation'] })
      .notNull()
      .default('editor'),
    /** The editor's action: time-to-live is measured from here. */
    createdAt: timestamp('created_at').notNull(),
    /** When the builder confirmed the change answers on the site; null until then. */
    liveAt: timestamp('live_at'),
    /** Why this change could not go live (a post that cannot be rendered); null otherwise. */
    error: text('error'),
    /** Set once the "not live within a minute" notification was raised for it. */
    lateNotifiedAt: timestamp('late_notified_at'),
  },
  (t) => [index('post_changes_post_idx').on(t.postId, t.id)],
);

/** How far each exactly-once consumer of the change record has read (notifications, workflows). */
export const changeConsumers = sqliteTable('change_consumers', {
  name: text('name').primaryKey(),
  cursor: integer('cursor').notNull().default(0),
  updatedAt: timestamp('updated_at').notNull(),
});

/** Per site target (a folder on a machine, or the build hook): the change record id it reflects. */
export const siteTargets = sqliteTable('site_targets', {
  target: text('target').primaryKey(),
  builtThrough: integer('built_through').notNull().default(0),
  updatedAt: timestamp('updated_at').notNull(),
});

/**
 * The build queue. A build covers the change records (fromChange, toChange] of one target, or renders the
 * whole site (`kind = 'full'`). A builder claims a row with a conditional UPDATE that takes a lease and keeps it
 * with a heartbeat, so with several API instances exactly one runs each build, and a builder that died is
 * replaced once its lease runs out.
 */
export const builds = sqliteTable(
  'site_builds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    target: text('target').notNull(),
    kind: text('kind', { enum: ['changes', 'full'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    reason: text('reason').notNull(),
    fromChange: integer('from_change').notNull().default(0),
    toChange: integer('to_change').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at'),
    attempts: integer('attempts').notNull().default(0),
    requestedAt: timestamp('requested_at').notNull(),
    startedAt: timestamp('started_at'),
    finishedAt: timestamp('finished_at'),
    /** Files written and removed, for the build list. */
    written: integer('written').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    /** The longest time from an editor's action in this build to the change answering on the site. */
    liveMs: integer('live_ms'),
    error: text('error'),
    /** Posts this build could not render, each with the reason; the rest of the build went live. */
    postErrors: text('post_errors', { mode: 'json' }).$type<BuildPostError[]>().notNull().default([]),
  },
  (t) => [
    index('site_builds_target_state_idx').on(t.target, t.state, t.id),
    // At most one queued build per target: later changes extend it instead of queueing more.
    uniqueIndex('site_builds_one_queued_idx')
      .on(t.target, t.kind)
      .where(sql`state = 'queued'`),
  ],
);

export const templates = sqliteTable('templates', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  category: text('category').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
  readTime: integer('read_time').notNull().default(5),
  usageCount: integer('usage_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at').notNull(),
});

/**
 * Every saved state of a post (created, saved, restored), newest last: who saved it, when, and which fields
 * changed. Restoring a revision saves its fields as a new revision; nothing is ever rewritten.
 */
export const postRevisions = sqliteTable(
  'post_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: postRef(),
    /** The post's version this revision is. */
    version: integer('version').notNull(),
    kind: text('kind', { enum: REVISION_KINDS }).notNull(),
    /** Names of the fields that differ from the previous revision. */
    changed: text('changed', { mode: 'json' }).$type<string[]>().notNull().default([]),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    authorName: text('author_name').notNull(),
    readTime: integer('read_time').notNull(),
    published: integer('published', { mode: 'boolean' }).notNull(),
    seoTitle: text('seo_title'),
    metaDescription: text('meta_description'),
    focusKeyword: text('focus_keyword'),
    provenance: text('provenance', { enum: POST_PROVENANCE }).notNull(),
    featureImage: text('feature_image', { mode: 'json' }).$type<FeatureImage>(),
    /** The signed-in editor who saved it; null for the scheduler and the automation. */
    savedBy: text('saved_by'),
    createdAt: createdAt(),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.id)],
);

/**
 * The editor's autosaved, unsaved changes: one working copy per post (key 'post:<id>') or per new post not
 * yet saved (key 'new:<random>'). Autosave writes only here, so it never publishes and never triggers a
 * build; `revision` grows with every autosave so two tabs writing one copy get a 409 instead of overwriting.
 */
export const workingCopies = sqliteTable('working_copies', {
  key: text('key').primaryKey(),
  postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
  /** The editor's form as typed (JSON of the form's fields). */
  fields: text('fields', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  /** The post version the copy was started from; a save of the copy is refused if the post moved on. */
  baseVersion: integer('base_version').notNull().default(0),
  revision: integer('revision').notNull().default(1),
  savedBy: text('saved_by'),
  updatedAt: timestamp('updated_at').notNull(),
});

/**
 * Links that show a draft (or a published post's unsaved changes) to someone without an account. The token
 * (256 random bits) is shown once; only its SHA-256 is stored.
 */
export const previewLinks = sqliteTable(
  'preview_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: postRef(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at').notNull(),
    revokedAt: timestamp('revoked_at'),
    lastUsedAt: timestamp('last_used_at'),
  },
  (t) => [index('preview_links_post_idx').on(t.postId)],
);

/** Corrections to published posts, shown on the article, in the public corrections log and in the feeds. */
export const corrections = sqliteTable(
  'corrections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: postRef(),
    /** What the article said that was wrong. */
    wrong: text('wrong').notNull(),
    /** What is right. */
    right: text('right').notNull(),
    /** When the article was corrected (shown to readers). */
    correctedAt: timestamp('corrected_at').notNull(),
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('corrections_post_idx').on(t.postId), index('corrections_corrected_idx').on(t.correctedAt)],
);
