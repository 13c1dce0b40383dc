/**
 * The reader's reading list (articles saved with 'Save'), read from this browser's storage when the list scrolls
 * into view, and kept in step with other tabs. The markup of its states is the server's (pages/saved.astro); the
 * cards are drawn with the listings' own markup (lib/shared/listing-view.ts).
 */
import { enhancement } from '../enhance/define.ts';
import { html } from '../lib/shared/html.ts';
import { postCardHtml } from '../lib/shared/listing-view.ts';
import { forgetOffline } from '../lib/browser/offline.ts';
import { readReadingList, removeSaved, type SavedPost } from '../lib/browser/reading-list.ts';
import { browserStorage } from '../lib/browser/storage.ts';

export default enhancement<Record<string, never>>((root) => {
  const part = (name: string) => root.querySelector<HTMLElement>(`[data-part="${name}"]`)!;
  const loading = part('loading');
  const empty = part('empty');
  const count = part('count');
  const list = part('list');

  const draw = (saved: SavedPost[]) => {
    loading.hidden = true;
    empty.hidden = saved.length > 0;
    count.hidden = saved.length === 0;
    list.hidden = saved.length === 0;
    count.textContent = `${saved.length} saved ${saved.length === 1 ? 'article' : 'articles'}`;
    list.innerHTML = saved
      .map(
        (post) =>
          html`<li class="flex flex-col gap-2">${postCardHtml(post, 2)}<button type="button" class="btn btn-ghost self-start" data-remove="${post.slug}">Remove<span class="sr-only"> ${post.title}</span></button></li>`,
      )
      .join('');
  };

  list.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-remove]') : null;
    const slug = button?.dataset.remove;
    if (!slug) return;
    draw(removeSaved(browserStorage(), slug));
    void forgetOffline([slug]);
  });
  window.addEventListener('storage', () => draw(readReadingList(browserStorage())));
  draw(readReadingList(browserStorage()));
});
