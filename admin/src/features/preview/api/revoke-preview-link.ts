import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PreviewLinkSchema, type PreviewLink } from 'content-schema/preview';
import { apiRequest } from '../../../lib/api-client.ts';
import { previewQueryKeys } from './keys.ts';

/** Ends a preview link at once: whoever holds it sees "Preview not available" from now on. */
export function revokePreviewLink(id: number): Promise<PreviewLink> {
  return apiRequest(`/preview-links/${id}/revoke`, { method: 'POST', schema: PreviewLinkSchema });
}

export function useRevokePreviewLink(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePreviewLink,
    meta: {
      successToast: { title: 'Preview link revoked' },
      errorToast: { title: 'Could not revoke the preview link', variant: 'destructive' },
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: previewQueryKeys.post(postId) }),
  });
}
