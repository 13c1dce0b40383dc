import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PreviewLinkCreatedSchema, type PreviewLinkCreated, type PreviewLinkInput } from 'content-schema/preview';
import { apiRequest } from '../../../lib/api-client.ts';
import { previewQueryKeys } from './keys.ts';

/** Makes a preview link; the answer is the only time its URL (with the token) is ever shown. */
export function createPreviewLink(postId: number, body: PreviewLinkInput): Promise<PreviewLinkCreated> {
  return apiRequest(`/posts/${postId}/preview-links`, { method: 'POST', body, schema: PreviewLinkCreatedSchema });
}

export function useCreatePreviewLink(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreviewLinkInput) => createPreviewLink(postId, body),
    meta: { errorToast: { title: 'Could not create a preview link', variant: 'destructive' } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: previewQueryKeys.post(postId) }),
  });
}
