/**
 * The media library: one row per uploaded image, with the files processing wrote for it (their names are their
 * content's hash, kept in the media store). Migrated with the main schema (drizzle/), since posts refer to it.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { MediaVariant } from 'content-schema/media';
import { createdAt, timestamp } from './columns.ts';

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
