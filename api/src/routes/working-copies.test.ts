import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostSchema } from 'content-schema/post';
import { WorkingCopyListSchema, WorkingCopySchema } from 'content-schema/revisions';
import { builds } from '../db/schema.ts';
import { postBody, testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;

beforeEach(async () => {
  t = await testApp();
  await t.login();
});
afterEach(() => t.cleanup());

const SECRET = 'Unsaved words nobody outside may read';

/** The editor's fields as typed. */
function fields(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Grid queues are the real bottleneck',
    excerpt: 'Why connection queues decide.',
    content: SECRET,
    category: 'Energy Future',
    tags: 'energy, grids',
    authorName: 'Sofie Bergström',
    readTime: 6,
    published: false,
    seoTitle: '',
    metaDescription: '',
    focusKeyword: '',
    slug: '',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/posts', postBody(overrides));
  expect(res.status).toBe(201);
  return PostSchema.parse(res.json);
}

const put = (key: string, body: unknown) => t.call('PUT', `/api/working-copies/${encodeURIComponent(key)}`, body);

describe('autosave working copies', () => {
  it('writes, reads and rewrites a copy, the revision growing with every write', async () => {
    const post = await create();
    const key = `post:${post.id}`;
    const first = await put(key, { fields: fields(), baseVersion: 1, revision: 0 });
    expect(first.status).toBe(200);
    expect(WorkingCopySchema.parse(first.json)).toMatchObject({
      key,
      postId: post.id,
      revision: 1,
      baseVersion: 1,
      savedBy: 'admin',
    });
    t.clock.advance(3_000);
    const second = await put(key, { fields: fields({ title: 'Typed on' }), baseVersion: 1, revision: 1 });
    expect(second.json).toMatchObject({ revision: 2, updatedAt: '2026-06-01T10:00:03.000Z' });
    const read = await t.call('GET', `/api/working-copies/${key}`);
    expect(read.json.fields.title).toBe('Typed on');
  });

  it('a tab that has not seen the latest write gets 409 with the stored copy, which stays as it was', async () => {
    const post = await create();
    const key = `post:${post.id}`;
    await put(key, { fields: fields({ title: 'Tab A' }), baseVersion: 1, revision: 0 });
    // Tab B opened the post before A wrote: it has seen no copy.
    const b = await put(key, { fields: fields({ title: 'Tab B' }), baseVersion: 1, revision: 0 });
    expect(b.status).toBe(409);
    expect(b.json.error).toBe('Another tab saved changes to this post since');
    expect(WorkingCopySchema.parse(b.json.current)).toMatchObject({ revision: 1, fields: { title: 'Tab A' } });
    await put(key, { fields: fields({ title: 'Tab A again' }), baseVersion: 1, revision: 1 });
    const stale = await put(key, { fields: fields({ title: 'Tab B' }), baseVersion: 1, revision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toMatchObject({ revision: 2, fields: { title: 'Tab A again' } });
    // Keeping B's words after comparing: a write naming the revision B was shown.
    const kept = await put(key, { fields: fields({ title: 'Tab B' }), baseVersion: 1, revision: 2 });
    expect(kept.json).toMatchObject({ revision: 3, fields: { title: 'Tab B' } });
  });

  it('of concurrent first writes from two tabs exactly one is stored', async () => {
    const post = await create();
    const key = `post:${post.id}`;
    const results = await Promise.all(
      ['A', 'B', 'C'].map((tab) => put(key, { fields: fields({ title: tab }), baseVersion: 1, revision: 0 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('never touches the post: no new version, no public change, no build', async () => {
    const post = await create({ published: true });
    await t.builder.idle();
    const jobs = (await t.db.select().from(builds)).length;
    const changes = (await t.changes()).length;
    await put(`post:${post.id}`, {
      fields: fields({ published: false, title: 'Unpublish me?' }),
      baseVersion: 1,
      revision: 0,
    });
    await t.builder.idle();
    expect((await t.call('GET', `/api/posts/${post.id}`)).json).toMatchObject({
      version: 1,
      published: true,
      title: post.title,
    });
    expect((await t.changes()).length).toBe(changes);
    expect((await t.db.select().from(builds)).length).toBe(jobs);
  });

  it('is never visible through public reads', async () => {
    const post = await create({ published: true });
    await put(`post:${post.id}`, { fields: fields(), baseVersion: 1, revision: 0 });
    await put('new:abcdefgh12', { fields: fields({ title: 'A post not yet created' }), baseVersion: 0, revision: 0 });
    t.logout();
    for (const path of [
      '/api/posts',
      `/api/posts/${post.id}`,
      `/api/posts/slug/${post.slug}`,
      '/api/posts?search=nobody',
      '/api/site/posts?fields=full',
    ]) {
      const res = await t.call('GET', path);
      expect(res.text, path).not.toContain(SECRET);
      expect(res.text, path).not.toContain('A post not yet created');
    }
    for (const [method, path] of [
      ['GET', '/api/working-copies'],
      ['GET', `/api/working-copies/post:${post.id}`],
      ['GET', '/api/working-copies/new:abcdefgh12'],
      ['PUT', `/api/working-copies/post:${post.id}`],
      ['DELETE', `/api/working-copies/post:${post.id}`],
    ] as const) {
      const res = await t.call(
        method,
        path,
        method === 'PUT' ? { fields: fields(), baseVersion: 1, revision: 1 } : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.text).not.toContain(SECRET);
    }
    await t.login();
    expect((await t.call('GET', `/api/working-copies/post:${post.id}`)).json.fields.content).toBe(SECRET);
  });

  it("the editor's explicit save removes the post's copy; a publish toggle from the dashboard leaves it", async () => {
    const post = await create();
    const key = `post:${post.id}`;
    await put(key, { fields: fields(), baseVersion: 1, revision: 0 });
    await t.call('PUT', `/api/posts/${post.id}`, { published: true });
    expect((await t.call('GET', `/api/working-copies/${key}`)).status).toBe(200);
    await t.call('PUT', `/api/posts/${post.id}`, { version: 2, copyRevision: 1, content: SECRET });
    expect((await t.call('GET', `/api/working-copies/${key}`)).status).toBe(404);
    // A refused save keeps it.
    await put(key, { fields: fields(), baseVersion: 3, revision: 0 });
    expect(
      (await t.call('PUT', `/api/posts/${post.id}`, { version: 1, copyRevision: 1, content: 'stale' })).status,
    ).toBe(409);
    expect((await t.call('GET', `/api/working-copies/${key}`)).status).toBe(200);
  });

  it("a save keeps another tab's later autosave: only the copy revisions the saving tab has seen go", async () => {
    const post = await create();
    const key = `post:${post.id}`;
    await put(key, { fields: fields({ title: 'Tab A' }), baseVersion: 1, revision: 0 });
    // Tab B, having seen A's copy, autosaves its own words over it (revision 2).
    await put(key, { fields: fields({ title: 'Tab B' }), baseVersion: 1, revision: 1 });
    // Tab A saves having seen revision 1 only: B's words stay on the server for B.
    expect((await t.call('PUT', `/api/posts/${post.id}`, { version: 1, copyRevision: 1, title: 'Tab A' })).status).toBe(
      200,
    );
    expect((await t.call('GET', `/api/working-copies/${key}`)).json).toMatchObject({
      revision: 2,
      fields: { title: 'Tab B' },
    });
  });

  it('a copy removed by another tab is written afresh by the next autosave', async () => {
    const post = await create();
    const key = `post:${post.id}`;
    await put(key, { fields: fields(), baseVersion: 1, revision: 0 });
    expect((await t.call('DELETE', `/api/working-copies/${key}`)).json).toEqual({ ok: true });
    const again = await put(key, { fields: fields({ title: 'Still typing' }), baseVersion: 1, revision: 1 });
    expect(again.json).toMatchObject({ revision: 2, fields: { title: 'Still typing' } });
  });

  it("lists the editor's copies newest first with each post's current version", async () => {
    const post = await create();
    await put(`post:${post.id}`, { fields: fields({ title: 'Edited title' }), baseVersion: 1, revision: 0 });
    t.clock.advance(1000);
    await put('new:abcdefgh12', { fields: fields({ title: 'Brand new' }), baseVersion: 0, revision: 0 });
    await t.call('PUT', `/api/posts/${post.id}`, { readTime: 3 });
    const list = WorkingCopyListSchema.parse((await t.call('GET', '/api/working-copies')).json);
    expect(list.items.map((c) => [c.key, c.title, c.baseVersion, c.postVersion])).toEqual([
      ['new:abcdefgh12', 'Brand new', 0, null],
      [`post:${post.id}`, 'Edited title', 1, 2],
    ]);
  });

  it('a deleted post takes its copy with it', async () => {
    const post = await create();
    await put(`post:${post.id}`, { fields: fields(), baseVersion: 1, revision: 0 });
    await t.call('DELETE', `/api/posts/${post.id}`);
    expect((await t.call('GET', `/api/working-copies/post:${post.id}`)).status).toBe(404);
    expect((await put(`post:${post.id}`, { fields: fields(), baseVersion: 1, revision: 0 })).status).toBe(404);
  });

  it('answers 404 for unknown keys and 400 for bodies beyond the post limits, never 500', async () => {
    const post = await create();
    for (const key of [
      'post:0',
      'post:abc',
      'post:999',
      'new:short',
      'draft:1',
      'post:1e3',
      'new:' + 'x'.repeat(65),
      '%00',
    ]) {
      const res = await put(key, { fields: fields(), baseVersion: 0, revision: 0 });
      expect(res.status, key).toBe(404);
      expect((await t.call('GET', `/api/working-copies/${encodeURIComponent(key)}`)).status, key).toBe(404);
    }
    const key = `post:${post.id}`;
    for (const body of [
      { fields: fields({ content: 'x'.repeat(200_001) }), baseVersion: 1, revision: 0 },
      { fields: fields({ title: 'x'.repeat(201) }), baseVersion: 1, revision: 0 },
      { fields: fields({ readTime: 1e9 }), baseVersion: 1, revision: 0 },
      { fields: fields(), baseVersion: -1, revision: 0 },
      { fields: fields(), baseVersion: 1, revision: 1.5 },
      { fields: fields(), baseVersion: 1, revision: 0, extra: true },
      { fields: 'text', baseVersion: 1, revision: 0 },
      '{',
    ]) {
      const res = await put(key, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await t.call('GET', `/api/working-copies/${key}`)).status).toBe(404);
    // A copy at the limits is accepted.
    const full = await put(key, {
      fields: fields({ content: 'é'.repeat(200_000), readTime: null, category: '' }),
      baseVersion: 1,
      revision: 0,
    });
    expect(full.status).toBe(200);
  });
});
