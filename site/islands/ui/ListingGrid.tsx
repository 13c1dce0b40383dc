/**
 * A listing's card grid with its states: six skeletons while loading, the given empty state,
 * 'Load more' while more posts exist, and a polite status line so screen readers hear the outcome.
 */
import type { ReactNode } from 'react';
import { SKELETON_COUNT } from 'content-schema/site';
import type { PostCard as Card } from '../../lib/post-list.ts';
import PostCard, { PostCardSkeleton } from './PostCard.tsx';

interface Props {
  posts: Card[];
  /** Posts in the whole current list (on Home the featured one is shown apart from the grid). */
  total: number;
  loading: boolean;
  /** 'home' grows 1 → 2 → 3 columns; 'listing' is the category pages' 3-column grid. */
  columns: 'home' | 'listing';
  empty: ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  headingLevel?: 2 | 3;
}

export default function ListingGrid({
  posts,
  total,
  loading,
  columns,
  empty,
  hasMore,
  loadingMore,
  onLoadMore,
  headingLevel,
}: Props) {
  const grid = `mt-8 grid gap-6 ${columns === 'home' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'md:grid-cols-2 lg:grid-cols-3'}`;
  const announcement = loading
    ? ''
    : total === 0
      ? 'No matching posts.'
      : `${total}${hasMore ? '+' : ''} ${total === 1 ? 'post' : 'posts'} shown.`;
  return (
    <>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {loading ? (
        <ul className={grid} aria-hidden="true">
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <li key={i}>
              <PostCardSkeleton />
            </li>
          ))}
        </ul>
      ) : total === 0 ? (
        empty
      ) : (
        <div data-feed-results>
          {posts.length > 0 ? (
            <ul className={grid}>
              {posts.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} headingLevel={headingLevel} />
                </li>
              ))}
            </ul>
          ) : null}
          {hasMore ? (
            <div className="mt-10 flex justify-center">
              <button type="button" className="btn btn-outline" onClick={onLoadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Load more articles'}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
