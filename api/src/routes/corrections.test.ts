import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CORRECTION_BEFORE_PUBLICATION,
  CORRECTION_DRAFT_REFUSED,
  CORRECTION_EDIT_WINDOW_MS,
  CORRECTION_IN_FUTURE,
  CORRECTION_LOCKED,
  CorrectionSchema,
  SiteCorrectionsSchema,
} from 'content-schema/corrections';
import { SitePostPageSchema, SiteSummaryPageSchema } from 'content-schema/site-feed';
import { postBody, testApp, type RecordingRenderer } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp<RecordingRenderer>>>;
let t: T;

beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.cleanup());

const FIX = { wrong: 'The grid queue was put at 40 GW.', right: 'The grid queue is 14 GW.' };

async function publish(overrides: Record<string, unknown> = {}, at?: string) {
  if (at) t.clock.set(at);
  await t.login();
  const res = await t.call('POST', '/api/posts', postBody({ published: true, ...overrides }));
  expect(res.status).toBe(201);
  return res.json as { id: number; slug: string; publishedAt: string };
}

async function sitePost(id: number) {
  const res = await t.call('GET', `/api/site/posts?ids=${id}`);
  expect(res.status).toBe(200);
  return SitePostPageSchema.parse(res.json).posts[0]!;
}

describe('corrections: who may write', () => {
  it('refuses every write without a session, and writes nothing', async () => {
    const post = await publish();
    const made = await t.call('POST', `/api/posts/${post.id}/corrections`, FIX);
    expect(made.status).toBe(201);
    t.logout();
    const before = await t.changes();
    for (const [method, path, body] of [
      ['POST', `/api/posts/${post.id}/corrections`, FIX],
      ['PUT', `/api/corrections/${made.json.id}`, { right: 'Changed by a stranger' }],
      ['DELETE', `/api/corrections/${made.json.id}`, undefined],
      ['GET', `/api/posts/${post.id}/corrections`, undefined],
    ] as const) {
      const res = await t.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await t.changes()).toEqual(before);
    expect((await sitePost(post.id)).corrections.map((c) => c.right)).toEqual([FIX.right]);
  });

  it('refuses a write from another origin even with the session', async () => {
    const post = await publish();
    const res = await t.call('POST', `/api/posts/${post.id}/corrections`, FIX, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await sitePost(post.id)).corrections).toEqual([]);
  });
});

