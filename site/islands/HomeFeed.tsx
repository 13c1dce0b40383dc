/**
 * Home's live part (spec §2 Home): the 'Latest Publication' featured block (the first post of the
 * current list), and 'Latest Articles' with the 'Search posts...' box, the category filter buttons,
 * the card grid, 'No posts found.' with 'Clear Filters', and loading more on demand.
 * `category` and `search` live in the address and are re-read on back/forward.
 */
import { useEffect } from 'react';
import { HOME_FILTERS } from 'content-schema/categories';
import { SITE_NAME } from 'content-schema/site';
import { readListingParams, listingHref, type ListingParams } from '../lib/listing-url.ts';
import type { ListingHead } from '../lib/post-list.ts';
import FeaturedPost from './ui/FeaturedPost.tsx';
import ListingGrid from './ui/ListingGrid.tsx';
import SearchBox from './SearchBox.tsx';
import { useAddress, useListing } from './use-listing.ts';

interface Props {
  initial: ListingHead;
}

export default function HomeFeed({ initial }: Props) {
  const [params, navigate] = useAddress<ListingParams>(readListingParams);
  const category = params?.category ?? '';
  const term = params?.search ?? '';
  const listing = useListing({ initial, initialCategory: '', category, term, enabled: params !== null });
  const loading = listing.status === 'loading';
  const [featured, ...rest] = listing.posts;
  const filtered = Boolean(category || term);

  useEffect(() => {
    // The inline script in the page hid the server-built list while a query was pending; React has it now.
    delete document.documentElement.dataset.listingQuery;
  }, []);

  const go = (next: Partial<ListingParams>, mode: 'push' | 'replace') =>
    navigate(listingHref(window.location.pathname, window.location.search, next), mode);

  return (
    <div>
      <div data-feed-loading hidden={!loading} className="container-page mt-10">
        <p className="text-center text-lg font-semibold text-slate-700" role="status">
          Loading {SITE_NAME}
        </p>
      </div>
      <div data-feed-results>{!loading && featured ? <FeaturedPost post={featured} /> : null}</div>

      <section aria-labelledby="latest-articles" className="container-page mt-14">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
          <div>
            <h2 id="latest-articles" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Latest Articles
            </h2>
            <p className="mt-1 text-slate-600">Research-grade analysis, newest first.</p>
          </div>
          <SearchBox
            action="/"
            value={term}
            placeholder="Search posts..."
            label="Search posts"
            onSearch={(search) => go({ search }, 'replace')}
          />
        </div>
        <div className="mt-6 flex flex-wrap gap-2" role="group" aria-label="Filter by category">
          {HOME_FILTERS.map((filter) => {
            const active = filter.value === category;
            return (
              <button
                key={filter.label}
                type="button"
                aria-pressed={active}
                onClick={() => go({ category: filter.value }, 'push')}
                className={`rounded-full border px-4 py-1.5 text-sm font-medium transition-colors ${
                  active
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:border-slate-400 hover:bg-slate-100'
                }`}
              >
                {filter.label}
              </button>
            );
          })}
        </div>
        <ListingGrid
          posts={rest}
          total={listing.posts.length}
          loading={loading}
          columns="home"
          empty={
            <div className="card mt-8 px-6 py-12 text-center">
              <p className="text-lg font-semibold text-slate-900">No posts found.</p>
              {filtered ? (
                <button
                  type="button"
                  className="btn btn-outline mt-4"
                  onClick={() => go({ category: '', search: '' }, 'push')}
                >
                  Clear Filters
                </button>
              ) : null}
            </div>
          }
          hasMore={listing.hasMore}
          loadingMore={listing.loadingMore}
          onLoadMore={listing.loadMore}
        />
      </section>
    </div>
  );
}
