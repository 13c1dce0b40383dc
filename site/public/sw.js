// The reading list offline. Registered only when a reader saves an article (site/lib/browser/offline.ts), so no page loads
// it before that. Every request stays network-first: online the reader always gets the live page; offline, the saved
// articles, the reading list page and the files they need come from this cache. Nothing else is kept.
const CACHE = 'northwire:reading-list-v1';
const SAVED_PAGE = '/saved';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const data = event.data ?? {};
  const paths = Array.isArray(data.paths)
    ? data.paths.filter((p) => typeof p === 'string' && p.startsWith('/post/'))
    : [];
  if (data.type === 'keep') event.waitUntil(keep([SAVED_PAGE, ...paths]));
  else if (data.type === 'forget') event.waitUntil(forget(paths));
  else if (data.type === 'forget-all') event.waitUntil(caches.delete(CACHE));
});

/** The same-origin files a page or module references: stylesheets, island scripts and their imports. */
function references(text, base) {
  const found = new Set();
  for (const m of text.matchAll(/(?:href|src|component-url|renderer-url)="(\/_astro\/[^"]+)"/g)) found.add(m[1]);
  for (const m of text.matchAll(/from\s*["'](\.\/[\w.-]+\.js)["']|import\(\s*["'](\.\/[\w.-]+\.js)["']\s*\)/g))
    found.add(new URL(m[1] ?? m[2], new URL(base, self.location.origin)).pathname);
  return found;
}

/**
 * Caches the pages and, before each, every file it references (depth first): a page is in the cache only once
 * what it needs is, so a reader who goes offline the moment a page is kept still gets a working page.
 */
async function keep(paths) {
  const cache = await caches.open(CACHE);
  const seen = new Set();
  async function keepOne(path) {
    if (seen.has(path)) return;
    seen.add(path);
    const res = await fetch(path).catch(() => null);
    if (!res || !res.ok) return;
    const type = res.headers.get('Content-Type') ?? '';
    if (type.includes('html') || type.includes('javascript'))
      for (const ref of references(await res.clone().text(), path)) await keepOne(ref);
    await cache.put(path, res);
  }
  for (const path of paths) await keepOne(path);
}

async function forget(paths) {
  const cache = await caches.open(CACHE);
  await Promise.all(paths.map((path) => cache.delete(path)));
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/admin'))
    return;
  event.respondWith(
    fetch(request).catch(async () => {
      const cached = await caches.match(url.pathname, { cacheName: CACHE });
      return cached ?? Response.error();
    }),
  );
});
