/**
 * Listing state lives in the address (Home reads `category` and `search` and re-reads them
 * whenever the address changes), so islands share it through the URL and back/forward work.
 */

export interface ListingParams {
  category: string;
  search: string;
}

/** The listing parameters of a query string; the search term is trimmed. */
export function readListingParams(query: string): ListingParams {
  const params = new URLSearchParams(query);
  return { category: params.get('category')?.trim() ?? '', search: params.get('search')?.trim() ?? '' };
}

/** The address for a listing state: empty values are left out, other query parameters are kept. */
export function listingHref(pathname: string, query: string, next: Partial<ListingParams>): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(next)) {
    const trimmed = value?.trim() ?? '';
    if (trimmed) params.set(key, trimmed);
    else params.delete(key);
  }
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}
