import { queryOptions, useQuery } from '@tanstack/react-query';
import { PreviewLinkListSchema, type PreviewLink } from 'content-schema/preview';
import { apiRequest } from '../../../lib/api-client.ts';
import { previewQueryKeys } from './keys.ts';

/** A post's preview links, newest first (never their tokens). */
export function getPreviewLinks(postId: number, signal?: AbortSignal): Promise<PreviewLink[]> {
  return apiRequest(`/posts/${postId}/preview-links`, { schema: PreviewLinkListSchema, signal });
}

export const previewLinksQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: previewQueryKeys.post(postId),
    queryFn: ({ signal }) => getPreviewLinks(postId, signal),
    // Reviewers open links (last used) and links expire without this tab knowing: read afresh when the editor opens.
    refetchOnMount: 'always',
    meta: { errorToast: { title: 'Could not load preview links', variant: 'destructive' } },
  });

export function usePreviewLinks(postId: number) {
  return useQuery(previewLinksQueryOptions(postId));
}
