/**
 * What the API gives the site renderer (GET /api/site/…): published posts only, with the body HTML and
 * search text the API derived when each post was saved. The renderer never sees drafts or markdown.
 */
import { z } from 'zod';
import { PublicCorrectionSchema } from './corrections.ts';
import { MediaSchema } from './media.ts';
import { FeatureImageSchema, PostSummarySchema } from './post.ts';

/**
 * A post's feature image as pages draw it: the library image's size, text and files, with the post's focal point.
 * Resolved by the API when it answers, so a change of the image's details or file shows on the next render.
 */
export const SiteFeatureImageSchema = MediaSchema.pick({
  id: true,
  fileName: true,
  width: true,
  height: true,
  alt: true,
  caption: true,
  credit: true,
  licence: true,
  variants: true,
  fallback: true,
}).extend(FeatureImageSchema.pick({ focusX: true, focusY: true }).shape);
export type SiteFeatureImage = z.infer<typeof SiteFeatureImageSchema>;

/**
 * A published post's summary as the site shows it. `modifiedAt` is the visible "Updated" time: the latest real
 * update after publication (a correction, or an edit of the title or body), null when there was none. Saves
 * that change only metadata (tags, SEO fields, slug, provenance) do not count, so `updatedAt` is not it.
 */
export const SiteSummarySchema = PostSummarySchema.extend({
  modifiedAt: z.string().nullable(),
  featureImage: SiteFeatureImageSchema.nullable(),
});
export type SiteSummary = z.infer<typeof SiteSummarySchema>;

/** A published post as the renderer needs it for its article page, search entry and feed entries. */
export const SitePostSchema = SiteSummarySchema.extend({
  /** Sanitised body HTML; null when the body could not be rendered (then `renderError` says why). */
  html: z.string().nullable(),
  /** Reader-visible plain text of the body, for the search index. */
  text: z.string().nullable(),
  renderError: z.string().nullable(),
  /** Its corrections, newest first. */
  corrections: z.array(PublicCorrectionSchema),
});
export type SitePost = z.infer<typeof SitePostSchema>;

/** GET /api/site/posts?after={id}&limit={n}[&fields=summary]: a page of published posts by ascending id. */
export const SiteSummaryPageSchema = z.object({ posts: z.array(SiteSummarySchema), next: z.number().int().nullable() });
export const SitePostPageSchema = z.object({ posts: z.array(SitePostSchema), next: z.number().int().nullable() });

/** Query of GET /api/site/posts: a keyset page (`after`, `limit`) or given `ids`. */
export const SitePostsQuerySchema = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'ids must be a comma-separated list of post ids')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= 500, 'At most 500 ids')
    .optional(),
  /** 'summary': no body; 'html': with the body HTML (what pages need); 'full': also the search text. */
  fields: z.enum(['summary', 'html', 'full']).default('full'),
});

/** GET /api/site/redirects: old slugs of published posts, for the static host's redirect rules. */
export const SiteRedirectsSchema = z.object({
  redirects: z.array(z.object({ from: z.string(), postId: z.number().int() })),
});
export type SiteRedirects = z.infer<typeof SiteRedirectsSchema>;

/** A query of GET /api/site/posts as parsed (defaults applied, ids a list). */
export type SitePostsQuery = z.output<typeof SitePostsQuerySchema>;
