import { z } from 'zod';

/** The SEO panel form (spec §5). */
export const SeoFormSchema = z.object({
  title: z.string().min(1, 'Title is required').max(60, 'Title should be under 60 characters'),
  metaDescription: z
    .string()
    .min(120, 'Meta description should be 120-160 characters')
    .max(160, 'Meta description should be 120-160 characters'),
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
