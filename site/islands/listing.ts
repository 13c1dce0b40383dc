/**
 * The live part of Home and the category pages (spec §2): the search box, Home's category filter buttons and
 * featured 'Latest Publication', the card grid with its loading, empty and 'Load more' states, all following the
 * address (`?category=`, `?search=`; back and forward re-read it).
 *
 * The markup is the server's (components/ListingFeed.astro), drawn with the same functions this module uses for
 * new results (lib/listing-view.ts). Before the island wakes (client:interaction) the search box is a GET form to
 * the page itself and the filters a GET form too; text typed while the island wakes is read from the field and
 * searched for. Waking costs the reader this module, not a rendering library.
 */
import { enhancement } from '../enhance/define.ts';
import { listingHref, readListingParams, type ListingParams } from '../lib/listing-url.ts';
import { openListing, dedupe, type ListingResult } from '../lib/listing-source.ts';
import { cardItemsHtml, featuredPostHtml, filterButtonClass, listingAnnouncement } from '../lib/listing-view.ts';
import type { ListingHead, PostCard } from '../lib/post-list.ts';

export interface ListingProps {
  /** The listing head the page was built with. */
  initial: ListingHead;
  /** The page's category; '' on Home, where the filter buttons choose it. */
  category: string;
  /** The category page's title ('Analysis Drop'), for its heading; '' on Home. */
  title: string;
}

const DEBOUNCE_MS = 250;

export default enhancement<ListingProps>((root, { initial, category: pageCategory, title }) => {
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-part="${name}"]`);
  const home = pageCategory === '';
  const form = part<HTMLFormElement>('search')!;
  const input = form.querySelector<HTMLInputElement>('input[name="search"]')!;
  const filters = [...root.querySelectorAll<HTMLButtonElement>('button[name="category"]')];
  const featured = part('featured');
  const heading = part('heading');
  const loadingText = root.querySelector<HTMLElement>('[data-feed-loading]')!;
  const status = part('status')!;
  const skeletons = part('skeletons')!;
  const results = part('results')!;
  const grid = part<HTMLUListElement>('grid')!;
  const moreBox = part('more')!;
  const moreButton = moreBox.querySelector('button')!;
  const empty = part('empty')!;
  const clear = part<HTMLButtonElement>('clear')!;
  const emptyTerm = part('empty-term');
  const emptySoon = part('empty-soon');

  let params: ListingParams = { category: '', search: '' };
  let posts: PostCard[] = initial.posts;
  let hasMore = initial.next !== null;
  let loading = false;
  let loadingMore = false;
  let more: ListingResult['more'] = async () => ({ posts: [], hasMore: false });
  let request = 0;
  let timer: number | undefined;
  /** The slugs the grid shows, so loading more appends cards instead of drawing the grid again. */
  let drawn = (home ? posts.slice(1) : posts).map((p) => p.slug);
  /** The slug of the featured post the page shows ('' for none); the server drew the head's first. */
  let featuredSlug = home ? (posts[0]?.slug ?? '') : '';

  const category = () => (home ? params.category : pageCategory);

  function draw(): void {
    const shown = home ? posts.slice(1) : posts;
    const slugs = shown.map((p) => p.slug);
    if (drawn.length <= slugs.length && drawn.every((slug, i) => slugs[i] === slug)) {
      grid.insertAdjacentHTML('beforeend', String(cardItemsHtml(shown.slice(drawn.length))));
    } else {
      grid.innerHTML = String(cardItemsHtml(shown));
    }
    drawn = slugs;
    grid.hidden = shown.length === 0;
    // The featured post is drawn again only when it changes (not on every Load more).
    const lead = !loading && posts[0] ? posts[0] : null;
    if (featured && (lead?.slug ?? '') !== featuredSlug) {
      featured.innerHTML = lead ? String(featuredPostHtml(lead)) : '';
      featuredSlug = lead?.slug ?? '';
    }
    const total = posts.length;
    loadingText.hidden = !loading;
    skeletons.hidden = !loading;
    results.hidden = loading || total === 0;
    empty.hidden = loading || total > 0;
    moreBox.hidden = !hasMore;
    moreButton.disabled = loadingMore;
    moreButton.textContent = loadingMore ? 'Loading…' : 'Load more articles';
    status.textContent = listingAnnouncement(loading, total, hasMore);
    const term = params.search;
    for (const button of filters) {
      const active = button.value === params.category;
      button.setAttribute('aria-pressed', String(active));
      button.className = filterButtonClass(active);
    }
    if (home) clear.hidden = !(params.category || term);
    if (heading) heading.textContent = term ? `Results for “${term}”` : `Latest in ${title}`;
    if (emptyTerm) emptyTerm.hidden = !term;
    if (emptySoon) emptySoon.hidden = Boolean(term);
  }

  /** Shows the listing for the address's parameters. */
  function show(): void {
    const id = ++request;
    const term = params.search;
    const unchanged = !term && category() === pageCategory;
    loadingMore = false;
    loading = !unchanged;
    if (unchanged) {
      posts = initial.posts;
      hasMore = initial.next !== null;
    }
    draw();
    if (unchanged) {
      void openListing(initial, pageCategory, pageCategory, '').then((result) => {
        if (id === request) more = result.more;
      });
      return;
    }
    void openListing(initial, pageCategory, category(), term).then((result) => {
      if (id !== request) return;
      ({ posts, hasMore, more } = result);
      loading = false;
      draw();
    });
  }

  function readAddress(): void {
    params = readListingParams(location.search);
    if (input.value.trim() !== params.search) input.value = params.search;
    show();
  }

  function navigate(next: Partial<ListingParams>, mode: 'push' | 'replace'): void {
    const href = listingHref(location.pathname, location.search, next);
    if (mode === 'push') history.pushState(null, '', href);
    else history.replaceState(null, '', href);
    params = readListingParams(location.search);
    show();
  }

  const search = (term: string) => navigate({ search: term }, 'replace');
  const searchSoon = () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => search(input.value.trim()), DEBOUNCE_MS);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    search(input.value.trim());
  });
  input.addEventListener('input', searchSoon);
  for (const button of filters) {
    button.addEventListener('click', (event) => {
      // Without JavaScript the filters are a GET form; here they change the address in place.
      event.preventDefault();
      navigate({ category: button.value }, 'push');
    });
  }
  clear.addEventListener('click', () => {
    clearTimeout(timer);
    input.value = '';
    navigate(home ? { category: '', search: '' } : { search: '' }, home ? 'push' : 'replace');
  });
  moreButton.addEventListener('click', () => {
    const id = request;
    loadingMore = true;
    draw();
    void more().then((result) => {
      if (id !== request) return;
      posts = dedupe([...posts, ...result.posts]);
      hasMore = result.hasMore;
      loadingMore = false;
      draw();
    });
  });
  window.addEventListener('popstate', readAddress);

  // Text typed while the island woke is in the field: keep it and search for it.
  const typed = input.value.trim();
  params = readListingParams(location.search);
  if (typed && typed !== params.search) {
    show();
    searchSoon();
  } else {
    readAddress();
  }
  // The inline script hid the server-built list while a query was pending; this island shows the results now.
  delete document.documentElement.dataset.listingQuery;
});
