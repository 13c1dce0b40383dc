/**
 * Preview links: a draft, or a published post's unsaved changes, shown to someone without an account
 * through an unguessable link that expires and can be revoked. The token travels only in the link; the API
 * stores its SHA-256 and answers it once, when the link is made.
 */
import { z } from 'zod';
import { CATEGORIES } from './categories.ts';
import { PublicCorrectionSchema } from './corrections.ts';
import { FeatureImageSchema, ReadTimeSchema, splitTags, TagListSchema } from './post.ts';
import { SiteSummarySchema } from './site-feed.ts';

/** The path of the public preview page; the token follows it. */
export const PREVIEW_PATH = '/preview';

/** Random bytes in a token: 256 bits, far beyond guessing (at least 128 are required). */
export const PREVIEW_TOKEN_BYTES = 32;

/** A token as it appears in a link: the random bytes in base64url, without padding (43 characters). */
export const PreviewTokenSchema = z
  .string()
  .length(Math.ceil((PREVIEW_TOKEN_BYTES * 4) / 3))
  .regex(/^[A-Za-z0-9_-]+$/);

export const PREVIEW_VALIDITY_UNITS = ['hours', 'days'] as const;
export type PreviewValidityUnit = (typeof PREVIEW_VALIDITY_UNITS)[number];

/** How long a link may stay valid: one hour to 90 days; a week unless the editor chooses otherwise. */
export const PREVIEW_MIN_HOURS = 1;
export const PREVIEW_MAX_HOURS = 90 * 24;
export const PREVIEW_DEFAULT_VALIDITY = { amount: 7, unit: 'days' } as const satisfies {
  amount: number;
  unit: PreviewValidityUnit;
};
export const PREVIEW_VALIDITY_MESSAGE = 'A preview link is valid for 1 hour to 90 days';

/** Hours in a validity. */
export function validityHours(validity: { amount: number; unit: PreviewValidityUnit }): number {
  return validity.unit === 'days' ? validity.amount * 24 : validity.amount;
}

/** Body of POST /api/posts/{id}/preview-links: how long the link works (default 7 days). */
export const PreviewLinkInputSchema = z
  .object({
    amount: z
      .number({ error: PREVIEW_VALIDITY_MESSAGE })
      .int(PREVIEW_VALIDITY_MESSAGE)
      .min(1, PREVIEW_VALIDITY_MESSAGE)
      .max(PREVIEW_MAX_HOURS, PREVIEW_VALIDITY_MESSAGE)
      .default(PREVIEW_DEFAULT_VALIDITY.amount),
    unit: z
      .enum(PREVIEW_VALIDITY_UNITS, { error: 'Unit must be hours or days' })
      .default(PREVIEW_DEFAULT_VALIDITY.unit),
  })
  .refine((v) => validityHours(v) >= PREVIEW_MIN_HOURS && validityHours(v) <= PREVIEW_MAX_HOURS, {
    message: PREVIEW_VALIDITY_MESSAGE,
    path: ['amount'],
  });
export type PreviewLinkInput = z.input<typeof PreviewLinkInputSchema>;

export const PREVIEW_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type PreviewLinkStatus = (typeof PREVIEW_LINK_STATUSES)[number];

/** A link's status at a moment: revoked wins, then expired (at its expiry instant exactly), else active. */
export function previewStatusAt(
  link: { revokedAt: Date | string | null; expiresAt: Date | string },
  now: Date,
): PreviewLinkStatus {
  if (link.revokedAt) return 'revoked';
  return new Date(link.expiresAt).getTime() <= now.getTime() ? 'expired' : 'active';
}

/** A preview link as the admin lists it: never its token. */
export const PreviewLinkSchema = z.object({
  id: z.number().int().positive(),
  postId: z.number().int().positive(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** As of the server's clock when it answered. */
  status: z.enum(PREVIEW_LINK_STATUSES),
});
export type PreviewLink = z.infer<typeof PreviewLinkSchema>;

/** GET /api/posts/{id}/preview-links: the post's links, newest first. */
export const PreviewLinkListSchema = z.array(PreviewLinkSchema);

/** 201 of POST /api/posts/{id}/preview-links: the link and, this once, its full URL (with the token). */
export const PreviewLinkCreatedSchema = PreviewLinkSchema.extend({ url: z.string() });
export type PreviewLinkCreated = z.infer<typeof PreviewLinkCreatedSchema>;

/**
 * What the preview shows, read from a working copy (the editor's autosaved form, which holds whatever was typed).
 * Each field is taken only when it is one the post could hold; anything else keeps the post's own value, so a
 * half-typed or malformed copy never breaks the preview.
 */
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v));
export const PreviewFieldsSchema = z
  .object({
    title: text(200).optional().catch(undefined),
    excerpt: text(500).optional().catch(undefined),
    content: text(200_000).optional().catch(undefined),
    category: z.enum(CATEGORIES).optional().catch(undefined),
    // The editor's field is one comma-separated text; a list is accepted too.
    tags: z
      .union([z.string().max(2000).transform(splitTags), z.array(z.string().max(200)).max(100)])
      .pipe(TagListSchema)
      .optional()
      .catch(undefined),
    authorName: text(100).optional().catch(undefined),
    readTime: z.coerce.number().pipe(ReadTimeSchema).optional().catch(undefined),
    seoTitle: optionalText(200).optional().catch(undefined),
    metaDescription: optionalText(500).optional().catch(undefined),
    featureImage: FeatureImageSchema.nullable().optional().catch(undefined),
  })
  .catch({});
export type PreviewFields = z.infer<typeof PreviewFieldsSchema>;

/**
 * What the API hands the site's renderer for one preview: the post as it would be published, with its sanitised
 * body HTML (or null and the reason it could not be rendered), and the published posts of its category that its
 * "Related Research" block draws from. The renderer keeps nothing of it.
 */
export const PreviewRenderSchema = z.object({
  post: SiteSummarySchema,
  html: z.string().nullable(),
  renderError: z.string().nullable(),
  /** The corrections a published post already carries, shown as on the live article. */
  corrections: z.array(PublicCorrectionSchema),
  related: z.array(SiteSummarySchema),
});
export type PreviewRender = z.infer<typeof PreviewRenderSchema>;
