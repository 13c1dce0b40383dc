/** The Media screen's address: /media/:id for the image open, ?q=&filter= for the search (unknown values ignored). */
import { MEDIA_FILTERS } from 'content-schema/media';
import type { MediaQuery } from './api/keys.ts';

/** The filter a value names, or none. */
export function filterOf(value: string | null): MediaQuery['filter'] {
  return MEDIA_FILTERS.find((f) => f === value);
}

/** The search in the address. */
export function queryFromSearch(params: URLSearchParams): MediaQuery {
  return { q: params.get('q') || undefined, filter: filterOf(params.get('filter')) };
}

/** The address's query for a search: only what is set. */
export function searchOfQuery(query: MediaQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.filter) search.set('filter', query.filter);
  return search;
}

/** The image the address opens (/media/:id), or null for none or an id that is not one. */
export function selectedImage(idParam: string | undefined): number | null {
  return idParam && /^\d{1,15}$/.test(idParam) ? Number(idParam) : null;
}
