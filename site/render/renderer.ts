/**
 * The warm renderer: the compiled site (dist/server/entry.mjs, see adapter.ts) loaded once, a SiteIndex of the
 * published posts, and the site folder it keeps in step with the change record.
 *
 * - `applyChanges` renders only what a change affects: the article (and removal of its old URL), home, the old
 *   and new category pages, feeds, sitemap, redirects, the listing heads and the chunks whose members changed,
 *   and the search entry. Each file is written by temp-file + rename into the live folder, article first.
 * - Other articles show "Related Research" (the newest posts of their category); when a category's newest posts
 *   change, its articles are queued and refreshed in the background (`backgroundStep`), a few at a time,
 *   between publishes, so a publish never waits for them.
 * - `renderAll` renders every page from scratch into a new folder, then swaps it in. It is the same code path:
 *   a page is rendered one way only.
 * - Each article has its own share image (og-image.ts), named by a hash of what it draws, drawn only when its file
 *   is missing: a publish draws the changed articles' images before their pages; a full render links the live
 *   folder's files, and an article whose image is missing shows the site's default image until the background
 *   draws it and refreshes the article (~0.05 s an image here: 10,000 of them would not fit a full
 *   render's budget). An image is removed with its article, or when a new one replaces it.
 * A post that cannot be rendered is left out (its previous version, if any, stays live) and reported by name;
 * it never stops the other posts of the build.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATEGORY_ROUTES } from 'content-schema/categories';
import type { BuildPostError } from 'content-schema/build';
import type { PreviewRender } from 'content-schema/preview';
import { escapeHtml } from 'content-schema/html';
import type { RenderChange, RenderResult } from 'content-schema/render';
import type { SitePost, SiteSummary } from 'content-schema/site-feed';
import { CATEGORY_FEED_PATHS, FEED_ITEMS, SITE_FEED_PATHS } from '../lib/feeds.ts';
import { fixHtml } from '../lib/html-fixups.ts';
import { modifiedTime } from '../lib/post-list.ts';
import type { ArticleBody } from '../lib/site-data.ts';
import { ALL_KEY, chunkPath, headPath, listingKey, toCard, type Listing } from '../lib/post-list.ts';
import { ogImageFile, ogImageInput, ogImages, type OgImageInput } from './og-image.ts';
import { fileOf, listFiles, removeFile, writeAtomic } from './outputs.ts';
import { openSearchIndex, type SearchIndex, type SearchIndexOptions, type SearchRecord } from './search/index.ts';
import { SiteIndex } from './site-index.ts';
import type { SiteSource } from './source.ts';

/** What the compiled server entry exports (site/render/entry.ts). */
interface CompiledSite {
  renderRoute(origin: string, pathname: string, locals: App.Locals): Promise<Response>;
  routePatterns(): { route: string; params: string[]; type: string }[];
}

/** State kept beside the live folder, so a restart knows what the folder reflects. */
interface TreeState {
  version: string;
  cursor: number;
  /** Articles waiting for a background refresh: of their related block, or to draw their missing share image. */
  dirty: number[];
  /** Whether the folder's search index holds every post (false until a first index after a full render). */
  searchReady: boolean;
}

/** Articles refreshed per background step; small, so a publish arriving meanwhile waits a few ms at most. */
const BACKGROUND_SLICE = 8;
/** Pages rendered between checks for urgent work during a full render. */
const FULL_SLICE = 16;
/** Related Research shows three others, so the newest four of a category decide every block in it. */
const RELATED_WINDOW = 4;

/** The identity of a compiled site: any change to its code or assets yields another. */
export function compiledVersion(distDir: string): string {
  const hash = createHash('sha256');
  for (const dir of ['server', 'client']) {
    for (const file of listFiles(join(distDir, dir)).sort()) {
      hash.update(file).update('\0');
      if (dir === 'server') hash.update(readFileSync(join(distDir, dir, file))).update('\0');
      else hash.update(String(statSync(join(distDir, dir, file)).size)).update('\0');
    }
  }
  return hash.digest('base64url').slice(0, 16);
}

