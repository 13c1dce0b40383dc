import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TemplateSchema, type Template } from 'content-schema/template';
import { apiRequest } from '../../../lib/api-client.ts';

export const templatesQueryKey = ['templates'] as const;

export function getTemplates(signal?: AbortSignal): Promise<Template[]> {
  return apiRequest('/templates', { schema: z.array(TemplateSchema), signal });
}

export const templatesQueryOptions = queryOptions({
  queryKey: templatesQueryKey,
  queryFn: ({ signal }) => getTemplates(signal),
  meta: { errorToast: { title: 'Failed to fetch templates', variant: 'destructive' } },
});

export function useTemplates() {
  return useQuery(templatesQueryOptions);
}
