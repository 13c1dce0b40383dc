import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

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
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed-login counters per key ('ip:…' or 'user:…'), in the database so a restart does not reset them. */
export const loginAttempts = sqliteTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until'),
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
    aiGenerated: integer('ai_generated', { mode: 'boolean' }).notNull().default(false),
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

/** Old slugs of posts whose slug was changed after publication, so old links keep working. */
export const slugRedirects = sqliteTable('slug_redirects', {
  slug: text('slug').primaryKey(),
  postId: integer('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
});

export const scheduledPosts = sqliteTable(
  'scheduled_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
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

export const builds = sqliteTable(
  'builds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    target: text('target', { enum: ['embedded', 'hook'] }).notNull(),
    reason: text('reason').notNull(),
    /** What changed: post ids and old/new slugs, so a later builder can re-render only those pages. */
    changes: text('changes', { mode: 'json' }).$type<BuildChange[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    requestedAt: timestamp('requested_at').notNull(),
    startedAt: timestamp('started_at'),
    finishedAt: timestamp('finished_at'),
    error: text('error'),
  },
  (t) => [index('builds_state_idx').on(t.state, t.id)],
);

export interface BuildChange {
  postId: number;
  slugs: string[];
  categories: string[];
}

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
