import type { MEDIA_FILTERS } from 'content-schema/media';

/** What the library is searched for: words of the file name, alt text or caption, and one filter. */
export interface MediaQuery {
  q?: string | undefined;
  filter?: (typeof MEDIA_FILTERS)[number] | undefined;
}

/** Query keys of the library: every one starts with 'media', so one invalidation refreshes lists and details. */
export const mediaQueryKeys = {
  all: ['media'] as const,
  lists: ['media', 'list'] as const,
  list: (query: MediaQuery) => ['media', 'list', query.q ?? '', query.filter ?? ''] as const,
  detail: (id: number) => ['media', 'image', id] as const,
};
