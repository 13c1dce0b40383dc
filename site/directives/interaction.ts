/**
 * `client:interaction`: an island hydrates when the reader turns to it, never merely because the page is idle.
 * Until then its server HTML does the work (links, GET forms, `<details>`), and the page has loaded no script.
 *
 * It wakes on the first pointer, focus, key or input event inside the island, and optionally:
 * - `{ visible: true }`: when the island scrolls into view (what it shows is read from the browser or the API);
 * - `{ scroll: true }`: on the reader's first scroll of the page (the article's counter and progress fallback);
 * - `{ address: true }`: at once when the address carries a listing query (`?search=` or `?category=`): the reader
 *   asked for results by submitting a search form, and only the island can show them.
 *
 * Nothing the reader does before hydration is lost: text typed into the island's fields stays in the DOM and the
 * islands read it when they wake; a button pressed before React listens is pressed again once it does.
 *
 * Astro inlines this file (bundled by esbuild) before the first island of a page, so its text is hashed in the
 * Content-Security-Policy: after changing it, regenerate `api/src/site-inline-scripts.ts`
 * (`node scripts/site-inline-scripts.ts`); api/src/site-inline-scripts.test.ts fails until then.
 */
import type { ClientDirective } from 'astro';

const LISTING_KEYS = ['category', 'search'];
const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input'];

/**
 * Runs once, while the page is parsed (this script precedes the first island): trims the listing terms in the
 * address and marks the page while a query waits for its island, so the unfiltered server list never flashes.
 */
function markListingQuery(): boolean {
  const params = new URLSearchParams(location.search);
  let query = false;
  for (const key of LISTING_KEYS) {
    const value = params.get(key);
    if (value === null) continue;
    if (value.trim()) params.set(key, value.trim());
    else params.delete(key);
    query ||= Boolean(value.trim());
  }
  const text = params.toString();
  const search = text ? `?${text}` : '';
  if (search !== location.search)
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  if (query) document.documentElement.dataset.listingQuery = '';
  return query;
}

const listingQuery = markListingQuery();

const interaction: ClientDirective = (load, options, el) => {
  const value = (typeof options.value === 'object' && options.value !== null ? options.value : {}) as {
    address?: boolean;
    scroll?: boolean;
    visible?: boolean;
  };
  const pressed: HTMLElement[] = [];
  let woken = false;
  let observer: IntersectionObserver | undefined;

  // Buttons pressed before React listens: nothing happened natively, so they are pressed again after hydration.
  // Links and submit buttons are left alone: the browser follows and submits them itself.
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type === 'button' && el.contains(button) && !pressed.includes(button)) pressed.push(button);
    void wake();
  };

  const wake = async () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, wake, true);
    window.removeEventListener('scroll', wake);
    observer?.disconnect();
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', onClick, true);
    for (const button of pressed) if (button.isConnected) button.click();
  };

  el.addEventListener('click', onClick, true);
  if (value.address && listingQuery) {
    void wake();
    return;
  }
  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { capture: true, passive: true });
  if (value.scroll) window.addEventListener('scroll', wake, { passive: true, once: true });
  if (value.visible) {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void wake();
    });
    for (const box of boxes(el)) observer.observe(box);
  }
};

/**
 * The first elements under `parent` that have a box: the island element and its `<astro-slot>` have
 * `display: contents` and none of their own, and an observer never sees such an element intersect.
 */
function boxes(parent: Element): Element[] {
  return [...parent.children].flatMap((child) =>
    getComputedStyle(child).display === 'contents' ? boxes(child) : [child],
  );
}

export default interaction;
