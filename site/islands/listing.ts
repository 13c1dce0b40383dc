/**
 * The live part of Home and the category pages: the search box, Home's category filter buttons and featured
 * 'Latest Publication', the card grid with its loading, empty and 'Load more' states, all following the address
 * (`?category=`, `?search=`; back and forward re-read it).
 *
 * The markup is the server's (components/HomeFeed.astro and CategoryPage.astro, with SearchBox.astro and
 * ListingGrid.astro), drawn with the same functions this module uses for new results (lib/shared/listing-view.ts).
 * Before the island wakes (client:interaction) the search box is a GET form to the page itself and the filters a
 * GET form too; text typed while the island wakes is read from the field and searched for. Waking costs the reader
 * this module, not a rendering library.
 */
import { enhancement } from '../enhance/define.ts';
import { listingHref, readListingParams, type ListingParams } from '../lib/browser/listing-url.ts';
import { openListing, dedupe, type ListingResult } from '../lib/browser/listing-source.ts';
import { cardItemsHtml, featuredPostHtml, filterButtonClass, listingAnnouncement } from '../lib/shared/listing-view.ts';
import type { PostCard } from '../lib/shared/post-card.ts';
import type { ListingHead } from '../lib/shared/post-list.ts';

export interface ListingProps {
  /** The listing head the page was built with. */
  initial: ListingHead;
  /** The page's category; '' on Home, where the filter buttons choose it. */
  category: string;
  /** The category page's title ('Analysis Drop'), for its heading; '' on Home. */
  title: string;
}

const DEBOUNCE_MS = 250;

