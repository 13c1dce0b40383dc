import { queryOptions, useQuery } from '@tanstack/react-query';
import { BuildStatusSchema, type BuildStatus } from 'content-schema/build';
import { apiRequest } from '../../lib/api-client.ts';

export function getBuildStatus(signal?: AbortSignal): Promise<BuildStatus> {
  return apiRequest('/build/status', { schema: BuildStatusSchema, signal });
}

export const buildStatusQueryKey = ['build', 'status'] as const;

export const buildStatusQueryOptions = queryOptions({
  queryKey: buildStatusQueryKey,
  queryFn: ({ signal }) => getBuildStatus(signal),
});

/** The site build state; polls only while a build is queued or running (spec §9 forbids polling otherwise). */
export function useBuildStatus() {
  return useQuery({
    ...buildStatusQueryOptions,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (data.pending || data.current?.state === 'queued' || data.current?.state === 'running')
        ? 2000
        : false;
    },
  });
}
