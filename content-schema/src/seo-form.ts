import { z } from 'zod';

/**
 * The meta description's two length bands, in characters: a form accepts `valid`, and the SEO score's
 * +15 goes to `ideal`. Validation, the score and the editors' counters all read them from here.
 */
export const META_DESCRIPTION = {
  valid: { min: 120, max: 160 },
  ideal: { min: 140, max: 160 },
} as const;

/** The editor's message for a meta description outside the valid band. */
export const META_DESCRIPTION_MESSAGE = `Meta description should be ${META_DESCRIPTION.valid.min}-${META_DESCRIPTION.valid.max} characters`;

/** The SEO panel form. */
export const SeoFormSchema = z.object({
  title: z.string().min(1, 'Title is required').max(60, 'Title should be under 60 characters'),
  metaDescription: z
    .string()
    .min(META_DESCRIPTION.valid.min, META_DESCRIPTION_MESSAGE)
    .max(META_DESCRIPTION.valid.max, META_DESCRIPTION_MESSAGE),
  focusKeyword: z.string().trim().min(1, 'Focus keyword is required'),
  slug: z.string().trim().min(1, 'URL slug is required'),
});
export type SeoForm = z.infer<typeof SeoFormSchema>;

export const SeoRecommendationSchema = z.object({
  type: z.enum(['success', 'warning', 'error']),
  message: z.string(),
});
export type SeoRecommendation = z.infer<typeof SeoRecommendationSchema>;

export const SeoResultSchema = z.object({
  score: z.number().min(0).max(100),
  recommendations: z.array(SeoRecommendationSchema),
  keywordDensity: z.number(),
  readabilityScore: z.number(),
});
export type SeoResult = z.infer<typeof SeoResultSchema>;
