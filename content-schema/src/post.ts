import { z } from 'zod';
import { CATEGORIES } from './categories.ts';
import { idField, MAX_ID } from './ids.ts';
import { checkMarkdownLimits } from './markdown-limits.ts';
import { POST_PROVENANCE } from './provenance.ts';
import { META_DESCRIPTION, META_DESCRIPTION_MESSAGE } from './seo-form.ts';
import { DEFAULT_AUTHOR_ID, DEFAULT_READ_TIME } from './site.ts';

/** Where the eye should fall in a feature image, in percent from the left and the top: crops keep it in view. */
const focusField = (axis: string) =>
  z
    .number({ error: `The focal point's ${axis} must be a percentage` })
    .int(`The focal point's ${axis} must be a whole percentage`)
    .min(0, `The focal point's ${axis} must be between 0 and 100`)
    .max(100, `The focal point's ${axis} must be between 0 and 100`);

/**
 * A post's feature image: a library image by its number, and its focal point (the hero, cards and share card crop it
 * to their own shapes around that point). See docs/decisions/024-feature-images.md.
 */
export const FeatureImageSchema = z.object({
  id: idField('Feature image must be an image of the media library'),
  focusX: focusField('x').default(50),
  focusY: focusField('y').default(50),
});
export type FeatureImage = z.output<typeof FeatureImageSchema>;

export { POST_PROVENANCE, REVISION_KINDS, type PostProvenance, type RevisionKind } from './provenance.ts';

/** A post as the API answers it. `content` is markdown; the site renders it with `renderMarkdown`. */
export const PostSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string().min(1),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  authorName: z.string(),
  authorId: z.number().int(),
  readTime: z.number().int().min(1),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  seoTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  focusKeyword: z.string().nullable(),
  /** Derived, never stored: `provenance === 'ai-generated'` (provenance is the one record of how a post was made). */
  aiGenerated: z.boolean(),
  provenance: z.enum(POST_PROVENANCE),
  editedBy: z.string().nullable(),
  /** The library image that stands for the post (hero, cards, share card, feeds), or none. */
  featureImage: FeatureImageSchema.nullable(),
  /** Grows with every save; PUT sends the version it edited and gets 409 if the post moved on. */
  version: z.number().int().positive(),
});
export type Post = z.infer<typeof PostSchema>;

/** A post in a list without its body, for lean list answers (`?fields=summary`). */
export const PostSummarySchema = PostSchema.omit({ content: true });
export type PostSummary = z.infer<typeof PostSummarySchema>;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Trimmed optional text: empty becomes null so "cleared" is stored as absent. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Markdown within the renderer's limits (nesting, table size, work): a body the schema accepts always
 * renders. The check reads the text once and needs no parser, so it is cheap on every save.
 */
