/**
 * The publishing pipeline end to end in one process: the real API on a real port and database file, the real
 * builder, and the real warm renderer (site/render/worker.ts in a worker thread) on the compiled site.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createServices } from '../services.ts';
import { posts } from '../db/schema.ts';
import { loadEnv } from '../env.ts';
import { systemClock } from '../lib/clock.ts';
import { ADMIN_PASSWORD, ensureCompiled, postBody, SITE_DIST as DIST, tempDb } from '../test-utils.ts';
import { ensureAdmin } from './auth.ts';
import { httpProbe } from './builder/verify.ts';
import { workerRenderer, type SiteRendererClient } from './site-renderer.ts';

/** A running server: API over a database file, an embedded builder with the worker renderer. */
async function startSite() {
  const temp = await tempDb();
  const db = temp.db;
  let port = 0;
  const server: ServerType = await new Promise((res) => {
    const s = serve({ fetch: (req) => app.fetch(req), port: 0, hostname: '127.0.0.1' }, () => res(s));
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const env = loadEnv({
    SITE_URL: origin,
    DATA_DIR: temp.dir,
    DATABASE_URL: temp.url,
    ADMIN_PASSWORD,
  } as NodeJS.ProcessEnv);
  await ensureAdmin(db, 'admin', ADMIN_PASSWORD);
  const siteRoot = join(temp.dir, 'site');
  const renderer = workerRenderer({ distDir: DIST, siteRoot, siteUrl: origin, apiUrl: origin });
  const ctx = createServices({
    db,
    env,
    clock: systemClock,
    renderer,
    probe: httpProbe(origin),
    probeApi: async () => {},
  });
  const { builder } = ctx;
  const { app } = createApp(ctx);

  /** Runs the builder until the site reflects every change and the background refreshes are done. */
  async function settle(): Promise<void> {
    for (;;) {
      await builder.kick();
      await builder.idle();
      const status = await renderer.status();
      const build = await builder.status();
      if (
        !status.needsFull &&
        status.cursor >= build.latestChange &&
        status.pendingBackground === 0 &&
        status.searchPending === 0 &&
        !build.pending
      )
        return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    db,
    ctx,
    origin,
    builder,
    renderer,
    siteRoot,
    settle,
    get: (path: string) => fetch(`${origin}${path}`, { redirect: 'manual' }),
    close: async () => {
      await builder.idle();
      await renderer.close();
      await new Promise((r) => server.close(r));
      await temp.cleanup();
    },
  };
}

/**
 * Every file of a site folder with its bytes. Left out, by design: search bundles the manifest no longer names
 * (kept ten minutes for readers in the middle of a search, then deleted).
 */
function snapshot(dir: string): Map<string, Buffer> {
  const manifest = JSON.parse(readFileSync(join(dir, 'pagefind/manifest.json'), 'utf8')) as {
    bundles: { path: string }[];
  };
  const named = new Set(manifest.bundles.map((b) => `pagefind/${b.path}`));
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    files
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
      .filter((f) => !/^pagefind\/b\//.test(f) || [...named].some((n) => f.startsWith(n)))
      .map((f) => [f, readFileSync(join(dir, f))]),
  );
}

const categories = ['Analysis Drop', 'Startup Radar', 'Deep Dive', 'Deal Watch', 'Energy Future', 'Tech Architecture'];

describe('incremental publishing', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    ensureCompiled();
    site = await startSite();
  }, 120_000);
  afterAll(() => site?.close());

  it('renders the same site through a sequence of changes as from scratch, file for file', async () => {
    const { ctx } = site;
    // An archive large enough for several load-more chunks in 'all' and in one category.
    for (let i = 0; i < 90; i++) {
      await ctx.posts.create({
        ...postBody({
          title: `Archive post ${i}`,
          category: categories[i % 3 === 0 ? 0 : i % categories.length],
          published: true,
        }),
        tags: ['archive'],
        authorId: 1,
        seoTitle: null,
        metaDescription: null,
        focusKeyword: null,
        slug: null,
      } as never);
    }
    await site.settle();
    expect((await site.get('/post/archive-post-0')).status).toBe(200);

    const created = [];
    for (let i = 0; i < 5; i++) {
      created.push(
        await ctx.posts.create({
          ...postBody({ title: `Fresh post ${i}`, category: categories[i], published: true }),
        } as never),
      );
      await site.settle();
    }
    // A body edit, then a slug and category change.
    await ctx.posts.update(created[0]!.id, { content: '## Edited\n\nA corrected paragraph.' });
    await site.settle();
    await ctx.posts.update(created[1]!.id, {
      slug: 'fresh-post-renamed',
      category: 'Deal Watch',
      title: 'Fresh post renamed',
    });
    await site.settle();
    // A correction of a published post (only its article, /corrections, the feeds and the sitemaps change), and
    // one of an archive post whose category feed holds it.
    const correction = await ctx.corrections.create(
      created[4]!.id,
      { wrong: 'It said 40 GW.', right: 'It is 14 GW.' },
      'admin',
    );
    await site.settle();
    const [archived] = await site.db.select({ id: posts.id }).from(posts).where(eq(posts.slug, 'archive-post-88'));
    await ctx.corrections.create(
      archived!.id,
      { wrong: 'It named the wrong grid operator.', right: 'It is Svenska kraftnät.' },
      'admin',
    );
    await site.settle();
    // An unpublish and a delete, from the middle of the archive.
    await ctx.posts.update(created[2]!.id, { published: false });
    await ctx.posts.remove(created[3]!.id);
    const [old] = await site.db.select({ id: posts.id }).from(posts).where(eq(posts.slug, 'archive-post-40'));
    await ctx.posts.remove(old!.id);
    await site.settle();

    // What readers see after each kind of change.
    expect(await (await site.get('/post/fresh-post-0')).text()).toContain('A corrected paragraph.');
    expect((await site.get('/post/fresh-post-renamed')).status).toBe(200);
    expect((await site.get('/post/fresh-post-1')).status).toBe(301);
    expect((await site.get('/post/fresh-post-2')).status).toBe(404);
    expect((await site.get('/post/fresh-post-3')).status).toBe(404);
    expect(await (await site.get('/deal-watch')).text()).toContain('Fresh post renamed');
    expect(await (await site.get('/')).text()).not.toContain('Fresh post 2');
    const corrected = await (await site.get('/post/fresh-post-4')).text();
    expect(corrected).toContain('It is 14 GW.');
    expect(corrected).toContain(`content="${correction.correctedAt}"`); // article:modified_time
    expect(await (await site.get('/corrections')).text()).toContain('It is Svenska kraftnät.');
    expect(await (await site.get('/atom.xml')).text()).toContain('It is 14 GW.');
    expect(await (await site.get('/feed.json')).text()).toContain('It is 14 GW.');

    // The same data rendered from scratch by a second renderer.
    const scratchRoot = join(site.siteRoot, '..', 'scratch');
    const scratch: SiteRendererClient = workerRenderer({
      distDir: DIST,
      siteRoot: scratchRoot,
      siteUrl: site.origin,
      apiUrl: site.origin,
    });
    try {
      const status = await site.builder.status();
      await scratch.full(status.latestChange);
      // Then its background work: the search index, and the share images a full render leaves to be drawn.
      const busy = async () => ((s) => s.searchPending > 0 || s.pendingBackground > 0)(await scratch.status());
      while (await busy()) await new Promise((r) => setTimeout(r, 100));
      const live = (await site.renderer.status()).liveDir!;
      const fresh = (await scratch.status()).liveDir!;
      const a = snapshot(live);
      const b = snapshot(fresh);
      expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
      const differing = [...a.keys()].filter((f) => !a.get(f)!.equals(b.get(f)!));
      expect(differing).toEqual([]);
      expect(a.size).toBeGreaterThan(100);
      expect([...a.keys()].filter((f) => f.startsWith('pagefind/')).length).toBeGreaterThan(5);
      // Every article has exactly one share image (a retitled, unpublished or deleted post's old one is gone).
      const articles = [...a.keys()].flatMap((f) => /^post\/(.+)\.html$/.exec(f)?.[1] ?? []).sort();
      const images = [...a.keys()].filter((f) => f.startsWith('og/'));
      expect(images.map((f) => f.split('/')[1]).sort()).toEqual(articles);
    } finally {
      await scratch.close();
    }
  }, 300_000);
});