describe('POST /api/posts/:id/corrections', () => {
  it('records a correction on a published post: 201, a change record, on the site and in the log', async () => {
    const post = await publish();
    t.clock.advance(60_000);
    const res = await t.call('POST', `/api/posts/${post.id}/corrections`, FIX);
    expect(res.status).toBe(201);
    const correction = CorrectionSchema.parse(res.json);
    expect(correction).toMatchObject({
      postId: post.id,
      ...FIX,
      recordedBy: 'admin',
      correctedAt: t.clock.now().toISOString(),
    });
    const last = (await t.changes()).at(-1)!;
    expect(last).toMatchObject({
      postId: post.id,
      kind: 'corrected',
      oldSlug: post.slug,
      newSlug: post.slug,
      fields: ['corrections'],
    });

    const site = await sitePost(post.id);
    expect(site.corrections).toEqual([{ id: correction.id, ...FIX, correctedAt: correction.correctedAt }]);
    expect(site.modifiedAt).toBe(correction.correctedAt);

    const log = SiteCorrectionsSchema.parse((await t.call('GET', '/api/site/corrections')).json);
    expect(log.corrections).toEqual([
      {
        id: correction.id,
        ...FIX,
        correctedAt: correction.correctedAt,
        postId: post.id,
        slug: post.slug,
        title: postBody().title,
        category: 'Energy Future',
      },
    ]);
    // The builder hands the renderer the change with its kind.
    await t.builder.idle();
    expect(t.renderer.batches.flat().at(-1)).toMatchObject({ kind: 'corrected', postId: post.id });
  });

  it('refuses a draft with a clear message (409) and records nothing', async () => {
    await t.login();
    const draft = (await t.call('POST', '/api/posts', postBody())).json;
    const res = await t.call('POST', `/api/posts/${draft.id}/corrections`, FIX);
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(CORRECTION_DRAFT_REFUSED);
    expect((await t.call('GET', `/api/posts/${draft.id}/corrections`)).json).toEqual({ corrections: [] });
    expect(await t.changes()).toEqual([]);
  });

  it('keeps an unpublished post’s corrections out of the public log', async () => {
    const post = await publish();
    await t.call('POST', `/api/posts/${post.id}/corrections`, FIX);
    await t.call('PUT', `/api/posts/${post.id}`, { published: false });
    expect((await t.call('GET', '/api/site/corrections')).json).toEqual({ corrections: [] });
    const refused = await t.call('POST', `/api/posts/${post.id}/corrections`, FIX);
    expect(refused.status).toBe(409);
    // The editor still sees it.
    expect((await t.call('GET', `/api/posts/${post.id}/corrections`)).json.corrections).toHaveLength(1);
  });

  it.each([
    ['wrong', { ...FIX, wrong: ' ' }, 'What was wrong is required'],
    ['right', { wrong: FIX.wrong }, 'What is right is required'],
    ['wrong', { ...FIX, wrong: 'x'.repeat(2001) }, 'What was wrong must be at most 2,000 characters'],
    ['correctedAt', { ...FIX, correctedAt: 'yesterday' }, 'Corrected at must be a date and time with a time zone'],
    [
      'correctedAt',
      { ...FIX, correctedAt: '2026-06-01T10:00:00' },
      'Corrected at must be a date and time with a time zone',
    ],
  ])('refuses a bad %s with 400 and its message', async (path, body, message) => {
    const post = await publish();
    const res = await t.call('POST', `/api/posts/${post.id}/corrections`, body);
    expect(res.status).toBe(400);
    expect(res.json.issues).toContainEqual({ path, message });
  });

  it('refuses a time in the future or before publication; accepts an earlier time since publication', async () => {
    const post = await publish();
    t.clock.advance(3_600_000);
    const future = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect(
      (await t.call('POST', `/api/posts/${post.id}/corrections`, { ...FIX, correctedAt: future })).json.error,
    ).toBe(CORRECTION_IN_FUTURE);
    const before = new Date(Date.parse(post.publishedAt) - 60_000).toISOString();
    expect(
      (await t.call('POST', `/api/posts/${post.id}/corrections`, { ...FIX, correctedAt: before })).json.error,
    ).toBe(CORRECTION_BEFORE_PUBLICATION);
    const earlier = new Date(Date.parse(post.publishedAt) + 60_000).toISOString().replace('Z', '+00:00');
    const ok = await t.call('POST', `/api/posts/${post.id}/corrections`, { ...FIX, correctedAt: earlier });
    expect(ok.status).toBe(201);
    expect(ok.json.correctedAt).toBe(new Date(earlier).toISOString());
  });

  it('reads a time in the minute of publication (the admin field has minute precision) as the publication', async () => {
    const post = await publish({}, '2026-06-01T10:00:42.000Z');
    const minute = '2026-06-01T10:00:00.000Z';
    const res = await t.call('POST', `/api/posts/${post.id}/corrections`, { ...FIX, correctedAt: minute });
    expect(res.status).toBe(201);
    expect(res.json.correctedAt).toBe(post.publishedAt);
  });

  it.each(['0', '-1', 'abc', '1e3', '999999999999999', '9'.repeat(40)])(
    'answers 404 (never 500) for post id %s',
    async (id) => {
      await t.login();
      const res = await t.call('POST', `/api/posts/${id}/corrections`, FIX);
      expect(res.status).toBe(404);
    },
  );

  it.each(['', 'not json', '[]', 'null', '{"wrong":1,"right":2}', '{"wrong":"a","right":"b","id":7}'])(
    'answers 400 (never 500) for the body %s',
    async (body) => {
      const post = await publish();
      const res = await t.call('POST', `/api/posts/${post.id}/corrections`, body);
      expect(res.status).toBe(400);
    },
  );
});

