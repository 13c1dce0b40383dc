import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSettingsSchema, type MessageSettings } from 'content-schema/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxQueryKeys } from './keys.ts';

/** PUT /api/messages/settings */
export function updateMessageSettings(settings: MessageSettings): Promise<MessageSettings> {
  return apiRequest('/messages/settings', { method: 'PUT', body: settings, schema: MessageSettingsSchema });
}

export function useUpdateMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageSettings,
    meta: {
      successToast: { title: 'Retention saved' },
      errorToast: { title: 'Could not save the retention period', variant: 'destructive' },
    },
    onSuccess: (settings) => queryClient.setQueryData(inboxQueryKeys.settings, settings),
  });
}
