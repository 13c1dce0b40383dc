import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildStatusSchema, PostLiveSchema } from 'content-schema/build';
import { SiteRedirectsSchema } from 'content-schema/site-feed';
import { postBody, testApp, type RecordingRenderer } from '../test-utils.ts';

let t: Awaited<ReturnType<typeof testApp<RecordingRenderer>>>;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.cleanup());

async function publish(overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/posts', postBody({ published: true, ...overrides }));
  expect(res.status).toBe(201);
  return res.json as { id: number; slug: string; version: number };
}

describe('the publishing panel’s reads', () => {
  it('need a session', async () => {
    expect((await t.call('GET', '/api/build/status')).status).toBe(401);
    expect((await t.call('GET', '/api/build/posts?ids=1')).status).toBe(401);
  });

  it('report the build a publish caused, and how each post went live', async () => {
    await t.login();
    const post = await publish();
    const draft = await publish({ title: 'A draft only', published: false });
    await t.builder.idle();

    const status = BuildStatusSchema.parse((await t.call('GET', '/api/build/status')).json);
    expect(status.lastSuccess?.state).toBe('succeeded');
    expect(status.builtThrough).toBe(status.latestChange);
    expect(status.pending).toBe(false);

    const live = async () =>
      ((await t.call('GET', `/api/build/posts?ids=${post.id},${draft.id}`)).json as unknown[]).map((l) =>
        PostLiveSchema.parse(l),
      );
    // A draft has no public change, so nothing to report. The recording renderer writes no pages, so the change
    // is not confirmed on the site until a full render, which marks everything up to it live.
    expect(await live()).toEqual([
      expect.objectContaining({ postId: post.id, kind: 'published', liveAt: null, error: null }),
    ]);
    const retry = await t.call('POST', '/api/build');
    expect(retry.status).toBe(202);
    expect(BuildStatusSchema.parse(retry.json).pending || BuildStatusSchema.parse(retry.json).current !== null).toBe(
      true,
    );
    await t.builder.idle();
    const [after] = await live();
    expect(after!.liveAt).not.toBeNull();
    expect(after!.liveMs).toBeGreaterThanOrEqual(0);
  });

  it('refuse ids that are not a list of numbers', async () => {
    await t.login();
    const res = await t.call('GET', '/api/build/posts?ids=1,two');
    expect(res).toMatchObject({ status: 400, json: { error: 'ids must be a comma-separated list of post ids' } });
  });
});

describe('GET /api/site/redirects', () => {
  it('lists the old slugs of published posts only, to their post', async () => {
    await t.login();
    const post = await publish({ title: 'Grid queues are the real bottleneck' });
    const renamed = await t.call('PUT', `/api/posts/${post.id}`, { slug: 'grid-queues-decide', version: post.version });
    expect(renamed.status).toBe(200);
    expect(renamed.json.slug).toBe('grid-queues-decide');

    const read = async () => SiteRedirectsSchema.parse((await t.call('GET', '/api/site/redirects')).json).redirects;
    expect(await read()).toEqual([{ from: post.slug, postId: post.id }]);
    // Unpublished, the post's old address must not reveal it exists.
    const back = await t.call('PUT', `/api/posts/${post.id}`, { published: false, version: renamed.json.version });
    expect(back.status).toBe(200);
    expect(await read()).toEqual([]);
  });
});