describe('changing and withdrawing a correction', () => {
  it('may change or withdraw it within the window; each is a public change', async () => {
    const post = await publish();
    const made = (await t.call('POST', `/api/posts/${post.id}/corrections`, FIX)).json;
    t.clock.advance(60_000);
    const changed = await t.call('PUT', `/api/corrections/${made.id}`, { right: 'The grid queue is 14.2 GW.' });
    expect(changed.status).toBe(200);
    expect(changed.json.right).toBe('The grid queue is 14.2 GW.');
    expect((await sitePost(post.id)).corrections[0]!.right).toBe('The grid queue is 14.2 GW.');
    const removed = await t.call('DELETE', `/api/corrections/${made.id}`);
    expect(removed.status).toBe(200);
    expect((await sitePost(post.id)).corrections).toEqual([]);
    expect((await t.changes()).filter((c) => c.kind === 'corrected')).toHaveLength(3);
    expect((await t.call('DELETE', `/api/corrections/${made.id}`)).status).toBe(404);
  });

  it('refuses to change or withdraw it once the window has passed (409), leaving it as it was', async () => {
    const post = await publish();
    const made = (await t.call('POST', `/api/posts/${post.id}/corrections`, FIX)).json;
    t.clock.advance(CORRECTION_EDIT_WINDOW_MS + 1000);
    const put = await t.call('PUT', `/api/corrections/${made.id}`, { right: 'Rewritten history' });
    expect(put.status).toBe(409);
    expect(put.json.error).toBe(CORRECTION_LOCKED);
    const del = await t.call('DELETE', `/api/corrections/${made.id}`);
    expect(del.status).toBe(409);
    expect((await sitePost(post.id)).corrections.map((c) => c.right)).toEqual([FIX.right]);
    // A correction of the correction is the way.
    const further = await t.call('POST', `/api/posts/${post.id}/corrections`, {
      wrong: 'Our correction said the queue is 14 GW.',
      right: 'It is 14.2 GW.',
    });
    expect(further.status).toBe(201);
    expect((await sitePost(post.id)).corrections.map((c) => c.right)).toEqual(['It is 14.2 GW.', FIX.right]);
  });

  it.each(['0', 'abc', '123456'])('answers 404 for correction id %s', async (id) => {
    await t.login();
    expect((await t.call('PUT', `/api/corrections/${id}`, { right: 'x' })).status).toBe(404);
    expect((await t.call('DELETE', `/api/corrections/${id}`)).status).toBe(404);
  });
});

describe('the visible "Updated" time (modifiedAt)', () => {
  it('moves with an edit of the title or body after publication, not with tags, SEO fields or provenance', async () => {
    const post = await publish();
    expect((await sitePost(post.id)).modifiedAt).toBeNull();
    t.clock.advance(60_000);
    await t.call('PUT', `/api/posts/${post.id}`, {
      tags: ['grids'],
      seoTitle: 'Grid queues',
      provenance: 'ai-assisted',
    });
    expect((await sitePost(post.id)).modifiedAt).toBeNull();
    t.clock.advance(60_000);
    await t.call('PUT', `/api/posts/${post.id}`, { content: '## Why\n\nBecause grids take a decade to build.' });
    const edited = t.clock.now().toISOString();
    expect((await sitePost(post.id)).modifiedAt).toBe(edited);
    const summaries = SiteSummaryPageSchema.parse((await t.call('GET', '/api/site/posts?fields=summary')).json);
    expect(summaries.posts.find((p) => p.id === post.id)!.modifiedAt).toBe(edited);
  });

  it('a draft’s edits before its publication are not updates', async () => {
    await t.login();
    const draft = (await t.call('POST', '/api/posts', postBody())).json;
    t.clock.advance(60_000);
    await t.call('PUT', `/api/posts/${draft.id}`, { title: 'A better title' });
    t.clock.advance(60_000);
    await t.call('PUT', `/api/posts/${draft.id}`, { published: true });
    expect((await sitePost(draft.id)).modifiedAt).toBeNull();
  });
});

describe('provenance and editedBy', () => {
  it('records the signed-in editor as editor of a post whose provenance involves AI', async () => {
    await t.login();
    const human = (await t.call('POST', '/api/posts', postBody())).json;
    expect(human).toMatchObject({ provenance: 'human', editedBy: null });
    const generated = (
      await t.call('POST', '/api/posts', postBody({ provenance: 'ai-generated', authorName: 'Ingrid Solvik' }))
    ).json;
    expect(generated).toMatchObject({ provenance: 'ai-generated', editedBy: 'admin' });
    const assisted = (await t.call('PUT', `/api/posts/${human.id}`, { provenance: 'ai-assisted' })).json;
    expect(assisted).toMatchObject({ provenance: 'ai-assisted', editedBy: 'admin' });
    const bad = await t.call('PUT', `/api/posts/${human.id}`, { provenance: 'robot' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Provenance must be human, ai-assisted or ai-generated');
  });

  it('a change of provenance of a published post is a public change', async () => {
    const post = await publish();
    await t.call('PUT', `/api/posts/${post.id}`, { provenance: 'ai-generated' });
    expect((await t.changes()).at(-1)).toMatchObject({
      kind: 'updated',
      fields: expect.arrayContaining(['provenance', 'editedBy']),
    });
  });
});
