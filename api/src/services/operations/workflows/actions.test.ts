import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUPS_KEPT, createActionRunner } from './actions.ts';
import { createPost, createWorkflow, runToEnd, signedInApp, type TestApp } from './test-workflows.ts';

let t: TestApp;
beforeEach(async () => {
  t = await signedInApp();
});
afterEach(async () => {
  await t.ctx.operations.workflows.idle();
  await t.cleanup();
});

describe('actions against the real database', () => {
  it('publish: publishes the drafts matching its condition through the posts service (a change record each)', async () => {
    const tagged = await createPost(t, { title: 'Tagged draft one', tags: ['auto-publish'] });
    const other = await createPost(t, { title: 'Untagged draft' });
    const tagged2 = await createPost(t, { title: 'Tagged draft two', tags: ['Auto-Publish', 'x'] });
    const w = await createWorkflow(t, { actions: [{ type: 'publish', config: { condition: 'tag:auto-publish' } }] });
    const { run } = await runToEnd(t, w.id);
    expect(run.steps[0].status, run.steps[0].error).toBe('done');
    expect(run.steps[0].message).toMatch(/Published 2 drafts/);
    for (const p of [tagged, tagged2]) expect((await t.call('GET', `/api/posts/${p.id}`)).json.published).toBe(true);
    expect((await t.call('GET', `/api/posts/${other.id}`)).json.published).toBe(false);
    expect((await t.changes()).map((c) => [c.kind, c.postId, c.title, c.newSlug])).toEqual([
      ['published', tagged.id, 'Tagged draft one', tagged.slug],
      ['published', tagged2.id, 'Tagged draft two', tagged2.slug],
    ]);
  });

  it('publish without a condition is skipped, never publishes everything', async () => {
    const draft = await createPost(t);
    const w = await createWorkflow(t, { actions: [{ type: 'publish' }] });
    const { run } = await runToEnd(t, w.id);
    expect(run.status).toBe('completed');
    expect(run.steps[0].status).toBe('skipped');
    expect((await t.call('GET', `/api/posts/${draft.id}`)).json.published).toBe(false);
  });

  it('backup: writes a snapshot that opens and holds the posts, keeping the newest N', async () => {
    await createPost(t, { title: 'One', published: true });
    await createPost(t, { title: 'Two' });
    const w = await createWorkflow(t, { actions: [{ type: 'backup' }] });
    const { run } = await runToEnd(t, w.id);
    expect(run.steps[0].status, run.steps[0].error).toBe('done');
    const dir = join(t.dir, 'backups');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const copy = createClient({ url: `file:${join(dir, files[0]!)}` });
    const rows = await copy.execute('SELECT title FROM posts ORDER BY id');
    expect(rows.rows.map((r) => r.title)).toEqual(['One', 'Two']);
    copy.close();
    for (let i = 0; i < BACKUPS_KEPT + 2; i++) {
      t.clock.advance(1000);
      await runToEnd(t, w.id);
    }
    const kept = readdirSync(dir).sort();
    expect(kept).toHaveLength(BACKUPS_KEPT);
    expect(kept).not.toContain(files[0]); // the oldest went first
  });

  it('seo_check: analyses published posts and notifies about scores under 60, linking to the lowest post', async () => {
    const short = await createPost(t, { title: 'Short', published: true });
    await createPost(t, { title: 'A draft is not checked' });
    const w = await createWorkflow(t, { actions: [{ type: 'seo_check' }] });
    const { run } = await runToEnd(t, w.id);
    expect(run.steps[0].message).toMatch(/^1 of all 1 published articles score under 60\. Lowest: “Short” \(\d+\)\.$/);
    const list = (await t.call('GET', '/api/notifications')).json;
    expect(list.find((n: { title: string }) => n.title === 'SEO Check: Articles Need Attention')).toMatchObject({
      type: 'warning',
      message: run.steps[0].message,
      // The flagged post itself, where its SEO fields are; not the SEO page without a post.
      actionUrl: `/admin/edit/${short.id}`,
      actionText: 'Edit post',
    });
  });

  it('seo_check for a post event says it checked that post only, and links to it', async () => {
    await createPost(t, { title: 'Another low one', published: true });
    const post = await createPost(t, { title: 'Just out', published: true });
    const notifications = t.ctx.operations.notifications;
    const runAction = createActionRunner({
      db: t.db,
      clock: t.clock,
      posts: t.ctx.posts,
      notifications,
      backupDir: join(t.dir, 'b'),
      databaseUrl: t.url,
      siteUrl: 'https://northwire.example',
      socialWebhookUrls: [],
    });
    const run = {
      trigger: 'event' as const,
      event: 'post_published',
      post: { id: post.id, slug: post.slug, title: post.title },
    };
    await runAction({ type: 'seo_check' }, { workflow: { id: 1, name: 'SEO' }, runId: 1, run });
    const notice = (await notifications.list()).find((n) => n.title.startsWith('SEO Check'));
    expect(notice).toMatchObject({
      title: 'SEO Check: Articles Need Attention',
      message: expect.stringMatching(
        /^“Just out” scores \d+, under 60 \(checked as it was published; other articles were not checked\)\.$/,
      ),
      actionUrl: `/admin/edit/${post.id}`,
      actionText: 'Edit post',
    });
  });

  it('seo_check names the lowest of several and links to it', async () => {
    const posts = [
      await createPost(t, { title: 'One low', published: true }),
      await createPost(t, { title: 'Two low', published: true }),
    ];
    const w = await createWorkflow(t, { actions: [{ type: 'seo_check' }] });
    const { run } = await runToEnd(t, w.id);
    const named =
      /^2 of all 2 published articles score under 60\. Lowest: “(One|Two) low” \(\d+\), “(One|Two) low”/.exec(
        run.steps[0].message,
      );
    expect(named).not.toBeNull();
    const lowest = posts.find((p) => p.title === `${named![1]} low`)!;
    const notice = (await t.ctx.operations.notifications.list()).find((n) => n.title.startsWith('SEO Check'));
    expect(notice).toMatchObject({ actionUrl: `/admin/edit/${lowest.id}`, actionText: 'Edit lowest-scoring post' });
  });

  it('social_share: skipped (never done) without webhooks; POSTs the post to each configured one', async () => {
    await createPost(t, { title: 'Shareable', published: true });
    const w = await createWorkflow(t, { actions: [{ type: 'social_share', config: { platforms: ['linkedin'] } }] });
    const { run } = await runToEnd(t, w.id);
    expect(run.steps[0]).toMatchObject({
      status: 'skipped',
      message: expect.stringMatching(/No social webhook configured/),
    });

    const calls: { url: string; body: string }[] = [];
    const runAction = createActionRunner({
      db: t.db,
      clock: t.clock,
      posts: t.ctx.posts,
      notifications: t.ctx.operations.notifications,
      backupDir: join(t.dir, 'b'),
      databaseUrl: t.url,
      siteUrl: 'https://northwire.example',
      socialWebhookUrls: ['https://hooks.example/a', 'https://hooks.example/b'],
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, body: String(init.body) });
        return new Response(null, { status: url.endsWith('/b') ? 500 : 200 });
      }) as typeof fetch,
    });
    const ctx = { workflow: { id: 1, name: 'Share' }, runId: 1, run: { trigger: 'manual' as const } };
    await expect(runAction({ type: 'social_share', config: { platforms: ['linkedin'] } }, ctx)).rejects.toThrow(
      /hooks.example answered 500/,
    );
    expect(calls.map((c) => c.url)).toEqual(['https://hooks.example/a', 'https://hooks.example/b']);
    expect(JSON.parse(calls[0]!.body)).toMatchObject({
      platforms: ['linkedin'],
      post: { title: 'Shareable', url: 'https://northwire.example/post/shareable' },
    });
  });
});
