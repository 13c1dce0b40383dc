import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { mediaQueryKeys } from './keys.ts';

/** DELETE /api/media/:id: refused (409, naming the posts) while a post uses the image. */
export function deleteMedia(id: number): Promise<void> {
  return apiRequest(`/media/${id}`, { method: 'DELETE' });
}

/** Deletes an image; the details panel shows a refusal beside the Delete button, so no error toast. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    meta: { inlineErrors: true, successToast: { title: 'Image deleted' } },
    onSuccess: (_answer, id) => queryClient.removeQueries({ queryKey: mediaQueryKeys.detail(id) }),
    // A refusal names the posts using it now: the panel's list is read again too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaQueryKeys.all }),
  });
}
