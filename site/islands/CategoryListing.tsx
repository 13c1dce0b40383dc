/**
 * A category page's live part (spec §2 Category listing pages): the search box and the 3-column
 * card grid, with the empty states: 'No … found', the 'coming soon' hint without a term, and with a
 * term 'Try adjusting your search terms or browse all articles.' plus 'Clear Search'.
 */
import { useEffect } from 'react';
import { listingHref, readListingParams, type ListingParams } from '../lib/listing-url.ts';
import type { ListingHead } from '../lib/post-list.ts';
import ListingGrid from './ui/ListingGrid.tsx';
import SearchBox from './SearchBox.tsx';
import { useAddress, useListing } from './use-listing.ts';

interface Props {
  initial: ListingHead;
  category: string;
  title: string;
  /** The page's own path, where its search form goes before hydration. */
  path: string;
}

export default function CategoryListing({ initial, category, title, path }: Props) {
  const [params, navigate] = useAddress<ListingParams>(readListingParams);
  const term = params?.search ?? '';
  const listing = useListing({ initial, initialCategory: category, category, term, enabled: params !== null });

  useEffect(() => {
    delete document.documentElement.dataset.listingQuery;
  }, []);

  const search = (next: string) =>
    navigate(listingHref(window.location.pathname, window.location.search, { search: next }), 'replace');

  return (
    <section aria-labelledby="category-articles" className="container-page mt-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="category-articles" className="text-2xl font-bold tracking-tight text-slate-900">
          {term ? `Results for “${term}”` : `Latest in ${title}`}
        </h2>
        <SearchBox
          action={path}
          value={term}
          placeholder={`Search ${title}...`}
          label={`Search ${title} articles`}
          onSearch={search}
        />
      </div>
      <div data-feed-loading hidden={listing.status !== 'loading'}>
        <p className="mt-6 text-slate-700">Loading {title} articles…</p>
      </div>
      <ListingGrid
        posts={listing.posts}
        total={listing.posts.length}
        loading={listing.status === 'loading'}
        columns="listing"
        headingLevel={3}
        hasMore={listing.hasMore}
        loadingMore={listing.loadingMore}
        onLoadMore={listing.loadMore}
        empty={
          <div className="card mt-8 px-6 py-12 text-center">
            <p className="text-lg font-semibold text-slate-900">No {title} articles found</p>
            {term ? (
              <>
                <p className="mt-2 text-slate-700">
                  Try adjusting your search terms or{' '}
                  <a href="/" className="font-medium text-brand-700 underline underline-offset-2">
                    browse all articles
                  </a>
                  .
                </p>
                <button type="button" className="btn btn-outline mt-4" onClick={() => search('')}>
                  Clear Search
                </button>
              </>
            ) : (
              <p className="mt-2 text-slate-700">New {title} analysis is coming soon. Check back shortly.</p>
            )}
          </div>
        }
      />
    </section>
  );
}
