import { queryOptions, useQuery } from '@tanstack/react-query';
import { BuildStatusSchema, type BuildStatus } from 'content-schema/build';
import { apiRequest } from '../../../lib/api-client.ts';

export function getBuildStatus(signal?: AbortSignal): Promise<BuildStatus> {
  return apiRequest('/build/status', { schema: BuildStatusSchema, signal });
}

export const buildStatusQueryKey = ['build', 'status'] as const;

export const buildStatusQueryOptions = queryOptions({
  queryKey: buildStatusQueryKey,
  queryFn: ({ signal }) => getBuildStatus(signal),
});

/** Whether a build is queued or running: the only time the admin polls (it does not poll otherwise). */
export function isBuilding(status: BuildStatus): boolean {
  return status.pending || status.current?.state === 'queued' || status.current?.state === 'running';
}

/** The site build state; polls only while a build is queued or running. */
export function useBuildStatus() {
  return useQuery({
    ...buildStatusQueryOptions,
    refetchInterval: (query) => (query.state.data && isBuilding(query.state.data) ? 2000 : false),
  });
}