/** The island's elements in the server's markup; the optional ones exist on Home or on category pages only. */
function findParts(root: HTMLElement) {
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-part="${name}"]`);
  const form = part<HTMLFormElement>('search')!;
  const moreBox = part('more')!;
  return {
    form,
    input: form.querySelector<HTMLInputElement>('input[name="search"]')!,
    filters: [...root.querySelectorAll<HTMLButtonElement>('button[name="category"]')],
    featured: part('featured'),
    heading: part('heading'),
    loadingText: root.querySelector<HTMLElement>('[data-feed-loading]')!,
    status: part('status')!,
    skeletons: part('skeletons')!,
    results: part('results')!,
    grid: part<HTMLUListElement>('grid')!,
    moreBox,
    moreButton: moreBox.querySelector('button')!,
    empty: part('empty')!,
    clear: part<HTMLButtonElement>('clear')!,
    emptyTerm: part('empty-term'),
    emptySoon: part('empty-soon'),
  };
}

/** One listing on the page: its parts, what the page was built with, and what it shows now. */
interface Listing {
  parts: ReturnType<typeof findParts>;
  initial: ListingHead;
  pageCategory: string;
  title: string;
  home: boolean;
  params: ListingParams;
  posts: PostCard[];
  hasMore: boolean;
  loading: boolean;
  loadingMore: boolean;
  more: ListingResult['more'];
  /** Increments with each listing asked for: an answer to an older one is dropped. */
  request: number;
  timer: number | undefined;
  /** The slugs the grid shows, so loading more appends cards instead of drawing the grid again. */
  drawn: string[];
  /** The slug of the featured post the page shows ('' for none); the server drew the head's first. */
  featuredSlug: string;
}

/**
 * Draws what the listing shows: the grid's cards (appended when the list only grew), on Home the featured post
 * when it changed, the loading, results, empty and 'Load more' states, the filters, the heading and the status.
 */
function draw(l: Listing): void {
  const { grid, featured, loadingText, skeletons, results, empty, moreBox, moreButton, status, filters } = l.parts;
  const shown = l.home ? l.posts.slice(1) : l.posts;
  const slugs = shown.map((p) => p.slug);
  if (l.drawn.length <= slugs.length && l.drawn.every((slug, i) => slugs[i] === slug)) {
    grid.insertAdjacentHTML('beforeend', String(cardItemsHtml(shown.slice(l.drawn.length))));
  } else {
    grid.innerHTML = String(cardItemsHtml(shown));
  }
  l.drawn = slugs;
  grid.hidden = shown.length === 0;
  // The featured post is drawn again only when it changes (not on every Load more).
  const lead = !l.loading && l.posts[0] ? l.posts[0] : null;
  if (featured && (lead?.slug ?? '') !== l.featuredSlug) {
    featured.innerHTML = lead ? String(featuredPostHtml(lead)) : '';
    l.featuredSlug = lead?.slug ?? '';
  }
  const total = l.posts.length;
  loadingText.hidden = !l.loading;
  skeletons.hidden = !l.loading;
  results.hidden = l.loading || total === 0;
  empty.hidden = l.loading || total > 0;
  moreBox.hidden = !l.hasMore;
  moreButton.disabled = l.loadingMore;
  moreButton.textContent = l.loadingMore ? 'Loading…' : 'Load more articles';
  status.textContent = listingAnnouncement(l.loading, total, l.hasMore);
  const term = l.params.search;
  for (const button of filters) {
    const active = button.value === l.params.category;
    button.setAttribute('aria-pressed', String(active));
    button.className = filterButtonClass(active);
  }
  const { clear, heading, emptyTerm, emptySoon } = l.parts;
  if (l.home) clear.hidden = !(l.params.category || term);
  if (heading) heading.textContent = term ? `Results for “${term}”` : `Latest in ${l.title}`;
  if (emptyTerm) emptyTerm.hidden = !term;
  if (emptySoon) emptySoon.hidden = Boolean(term);
}

/** Shows the listing for the address's parameters. */
function show(l: Listing): void {
  const id = ++l.request;
  const term = l.params.search;
  const category = l.home ? l.params.category : l.pageCategory;
  const unchanged = !term && category === l.pageCategory;
  l.loadingMore = false;
  l.loading = !unchanged;
  if (unchanged) {
    l.posts = l.initial.posts;
    l.hasMore = l.initial.next !== null;
  }
  draw(l);
  if (unchanged) {
    void openListing(l.initial, l.pageCategory, l.pageCategory, '').then((result) => {
      if (id === l.request) l.more = result.more;
    });
    return;
  }
  void openListing(l.initial, l.pageCategory, category, term).then((result) => {
    if (id !== l.request) return;
    ({ posts: l.posts, hasMore: l.hasMore, more: l.more } = result);
    l.loading = false;
    draw(l);
  });
}

function readAddress(l: Listing): void {
  l.params = readListingParams(location.search);
  if (l.parts.input.value.trim() !== l.params.search) l.parts.input.value = l.params.search;
  show(l);
}

function navigate(l: Listing, next: Partial<ListingParams>, mode: 'push' | 'replace'): void {
  const href = listingHref(location.pathname, location.search, next);
  if (mode === 'push') history.pushState(null, '', href);
  else history.replaceState(null, '', href);
  l.params = readListingParams(location.search);
  show(l);
}

const search = (l: Listing, term: string) => navigate(l, { search: term }, 'replace');
const searchSoon = (l: Listing) => {
  clearTimeout(l.timer);
  l.timer = window.setTimeout(() => search(l, l.parts.input.value.trim()), DEBOUNCE_MS);
};

/** Load more: appends the next posts of the current listing, unless another listing was asked for meanwhile. */
function loadMore(l: Listing): void {
  const id = l.request;
  l.loadingMore = true;
  draw(l);
  void l.more().then((result) => {
    if (id !== l.request) return;
    l.posts = dedupe([...l.posts, ...result.posts]);
    l.hasMore = result.hasMore;
    l.loadingMore = false;
    draw(l);
  });
}

/** The search box (as the reader types, and on submit), the filter buttons, Clear, Load more, back and forward. */
function listen(l: Listing): void {
  const { form, input, filters, clear, moreButton } = l.parts;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(l.timer);
    search(l, input.value.trim());
  });
  input.addEventListener('input', () => searchSoon(l));
  for (const button of filters) {
    button.addEventListener('click', (event) => {
      // Without JavaScript the filters are a GET form; here they change the address in place.
      event.preventDefault();
      navigate(l, { category: button.value }, 'push');
    });
  }
  clear.addEventListener('click', () => {
    clearTimeout(l.timer);
    input.value = '';
    navigate(l, l.home ? { category: '', search: '' } : { search: '' }, l.home ? 'push' : 'replace');
  });
  moreButton.addEventListener('click', () => loadMore(l));
  window.addEventListener('popstate', () => readAddress(l));
}

export default enhancement<ListingProps>((root, { initial, category: pageCategory, title }) => {
  const home = pageCategory === '';
  const posts = initial.posts;
  const l: Listing = {
    parts: findParts(root),
    initial,
    pageCategory,
    title,
    home,
    params: { category: '', search: '' },
    posts,
    hasMore: initial.next !== null,
    loading: false,
    loadingMore: false,
    more: async () => ({ posts: [], hasMore: false }),
    request: 0,
    timer: undefined,
    drawn: (home ? posts.slice(1) : posts).map((p) => p.slug),
    featuredSlug: home ? (posts[0]?.slug ?? '') : '',
  };
  listen(l);

  // Text typed while the island woke is in the field: keep it and search for it.
  const typed = l.parts.input.value.trim();
  l.params = readListingParams(location.search);
  if (typed && typed !== l.params.search) {
    show(l);
    searchSoon(l);
  } else {
    readAddress(l);
  }
  // The inline script hid the server-built list while a query was pending; this island shows the results now.
  delete document.documentElement.dataset.listingQuery;
});
