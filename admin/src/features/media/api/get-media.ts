import { useQuery } from '@tanstack/react-query';
import { MediaDetailSchema, type MediaDetail } from 'content-schema/media';
import { apiRequest } from '../../../lib/api-client.ts';
import { mediaQueryKeys } from './keys.ts';

/** GET /api/media/:id: the image and the posts using it. */
export function getMedia(id: number, signal?: AbortSignal): Promise<MediaDetail> {
  return apiRequest(`/media/${id}`, { schema: MediaDetailSchema, signal });
}

/**
 * One image of the library. `refetchOnWindowFocus`: read again when the editor comes back to this window (its alt
 * text may have been written in another tab meanwhile).
 */
export function useMedia(id: number, options: { refetchOnWindowFocus?: boolean } = {}) {
  return useQuery({
    queryKey: mediaQueryKeys.detail(id),
    queryFn: ({ signal }) => getMedia(id, signal),
    // Posts change elsewhere: which of them use the image is read afresh whenever it is opened.
    refetchOnMount: 'always',
    refetchOnWindowFocus: options.refetchOnWindowFocus ?? false,
  });
}
