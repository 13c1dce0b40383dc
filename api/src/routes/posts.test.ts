import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WRITER_PERSONAS } from 'content-schema/personas';
import { composeOutline } from '../services/automation/offline-composer.ts';
import { templateFor } from '../services/automation/generator.ts';
import { postBody, testApp, type RecordingRenderer } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp<RecordingRenderer>>>;
let t: T;

beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.cleanup());

async function createAs(overrides: Record<string, unknown> = {}) {
  await t.login();
  const res = await t.call('POST', '/api/posts', postBody(overrides));
  expect(res.status).toBe(201);
  return res.json;
}

describe('POST /api/posts', () => {
  it('creates a post with a slug from the title and cleaned tags, answering 201 with the post', async () => {
    const post = await createAs();
    expect(post).toMatchObject({
      id: expect.any(Number),
      slug: 'grid-queues-are-the-real-bottleneck',
      tags: ['energy', 'grids'],
      published: false,
      authorId: 1,
      publishedAt: null,
    });
    expect(await t.changes()).toEqual([]); // a draft changes nothing readers see
  });

  it('makes slugs unique with -2, -3', async () => {
    const a = await createAs();
    const b = await createAs();
    const c = await createAs();
    expect([a.slug, b.slug, c.slug]).toEqual([
      'grid-queues-are-the-real-bottleneck',
      'grid-queues-are-the-real-bottleneck-2',
      'grid-queues-are-the-real-bottleneck-3',
    ]);
  });

  it.each([
    ['title', { title: '  ' }, 'Title is required'],
    ['content', { content: '' }, 'Content is required'],
    ['excerpt', { excerpt: undefined }, 'Excerpt is required'],
    ['category', { category: '' }, 'Category is required'],
    ['authorName', { authorName: '' }, 'Author name is required'],
    ['readTime', { readTime: 0 }, 'Read time must be at least 1 minute'],
  ])('refuses a missing %s with the spec message', async (path, override, message) => {
    await t.login();
    const res = await t.call('POST', '/api/posts', postBody(override));
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
    expect(res.json.issues).toContainEqual({ path, message });
    const list = await t.call('GET', '/api/posts');
    expect(list.json).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await t.call('POST', '/api/posts', postBody());
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: 'Authentication required' });
  });

  it('refuses a write from a foreign or missing Origin even with a session', async () => {
    await t.login();
    expect((await t.call('POST', '/api/posts', postBody(), { Origin: 'https://evil.example' })).status).toBe(403);
    const noOrigin = await t.app.request('http://127.0.0.1:4321/api/posts', {
      method: 'POST',
      body: JSON.stringify(postBody()),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(noOrigin.status).toBe(403);
    expect((await t.call('GET', '/api/posts')).json).toEqual([]);
  });

  it('refuses a body nested too deeply to render with a clear 400 and writes nothing', async () => {
    await t.login();
    const res = await t.call(
      'POST',
      '/api/posts',
      postBody({ content: `${'>'.repeat(10_000)} deep`, published: true }),
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: 'Content nests quotes, lists or emphasis too deeply (at most 32 levels)',
      issues: [{ path: 'content', message: 'Content nests quotes, lists or emphasis too deeply (at most 32 levels)' }],
    });
    expect((await t.call('GET', '/api/posts')).json).toEqual([]);
    expect(await t.changes()).toEqual([]);
  });

  it('answers malformed JSON with 400 and writes nothing', async () => {
    await t.login();
    const res = await t.call('POST', '/api/posts', '{"title": "x",');
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Request body must be valid JSON');
    expect((await t.call('GET', '/api/posts')).json).toEqual([]);
  });

  it('answers an oversized body with 413 and writes nothing', async () => {
    await t.login();
    const res = await t.call('POST', '/api/posts', postBody({ content: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect((await t.call('GET', '/api/posts')).json).toEqual([]);
  });

  it('refuses unknown fields on update and wrong types without a 500', async () => {
    const post = await createAs();
    expect((await t.call('PUT', `/api/posts/${post.id}`, { isAdmin: true })).status).toBe(400);
    expect((await t.call('PUT', `/api/posts/${post.id}`, { published: 'yes' })).status).toBe(400);
    expect((await t.call('POST', '/api/posts', [1, 2])).status).toBe(400);
    expect((await t.call('POST', '/api/posts', 'null')).status).toBe(400);
  });

  it('publishing at creation writes one change record naming the post, and the builder renders it', async () => {
    const post = await createAs({ published: true });
    expect(post.publishedAt).not.toBeNull();
    const changes = await t.changes();
    expect(changes).toEqual([
      expect.objectContaining({
        postId: post.id,
        kind: 'published',
        title: post.title,
        oldSlug: null,
        newSlug: post.slug,
        oldCategory: null,
        newCategory: 'Energy Future',
        via: 'editor',
        createdAt: new Date(post.publishedAt),
      }),
    ]);
    await t.builder.kick();
    expect(t.renderer.batches.flat()).toEqual([
      {
        id: changes[0]!.id,
        kind: 'published',
        postId: post.id,
        title: post.title,
        oldSlug: null,
        newSlug: post.slug,
        oldCategory: null,
        newCategory: 'Energy Future',
      },
    ]);
  });
});

describe('reading posts', () => {
  beforeEach(async () => {
    await createAs({ title: 'Published one', published: true, category: 'Deal Watch' });
    t.clock.advance(1000);
    await createAs({ title: 'Draft one', published: false });
    t.clock.advance(1000);
    await createAs({ title: 'Published two', published: true, content: 'About **quantum** networking.' });
    t.logout();
  });

  it('anonymous lists show only published posts, newest first, whatever published= asks', async () => {
    for (const q of ['', '?published=false', '?published=true']) {
      const res = await t.call('GET', `/api/posts${q}`);
      expect(res.status).toBe(200);
      expect(res.json.map((p: { title: string }) => p.title)).toEqual(['Published two', 'Published one']);
    }
  });

  it('drafts are invisible to anonymous callers by slug and by id', async () => {
    await t.login();
    const all = (await t.call('GET', '/api/posts')).json;
    const draft = all.find((p: { title: string }) => p.title === 'Draft one');
    t.logout();
    expect((await t.call('GET', `/api/posts/slug/${draft.slug}`)).status).toBe(404);
    const byId = await t.call('GET', `/api/posts/${draft.id}`);
    expect(byId.status).toBe(404);
    expect(byId.json).toEqual({ error: 'Post not found' });
    expect((await t.call('GET', `/api/posts?search=Draft`)).json).toEqual([]);
  });

  it('the administrator filters by published', async () => {
    await t.login();
    expect((await t.call('GET', '/api/posts')).json).toHaveLength(3);
    expect((await t.call('GET', '/api/posts?published=false')).json.map((p: { title: string }) => p.title)).toEqual([
      'Draft one',
    ]);
    expect((await t.call('GET', '/api/posts?published=true')).json).toHaveLength(2);
  });

  it('filters by category and by case-insensitive search over title, excerpt and content', async () => {
    expect(
      (await t.call('GET', '/api/posts?category=Deal%20Watch')).json.map((p: { title: string }) => p.title),
    ).toEqual(['Published one']);
    expect((await t.call('GET', '/api/posts?search=QUANTUM')).json.map((p: { title: string }) => p.title)).toEqual([
      'Published two',
    ]);
    expect((await t.call('GET', '/api/posts?search=published%20ONE')).json).toHaveLength(1);
    expect((await t.call('GET', '/api/posts?search=100%25')).json).toEqual([]);
  });

  it('pages with limit and offset and reports the total', async () => {
    const res = await t.call('GET', '/api/posts?limit=1&offset=1');
    expect(res.json.map((p: { title: string }) => p.title)).toEqual(['Published one']);
    expect(res.headers.get('X-Total-Count')).toBe('2');
    expect((await t.call('GET', '/api/posts?limit=0')).status).toBe(400);
    expect((await t.call('GET', '/api/posts?fields=summary&limit=1')).json[0].content).toBeUndefined();
  });

  it('serves the cached list gzipped to clients that accept it', async () => {
    const res = await t.app.request('http://127.0.0.1:4321/api/posts', {
      headers: { 'Accept-Encoding': 'gzip, deflate' },
    });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    const json = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString());
    expect(json.map((p: { title: string }) => p.title)).toEqual(['Published two', 'Published one']);
  });

  it('answers 404 for unknown ids and slugs', async () => {
    for (const path of ['/api/posts/999', '/api/posts/abc', '/api/posts/-1', '/api/posts/slug/nope']) {
      const res = await t.call('GET', path);
      expect(res.status).toBe(404);
      expect(res.json.error).toBe('Post not found');
    }
  });

  it('a list reflects a write at once (the read cache is cleared)', async () => {
    expect((await t.call('GET', '/api/posts')).json).toHaveLength(2);
    await createAs({ title: 'Fresh', published: true });
    t.logout();
    expect((await t.call('GET', '/api/posts')).json).toHaveLength(3);
  });
});

describe('PUT and DELETE /api/posts/{id}', () => {
  it('toggles published with only { published } and writes a change record each time', async () => {
    const post = await createAs();
    const on = await t.call('PUT', `/api/posts/${post.id}`, { published: true });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ published: true, title: post.title });
    expect(on.json.publishedAt).not.toBeNull();
    const off = await t.call('PUT', `/api/posts/${post.id}`, { published: false });
    expect(off.json.published).toBe(false);
    expect(await t.changes()).toEqual([
      expect.objectContaining({
        postId: post.id,
        kind: 'published',
        oldSlug: null,
        newSlug: post.slug,
        oldCategory: null,
        newCategory: 'Energy Future',
      }),
      expect.objectContaining({
        postId: post.id,
        kind: 'unpublished',
        oldSlug: post.slug,
        newSlug: null,
        oldCategory: 'Energy Future',
        newCategory: null,
      }),
    ]);
    await t.builder.kick();
    expect(t.renderer.batches.flat().map((c) => [c.postId, c.oldSlug, c.newSlug])).toEqual([
      [post.id, null, post.slug],
      [post.id, post.slug, null],
    ]);
  });

  it('a draft slug follows its title; a published slug does not change when the title is edited', async () => {
    const post = await createAs();
    const renamed = await t.call('PUT', `/api/posts/${post.id}`, { title: 'A better headline' });
    expect(renamed.json.slug).toBe('a-better-headline');
    expect(await t.changes()).toEqual([]); // a draft edit changes nothing readers see
    await t.call('PUT', `/api/posts/${post.id}`, { published: true });
    const edited = await t.call('PUT', `/api/posts/${post.id}`, { title: 'An even better headline' });
    expect(edited.json.slug).toBe('a-better-headline');
    const changes = await t.changes();
    expect(changes.map((c) => c.kind)).toEqual(['published', 'updated']);
    expect(changes[1]).toMatchObject({
      postId: post.id,
      title: 'An even better headline',
      oldSlug: 'a-better-headline',
      newSlug: 'a-better-headline',
      fields: ['title'],
    });
  });

  it('an explicit slug change of a published post keeps the old slug answering', async () => {
    const post = await createAs({ published: true });
    const res = await t.call('PUT', `/api/posts/${post.id}`, { slug: 'new-slug' });
    expect(res.json.slug).toBe('new-slug');
    expect((await t.changes()).at(-1)).toMatchObject({
      kind: 'updated',
      oldSlug: post.slug,
      newSlug: 'new-slug',
      fields: ['slug'],
    });
    t.logout();
    expect((await t.call('GET', `/api/posts/slug/${post.slug}`)).json.slug).toBe('new-slug');
  });

  it('refuses a slug that another post uses with 409', async () => {
    const a = await createAs({ title: 'First' });
    const b = await createAs({ title: 'Second' });
    const res = await t.call('PUT', `/api/posts/${b.id}`, { slug: a.slug });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('Slug is already in use');
  });

  it('a full edit validates like create', async () => {
    const post = await createAs();
    const res = await t.call('PUT', `/api/posts/${post.id}`, postBody({ title: '' }));
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Title is required');
    expect((await t.call('GET', `/api/posts/${post.id}`)).json.title).toBe(post.title);
  });

  it('needs a session and answers 404 for unknown posts', async () => {
    const post = await createAs();
    t.logout();
    expect((await t.call('PUT', `/api/posts/${post.id}`, { published: true })).status).toBe(401);
    expect((await t.call('DELETE', `/api/posts/${post.id}`)).status).toBe(401);
    await t.login();
    expect((await t.call('PUT', '/api/posts/999', { published: true })).status).toBe(404);
    expect((await t.call('DELETE', '/api/posts/999')).status).toBe(404);
  });

  it('deletes; deleting a published post writes a change record, deleting a draft none', async () => {
    const post = await createAs({ published: true });
    expect((await t.call('DELETE', `/api/posts/${post.id}`)).json).toEqual({ ok: true });
    expect((await t.call('GET', `/api/posts/${post.id}`)).status).toBe(404);
    const changes = await t.changes();
    expect(changes.map((c) => c.kind)).toEqual(['published', 'deleted']);
    expect(changes[1]).toMatchObject({
      postId: post.id,
      title: post.title,
      oldSlug: post.slug,
      newSlug: null,
      oldCategory: 'Energy Future',
      newCategory: null,
    });
    await t.builder.kick();
    expect(t.renderer.batches.flat().at(-1)).toMatchObject({ id: changes[1]!.id, oldSlug: post.slug, newSlug: null });

    const draft = await createAs({ title: 'Never public' });
    expect((await t.call('DELETE', `/api/posts/${draft.id}`)).status).toBe(200);
    expect(await t.changes()).toHaveLength(2);
  });
});

