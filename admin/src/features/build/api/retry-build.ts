import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BuildStatusSchema, type BuildStatus } from 'content-schema/build';
import { apiRequest } from '../../../lib/api-client.ts';
import { buildStatusQueryKey } from './get-build-status.ts';

/** POST /api/build ("Retry build"): queues a full render of the whole site; answers 202 with the build status. */
export function retryBuild(): Promise<BuildStatus> {
  return apiRequest('/build', { method: 'POST', schema: BuildStatusSchema });
}

export function useRetryBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBuild,
    meta: {
      successToast: { title: 'Site rebuild queued', description: 'The whole site is rendered again.' },
      errorToast: { title: 'Failed to queue a rebuild', variant: 'destructive' },
    },
    // The answer says a build is queued, which starts the status polling until it ends.
    onSuccess: (status) => queryClient.setQueryData(buildStatusQueryKey, status),
  });
}
