/**
 * The warm renderer's share images, in process: the compiled site (`pnpm build:site`), a folder, and posts served
 * from memory, with a drawing that counts its calls.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SitePost } from 'content-schema/site-feed';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OgImageInput } from '../og-image-tree.ts';
import { openRenderer, type Renderer } from './index.ts';
import { siteFeatureImage } from '../../lib/build/test-posts.ts';
import { change, memorySource, post } from './test-support.ts';

const DIST = resolve(import.meta.dirname, '../../../dist');
const SITE_URL = 'https://northwire.example';

/** The og:image of a rendered article (an absolute URL on the page's SITE_URL), as a path within the site. */
function ogImageOf(dir: string, slug: string): string {
  const html = readFileSync(join(dir, `post/${slug}.html`), 'utf8');
  const url = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(url).toBeDefined();
  expect(html).toContain(`<meta name="twitter:image" content="${url}"`);
  return new URL(url!).pathname;
}

let root: string;
let posts: Map<number, SitePost>;
let drawn: OgImageInput[];
/** The background work the renderer reported at each drawing. */
let pendingAtDraw: number[];
let renderer: Renderer;

/** Gives each test of a block a renderer on a fresh folder, with posts 1 to 3 and a drawing that counts its calls. */
function withFreshRenderer(): void {
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), 'renderer-og-'));
    posts = new Map([1, 2, 3].map((id) => [id, post(id)]));
    drawn = [];
    pendingAtDraw = [];
    renderer = await openRenderer({
      distDir: DIST,
      siteRoot: root,
      siteUrl: SITE_URL,
      source: memorySource(posts),
      search: { graceMs: 0 },
      drawImage: async (input) => {
        if (input.title.includes('undrawable')) throw new Error('no font for it');
        drawn.push(input);
        pendingAtDraw.push(renderer.pendingBackground());
        return new TextEncoder().encode(`png of ${input.title}`);
      },
    });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
}

/** A full render, then the background work it queued (drawing the missing images). */
async function renderAllSettled(): Promise<string> {
  await renderer.renderAll(0);
  while (await renderer.backgroundStep());
  return renderer.liveDir()!;
}

