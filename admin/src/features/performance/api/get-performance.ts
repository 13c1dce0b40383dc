import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PerformanceReportSchema,
  type PerformanceRange,
  type PerformanceReport,
  type PerformanceSort,
} from 'content-schema/performance';
import { apiRequest, toSearch } from '../../../lib/api-client.ts';

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
    // Reader figures change by the second; unlike the rest of the admin (never stale) they are re-read on each visit.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function usePerformance(range: PerformanceRange, sort: PerformanceSort) {
  return useQuery(performanceQueryOptions(range, sort));
}
