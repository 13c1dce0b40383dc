import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postBody, testApp } from '../test-utils.ts';
import { ANSWER_CACHE_MAX_BYTES, ANSWER_MAX_BYTES, PUBLIC_ANSWER_TTL_MS } from './answer-cache.ts';
import { FRONT_CACHE_MAX_BYTES } from './front-cache.ts';

let t: Awaited<ReturnType<typeof testApp>>;
let server: Server;
let base = '';
/** Requests that reached the application (the rest were answered by the front cache). */
let reached = 0;

/** The application served over node:http as server.ts serves it: the front cache first. */
async function serve() {
  t = await testApp();
  const app = getRequestListener(t.app.fetch);
  reached = 0;
  server = createServer(
    t.front.listener((req, res) => {
      reached++;
      return app(req, res);
    }),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  vi.useRealTimers();
  await new Promise((r) => server.close(r));
  await t.cleanup();
});

/** An anonymous reader's GET (as curl asks: no compression); the size of the answer. */
async function read(path: string): Promise<number> {
  const res = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(res.status).toBe(200);
  return (await res.arrayBuffer()).byteLength;
}

/** Published posts whose bodies are about `chars` characters each. */
async function largePosts(count: number, chars: number): Promise<void> {
  await t.login();
  for (let i = 0; i < count; i++) {
    const paragraph = `Paragraph of story ${i} on grid queues, permits and the capital they take. `.repeat(10);
    const content = `${paragraph}\n\n`.repeat(Math.ceil(chars / (paragraph.length + 2))).slice(0, chars);
    await t.call('POST', '/api/posts', postBody({ title: `Large story ${i}`, content, published: true }));
  }
  t.logout();
  // The change feed reads these records too and retires every answer once more when it does: let it, before
  // counting what is held (on a slower database its pass would otherwise land in the middle of the reads).
  await t.ctx.changes.poll();
}

const held = () => ({ front: t.front.held, lists: t.ctx.posts.cached().lists });

describe("the caches of readers' answers", () => {
  it('hold at most their byte budgets however many distinct large lists anonymous readers ask for', async () => {
    await serve();
    await largePosts(10, 90_000);
    const sizes: number[] = [];
    for (let limit = 10; limit < 90; limit++) {
      sizes.push(await read(`/api/posts?limit=${limit}`));
      const now = held();
      expect(now.front.bytes).toBeLessThanOrEqual(FRONT_CACHE_MAX_BYTES);
      expect(now.lists.bytes).toBeLessThanOrEqual(ANSWER_CACHE_MAX_BYTES);
    }
    // 80 answers of about 0.9 MB each (72 MB) were asked for: the newest are held, the oldest went.
    expect(Math.min(...sizes)).toBeGreaterThan(800_000);
    expect(Math.max(...sizes)).toBeLessThan(ANSWER_MAX_BYTES);
    const { front, lists } = held();
    expect(front.answers).toBeGreaterThan(5);
    expect(lists.answers).toBeGreaterThan(front.answers);
    const before = reached;
    await read('/api/posts?limit=89');
    expect(reached).toBe(before); // the newest, in front
    await read('/api/posts?limit=10');
    expect(reached).toBe(before + 1); // the oldest, no longer held
  });

  it('send but never hold an answer larger than an answer may be (10 posts of 200,000 characters: 2 MB lists)', async () => {
    await serve();
    await largePosts(10, 200_000);
    for (let limit = 10; limit < 15; limit++) {
      expect(await read(`/api/posts?limit=${limit}`)).toBeGreaterThan(1.9 * ANSWER_MAX_BYTES);
      const before = reached;
      await read(`/api/posts?limit=${limit}`);
      expect(reached).toBe(before + 1);
    }
    expect(held().front).toEqual({ bytes: 0, answers: 0 });
    expect(held().lists).toEqual({ bytes: 0, answers: 0 });
  });

  it('hold no other spelling of a query (unknown or repeated parameters, padded numbers) a second time in front', async () => {
    await serve();
    await largePosts(1, 1000);
    await read('/api/posts?limit=5');
    for (const query of ['limit=5&x=1', 'limit=5&limit=5', 'limit=05', 'limit=%35', 'x=1&limit=5'])
      await read(`/api/posts?${query}`);
    await read('/api/posts/slug/large-story-0');
    await read('/api/posts/slug/large-story-0?x=1');
    await read('/api/posts/slug/large-stor%79-0');
    expect(held().front.answers).toBe(2); // the list and the article, each under its usual URL only
    expect(held().lists.answers).toBe(1); // every spelling is the same cached answer
  });

  it('drop the answers a change retired, and expired ones, without waiting for the same URL to be asked again', async () => {
    await serve();
    await largePosts(3, 1000);
    for (let limit = 1; limit <= 20; limit++) await read(`/api/posts?limit=${limit}`);
    expect(held().front.answers).toBe(20);
    expect(held().lists.answers).toBe(20);
    // A publish retires every answer: they go when the next one is held.
    await largePosts(1, 1000);
    expect(held().lists).toEqual({ bytes: 0, answers: 0 });
    await read('/api/posts?limit=21');
    expect(held().front.answers).toBe(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    for (let limit = 22; limit <= 25; limit++) await read(`/api/posts?limit=${limit}`);
    expect(held().front.answers).toBe(5);
    // Past their lifetime: the front drops them at its next sweep, which any request after a few seconds runs.
    vi.advanceTimersByTime(PUBLIC_ANSWER_TTL_MS);
    await fetch(`${base}/api/health`);
    expect(held().front).toEqual({ bytes: 0, answers: 0 });
    // The answer cache keeps them one lifetime more (a re-read that finds the same answer keeps its compressed
    // copies), then drops them too.
    expect(held().lists.answers).toBe(5);
    vi.advanceTimersByTime(PUBLIC_ANSWER_TTL_MS);
    await read('/api/posts?limit=26');
    expect(held().lists.answers).toBe(1);
  });
});
