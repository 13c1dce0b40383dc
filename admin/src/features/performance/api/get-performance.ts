import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PERFORMANCE_RANGES, PERFORMANCE_SORTS } from 'content-schema/site';
import { apiRequest, toSearch } from '../../../lib/api-client.ts';

export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];
export type PerformanceSort = (typeof PERFORMANCE_SORTS)[number];

/** Spec §3 Performance item, computed by the server from reader beacons. */
export const PerformanceItemSchema = z.object({
  post: z.object({
    id: z.number(),
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
  previousViews: z.number(),
});
export type PerformanceItem = z.infer<typeof PerformanceItemSchema>;

export const PerformanceReportSchema = z.object({
  range: z.enum(PERFORMANCE_RANGES),
  sort: z.enum(PERFORMANCE_SORTS),
  from: z.string(),
  to: z.string(),
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
  definitions: z.record(z.string(), z.string()),
});
export type PerformanceReport = z.infer<typeof PerformanceReportSchema>;

export function getPerformance(
  range: PerformanceRange,
  sort: PerformanceSort,
  signal?: AbortSignal,
): Promise<PerformanceReport> {
  return apiRequest(`/performance${toSearch({ range, sort })}`, { schema: PerformanceReportSchema, signal });
}

export const performanceQueryOptions = (range: PerformanceRange, sort: PerformanceSort) =>
  queryOptions({
    queryKey: ['performance', range, sort] as const,
    queryFn: ({ signal }) => getPerformance(range, sort, signal),
    // Reader figures change by the second; unlike the rest of the admin (spec §9) they are re-read on each visit.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function usePerformance(range: PerformanceRange, sort: PerformanceSort) {
  return useQuery(performanceQueryOptions(range, sort));
}
