/**
 * Members tables: readers who subscribe to newsletters (double opt-in), their consent records and the single-use
 * links mailed to them, and the local outbox that keeps mail when no SMTP server is configured. Owned by the
 * members module, migrated from `drizzle-members/` with its own journal table.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { MEMBER_STATUSES, SUBSCRIBE_FORMS } from 'content-schema/members';
import { createdAt, timestamp } from './columns.ts';

export const newsletters = sqliteTable('newsletters', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Offered on the subscribe forms; an archived newsletter keeps its subscribers but takes no new ones. */
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  /** Ticked on the forms for a reader who does not choose. */
  byDefault: integer('by_default', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
});

export const members = sqliteTable(
  'members',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Lower-cased and trimmed: one member per address. */
    email: text('email').notNull(),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at'),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [uniqueIndex('members_email_idx').on(t.email), index('members_status_idx').on(t.status, t.createdAt)],
);

export const memberNewsletters = sqliteTable(
  'member_newsletters',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    newsletterId: integer('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.newsletterId] }), index('member_newsletters_nl_idx').on(t.newsletterId)],
);

/** What a member agreed to, when, on which form, and the words the form showed: kept for as long as the member. */
export const memberConsents = sqliteTable(
  'member_consents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['subscribed', 'unsubscribed'] }).notNull(),
    form: text('form', { enum: SUBSCRIBE_FORMS }).notNull(),
    newsletters: text('newsletters', { mode: 'json' }).$type<string[]>().notNull(),
    text: text('text').notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [index('member_consents_member_idx').on(t.memberId, t.at)],
);

/**
 * Links mailed to a member (confirm a subscription): only the SHA-256 of the token is stored, so a copy of the
 * database signs nobody in; single use (`usedAt`), with an expiry. `pending` holds what the link will do.
 */
export const memberTokens = sqliteTable(
  'member_tokens',
  {
    hash: text('hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm'] }).notNull(),
    form: text('form', { enum: SUBSCRIBE_FORMS }).notNull(),
    newsletters: text('newsletters', { mode: 'json' }).$type<string[]>().notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('member_tokens_member_idx').on(t.memberId), index('member_tokens_expiry_idx').on(t.expiresAt)],
);

/** Mail kept on this server instead of sent, when no SMTP_URL is configured: the admin's Outbox shows it. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
