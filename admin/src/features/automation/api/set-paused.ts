import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AutomationStatusSchema, type AutomationStatus } from 'content-schema/automation';
import { apiRequest } from '../../../lib/api-client.ts';
import { automationStatusQueryKey } from './get-automation-status.ts';

/** PUT /api/automation/paused: pauses or resumes the weekly schedule; answers the new status. */
export function setPaused(paused: boolean): Promise<AutomationStatus> {
  return apiRequest('/automation/paused', { method: 'PUT', body: { paused }, schema: AutomationStatusSchema });
}

export function useSetPaused() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaused,
    meta: {
      successToast: (status) =>
        (status as AutomationStatus).paused
          ? { title: 'Automation Paused', description: 'Scheduled posts will not be generated until you resume.' }
          : { title: 'Automation Active', description: 'Scheduled posts will be generated again.' },
      errorToast: { title: 'Failed to update automation', variant: 'destructive' },
    },
    onSuccess: (status) => queryClient.setQueryData(automationStatusQueryKey, status),
  });
}
