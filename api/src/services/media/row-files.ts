/** The files a library row names: its variants and its fallback, and the condition that a row names a file. */
import { like, or } from 'drizzle-orm';
import type { MediaVariant } from 'content-schema/media';
import { media } from '../../db/schema-media.ts';

/** Every file a row names. */
export const filesOf = (row: { variants: readonly MediaVariant[]; fallback: MediaVariant }): string[] => [
  ...row.variants.map((v) => v.file),
  row.fallback.file,
];

/** The condition on `media` that a row names `file` (names are hex, so LIKE needs no escaping). */
export const namesFile = (file: string) => or(like(media.variants, `%${file}%`), like(media.fallback, `%${file}%`))!;
