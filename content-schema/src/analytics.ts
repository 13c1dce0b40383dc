import { z } from 'zod';

/** Answer of GET /api/analytics. */
export const AnalyticsSchema = z.object({
  totalPosts: z.number().int(),
  totalReadTime: z.number().int(),
  averageReadTime: z.number(),
  topCategories: z.array(z.object({ category: z.string(), count: z.number().int() })),
  topTags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;
