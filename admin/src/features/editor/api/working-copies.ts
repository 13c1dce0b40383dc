import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WorkingCopyConflictSchema,
  WorkingCopyListSchema,
  WorkingCopySchema,
  type WorkingCopy,
  type WorkingCopyWrite,
} from 'content-schema/revisions';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';

export const workingCopiesQueryKey = ['working-copies'] as const;

const path = (key: string) => `/working-copies/${encodeURIComponent(key)}`;

/** The stored copy, or null when there is none. */
export async function readWorkingCopy(key: string, signal?: AbortSignal): Promise<WorkingCopy | null> {
  try {
    return await apiRequest(path(key), { schema: WorkingCopySchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function writeWorkingCopy(
  key: string,
  body: WorkingCopyWrite,
  options: { keepalive?: boolean } = {},
): Promise<WorkingCopy> {
  return apiRequest(path(key), { method: 'PUT', body, schema: WorkingCopySchema, keepalive: options.keepalive });
}

export function deleteWorkingCopy(key: string): Promise<void> {
  return apiRequest(path(key), { method: 'DELETE' });
}

/** The stored copy another tab wrote, from an autosave's 409 answer (null: it was removed). */
export function copyConflict(error: unknown): { current: WorkingCopy | null } | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const parsed = WorkingCopyConflictSchema.safeParse(error.json);
  return parsed.success ? { current: parsed.data.current } : null;
}

/** The editor's unsaved working copies, offered for restoring after sign-in. */
export function useWorkingCopies() {
  return useQuery({
    queryKey: workingCopiesQueryKey,
    queryFn: ({ signal }) => apiRequest('/working-copies', { schema: WorkingCopyListSchema, signal }),
    // Another tab's autosaves change this list; read it afresh whenever the dashboard shows it.
    staleTime: 0,
  });
}

export function useDiscardWorkingCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkingCopy,
    meta: { errorToast: { title: 'Failed to discard the unsaved changes', variant: 'destructive' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workingCopiesQueryKey }),
  });
}
