import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WorkflowSchema, type Workflow, type WorkflowForm } from 'content-schema/workflow';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowsQueryKey } from './get-workflows.ts';

/** POST /api/workflows (create) or PUT /api/workflows/{id} (edit). */
export function saveWorkflow({ id, form }: { id?: number; form: WorkflowForm }): Promise<Workflow> {
  return id === undefined
    ? apiRequest('/workflows', { method: 'POST', body: form, schema: WorkflowSchema })
    : apiRequest(`/workflows/${id}`, { method: 'PUT', body: form, schema: WorkflowSchema });
}

export function useSaveWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkflow,
    meta: {
      successToast: (_data, variables) => {
        const editing = (variables as { id?: number }).id !== undefined;
        return editing
          ? { title: 'Workflow Updated', description: 'Your workflow has been updated.' }
          : { title: 'Workflow Created', description: 'Your new workflow has been created.' };
      },
      errorToast: { title: 'Failed to save workflow', variant: 'destructive' },
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsQueryKey }),
  });
}
