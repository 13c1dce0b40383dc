import { z } from 'zod';
import { PERFORMANCE_RANGES, PERFORMANCE_SORTS } from './site.ts';

/** Query of GET /api/performance. */
export const PerformanceQuerySchema = z.object({
  range: z.enum(PERFORMANCE_RANGES).default('30d'),
  sort: z.enum(PERFORMANCE_SORTS).default('views'),
});
export type PerformanceQuery = z.infer<typeof PerformanceQuerySchema>;
export type PerformanceRange = PerformanceQuery['range'];
export type PerformanceSort = PerformanceQuery['sort'];

/** One item of the dashboard's Performance tab, computed by the server from the reader beacons' counters. */
export const PerformanceItemSchema = z.object({
  post: z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    category: z.string(),
    tags: z.array(z.string()),
    readTime: z.number(),
    published: z.boolean(),
    publishedAt: z.string().nullable(),
  }),
  views: z.number(),
  engagement: z.number(),
  readingCompletion: z.number(),
  socialShares: z.number(),
  avgTimeOnPage: z.number(),
  bounceRate: z.number(),
  performanceScore: z.number(),
  trend: z.enum(['up', 'down']),
  /** Views in the previous period of the same length, which `trend` compares against. */
  previousViews: z.number(),
});
export type PerformanceItem = z.infer<typeof PerformanceItemSchema>;

/** Answer of GET /api/performance. */
export const PerformanceReportSchema = z.object({
  range: z.enum(PERFORMANCE_RANGES),
  sort: z.enum(PERFORMANCE_SORTS),
  /** First and last UTC day included. */
  from: z.string(),
  to: z.string(),
  /** True when no reader data exists in the range: show the empty state, not numbers. */
  empty: z.boolean(),
  summary: z.object({
    totalViews: z.number(),
    avgEngagement: z.number(),
    socialShares: z.number(),
    topPerformers: z.number(),
  }),
  items: z.array(PerformanceItemSchema),
  topCategories: z.array(
    z.object({ category: z.string(), views: z.number(), articles: z.number(), share: z.number() }),
  ),
  insights: z.array(z.string()),
  /** How the figures are computed, for the tab's help text. */
  definitions: z.record(z.string(), z.string()),
});
export type PerformanceReport = z.infer<typeof PerformanceReportSchema>;
