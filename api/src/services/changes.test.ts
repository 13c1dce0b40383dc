import { afterEach, describe, expect, it } from 'vitest';
import { PostInputSchema } from 'content-schema/post';
import { openDb } from '../db/client.ts';
import { fakeClock } from '../lib/clock.ts';
import { postBody, tempDb } from '../test-utils.ts';
import { createChangeFeed, type PostChange } from './changes.ts';
import { createPostsService } from './posts/index.ts';

let cleanup: () => Promise<void> = async () => {};
afterEach(() => cleanup());

async function setup() {
  const temp = await tempDb();
  cleanup = temp.cleanup;
  const clock = fakeClock('2026-06-01T10:00:00Z');
  const posts = createPostsService({ db: temp.db, clock });
  const publish = (title: string) => posts.create(PostInputSchema.parse(postBody({ title, published: true })));
  return { ...temp, clock, posts, publish };
}

const titles = (batches: PostChange[][]) => batches.flat().map((c) => c.title);

describe('the change feed', () => {
  it('a new consumer starts where it was registered: no history, but the first change after it', async () => {
    const { db, clock, publish } = await setup();
    await publish('Before the server started');
    const feed = createChangeFeed({ db, clock });
    const once: PostChange[][] = [];
    const local: PostChange[][] = [];
    feed.onceAcrossInstances('test', (c) => void once.push(c));
    feed.onEveryInstance((c) => void local.push(c));
    // The first change is made before the feed ever polled (a fresh server's first edit).
    await publish('First after start');
    await feed.poll();
    expect(titles(once)).toEqual(['First after start']);
    expect(titles(local)).toEqual(['First after start']);
    await publish('Second');
    await feed.poll();
    await feed.poll();
    expect(titles(once)).toEqual(['First after start', 'Second']);
    expect(titles(local)).toEqual(['First after start', 'Second']);
  });

  it('a consumer that exists keeps its cursor across a restart', async () => {
    const { db, clock, publish } = await setup();
    const first = createChangeFeed({ db, clock });
    first.onceAcrossInstances('test', () => {});
    await first.poll();
    await publish('Made while the server was down');
    const restarted = createChangeFeed({ db, clock });
    const seen: PostChange[][] = [];
    restarted.onceAcrossInstances('test', (c) => void seen.push(c));
    await restarted.poll();
    expect(titles(seen)).toEqual(['Made while the server was down']);
  });

  it('hands each record to one instance only', async () => {
    const { db, url, clock, publish } = await setup();
    const otherDb = await openDb(url);
    const seen: PostChange[][] = [];
    const feeds = [createChangeFeed({ db, clock }), createChangeFeed({ db: otherDb, clock })];
    for (const feed of feeds) feed.onceAcrossInstances('test', (c) => void seen.push(c));
    for (let i = 0; i < 5; i++) {
      await publish(`Post ${i}`);
      await Promise.all(feeds.map((f) => f.poll()));
    }
    expect(titles(seen).sort()).toEqual(['Post 0', 'Post 1', 'Post 2', 'Post 3', 'Post 4']);
    otherDb.$client.close();
  });
});
