/**
 * The media library: one row per uploaded image, with the files processing wrote for it (their names are their
 * content's hash, kept in the media store). Migrated with the main schema (drizzle/), since posts refer to it.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { MediaVariant } from 'content-schema/media';
import { createdAt, timestamp } from './columns.ts';
import { posts } from './schema.ts';

export const media = sqliteTable(
  'media',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The name the file was uploaded under, for the library's search. */
    fileName: text('file_name').notNull(),
    /** Size of the largest served file (the upload itself is not kept). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Size of the upload, in bytes. */
    bytes: integer('bytes').notNull(),
    alt: text('alt').notNull().default(''),
    caption: text('caption').notNull().default(''),
    credit: text('credit').notNull().default(''),
    licence: text('licence').notNull().default(''),
    variants: text('variants', { mode: 'json' }).$type<MediaVariant[]>().notNull(),
    fallback: text('fallback', { mode: 'json' }).$type<MediaVariant>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('media_created_idx').on(t.createdAt)],
);

/**
 * Which library images each post's body uses, kept with every save that changes the body (in its batch): the
 * library's "used by", its unused filter, the refusal to delete an image in use, and the posts to render again when
 * an image's alt text or caption changes all read it.
 */
export const postMedia = sqliteTable(
  'post_media',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaId] }), index('post_media_media_idx').on(t.mediaId)],
);