/** A copy of a folder whose files are hard links to the original's (fast, and no extra space). */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name.endsWith('.tmp') || entry.name.startsWith('.tmp')) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}

export interface RendererOptions {
  /** The compiled site: `server/entry.mjs` and `client/` (public files and hashed assets). */
  distDir: string;
  /** Holds `current` (a link to the live tree), `trees/` and `state.json`. */
  siteRoot: string;
  siteUrl: string;
  source: SiteSource;
  /** Options of the search index (tests shorten how long retired bundles are kept). */
  search?: SearchIndexOptions;
  /** Draws an article's share image (tests count the drawings); default: og-image.ts. */
  drawImage?: (input: OgImageInput) => Promise<Uint8Array>;
  /** Called at safe points of long work so urgent work can run (see jobs.ts). */
  checkpoint?: () => Promise<void>;
}

export type Renderer = Awaited<ReturnType<typeof openRenderer>>;

export async function openRenderer(opts: RendererOptions) {
  const { distDir, siteRoot, siteUrl, source } = opts;
  const entry = join(distDir, 'server/entry.mjs');
  if (!existsSync(entry)) throw new Error(`The compiled site is missing (${entry}); run \`pnpm build:site\` first`);
  const site = (await import(pathToFileURL(entry).href)) as CompiledSite;
  const version = compiledVersion(distDir);
  const checkpoint = opts.checkpoint ?? (async () => {});
  const images = ogImages({ render: opts.drawImage });
  const staticPaths = site
    .routePatterns()
    .filter((r) => r.type === 'page' && r.params.length === 0 && !r.route.startsWith('/_'))
    .map((r) => r.route)
    .filter((r) => r !== '/' && !CATEGORY_ROUTES.some((c) => r === `/${c.path}`));
  const currentLink = join(siteRoot, 'current');
  const statePath = join(siteRoot, 'state.json');

  let index: SiteIndex | null = null;
  let state: TreeState | null = readState();
  /** The change record id `index` reflects. */
  let indexCursor = state?.cursor ?? 0;

  function readState(): TreeState | null {
    try {
      const s = JSON.parse(readFileSync(statePath, 'utf8')) as TreeState;
      return typeof s.cursor === 'number' && typeof s.version === 'string' && Array.isArray(s.dirty)
        ? { ...s, searchReady: s.searchReady === true }
        : null;
    } catch {
      return null;
    }
  }

  function saveState(next: TreeState): void {
    state = next;
    writeAtomic(siteRoot, 'state.json', JSON.stringify(next));
  }

  /** The live folder, or null before the first full render. */
  function liveDir(): string | null {
    try {
      return resolve(siteRoot, readlinkSync(currentLink));
    } catch {
      return null;
    }
  }

  /** True when the live folder is missing or was rendered by other code: only a full render can fix that. */
  function needsFull(): boolean {
    return !liveDir() || !state || state.version !== version;
  }

  async function loadIndex(): Promise<SiteIndex> {
    const next = new SiteIndex();
    for await (const page of source.summaries()) for (const p of page) next.put(p);
    next.setRedirects(await source.redirects());
    next.setCorrections(await source.corrections());
    return next;
  }

  /** The search index of the live folder, opened once per folder. */
  let search: { dir: string; index: Promise<SearchIndex> } | null = null;
  function liveSearch(dir: string): Promise<SearchIndex> {
    if (search?.dir !== dir) search = { dir, index: openSearchIndex(join(dir, 'pagefind'), opts.search) };
    return search.index;
  }

  function searchRecord(post: SitePost): SearchRecord {
    return { postId: post.id, url: `/post/${post.slug}`, title: post.title, category: post.category, text: post.text ?? '', card: toCard(summaryOf(post)) };
  }

  /** Published posts with ids in [from, to] as search records, for re-indexing a shard. */
  async function recordsBetween(range: { from: number; to: number }): Promise<SearchRecord[]> {
    const out: SearchRecord[] = [];
    for await (const page of source.posts(200, true, range.from - 1)) {
      for (const p of page) if (p.id <= range.to && p.html !== null) out.push(searchRecord(p));
      if (page.length === 0 || page.at(-1)!.id >= range.to) break;
    }
    return out;
  }

  /** One route rendered to its file content; throws with the path on any non-200 answer. */
  async function render(path: string, data: App.Locals['site']): Promise<string> {
    const res = await site.renderRoute(siteUrl, path, { site: data });
    // The not-found page answers 404 by design; anything else must be a page.
    if (res.status !== 200 && !(path === '/404' && res.status === 404)) throw new Error(`${path} rendered with status ${res.status}`);
    const text = await res.text();
    return fileOf(path).endsWith('.html') ? fixHtml(text) : text;
  }

  function redirectsFile(idx: SiteIndex): string {
    const rules = ['/posts/* /post/:splat 301', '/login /admin 301', '/create-post /admin/create 301'];
    for (const r of idx.redirects()) rules.push(`/post/${r.from} /post/${r.to} 301`);
    return `${rules.join('\n')}\n`;
  }

  /** Pages that list posts with their dates (or their newest posts in full) but not the home page's cards. */
  const FEED_PAGES = ['/sitemap-0.xml', '/news-sitemap.xml', ...SITE_FEED_PATHS];
  /** Paths of the pages that depend on the whole list: home, sitemaps, site feeds. */
  const LIST_PAGES = ['/', ...FEED_PAGES];

  /** A category's feeds (RSS, Atom, JSON Feed). */
  function categoryFeeds(category: string): string[] {
    const route = CATEGORY_ROUTES.find((r) => r.category === category);
    return route ? CATEGORY_FEED_PATHS(route.path) : [];
  }

  function categoryPages(category: string): string[] {
    const route = CATEGORY_ROUTES.find((r) => r.category === category);
    return route ? [`/${route.path}`, ...categoryFeeds(category)] : [];
  }

  /**
   * Bodies (HTML and corrections) of the newest posts of the feeds, which carry full content: kept between
   * renders and dropped for every post a change names, so a publish fetches only what changed.
   */
  const feedBodies = new Map<number, { updatedAt: string; body: ArticleBody }>();

  function bodyOf(post: SitePost): ArticleBody | null {
    return post.html === null ? null : { html: post.html, corrections: post.corrections };
  }

  /** The posts the given feed pages list in full. */
  function feedMembers(idx: SiteIndex, pages: Iterable<string>): SiteSummary[] {
    const out = new Map<number, SiteSummary>();
    for (const page of pages) {
      let posts: readonly SiteSummary[] | null = null;
      if (SITE_FEED_PATHS.includes(page)) posts = idx.posts;
      else {
        const route = CATEGORY_ROUTES.find((r) => CATEGORY_FEED_PATHS(r.path).includes(page));
        if (route) posts = idx.inCategory(route.category);
      }
      for (const p of posts?.slice(0, FEED_ITEMS) ?? []) out.set(p.id, p);
    }
    return [...out.values()];
  }

  /** Bodies by slug for the feed pages about to be rendered, fetching the ones not kept. */
  async function bodiesFor(idx: SiteIndex, pages: Iterable<string>): Promise<Map<string, ArticleBody>> {
    const members = feedMembers(idx, pages);
    const missing = members.filter((p) => feedBodies.get(p.id)?.updatedAt !== p.updatedAt).map((p) => p.id);
    for (const post of await source.postsById(missing)) {
      const body = bodyOf(post);
      if (body) feedBodies.set(post.id, { updatedAt: post.updatedAt, body });
    }
    const out = new Map<string, ArticleBody>();
    for (const p of members) {
      const kept = feedBodies.get(p.id);
      if (kept) out.set(p.slug, kept.body);
    }
    return out;
  }

  /** Signatures of a listing's chunks: member ids and next link. */
  function chunkSignatures(listing: Listing): Map<string, string> {
    return new Map(listing.chunks.map((c) => [c.chunk, `${c.posts.map((p) => p.slug).join(',')}>${c.next}`]));
  }

  /** The newest posts of a category as their cards show them: when this changes, so does every related block. */
  function relatedWindow(idx: SiteIndex, category: string): string {
    return JSON.stringify(idx.inCategory(category).slice(0, RELATED_WINDOW).map(toCard));
  }

  /**
   * Renders articles (with their stored HTML) and their share images into `dir`, each image before its page. A
   * post that cannot be rendered is reported and, in `idx`, put back to `fallback` (its previous version, whose
   * page stays) or removed. An image is reused from `dir` or, by hard link, from `reuseDir` when its file is there;
   * else drawn, or, given `deferred`, left to the background (the post's id is added to it).
   */
  async function renderArticles(
    dir: string,
    idx: SiteIndex,
    posts: SitePost[],
    errors: BuildPostError[],
    {
      fallback = () => undefined,
      reuseDir = null,
      deferred,
    }: { fallback?: (id: number) => SiteSummary | undefined; reuseDir?: string | null; deferred?: number[] } = {},
  ): Promise<number> {
    let written = 0;
    for (const post of posts) {
      try {
        const body = bodyOf(post);
        if (!body) throw new Error(post.renderError ?? 'The post has no rendered body');
        const image = await images.prepare(dir, post.slug, ogImageInput(post), { reuseDir, draw: !deferred });
        if (!image) deferred?.push(post.id);
        const html = await render(`/post/${post.slug}`, idx.data(staticPaths, new Map([[post.slug, { ...body, image: image?.path }]])));
        if (image?.commit()) written++;
        writeAtomic(dir, fileOf(`/post/${post.slug}`), html);
        written++;
      } catch (err) {
        errors.push({ postId: post.id, title: post.title, slug: post.slug, reason: err instanceof Error ? err.message : String(err) });
        const previous = fallback(post.id);
        if (previous) idx.put(previous);
        else idx.delete(post.id);
      }
    }
    return written;
  }

  function summaryOf(post: SitePost): SiteSummary {
    const { html: _h, text: _t, renderError: _r, corrections: _c, ...summary } = post;
    return summary;
  }

  /** Renders what a set of change records affects into the live folder. */
  async function applyChanges(changes: RenderChange[], through: number): Promise<RenderResult> {
    const started = performance.now();
    const dir = liveDir();
    if (!dir || needsFull()) throw new Error('The site has not been rendered in full yet');
    // Loaded now, or after another renderer wrote this folder since this one loaded, the index already shows
    // the changes: old slugs then come from the change records, and every chunk of the affected listings is
    // rewritten, since there is no "before" to compare with.
    const reloaded = !index || state?.cursor !== indexCursor;
    if (reloaded) index = await loadIndex();
    const idx = index!;
    const postIds = [...new Set(changes.map((c) => c.postId))];
    const current = await source.postsById(postIds);
    const byId = new Map(current.map((p) => [p.id, p]));

    // A post whose only changes are corrections keeps its place, card and search entry: only its article, the
    // corrections log, the feeds and the sitemaps show corrections and the "Updated" time. Anything else (or a
    // post this index does not hold) affects the listings too.
    const listIds = new Set(
      postIds.filter((id) => !idx.get(id) || !byId.has(id) || changes.some((c) => c.postId === id && c.kind !== 'corrected')),
    );
    const categories = new Set<string>();
    const feedCategories = new Set<string>();
    const goneSlugs = new Map<number, Set<string>>();
    const previous = new Map<number, SiteSummary>();
    for (const c of changes) {
      for (const cat of [c.oldCategory, c.newCategory]) if (cat) (listIds.has(c.postId) ? categories : feedCategories).add(cat);
      const slugs = goneSlugs.get(c.postId) ?? new Set<string>();
      for (const s of [c.oldSlug, c.newSlug]) if (s) slugs.add(s);
      goneSlugs.set(c.postId, slugs);
    }
    for (const id of postIds) {
      const before = idx.get(id);
      const after = byId.get(id);
      const into = listIds.has(id) ? categories : feedCategories;
      if (before) {
        previous.set(id, before);
        into.add(before.category);
        goneSlugs.get(id)!.add(before.slug);
      }
      if (after) into.add(after.category);
    }
    for (const id of postIds) feedBodies.delete(id);
    if (reloaded) feedBodies.clear();
    const keys = [ALL_KEY, ...[...categories].map(listingKey)];
    const before = new Map(keys.map((k) => [k, chunkSignatures(idx.listing(k))]));
    const windows = new Map([...categories].map((c) => [c, relatedWindow(idx, c)]));

    for (const id of postIds) {
      const after = byId.get(id);
      if (after) idx.put(summaryOf(after));
      else idx.delete(id);
    }
    idx.setRedirects(await source.redirects());
    const logBefore = JSON.stringify(idx.corrections);
    idx.setCorrections(await source.corrections());

    const errors: BuildPostError[] = [];
    let written = await renderArticles(dir, idx, current, errors, { fallback: (id) => previous.get(id) });
    const failed = new Set(errors.map((e) => e.postId));
    let removed = 0;
    const live: RenderResult['live'] = [];
    for (const id of postIds) {
      const after = idx.get(id);
      for (const slug of goneSlugs.get(id) ?? []) {
        if (slug !== after?.slug && !idx.bySlug(slug) && removeFile(dir, fileOf(`/post/${slug}`))) removed++;
      }
      if (failed.has(id)) continue;
      // Images of the post's old and current slugs that no page names any more: an unpublished or deleted post's,
      // or the one a new title or category replaced. A slug's images can belong only to the post that holds it.
      for (const slug of new Set([...(goneSlugs.get(id) ?? []), ...(after ? [after.slug] : [])])) {
        const owner = idx.bySlug(slug);
        removed += images.prune(dir, slug, owner ? ogImageFile(owner.slug, ogImageInput(owner)) : null);
      }
      // The article names its modified time in article:modified_time; the builder looks for it.
      if (after) live.push({ postId: id, path: `/post/${after.slug}`, present: true, updatedAt: modifiedTime(after) });
      else for (const slug of goneSlugs.get(id) ?? []) live.push({ postId: id, path: `/post/${slug}`, present: false });
    }

    const pages = new Set(
      listIds.size > 0
        ? [...LIST_PAGES, ...[...categories].flatMap(categoryPages), ...[...feedCategories].flatMap(categoryFeeds)]
        : [...FEED_PAGES, ...[...feedCategories].flatMap(categoryFeeds)],
    );
    if (JSON.stringify(idx.corrections) !== logBefore) pages.add('/corrections');
    const data = idx.data(staticPaths, await bodiesFor(idx, pages));
    for (const path of pages) {
      writeAtomic(dir, fileOf(path), await render(path, data));
      written++;
    }
    writeAtomic(dir, '_redirects', redirectsFile(idx));
    written++;

    const liveKeys = new Set([ALL_KEY, ...idx.listingCategories().map(listingKey)]);
    for (const key of listIds.size > 0 ? keys : []) {
      if (!liveKeys.has(key)) {
        for (const file of listFiles(dir, join(dir, 'data/posts', key))) if (removeFile(dir, file)) removed++;
        continue;
      }
      const listing = idx.listing(key);
      const old = before.get(key)!;
      const now = chunkSignatures(listing);
      writeAtomic(dir, fileOf(headPath(key)), await render(headPath(key), data));
      written++;
      for (const chunk of listing.chunks) {
        const touched = chunk.posts.some((p) => [...listIds].some((id) => idx.get(id)?.slug === p.slug));
        if (reloaded || touched || old.get(chunk.chunk) !== now.get(chunk.chunk)) {
          writeAtomic(dir, fileOf(chunkPath(key, chunk.chunk)), await render(chunkPath(key, chunk.chunk), data));
          written++;
        }
      }
      for (const name of old.keys()) if (!now.has(name) && removeFile(dir, fileOf(chunkPath(key, name)))) removed++;
    }

    await (await liveSearch(dir)).apply({
      upsert: current.filter((p) => !failed.has(p.id) && listIds.has(p.id)).map(searchRecord),
      remove: postIds.filter((id) => !byId.has(id) || (failed.has(id) && !previous.has(id))),
    });

    // Related blocks of other articles in categories whose newest posts changed: in the background.
    const dirty = new Set(state?.dirty ?? []);
    for (const [category, window] of windows) {
      if (relatedWindow(idx, category) === window) continue;
      for (const p of idx.inCategory(category)) if (!postIds.includes(p.id)) dirty.add(p.id);
    }
    indexCursor = through;
    saveState({ ...state!, version, cursor: through, dirty: [...dirty].sort((a, b) => a - b) });
    return { written, removed, postErrors: errors, cursor: through, live, durationMs: performance.now() - started };
  }

  /**
   * Refreshes a few articles queued by `applyChanges` (related blocks) or `renderAll` (share images to draw);
   * false when there is nothing left to do.
   */
  async function backgroundStep(): Promise<boolean> {
    const dir = liveDir();
    if (!dir || !state || needsFull()) return false;
    if (state.dirty.length === 0) return false;
    index ??= await loadIndex();
    const slice = state.dirty.slice(0, BACKGROUND_SLICE);
    const posts = await source.postsById(slice);
    // Each article leaves the queue (in memory, saved below) once it is refreshed, not when the step ends: a publish
    // at a later checkpoint that changes its related block again queues it again. Until then it counts as pending.
    // Unpublished or deleted ones have nothing to refresh.
    const dequeue = (ids: number[]) => (state = { ...state!, dirty: state!.dirty.filter((id) => !ids.includes(id)) });
    dequeue(slice.filter((id) => !posts.some((p) => p.id === id)));
    for (const post of posts) {
      // One article at a time: a publish waits for at most one page (and its image, ~0.05 s).
      await checkpoint();
      if (index.get(post.id)?.updatedAt === post.updatedAt) await renderArticles(dir, index, [post], []);
      dequeue([post.id]);
    }
    saveState(state!);
    return true;
  }

  /**
   * Renders the whole site into a new folder from the API's current data, then swaps it in (a symlink
   * rename, atomic). `cursor` is the change record id the data reflects at least; changes after it are
   * applied by the next `applyChanges`.
   */
  async function renderAll(cursor: number): Promise<RenderResult> {
    const started = performance.now();
    const idx = await loadIndex();
    // Share images are linked from the live folder when their file is there; missing ones are drawn afterwards.
    const reuseDir = liveDir();
    const deferred: number[] = [];
    const trees = join(siteRoot, 'trees');
    mkdirSync(trees, { recursive: true });
    const name = `${Date.now().toString(36)}-${process.pid}`;
    const dir = join(trees, name);
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(distDir, 'client'), dir, { recursive: true });
    let written = 0;
    const errors: BuildPostError[] = [];
    const paths = [
      ...staticPaths,
      '/robots.txt',
      '/sitemap-index.xml',
      ...CATEGORY_ROUTES.flatMap((r) => categoryPages(r.category)),
    ];

    // The feeds carry their newest posts in full: their bodies are kept as the articles stream past.
    feedBodies.clear();
    const feedIds = new Set(feedMembers(idx, [...paths, ...LIST_PAGES]).map((p) => p.id));
    // The next page is fetched while this one renders.
    const pages = source.posts(100, false);
    for (let next = pages.next(); ; ) {
      const page = await next;
      if (page.done) break;
      next = pages.next();
      for (const p of page.value) {
        const body = feedIds.has(p.id) ? bodyOf(p) : null;
        if (body) feedBodies.set(p.id, { updatedAt: p.updatedAt, body });
      }
      const posts = page.value.filter((p) => idx.get(p.id));
      for (let i = 0; i < posts.length; i += FULL_SLICE) {
        written += await renderArticles(dir, idx, posts.slice(i, i + FULL_SLICE), errors, { reuseDir, deferred });
        await checkpoint();
      }
    }
    // Listings, home and feeds after the articles, so a post that could not be rendered is left out of them.
    const finalData = idx.data(staticPaths, await bodiesFor(idx, [...paths, ...LIST_PAGES]));
    for (const [i, path] of [...paths, ...LIST_PAGES].entries()) {
      writeAtomic(dir, fileOf(path), await render(path, finalData));
      written++;
      if (i % FULL_SLICE === 0) await checkpoint();
    }
    for (const key of [ALL_KEY, ...idx.listingCategories().map(listingKey)]) {
      const listing = idx.listing(key);
      writeAtomic(dir, fileOf(headPath(key)), await render(headPath(key), finalData));
      written++;
      for (const [i, chunk] of listing.chunks.entries()) {
        writeAtomic(dir, fileOf(chunkPath(key, chunk.chunk)), await render(chunkPath(key, chunk.chunk), finalData));
        written++;
        if (i % FULL_SLICE === 0) await checkpoint();
      }
    }
    writeAtomic(dir, '_redirects', redirectsFile(idx));
    written++;
    // The search index depends on the posts, not on the site's code: the new folder starts from the live one's
    // (hard links: its files are only ever replaced by rename), and the changes since are applied to it after
    // the swap like any others. Without one, it is indexed in the background (`searchStep`), apart from this.
    const old = liveDir();
    const searchReady = !!old && !!state?.searchReady && existsSync(join(old, 'pagefind/manifest.json'));
    if (searchReady) linkTree(join(old, 'pagefind'), join(dir, 'pagefind'));

    const tmpLink = join(siteRoot, `current.${name}.tmp`);
    symlinkSync(join('trees', name), tmpLink);
    renameSync(tmpLink, currentLink);
    index = idx;
    indexCursor = cursor;
    saveState({ version, cursor, dirty: deferred.sort((a, b) => a - b), searchReady });
    // Keep the previous tree for readers mid-download; remove older ones.
    for (const tree of readdirSync(trees)) {
      const full = join(trees, tree);
      if (full !== dir && full !== old) rmSync(full, { recursive: true, force: true });
    }
    return {
      written,
      removed: 0,
      postErrors: errors,
      cursor,
      live: [],
      durationMs: performance.now() - started,
    };
  }

  /**
   * One unit of search work, apart from the publish path: index every post when the folder has no index yet,
   * else re-index the shards with changes (the delta a publish writes stays small). False when there is none.
   * Pagefind runs in its own process, so publishes go on meanwhile.
   */
  async function searchStep(): Promise<boolean> {
    const dir = liveDir();
    if (!dir || !state || needsFull()) return false;
    const index = await liveSearch(dir);
    if (!state.searchReady) {
      const records = (async function* () {
        for await (const page of source.posts(100, true)) for (const p of page) if (p.html !== null) yield searchRecord(p);
      })();
      await index.rebuild(records);
      if (liveDir() === dir) saveState({ ...state, searchReady: true });
      return true;
    }
    if (index.pending() === 0) return false;
    await index.compact(recordsBetween);
    return true;
  }

  /**
   * One article as a preview (a draft, or a published post's unsaved changes): the same route, page and layout as
   * the live article, from the data given, with `locals.preview` set (banner, noindex, no reader actions). Nothing
   * is written and nothing is kept: not this renderer's index, not the site folder, not the search index.
   */
  async function preview(input: PreviewRender): Promise<string> {
    const idx = new SiteIndex();
    for (const p of input.related) if (p.id !== input.post.id && p.slug !== input.post.slug) idx.put(p);
    idx.put(input.post);
    const body = input.html ?? `<p><strong>${escapeHtml(input.renderError ?? 'The body could not be rendered.')}</strong></p>`;
    const path = `/post/${input.post.slug}`;
    const res = await site.renderRoute(siteUrl, path, {
      site: idx.data(staticPaths, new Map([[input.post.slug, { html: body, corrections: input.corrections }]])),
      preview: true,
    });
    if (res.status !== 200) throw new Error(`The preview of ${path} rendered with status ${res.status}`);
    return fixHtml(await res.text());
  }

  return {
    version,
    liveDir,
    preview,
    needsFull,
    applyChanges,
    renderAll,
    backgroundStep,
    searchStep,
    /** Posts whose search entry waits for re-indexing (or 1 while the whole index is missing). */
    searchPending: async () => {
      const dir = liveDir();
      if (!dir || !state) return 0;
      return state.searchReady ? (await liveSearch(dir)).pending() : 1;
    },
    /** The change record id the live folder reflects. */
    cursor: () => state?.cursor ?? 0,
    pendingBackground: () => state?.dirty.length ?? 0,
  };
}
