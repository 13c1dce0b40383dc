import { queryOptions, useQuery } from '@tanstack/react-query';
import { AutomationStatusSchema, type AutomationStatus } from 'content-schema/automation';
import { apiRequest } from '../../../lib/api-client.ts';

export const automationStatusQueryKey = ['automation', 'status'] as const;

export function getAutomationStatus(signal?: AbortSignal): Promise<AutomationStatus> {
  return apiRequest('/automation/status', { schema: AutomationStatusSchema, signal });
}

/** Without an answer the cards fall back to 50 / 10 topics, so a failure needs no toast. */
export const automationStatusQueryOptions = queryOptions({
  queryKey: automationStatusQueryKey,
  queryFn: ({ signal }) => getAutomationStatus(signal),
});

export function useAutomationStatus() {
  return useQuery(automationStatusQueryOptions);
}
