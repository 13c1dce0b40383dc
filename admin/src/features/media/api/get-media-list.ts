import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MediaSchema, type Media } from 'content-schema/media';
import { apiRequest, toSearch } from '../../../lib/api-client.ts';
import { mediaQueryKeys, type MediaQuery } from './keys.ts';

const MediaListSchema = MediaSchema.array();

/** GET /api/media: the images matching the query, newest first. */
export function getMediaList(query: MediaQuery, signal?: AbortSignal): Promise<Media[]> {
  return apiRequest(`/media${toSearch({ q: query.q?.trim(), filter: query.filter })}`, {
    schema: MediaListSchema,
    signal,
  });
}

export function useMediaList(query: MediaQuery) {
  return useQuery({
    queryKey: mediaQueryKeys.list(query),
    queryFn: ({ signal }) => getMediaList(query, signal),
    // The grid keeps its images while the next search loads, instead of flashing empty on each keystroke.
    placeholderData: keepPreviousData,
    // Another editor may have uploaded since: read the library afresh whenever it is shown.
    refetchOnMount: 'always',
  });
}