const renderableMarkdown = z.string().superRefine((markdown, ctx) => {
  const problem = checkMarkdownLimits(markdown);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Read time in whole minutes, 1 to 600 (at least a minute; ten hours is beyond any article). */
export const ReadTimeSchema = z
  .number({ error: 'Read time must be at least 1 minute' })
  .int('Read time must be a whole number of minutes')
  .min(1, 'Read time must be at least 1 minute')
  .max(600, 'Read time must be at most 600 minutes');

/** Tags as stored: at most 20, each trimmed and at most 50 characters, empty and repeated ones dropped. */
export const TagListSchema = z
  .array(z.string({ error: 'A tag must be text' }).trim().max(50, 'A tag must be at most 50 characters'), {
    error: 'Tags must be a list',
  })
  .max(20, 'At most 20 tags')
  .transform((tags) => [...new Set(tags.filter(Boolean))]);

/**
 * The fields of a post body, without defaults: a partial update must leave absent fields alone
 * (a publish toggle sending only `published` must not reset tags, read time or author).
 */
const postFields = {
  title: requiredText('Title is required').pipe(z.string().max(200, 'Title must be at most 200 characters')),
  content: requiredText('Content is required')
    .pipe(z.string().max(200_000, 'Content must be at most 200,000 characters'))
    .pipe(renderableMarkdown),
  excerpt: requiredText('Excerpt is required').pipe(z.string().max(500, 'Excerpt must be at most 500 characters')),
  category: z.enum(CATEGORIES, { error: 'Category is required' }),
  tags: TagListSchema,
  authorName: requiredText('Author name is required').pipe(
    z.string().max(100, 'Author name must be at most 100 characters'),
  ),
  authorId: idField('Author id must be a positive whole number'),
  readTime: ReadTimeSchema,
  published: z.boolean(),
  /** How the post was made (the reader-facing AI disclosure); the automation sets 'ai-generated' itself. */
  provenance: z.enum(POST_PROVENANCE, { error: 'Provenance must be human, ai-assisted or ai-generated' }),
  seoTitle: optionalText(60, 'Title should be under 60 characters'),
  metaDescription: optionalText(META_DESCRIPTION.valid.max, META_DESCRIPTION_MESSAGE),
  focusKeyword: optionalText(100, 'Focus keyword must be at most 100 characters'),
  featureImage: FeatureImageSchema.strict().nullable(),
  slug: z
    .string()
    .trim()
    .max(120, 'Slug must be at most 120 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may contain only lowercase letters, digits and single hyphens')
    .nullish()
    .or(z.literal('').transform(() => null)),
};

/** Body of POST /api/posts and of a full PUT /api/posts/{id}. Its messages are the ones the editor shows. */
export const PostInputSchema = z.object({
  ...postFields,
  tags: postFields.tags.default([]),
  authorId: postFields.authorId.default(DEFAULT_AUTHOR_ID),
  readTime: postFields.readTime.default(DEFAULT_READ_TIME),
  published: postFields.published.default(false),
  provenance: postFields.provenance.optional(),
  featureImage: postFields.featureImage.default(null),
});
export type PostInput = z.input<typeof PostInputSchema>;
export type PostData = z.output<typeof PostInputSchema>;

/** The version a save is based on (PUT /api/posts/{id}, a restore): 409 if the post moved on since. */
export const BaseVersionSchema = z
  .number({ error: 'Version must be a positive whole number' })
  .int('Version must be a positive whole number')
  .min(1, 'Version must be a positive whole number')
  .max(MAX_ID, 'Version must be a positive whole number');

/**
 * Body of PUT /api/posts/{id}: the full post, or any subset (the publish toggle sends only `published`), and the
 * `version` the editor started from when it has one (content-schema/revisions.ts has the 409 answer).
 */
export const PostUpdateSchema = z
  .object({
    ...postFields,
    version: BaseVersionSchema,
    /**
     * The revision of the post's autosaved working copy this tab last saw: the save removes the copy, unless
     * another tab has written it since (its words are then kept for that tab).
     */
    copyRevision: z.number().int().min(0).max(MAX_ID),
  })
  .partial()
  .strict();
export type PostUpdate = z.output<typeof PostUpdateSchema>;

/** Query of GET /api/posts. */
export const PostListQuerySchema = z.object({
  category: z.string().trim().max(100).optional(),
  search: z.string().trim().max(200).optional(),
  published: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  fields: z.enum(['full', 'summary']).optional(),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

/** Split the editor's comma-separated tags into trimmed, non-empty, unique tags. */
export function splitTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

/** The editor form: tags are one comma-separated text. */
export const PostFormSchema = z.object({
  title: requiredText('Title is required'),
  excerpt: requiredText('Excerpt is required'),
  content: requiredText('Content is required'),
  // The editor offers EDITOR_CATEGORIES but must keep any known category of an existing post; one
  // enum (not a union, whose error would read 'Invalid input') keeps the editor's message.
  category: z.enum(CATEGORIES, { error: 'Category is required' }),
  tags: z.string(),
  authorName: requiredText('Author name is required'),
  readTime: z
    .number({ error: 'Read time must be at least 1 minute' })
    .int()
    .min(1, 'Read time must be at least 1 minute'),
  published: z.boolean(),
  provenance: z.enum(POST_PROVENANCE),
  seoTitle: z.string().max(60, 'Title should be under 60 characters'),
  metaDescription: z.string().max(META_DESCRIPTION.valid.max, META_DESCRIPTION_MESSAGE),
  focusKeyword: z.string(),
  slug: z.string(),
  featureImage: FeatureImageSchema.nullable(),
});
export type PostForm = z.infer<typeof PostFormSchema>;
