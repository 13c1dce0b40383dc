import { describe, expect, it } from 'vitest';
import { postChanges } from '../../../db/schema.ts';
import { recordingRenderer } from '../../../test-utils.ts';
import { change, gatedRenderer, setup } from '../test-builder.ts';
import type { SiteProbe } from '../context.ts';

describe('embedded builder', () => {
  it('a post that cannot be rendered is named in the build and its change; the rest goes live', async () => {
    const { renderer, calls } = gatedRenderer();
    const probe: SiteProbe = async (path) => ({
      status: 200,
      body: `<meta property="article:modified_time" content="${path === '/post/post-2' ? 'v2' : ''}">`,
    });
    const { builder, db, clock, seen } = await setup({ renderer, probe });
    await change(db, clock, 1, 'Broken');
    await change(db, clock, 2, 'Fine');
    void builder.kick();
    await expect.poll(() => calls.length).toBe(1);
    clock.advance(400);
    calls[0]!.release({
      postErrors: [
        { postId: 1, title: 'Broken', slug: 'post-1', reason: 'The post body could not be rendered: too deep' },
      ],
      live: [{ postId: 2, path: '/post/post-2', present: true, updatedAt: 'v2' }],
    });
    await builder.idle();
    const status = await builder.status();
    expect(status.last).toMatchObject({ state: 'succeeded', liveMs: 400 });
    expect(status.last!.postErrors).toEqual([
      { postId: 1, title: 'Broken', slug: 'post-1', reason: 'The post body could not be rendered: too deep' },
    ]);
    expect(seen.map((e) => e.name)).toContain('build_post_failed');
    const live = await builder.postsLive([1, 2]);
    expect(live.find((l) => l.postId === 1)).toMatchObject({
      liveAt: null,
      error: 'The post body could not be rendered: too deep',
    });
    expect(live.find((l) => l.postId === 2)).toMatchObject({ liveMs: 400, error: null });
  });

  it('a full render marks every change up to it live and clears errors, except for the posts it left out', async () => {
    const renderer = recordingRenderer();
    const { builder, db, clock } = await setup({ renderer });
    await change(db, clock, 1);
    await change(db, clock, 2);
    await db.update(postChanges).set({ error: 'could not be rendered' });
    renderer.full = async (through) => ({
      written: 9,
      removed: 0,
      postErrors: [{ postId: 2, title: 'Post 2', slug: 'post-2', reason: 'still broken' }],
      cursor: through,
      live: [],
      durationMs: 1,
    });
    await builder.requestFull('Requested by the editor');
    await builder.idle();
    const live = await builder.postsLive([1, 2]);
    expect(live.find((l) => l.postId === 1)).toMatchObject({ error: null, liveMs: 0 });
    expect(live.find((l) => l.postId === 2)).toMatchObject({ liveAt: null, error: 'still broken' });
  });
});
