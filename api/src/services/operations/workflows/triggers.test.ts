import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../../db/client.ts';
import { postBody, recordingRenderer, testApp } from '../../../test-utils.ts';
import {
  createPost,
  createWorkflow,
  form,
  settle,
  settleChanges,
  signedInApp,
  type TestApp,
} from './test-workflows.ts';

let t: TestApp;
const extra: TestApp[] = [];
beforeEach(async () => {
  t = await signedInApp();
});
afterEach(async () => {
  await t.ctx.operations.workflows.idle();
  for (const e of extra.splice(0)) await e.ctx.operations.workflows.idle();
  await t.cleanup();
});

describe('event triggers', () => {
  it('runs on post_published and post_unpublished with the post in its context', async () => {
    const onPublish = await createWorkflow(t, { name: 'On publish', trigger: 'event', event: 'post_published' });
    const onUnpublish = await createWorkflow(t, { name: 'On unpublish', trigger: 'event', event: 'post_unpublished' });
    // The app's first write: the feed's consumers start before it, so even this change reaches them.
    const post = await createPost(t, { published: true });
    await settleChanges(t);
    const runs = (await t.call('GET', `/api/workflows/${onPublish.id}/runs`)).json;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: 'completed',
      trigger: 'event',
      context: { event: 'post_published', post: { id: post.id, slug: post.slug } },
    });
    expect((await t.call('GET', `/api/workflows/${onUnpublish.id}/runs`)).json).toHaveLength(0);
    await t.call('PUT', `/api/posts/${post.id}`, { published: false });
    await settleChanges(t);
    const unpublishRuns = (await t.call('GET', `/api/workflows/${onUnpublish.id}/runs`)).json;
    expect(unpublishRuns).toHaveLength(1);
    expect(unpublishRuns[0]).toMatchObject({
      status: 'completed',
      context: { event: 'post_unpublished', post: { id: post.id, slug: post.slug } },
    });
    // Each change starts its workflows once, however often the feed is polled.
    await settleChanges(t);
    expect((await t.call('GET', `/api/workflows/${onPublish.id}/runs`)).json).toHaveLength(1);
    expect((await t.call('GET', `/api/workflows/${onUnpublish.id}/runs`)).json).toHaveLength(1);
  });

  it('a second instance on the same database does not run an event workflow again', async () => {
    const onPublish = await createWorkflow(t, { name: 'On publish', trigger: 'event', event: 'post_published' });
    // A second server: its own connection to the same database file, its own change feed.
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir, start: '2026-06-01T06:00:00Z' });
    extra.push(other);
    await createPost(t, { published: true });
    await Promise.all([settleChanges(t), settleChanges(other)]);
    await settleChanges(other); // after the first run finished, so a second delivery would start a second run
    expect((await t.call('GET', `/api/workflows/${onPublish.id}/runs`)).json).toHaveLength(1);
    await other.cleanup();
  });

  it('runs on build_failed, and not when disabled', async () => {
    const failing = await testApp({
      start: '2026-06-01T06:00:00Z',
      renderer: recordingRenderer({ fail: () => 'astro exploded' }),
    });
    extra.push(failing);
    await failing.login();
    const created = await failing.call('POST', '/api/workflows', form({ trigger: 'event', event: 'build_failed' }));
    const disabled = await failing.call(
      'POST',
      '/api/workflows',
      form({ trigger: 'event', event: 'build_failed', enabled: false }),
    );
    await failing.call('POST', '/api/posts', postBody({ published: true }));
    await vi.waitFor(async () =>
      expect((await failing.call('GET', `/api/workflows/${created.json.id}/runs`)).json).toHaveLength(1),
    );
    await failing.builder.idle();
    await settle(failing);
    expect((await failing.call('GET', `/api/workflows/${disabled.json.id}/runs`)).json).toHaveLength(0);
    await failing.cleanup();
    extra.pop();
  });
});
