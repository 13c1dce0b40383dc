import { z } from 'zod';
import { MAX_ID } from './ids.ts';
import { BaseVersionSchema, FeatureImageSchema, PostSchema } from './post.ts';
import { POST_PROVENANCE, REVISION_KINDS } from './provenance.ts';
import { META_DESCRIPTION, META_DESCRIPTION_MESSAGE } from './seo-form.ts';

/** One saved state of a post in a list: who, when, which fields changed; no body. */
export const RevisionSummarySchema = z.object({
  id: z.number().int().positive(),
  postId: z.number().int().positive(),
  version: z.number().int().positive(),
  kind: z.enum(REVISION_KINDS),
  /** Field names (post-fields.ts, REVISION_FIELDS) that differ from the previous revision; every set field for a creation. */
  changed: z.array(z.string()),
  title: z.string(),
  /** The signed-in editor who saved it; null for the scheduler and the automation. */
  savedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

/** One revision in full: everything needed to show it, compare it and restore it. */
export const RevisionSchema = RevisionSummarySchema.extend({
  slug: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  readTime: z.number().int(),
  published: z.boolean(),
  seoTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  focusKeyword: z.string().nullable(),
  provenance: z.enum(POST_PROVENANCE),
  featureImage: FeatureImageSchema.nullable(),
});
export type Revision = z.infer<typeof RevisionSchema>;

/** Answer of GET /api/posts/{id}/revisions: newest first. */
export const RevisionPageSchema = z.object({
  items: z.array(RevisionSummarySchema),
  total: z.number().int().min(0),
});
export type RevisionPage = z.infer<typeof RevisionPageSchema>;

/** Query of GET /api/posts/{id}/revisions. */
export const RevisionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Body of POST /api/revisions/{id}/restore. */
export const RestoreRevisionSchema = z
  .object({
    /** The post version the editor had open; without it the restore applies to whatever is current. */
    version: BaseVersionSchema.optional(),
  })
  .strict();
export type RestoreRevisionInput = z.input<typeof RestoreRevisionSchema>;

/** The 409 answer of a save based on an older version: nothing was changed; `current` is the post as it is now. */
export const PostConflictSchema = z.object({
  error: z.string(),
  current: PostSchema,
});
export type PostConflict = z.infer<typeof PostConflictSchema>;

export const POST_CONFLICT_MESSAGE = 'This post was changed since you opened it';
export const COPY_CONFLICT_MESSAGE = 'Another tab saved changes to this post since';

// ---- Working copies (autosave) ---------------------------------------------------------------------------------

/**
 * A working copy's key: `post:<id>` for an existing post, `new:<random>` for a post not yet created (the random part
 * is the editor's, 8-64 URL-safe characters).
 */
export const WorkingCopyKeySchema = z
  .string()
  .max(70)
  .regex(/^(?:post:[1-9]\d{0,14}|new:[A-Za-z0-9_-]{8,64})$/, 'Unknown working copy');

/** The post id a working copy key names, or null for a new post's copy. */
export function postIdOfKey(key: string): number | null {
  return key.startsWith('post:') ? Number(key.slice(5)) : null;
}

/**
 * The editor's fields as typed, possibly incomplete or not yet valid (an empty title, a read time being typed).
 * Texts are bounded by the post's own limits; unknown fields are dropped.
 */
export const WorkingCopyFieldsSchema = z.object({
  title: z.string().max(200, 'Title must be at most 200 characters'),
  excerpt: z.string().max(500, 'Excerpt must be at most 500 characters'),
  content: z.string().max(200_000, 'Content must be at most 200,000 characters'),
  /** '' while none is chosen. */
  category: z.string().max(100),
  /** Comma-separated, as in the editor: at most 20 tags of 50 characters. */
  tags: z.string().max(1_100, 'Tags must be at most 1,100 characters'),
  authorName: z.string().max(100, 'Author name must be at most 100 characters'),
  /** null while the field is empty. */
  readTime: z.number().min(0).max(600, 'Read time must be at most 600 minutes').nullable(),
  published: z.boolean(),
  seoTitle: z.string().max(60, 'Title should be under 60 characters'),
  metaDescription: z.string().max(META_DESCRIPTION.valid.max, META_DESCRIPTION_MESSAGE),
  focusKeyword: z.string().max(100, 'Focus keyword must be at most 100 characters'),
  slug: z.string().max(120, 'Slug must be at most 120 characters'),
  provenance: z.enum(POST_PROVENANCE).optional(),
  /** Absent in copies written before feature images: the post's own is kept. */
  featureImage: FeatureImageSchema.nullable().optional(),
});
export type WorkingCopyFields = z.infer<typeof WorkingCopyFieldsSchema>;

/** Body of PUT /api/working-copies/{key}. */
export const WorkingCopyWriteSchema = z
  .object({
    fields: WorkingCopyFieldsSchema,
    /** The post version the editor started from (0 for a post not yet created). */
    baseVersion: z.number().int().min(0).max(MAX_ID),
    /** The copy's revision this tab last wrote or read (0: it has seen none); another tab's write since is a 409. */
    revision: z.number().int().min(0).max(MAX_ID),
  })
  .strict();
export type WorkingCopyWrite = z.infer<typeof WorkingCopyWriteSchema>;

/** A working copy as the API answers it. */
export const WorkingCopySchema = z.object({
  key: z.string(),
  postId: z.number().int().positive().nullable(),
  fields: WorkingCopyFieldsSchema,
  baseVersion: z.number().int().min(0),
  revision: z.number().int().positive(),
  savedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type WorkingCopy = z.infer<typeof WorkingCopySchema>;

/** The 409 answer of an autosave: another tab wrote the copy since (`current`), or removed it (null). */
export const WorkingCopyConflictSchema = z.object({
  error: z.string(),
  current: WorkingCopySchema.nullable(),
});
export type WorkingCopyConflict = z.infer<typeof WorkingCopyConflictSchema>;

/** One of the editor's unsaved working copies, for "restore unsaved changes" after sign-in. */
export const WorkingCopySummarySchema = z.object({
  key: z.string(),
  postId: z.number().int().positive().nullable(),
  title: z.string(),
  baseVersion: z.number().int().min(0),
  revision: z.number().int().positive(),
  updatedAt: z.string(),
  /** The post's version now (null for a new post's copy): greater than `baseVersion` when it was saved since. */
  postVersion: z.number().int().positive().nullable(),
});
export type WorkingCopySummary = z.infer<typeof WorkingCopySummarySchema>;

export const WorkingCopyListSchema = z.object({ items: z.array(WorkingCopySummarySchema) });
export type WorkingCopyList = z.infer<typeof WorkingCopyListSchema>;
