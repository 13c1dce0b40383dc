import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WorkflowExecutionSchema, type Workflow, type WorkflowExecution } from 'content-schema/workflow';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowsQueryKey } from './get-workflows.ts';

export function executeWorkflow(workflowId: number): Promise<WorkflowExecution> {
  return apiRequest('/workflows/execute', { method: 'POST', body: { workflowId }, schema: WorkflowExecutionSchema });
}

export function useExecuteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: executeWorkflow,
    meta: {
      successToast: (data) => ({ title: 'Workflow Started', description: `“${(data as Workflow).name}” is running.` }),
      errorToast: { title: 'Failed to execute workflow.', variant: 'destructive' },
    },
    onSuccess: (running) => {
      queryClient.setQueryData<Workflow[]>(workflowsQueryKey, (list) =>
        list?.map((w) => (w.id === running.id ? running : w)),
      );
      void queryClient.invalidateQueries({ queryKey: workflowsQueryKey });
    },
  });
}