describe('isolation', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    ensureCompiled();
    site = await startSite();
    await site.settle();
  }, 120_000);
  afterAll(() => site?.close());

  it('a post that cannot be rendered is named and left out; every other change of the build goes live', async () => {
    const { ctx, db } = site;
    // Rows written before the renderer had limits (an import, an old database): a 10,000-deep quote, and a
    // body that rendered once but whose stored HTML is gone.
    const now = new Date();
    const [deep] = await db
      .insert(posts)
      .values({
        ...postBody({ title: 'Deeply nested quote', slug: 'deeply-nested-quote' }),
        content: `${'>'.repeat(10_000)} too deep`,
        tags: [],
        createdAt: now,
        updatedAt: now,
      } as never)
      .returning();
    const [broken] = await db
      .insert(posts)
      .values({
        ...postBody({ title: 'Broken body', slug: 'broken-body' }),
        tags: [],
        createdAt: now,
        updatedAt: now,
      } as never)
      .returning();
    expect(await ctx.posts.backfillDerived()).toBe(2);
    const [stored] = await db.select().from(posts).where(eq(posts.id, deep!.id));
    expect(stored!.html).toBeNull();
    expect(stored!.renderError).toMatch(/could not be rendered/);
    await ctx.posts.update(deep!.id, { published: true });
    await ctx.posts.update(broken!.id, { published: true });
    // Lost after it went live (going live derives the body again, which would have restored it).
    await db.update(posts).set({ html: null, renderError: 'The stored HTML was lost' }).where(eq(posts.id, broken!.id));
    const fine = await ctx.posts.create({ ...postBody({ title: 'Fine neighbour', published: true }) } as never);
    await site.settle();

    expect((await site.get(`/post/${fine.slug}`)).status).toBe(200);
    expect((await site.get('/post/deeply-nested-quote')).status).toBe(404);
    expect((await site.get('/post/broken-body')).status).toBe(404);
    const home = await (await site.get('/')).text();
    expect(home).toContain('Fine neighbour');
    expect(home).not.toContain('Deeply nested quote');

    const status = await site.builder.status();
    const errors = status.recent.flatMap((b) => b.postErrors);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          postId: deep!.id,
          title: 'Deeply nested quote',
          reason: expect.stringMatching(/could not be rendered/),
        }),
        expect.objectContaining({ postId: broken!.id, title: 'Broken body', reason: 'The stored HTML was lost' }),
      ]),
    );
    expect(status.recent.every((b) => b.state === 'succeeded')).toBe(true);
    const live = await site.builder.postsLive([deep!.id, broken!.id, fine.id]);
    expect(live.find((l) => l.postId === fine.id)?.liveMs).toBeGreaterThanOrEqual(0);
    expect(live.find((l) => l.postId === deep!.id)).toMatchObject({
      liveAt: null,
      error: expect.stringMatching(/could not be rendered/),
    });

    // Fixed by the editor (a valid body), it goes live like any other post.
    await ctx.posts.update(broken!.id, { content: '## Restored\n\nThe body is back.' });
    await site.settle();
    expect(await (await site.get('/post/broken-body')).text()).toContain('The body is back.');
  }, 120_000);
});
