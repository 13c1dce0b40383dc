import { useQuery } from '@tanstack/react-query';
import { MessageSettingsSchema, type MessageSettings } from 'content-schema/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxQueryKeys } from './keys.ts';

/** GET /api/messages/settings: how long messages are kept. */
export function getMessageSettings(signal?: AbortSignal): Promise<MessageSettings> {
  return apiRequest('/messages/settings', { schema: MessageSettingsSchema, signal });
}

export function useMessageSettings() {
  return useQuery({ queryKey: inboxQueryKeys.settings, queryFn: ({ signal }) => getMessageSettings(signal) });
}