describe('GET /api/analytics', () => {
  it('counts published posts for readers and every post for the administrator', async () => {
    await createAs({ published: true, readTime: 4, tags: ['ai', 'eu'] });
    await createAs({ published: false, readTime: 10, tags: ['ai'] });
    t.logout();
    const anon = await t.call('GET', '/api/analytics');
    expect(anon.json).toEqual({
      totalPosts: 1,
      totalReadTime: 4,
      averageReadTime: 4,
      topCategories: [{ category: 'Energy Future', count: 1 }],
      topTags: [
        { tag: 'ai', count: 1 },
        { tag: 'eu', count: 1 },
      ],
    });
    await t.login();
    const admin = await t.call('GET', '/api/analytics');
    expect(admin.json).toMatchObject({
      totalPosts: 2,
      totalReadTime: 14,
      averageReadTime: 7,
      topTags: [
        { tag: 'ai', count: 2 },
        { tag: 'eu', count: 1 },
      ],
    });
  });
});

/** A body as the AI writers leave it: the composer's note, its prompts and placeholders, its checklist. */
const UNFINISHED = [
  '> **Outline draft.** Written without a language model by the offline composer.',
  '> Replace the prompts with verified writing, and remove this note before publishing.',
  '',
  '## What Happened',
  '',
  '**Questions to answer:**',
  '',
  '- What exactly happened?',
  '',
  '**Sources:** [Source needed: evidence for “What Happened”]',
  '',
  '## Sources',
  '',
  '1. [Source needed: primary document]',
  '2. [Source needed]',
  '',
  '## Before Publishing',
  '',
  '- [ ] Every claim checked',
  '- [ ] Outline prompts and this checklist removed',
].join('\n');
const UNFINISHED_MESSAGE =
  'This draft is unfinished and cannot be published: it still holds 3 “[Source needed]” placeholders, ' +
  '1 “Questions to answer” prompt and 2 “Before Publishing” checklist items, and the generator’s note ' +
  '“Outline draft. Written without a language model by the offline composer. Replace the prompts with verified ' +
  'writing, and remove this note before publishing.” Replace or remove them first.';
