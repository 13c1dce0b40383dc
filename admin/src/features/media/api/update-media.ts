import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MediaSchema, type Media, type MediaDetail, type MediaDetails } from 'content-schema/media';
import { apiRequest } from '../../../lib/api-client.ts';
import { mediaQueryKeys } from './keys.ts';

/** PUT /api/media/:id: any of alt, caption, credit and licence. */
export function updateMedia({ id, details }: { id: number; details: Partial<MediaDetails> }): Promise<Media> {
  return apiRequest(`/media/${id}`, { method: 'PUT', body: details, schema: MediaSchema });
}

/**
 * Saves an image's details. `inlineErrors`: the form shows the server's messages at its fields instead of a toast.
 */
export function useUpdateMedia(opts: { successToast?: string; inlineErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMedia,
    meta: {
      ...(opts.successToast ? { successToast: { title: opts.successToast } } : {}),
      ...(opts.inlineErrors
        ? { inlineErrors: true }
        : { errorToast: { title: 'Could not save the image details', variant: 'destructive' } }),
    },
    onSuccess: (media) => {
      queryClient.setQueryData<MediaDetail>(mediaQueryKeys.detail(media.id), (prev) =>
        prev ? { ...prev, ...media } : prev,
      );
      void queryClient.invalidateQueries({ queryKey: mediaQueryKeys.lists });
    },
  });
}
