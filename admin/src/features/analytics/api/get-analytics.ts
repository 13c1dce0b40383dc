import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsSchema, type Analytics } from 'content-schema/analytics';
import { apiRequest } from '../../../lib/api-client.ts';

export function getAnalytics(signal?: AbortSignal): Promise<Analytics> {
  return apiRequest('/analytics', { schema: AnalyticsSchema, signal });
}

/** A failure renders nothing, so no error toast either. */
export const analyticsQueryOptions = queryOptions({
  queryKey: ['analytics'],
  queryFn: ({ signal }) => getAnalytics(signal),
});

export function useAnalytics() {
  return useQuery(analyticsQueryOptions);
}