describe('share images in a full render', () => {
  withFreshRenderer();

  it('an unpublish before the background has drawn them leaves every other article its own image in the end', async () => {
    for (const id of [4, 5, 6]) posts.set(id, post(id));
    await renderer.renderAll(0);
    const dir = renderer.liveDir()!;
    expect(renderer.pendingBackground()).toBe(6);
    // The newest post goes: every other article's related block named it, and is redrawn first.
    posts.delete(6);
    await renderer.applyChanges([change(1, 'unpublished', 6, 'post-6')], 1);
    while (await renderer.backgroundStep());
    for (const id of [1, 2, 3, 4, 5]) expect(ogImageOf(dir, `post-${id}`)).toMatch(new RegExp(`^/og/post-${id}/`));
  });

  it('a full render leaves missing images to the background, which draws each once and gives every article its own', async () => {
    await renderer.renderAll(0);
    const dir = renderer.liveDir()!;
    expect(drawn).toEqual([]);
    expect(ogImageOf(dir, 'post-1')).toBe('/og-default.png');
    expect(renderer.pendingBackground()).toBe(3);

    while (await renderer.backgroundStep());
    expect(drawn.map((d) => d.title).sort()).toEqual(['Post 1', 'Post 2', 'Post 3']);
    // An article being refreshed still counts as pending (a caller waiting for the background to settle waits for it).
    expect(pendingAtDraw).toEqual([3, 2, 1]);
    expect(renderer.pendingBackground()).toBe(0);
    const images = ['post-1', 'post-2', 'post-3'].map((slug) => ogImageOf(dir, slug));
    images.forEach((path, i) => expect(path).toMatch(new RegExp(`^/og/post-${i + 1}/[0-9a-f]{16}\\.png$`)));
    expect(readFileSync(join(dir, images[0]!), 'utf8')).toBe('png of Post 1');
    const html = readFileSync(join(dir, 'post/post-1.html'), 'utf8');
    expect(html).toContain(
      '<meta property="og:image:alt" content="Post 1: Analysis Drop, by Dr. Astrid Lindqvist (Northwire)"',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain(`<meta property="article:modified_time" content="${posts.get(1)!.publishedAt}"`);
  });

  it('a second full render links the live folder’s images and draws none', async () => {
    const dir = await renderAllSettled();
    const image = ogImageOf(dir, 'post-1');
    drawn = [];
    const next = await renderAllSettled();
    expect(next).not.toBe(dir);
    expect(renderer.pendingBackground()).toBe(0);
    expect(drawn).toEqual([]);
    expect(ogImageOf(next, 'post-1')).toBe(image);
    expect(statSync(join(next, image)).ino).toBe(statSync(join(dir, image)).ino);
  });
});

describe('share images in a publish, a failed drawing and a preview', () => {
  withFreshRenderer();

  it('a publish draws only the changed article’s image, and only when what it shows changed; removal removes it', async () => {
    const dir = await renderAllSettled();
    const before = ['post-1', 'post-2', 'post-3'].map((slug) => ogImageOf(dir, slug));
    drawn = [];

    // A body edit: the card is unchanged, so the file is reused.
    posts.set(
      1,
      post(1, {
        html: '<p>Edited.</p>',
        updatedAt: '2025-02-01T00:00:00.000Z',
        modifiedAt: '2025-02-01T00:00:00.000Z',
      }),
    );
    await renderer.applyChanges([change(1, 'updated', 1, 'post-1')], 1);
    expect(drawn).toEqual([]);
    expect(ogImageOf(dir, 'post-1')).toBe(before[0]);
    expect(readFileSync(join(dir, 'post/post-1.html'), 'utf8')).toContain(
      '<meta property="article:modified_time" content="2025-02-01T00:00:00.000Z"',
    );

    // A new title: one new image under a new name, the old one gone, the others untouched.
    posts.set(2, post(2, { title: 'Post 2, retitled', updatedAt: '2025-02-02T00:00:00.000Z' }));
    const untouched = statSync(join(dir, before[2]!)).mtimeMs;
    await renderer.applyChanges([change(2, 'updated', 2, 'post-2')], 2);
    expect(drawn.map((d) => d.title)).toEqual(['Post 2, retitled']);
    const retitled = ogImageOf(dir, 'post-2');
    expect(retitled).not.toBe(before[1]);
    expect(existsSync(join(dir, retitled))).toBe(true);
    expect(readdirSync(join(dir, 'og/post-2'))).toEqual([retitled.split('/').at(-1)]);
    expect(statSync(join(dir, before[2]!)).mtimeMs).toBe(untouched);

    // Unpublished: the page and its image go.
    posts.delete(3);
    await renderer.applyChanges([change(3, 'unpublished', 3, 'post-3')], 3);
    expect(existsSync(join(dir, 'post/post-3.html'))).toBe(false);
    expect(existsSync(join(dir, 'og/post-3'))).toBe(false);
    expect(drawn).toHaveLength(1);
  });

  it('a publish with a feature image goes live at once on the default card; the composed card follows first thing', async () => {
    const dir = await renderAllSettled();
    drawn = [];
    posts.set(4, post(4, { featureImage: siteFeatureImage(), updatedAt: '2025-03-01T00:00:00.000Z' }));
    await renderer.applyChanges([change(4, 'published', 4, 'post-4')], 4);
    expect(existsSync(join(dir, 'post/post-4.html'))).toBe(true);
    expect(ogImageOf(dir, 'post-4')).toBe('/og-default.png');
    expect(drawn).toEqual([]);
    expect(renderer.pendingBackground()).toBeGreaterThan(0);
    // The background's first step draws it (before any related blocks queued earlier) and names it on the page.
    expect(await renderer.backgroundStep()).toBe(true);
    expect(drawn.map((d) => d.image?.file)).toEqual([siteFeatureImage().fallback.file]);
    expect(ogImageOf(dir, 'post-4')).toMatch(/^\/og\/post-4\/[0-9a-f]{16}\.jpg$/);
  });

  it('an image that cannot be drawn leaves its article on the site’s default image, and the others their own', async () => {
    posts.set(2, post(2, { title: 'An undrawable title' }));
    const dir = await renderAllSettled();
    expect(ogImageOf(dir, 'post-2')).toBe('/og-default.png');
    expect(readFileSync(join(dir, 'post/post-2.html'), 'utf8')).not.toContain('og:image:alt" content="An undrawable');
    expect(ogImageOf(dir, 'post-1')).toMatch(/^\/og\/post-1\//);
    expect(existsSync(join(dir, 'og/post-2'))).toBe(false);
  });

  it('a preview names the site’s default image and writes no file', async () => {
    const dir = await renderAllSettled();
    drawn = [];
    const { html: _h, text: _t, renderError: _r, corrections: _c, ...summary } = post(9, { title: 'A draft' });
    const html = await renderer.preview({
      post: summary,
      html: '<p>Draft.</p>',
      renderError: null,
      corrections: [],
      related: [],
    });
    expect(/<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]).toMatch(
      /^https?:\/\/[^/]+\/og-default\.png$/,
    );
    expect(drawn).toEqual([]);
    expect(existsSync(join(dir, 'og/post-9'))).toBe(false);
  });
});

describe('related blocks refreshed in the background', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /**
   * A renderer on a fresh site of `posts`, rendered in full with its background done; `at.checkpoint` (taken at
   * the next safe point, then cleared) stands for a publish arriving while the background works.
   */
  async function settledSite(posts: Map<number, SitePost>) {
    root = mkdtempSync(join(tmpdir(), 'renderer-related-'));
    const at: { checkpoint: (() => Promise<void>) | null } = { checkpoint: null };
    const renderer = await openRenderer({
      distDir: DIST,
      siteRoot: root,
      siteUrl: SITE_URL,
      source: memorySource(posts),
      search: { graceMs: 0 },
      drawImage: async (input) => new TextEncoder().encode(`png of ${input.title}`),
      checkpoint: async () => {
        const publish = at.checkpoint;
        at.checkpoint = null;
        await publish?.();
      },
    });
    await renderer.renderAll(0);
    while (await renderer.backgroundStep());
    return { renderer, dir: renderer.liveDir()!, at };
  }

  /** The titles an article's Related Research block links to. */
  function relatedOf(dir: string, slug: string): string[] {
    const html = readFileSync(join(dir, `post/${slug}.html`), 'utf8');
    return [...html.matchAll(/<a href="\/post\/([^"]+)" class="after:absolute/g)].map((m) => m[1]!);
  }

  it('a publish that lands while the background brings a category’s blocks up to date starts it again, so no block stays stale', async () => {
    const posts = new Map([1, 2, 3, 4, 5].map((id) => [id, post(id)]));
    const { renderer, dir, at } = await settledSite(posts);
    expect(relatedOf(dir, 'post-1')).toEqual(['post-5', 'post-4', 'post-3']);

    // Post 6 queues its category (one piece of work, not an article each); post 7 is published after the step
    // rendered the newest article.
    posts.set(6, post(6));
    await renderer.applyChanges([change(1, 'published', 6, 'post-6')], 1);
    expect(renderer.pendingBackground()).toBe(1);
    let checkpoints = 0;
    const publishSeven = async () => {
      posts.set(7, post(7));
      await renderer.applyChanges([change(2, 'published', 7, 'post-7')], 2);
    };
    // A publish arriving at the background's second safe point: after it rendered its first article.
    at.checkpoint = async () => {
      checkpoints++;
      at.checkpoint = publishSeven;
    };
    while (await renderer.backgroundStep());
    expect(checkpoints).toBe(1);
    for (const slug of ['post-1', 'post-2', 'post-3'])
      expect(relatedOf(dir, slug)).toEqual(['post-7', 'post-6', 'post-5']);
  });

  it('blocks naming an unpublished post are redrawn first, and again when a publish changes the newest four meanwhile', async () => {
    // 140 articles: the copy into the others' blocks passes two checkpoints (one every 64 articles).
    const posts = new Map(Array.from({ length: 140 }, (_, i) => [i + 1, post(i + 1)]));
    const { renderer, dir, at } = await settledSite(posts);
    expect(relatedOf(dir, 'post-1')).toEqual(['post-140', 'post-139', 'post-138']);

    posts.delete(140);
    await renderer.applyChanges([change(1, 'unpublished', 140, 'post-140')], 1);
    // Post 141 is published at the sixth checkpoint (one before each of the four articles rendered, one before each
    // 64 copies): the block being copied is out of date from then on.
    let checkpoints = 0;
    const publish141 = async () => {
      if (++checkpoints < 6) return void (at.checkpoint = publish141);
      posts.set(141, post(141));
      await renderer.applyChanges([change(2, 'published', 141, 'post-141')], 2);
    };
    at.checkpoint = publish141;
    expect(await renderer.backgroundStep()).toBe(true);
    // The copy stopped there (the articles before it have the block without post 140, those after still name it),
    // and the category is still first in the queue.
    expect(relatedOf(dir, 'post-130')).toEqual(['post-139', 'post-138', 'post-137']);
    expect(relatedOf(dir, 'post-1')).toEqual(['post-140', 'post-139', 'post-138']);
    while (await renderer.backgroundStep());
    for (const slug of ['post-1', 'post-70', 'post-137'])
      expect(relatedOf(dir, slug)).toEqual(['post-141', 'post-139', 'post-138']);
    expect(
      readdirSync(join(dir, 'post')).filter((f) => readFileSync(join(dir, 'post', f), 'utf8').includes('post-140')),
    ).toEqual([]);
  }, 60_000);
});