const FINISHED = '## What Happened\n\nThe regulator published its decision on 3 June [1].';

describe('unfinished AI drafts', () => {
  it('refuses to publish a body still holding the AI writers’ markers, naming them, and writes nothing', async () => {
    await t.login();
    const created = await t.call('POST', '/api/posts', postBody({ content: UNFINISHED, published: true }));
    expect(created.status).toBe(400);
    expect(created.json).toEqual({
      error: UNFINISHED_MESSAGE,
      issues: [{ path: 'content', message: UNFINISHED_MESSAGE }],
    });
    expect((await t.call('GET', '/api/posts')).json).toEqual([]);

    // As a draft it may be kept and worked on; the publish toggle (or a save publishing it) is refused.
    const draft = await createAs({ content: UNFINISHED });
    const toggle = await t.call('PUT', `/api/posts/${draft.id}`, { published: true });
    expect(toggle.status).toBe(400);
    expect(toggle.json.error).toBe(UNFINISHED_MESSAGE);
    const save = await t.call('PUT', `/api/posts/${draft.id}`, { version: 1, title: 'Edited', published: true });
    expect(save.json.error).toBe(UNFINISHED_MESSAGE);
    expect((await t.call('GET', `/api/posts/${draft.id}`)).json).toMatchObject({ published: false, version: 1 });
    expect(await t.changes()).toEqual([]);
  });

  it('refuses a whole outline from the offline composer, and a live post saved with a placeholder', async () => {
    const outline = composeOutline({
      persona: WRITER_PERSONAS[0]!,
      category: 'Analysis Drop',
      template: templateFor('Analysis Drop'),
      topic: 'grid queues',
      purpose: 'editor',
    });
    await t.login();
    const res = await t.call('POST', '/api/posts', postBody({ content: outline, published: true }));
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(
      /^This draft is unfinished and cannot be published: it still holds \d+ “\[Source needed\]” placeholders, \d+ “Questions to answer” prompts and 4 “Before Publishing” checklist items, and the generator’s note “Outline draft\. .+ remove this note before publishing\.” Replace or remove them first\.$/,
    );

    const live = await createAs({ published: true });
    const edit = await t.call('PUT', `/api/posts/${live.id}`, { content: `${FINISHED}\n\nA claim [Source needed].` });
    expect(edit.status).toBe(400);
    expect(edit.json.error).toMatch(/it still holds 1 “\[Source needed\]” placeholder\./);
    // Unpublishing is never refused, and a draft may hold the markers.
    const off = await t.call('PUT', `/api/posts/${live.id}`, { published: false, content: UNFINISHED });
    expect(off.status).toBe(200);
  });

  it('publishes once the body is finished', async () => {
    const draft = await createAs({ content: UNFINISHED });
    const res = await t.call('PUT', `/api/posts/${draft.id}`, { version: 1, content: FINISHED, published: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ published: true, content: FINISHED });
    expect((await createAs({ content: FINISHED, published: true })).published).toBe(true);
  });
});

describe('aiGenerated', () => {
  it('follows provenance, the one record of how a post was made', async () => {
    const generated = await createAs({ provenance: 'ai-generated' });
    expect(generated).toMatchObject({ provenance: 'ai-generated', aiGenerated: true });
    const human = await createAs();
    expect(human).toMatchObject({ provenance: 'human', aiGenerated: false });
    const assisted = await t.call('PUT', `/api/posts/${generated.id}`, { provenance: 'ai-assisted' });
    expect(assisted.json).toMatchObject({ provenance: 'ai-assisted', aiGenerated: false });
    const back = await t.call('PUT', `/api/posts/${human.id}`, { provenance: 'ai-generated' });
    expect(back.json).toMatchObject({ provenance: 'ai-generated', aiGenerated: true });
    const list = (await t.call('GET', '/api/posts?fields=summary')).json as { id: number; aiGenerated: boolean }[];
    expect(Object.fromEntries(list.map((p) => [p.id, p.aiGenerated]))).toEqual({
      [generated.id]: false,
      [human.id]: true,
    });
  });
});
