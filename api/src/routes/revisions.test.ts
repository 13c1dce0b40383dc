import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RevisionPageSchema, RevisionSchema } from 'content-schema/revisions';
import { PostSchema } from 'content-schema/post';
import { openDb } from '../db/client.ts';
import { postRevisions, posts } from '../db/schema.ts';
import { postBody, testApp, type RecordingRenderer } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp<RecordingRenderer>>>;
let t: T;

beforeEach(async () => {
  t = await testApp();
  await t.login();
});
afterEach(() => t.cleanup());

async function create(overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/posts', postBody(overrides));
  expect(res.status).toBe(201);
  return PostSchema.parse(res.json);
}

async function revisions(postId: number, query = '') {
  const res = await t.call('GET', `/api/posts/${postId}/revisions${query}`);
  expect(res.status).toBe(200);
  return RevisionPageSchema.parse(res.json);
}

const revisionRows = (postId: number) => t.db.select().from(postRevisions).where(eq(postRevisions.postId, postId));

describe('every save keeps a revision', () => {
  it('a creation is version 1; each save a new version with who, when and which fields changed', async () => {
    const post = await create();
    expect(post.version).toBe(1);
    t.clock.advance(60_000);
    const saved = await t.call('PUT', `/api/posts/${post.id}`, {
      version: 1,
      title: 'Grid queues are the only bottleneck',
      content: '## Why\n\nBecause grids take a decade to build.',
      tags: ['energy'],
    });
    expect(saved.status).toBe(200);
    expect(saved.json.version).toBe(2);
    t.clock.advance(60_000);
    const meta = await t.call('PUT', `/api/posts/${post.id}`, {
      version: 2,
      seoTitle: 'Grid queues',
      category: 'Deal Watch',
    });
    expect(meta.json.version).toBe(3);

    const page = await revisions(post.id);
    expect(page.total).toBe(3);
    expect(page.items.map((r) => [r.version, r.kind, r.savedBy, r.changed])).toEqual([
      [3, 'save', 'admin', ['category', 'seoTitle']],
      // A draft's URL follows its title.
      [2, 'save', 'admin', ['title', 'content', 'tags', 'slug']],
      [
        1,
        'create',
        'admin',
        ['title', 'excerpt', 'content', 'category', 'tags', 'authorName', 'readTime', 'slug', 'provenance'],
      ],
    ]);
    expect(page.items[0]!.createdAt).toBe('2026-06-01T10:02:00.000Z');
    // A summary carries no body.
    expect(page.items[0]).not.toHaveProperty('content');

    const first = RevisionSchema.parse((await t.call('GET', `/api/revisions/${page.items[2]!.id}`)).json);
    expect(first).toMatchObject({
      title: 'Grid queues are the real bottleneck',
      content: '## Why\n\nBecause **grids** take years to build.',
    });
  });

  it('pages newest first', async () => {
    const post = await create();
    for (let v = 1; v <= 4; v++) await t.call('PUT', `/api/posts/${post.id}`, { version: v, title: `Title ${v}` });
    const first = await revisions(post.id, '?limit=2');
    const second = await revisions(post.id, '?limit=2&offset=2');
    const third = await revisions(post.id, '?limit=2&offset=4');
    expect([...first.items, ...second.items, ...third.items].map((r) => r.version)).toEqual([5, 4, 3, 2, 1]);
    expect(first.total).toBe(5);
  });

  it('a post from before revisions were kept gets its earlier state as the first revision on its next save', async () => {
    const now = t.clock.now();
    const [seeded] = await t.db
      .insert(posts)
      .values({
        ...postBody({ title: 'Seeded long ago', tags: ['old'] }),
        slug: 'seeded-long-ago',
        category: 'Deep Dive',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await t.call('PUT', `/api/posts/${seeded!.id}`, { title: 'Edited at last' });
    const page = await revisions(seeded!.id);
    expect(page.items.map((r) => [r.version, r.kind, r.title, r.savedBy])).toEqual([
      [2, 'save', 'Edited at last', 'admin'],
      [1, 'create', 'Seeded long ago', null],
    ]);
  });

  it('a scheduled publish is a new version by nobody (the scheduler)', async () => {
    const post = await create();
    await t.call('POST', '/api/schedule-post', {
      postId: post.id,
      publishDateTime: '2026-06-01T12:30',
      timezone: 'Europe/Stockholm',
    });
    t.clock.set('2026-06-01T11:00:00Z');
    await t.ctx.scheduler.publishDue();
    const page = await revisions(post.id);
    expect(page.items.map((r) => [r.version, r.kind, r.savedBy, r.changed])).toEqual([
      [2, 'save', null, ['published']],
      [1, 'create', 'admin', expect.any(Array)],
    ]);
    expect((await t.call('GET', `/api/posts/${post.id}`)).json).toMatchObject({ version: 2, published: true });
  });
});

describe('conflict-safe saves', () => {
  it('a save based on an older version answers 409 with the post as it is, and changes nothing', async () => {
    const post = await create();
    await t.call('PUT', `/api/posts/${post.id}`, { version: 1, title: 'Saved in the first tab' });
    const before = await revisionRows(post.id);
    const stale = await t.call('PUT', `/api/posts/${post.id}`, { version: 1, title: 'Saved in the second tab' });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toBe('This post was changed since you opened it');
    expect(PostSchema.parse(stale.json.current)).toMatchObject({ version: 2, title: 'Saved in the first tab' });
    expect(await revisionRows(post.id)).toEqual(before);
    expect((await t.call('GET', `/api/posts/${post.id}`)).json.title).toBe('Saved in the first tab');
  });

  it('of two saves with the same version on two instances, exactly one wins; the other changes nothing', async () => {
    const post = await create({ published: true });
    await t.builder.idle();
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir });
    await other.login();
    try {
      for (let round = 0; round < 5; round++) {
        const version = (await t.call('GET', `/api/posts/${post.id}`)).json.version as number;
        const changesBefore = (await t.changes()).length;
        const [a, b] = await Promise.all([
          t.call('PUT', `/api/posts/${post.id}`, { version, content: `Tab A, round ${round}` }),
          other.call('PUT', `/api/posts/${post.id}`, { version, content: `Tab B, round ${round}` }),
        ]);
        expect([a.status, b.status].sort()).toEqual([200, 409]);
        const winner = a.status === 200 ? 'A' : 'B';
        const now = (await t.call('GET', `/api/posts/${post.id}`)).json;
        expect(now).toMatchObject({ version: version + 1, content: `Tab ${winner}, round ${round}` });
        const rows = await revisionRows(post.id);
        expect(rows.filter((r) => r.version === version + 1).map((r) => r.content)).toEqual([
          `Tab ${winner}, round ${round}`,
        ]);
        // One change record for the one save that happened.
        expect((await t.changes()).length).toBe(changesBefore + 1);
      }
    } finally {
      await other.cleanup();
    }
  });

  it('saves without a version (a publish toggle) never fail on each other: each is its own version', async () => {
    const post = await create();
    const results = await Promise.all([
      t.call('PUT', `/api/posts/${post.id}`, { title: 'One' }),
      t.call('PUT', `/api/posts/${post.id}`, { published: true }),
      t.call('PUT', `/api/posts/${post.id}`, { readTime: 9 }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const now = (await t.call('GET', `/api/posts/${post.id}`)).json;
    expect(now).toMatchObject({ version: 4, title: 'One', published: true, readTime: 9 });
    expect((await revisions(post.id)).items.map((r) => r.version)).toEqual([4, 3, 2, 1]);
  });

  it('refuses a version that is not a positive whole number with 400', async () => {
    const post = await create();
    for (const version of [0, -1, 1.5, '1', 1e16]) {
      const res = await t.call('PUT', `/api/posts/${post.id}`, { version, title: 'x' });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Version must be a positive whole number');
    }
  });
});

describe('restoring a revision', () => {
  it('saves the earlier words as a new revision; a published post reaches the site like any edit', async () => {
    const post = await create({ published: true });
    await t.call('PUT', `/api/posts/${post.id}`, { version: 1, title: 'A worse title', content: 'A worse body.' });
    await t.builder.idle();
    const original = (await revisions(post.id)).items.find((r) => r.version === 1)!;
    const changesBefore = (await t.changes()).length;

    const res = await t.call('POST', `/api/revisions/${original.id}/restore`, { version: 2 });
    expect(res.status).toBe(200);
    expect(PostSchema.parse(res.json)).toMatchObject({
      version: 3,
      title: 'Grid queues are the real bottleneck',
      content: '## Why\n\nBecause **grids** take years to build.',
      published: true,
      slug: post.slug,
    });
    const page = await revisions(post.id);
    expect(page.items[0]).toMatchObject({
      version: 3,
      kind: 'restore',
      savedBy: 'admin',
      changed: ['title', 'content'],
    });
    const changes = await t.changes();
    expect(changes.length).toBe(changesBefore + 1);
    expect(changes.at(-1)).toMatchObject({
      postId: post.id,
      kind: 'updated',
      fields: ['title', 'content'],
      via: 'editor',
    });
    await t.builder.idle();
    // The builder handed the restore's record to the renderer, as it does any edit's.
    expect(t.renderer.batches.flat().map((c) => c.id)).toContain(changes.at(-1)!.id);
  });

  it('a restore from an outdated view answers 409 and changes nothing', async () => {
    const post = await create();
    await t.call('PUT', `/api/posts/${post.id}`, { version: 1, title: 'Second' });
    const [first] = (await revisions(post.id)).items.slice(-1);
    const res = await t.call('POST', `/api/revisions/${first!.id}/restore`, { version: 1 });
    expect(res.status).toBe(409);
    expect(res.json.current).toMatchObject({ version: 2, title: 'Second' });
    expect((await revisions(post.id)).total).toBe(2);
  });

  it('restoring keeps publication: a draft revision restored onto a live post does not unpublish it', async () => {
    const post = await create();
    await t.call('PUT', `/api/posts/${post.id}`, { version: 1, published: true, title: 'Now live' });
    const [draftRevision] = (await revisions(post.id)).items.slice(-1);
    const res = await t.call('POST', `/api/revisions/${draftRevision!.id}/restore`, {});
    expect(res.json).toMatchObject({ published: true, title: 'Grid queues are the real bottleneck', version: 3 });
  });
});

describe('access and bad input', () => {
  it('refuses anonymous callers everywhere, and never shows them a revision', async () => {
    const post = await create({ published: true });
    const [revision] = (await revisions(post.id)).items;
    t.logout();
    for (const [method, path] of [
      ['GET', `/api/posts/${post.id}/revisions`],
      ['GET', `/api/revisions/${revision!.id}`],
      ['POST', `/api/revisions/${revision!.id}/restore`],
    ] as const) {
      const res = await t.call(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.text).not.toContain('grids');
    }
  });

  it('answers 404 for unknown and malformed ids and 400 for bad queries and bodies, never 500', async () => {
    const post = await create();
    const [revision] = (await revisions(post.id)).items;
    for (const path of [
      '/api/posts/999/revisions',
      '/api/posts/abc/revisions',
      '/api/revisions/999',
      '/api/revisions/0',
      '/api/revisions/1e3',
    ]) {
      expect((await t.call('GET', path)).status, path).toBe(404);
    }
    expect((await t.call('POST', '/api/revisions/999/restore', {})).status).toBe(404);
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?offset=-1', '?offset=1.5']) {
      expect((await t.call('GET', `/api/posts/${post.id}/revisions${query}`)).status, query).toBe(400);
    }
    for (const body of ['{', '[]', { version: 'x' }, { version: 2 ** 60 }, { extra: 1 }]) {
      const res = await t.call('POST', `/api/revisions/${revision!.id}/restore`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});
