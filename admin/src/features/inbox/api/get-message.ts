import { useQuery } from '@tanstack/react-query';
import { MessageDetailSchema, type MessageDetail } from 'content-schema/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxQueryKeys } from './keys.ts';

/** GET /api/messages/:id */
export function getMessage(id: number, signal?: AbortSignal): Promise<MessageDetail> {
  return apiRequest(`/messages/${id}`, { schema: MessageDetailSchema, signal });
}

export function useMessage(id: number | null) {
  return useQuery({
    queryKey: inboxQueryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getMessage(id!, signal),
    enabled: id !== null,
  });
}
