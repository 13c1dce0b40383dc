/**
 * Keeps the reading list readable offline: saving an article asks the service worker (site/public/sw.js) to cache
 * it, with the reading list page and the files both need; removing it forgets it. The worker is registered on the
 * first save, never on page load, so reading pages still load no script until the reader acts.
 */
export const SERVICE_WORKER_URL = '/sw.js';

type Message = { type: 'keep' | 'forget'; paths: string[] } | { type: 'forget-all' };

/** The article's path as the worker caches it. */
export function articlePath(slug: string): string {
  return `/post/${encodeURIComponent(slug)}`;
}

async function send(message: Message, register: boolean): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = register
      ? await navigator.serviceWorker.register(SERVICE_WORKER_URL)
      : await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
    if (!registration) return;
    const ready = register ? await navigator.serviceWorker.ready : registration;
    ready.active?.postMessage(message);
  } catch {
    // Offline reading is a convenience: a browser that refuses the worker still keeps the list itself.
  }
}

/** Cache these saved articles (and the reading list page) for offline reading. */
export function keepOffline(slugs: string[]): Promise<void> {
  return send({ type: 'keep', paths: slugs.map(articlePath) }, true);
}

/** Drop these articles from the offline copy. */
export function forgetOffline(slugs: string[]): Promise<void> {
  return send({ type: 'forget', paths: slugs.map(articlePath) }, false);
}

/** Drop the whole offline copy (clearing the reading list or all site data). */
export function forgetAllOffline(): Promise<void> {
  return send({ type: 'forget-all' }, false);
}
