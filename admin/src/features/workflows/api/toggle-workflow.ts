import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WorkflowSchema, type Workflow } from 'content-schema/workflow';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowsQueryKey } from './get-workflows.ts';

export function toggleWorkflow({ id, enabled }: { id: number; enabled: boolean }): Promise<Workflow> {
  return apiRequest(`/workflows/${id}/toggle`, { method: 'PUT', body: { enabled }, schema: WorkflowSchema });
}

export function useToggleWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleWorkflow,
    meta: {
      successToast: (data) => {
        const w = data as Workflow;
        return {
          title: w.enabled ? 'Workflow Enabled' : 'Workflow Disabled',
          description: `“${w.name}” is ${w.enabled ? 'enabled' : 'disabled'}.`,
        };
      },
      errorToast: { title: 'Failed to toggle workflow.', variant: 'destructive' },
    },
    onSuccess: (updated) => {
      queryClient.setQueryData<Workflow[]>(workflowsQueryKey, (list) =>
        list?.map((w) => (w.id === updated.id ? updated : w)),
      );
    },
  });
}
