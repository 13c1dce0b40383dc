/**
 * What a removal leaves in the live folder, on the compiled site (`pnpm build:site`): a post with a word of its own
 * in its title, excerpt, body, tags and slug is published, indexed for search and named by the other articles'
 * Related Research; once it is unpublished or deleted, no file of the live folder may name that word (file names,
 * and contents decompressed where they are gzip or brotli: pagefind's files are), while search still finds the
 * others, once the first background step after the publish has redrawn the other articles' related blocks. After a
 * slug change only the redirect rule may name the old slug.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SitePost } from 'content-schema/site-feed';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filesNaming, searchFolder, serveFolder, type Served } from '../search/test-support.ts';
import { openRenderer, type Renderer, type RendererOptions } from './index.ts';
import { change, memorySource, post } from './test-support.ts';

const DIST = resolve(import.meta.dirname, '../../../dist');
/**
 * Letters only, no other indexed word starts with it (pagefind answers a prefix with its longest match), and the
 * stemmer leaves it whole, so the index holds it as written ('…marker' would be indexed as '…mark').
 */
const MARKER = 'zqvexwolk';
const OLD_SLUG = `${MARKER}-affair`;

/** Post 7, newest of its category (so every other article's Related Research names it), full of the marker. */
function marked(fields: Partial<SitePost> = {}): SitePost {
  return post(7, {
    slug: OLD_SLUG,
    title: `The ${MARKER} affair`,
    excerpt: `What ${MARKER} knew, and when.`,
    tags: [MARKER, 'inquiry'],
    html: `<p>Body of the story naming ${MARKER} twice: ${MARKER}.</p>`,
    text: `Body of the story naming ${MARKER} twice: ${MARKER}.`,
    ...fields,
  });
}

let root: string;
let server: Served;
let posts: Map<number, SitePost>;
let redirects: { from: string; postId: number }[];
let renderer: Renderer;

beforeAll(async () => {
  server = await serveFolder(tmpdir());
});
afterAll(() => server.close());
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs the work a publish leaves for later (related blocks, share images, search indexing) until none is left. */
async function settle(): Promise<void> {
  while ((await renderer.backgroundStep()) || (await renderer.searchStep()));
}

function options(): RendererOptions {
  return {
    distDir: DIST,
    siteRoot: root,
    siteUrl: 'https://northwire.example',
    source: memorySource(posts, redirects),
    drawImage: async (input) => new TextEncoder().encode(`png of ${input.title}`),
  };
}

/** A renderer on a fresh folder with search as in production (retired bundles kept for their grace period). */
async function openSite(): Promise<string> {
  root = mkdtempSync(join(tmpdir(), 'renderer-removal-'));
  posts = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, post(id, id > 4 ? { category: 'Deep Dive' } : {})]));
  redirects = [];
  renderer = await openRenderer(options());
  await renderer.renderAll(0);
  await settle();
  return renderer.liveDir()!;
}

/** Publishes the marked post and lets the background catch up, so its traces are everywhere they can be. */
async function publishMarked(indexed: 'delta' | 'shard'): Promise<void> {
  posts.set(7, marked());
  await renderer.applyChanges([change(1, 'published', 7, OLD_SLUG)], 1);
  while (await renderer.backgroundStep());
  if (indexed === 'shard') while (await renderer.searchStep());
}

/** Every article page of a folder, by file name. */
function articles(dir: string): Map<string, string> {
  return new Map(readdirSync(join(dir, 'post')).map((f) => [f, readFileSync(join(dir, 'post', f), 'utf8')]));
}

/** The article pages a full render of the same posts writes (its share images drawn), as an incremental one must. */
async function articlesOfFullRender(): Promise<Map<string, string>> {
  const other = mkdtempSync(join(tmpdir(), 'renderer-removal-full-'));
  try {
    const full = await openRenderer({ ...options(), siteRoot: other });
    await full.renderAll(0);
    while (await full.backgroundStep());
    return articles(full.liveDir()!);
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
}

/** The slugs the live folder's search finds for `term`, as a reader's browser would see them. */
async function found(dir: string, term: string): Promise<string[]> {
  const base = `${server.url}/${join(dir, 'pagefind').slice(tmpdir().length + 1)}`;
  return (await searchFolder(join(dir, 'pagefind'), base, term)).map((h) => h.slug).sort();
}

const OTHERS = ['post-1', 'post-2', 'post-3', 'post-4', 'post-5', 'post-6'];

describe('a removed post leaves no trace in the live folder', () => {
  it.each([
    ['unpublished', 'delta'],
    ['unpublished', 'shard'],
    ['deleted', 'delta'],
    ['deleted', 'shard'],
  ] as const)(
    '%s while its search entry is in the %s',
    async (kind, indexed) => {
      const dir = await openSite();
      await publishMarked(indexed);
      // The walk sees the traces where they are: the article, its image, the listings and the search files.
      const before = filesNaming(dir, MARKER);
      expect(before).toEqual(expect.arrayContaining([`post/${OLD_SLUG}.html`, 'post/post-1.html', 'index.html']));
      expect(before.some((f) => f.startsWith('pagefind/b/'))).toBe(true);
      expect(await found(dir, MARKER)).toEqual([OLD_SLUG]);

      posts.delete(7);
      await renderer.applyChanges([change(2, kind, 7, OLD_SLUG)], 2);
      // The publish itself leaves only the other articles' related blocks naming it…
      expect(filesNaming(dir, MARKER)).toEqual([
        'post/post-1.html',
        'post/post-2.html',
        'post/post-3.html',
        'post/post-4.html',
      ]);
      expect(await found(dir, MARKER)).toEqual([]);
      expect(await found(dir, 'body')).toEqual(OTHERS);
      // …which the first background step redraws, exactly as a full render draws them.
      expect(renderer.pendingBackground()).toBeGreaterThan(0);
      await renderer.backgroundStep();
      expect(filesNaming(dir, MARKER)).toEqual([]);
      expect(articles(dir)).toEqual(await articlesOfFullRender());

      // And the background work that follows brings nothing back.
      await settle();
      expect(filesNaming(dir, MARKER)).toEqual([]);
      expect(await found(dir, 'body')).toEqual(OTHERS);
    },
    60_000,
  );
});

describe('a new slug leaves the old one only in the redirect rule', () => {
  it.each(['delta', 'shard'] as const)(
    'with the search entry in the %s',
    async (indexed) => {
      const dir = await openSite();
      await publishMarked(indexed);

      posts.set(7, marked({ slug: 'the-affair', updatedAt: '2025-03-01T00:00:00.000Z' }));
      redirects.push({ from: OLD_SLUG, postId: 7 });
      await renderer.applyChanges([change(2, 'updated', 7, OLD_SLUG, 'the-affair')], 2);
      await renderer.backgroundStep(); // the related blocks that named the old slug
      expect(filesNaming(dir, OLD_SLUG)).toEqual(['_redirects']);
      expect(await found(dir, MARKER)).toEqual(['the-affair']);
      expect(await found(dir, 'body')).toEqual([...OTHERS, 'the-affair'].sort());
      expect(articles(dir)).toEqual(await articlesOfFullRender());

      await settle();
      expect(filesNaming(dir, OLD_SLUG)).toEqual(['_redirects']);
    },
    60_000,
  );
});
