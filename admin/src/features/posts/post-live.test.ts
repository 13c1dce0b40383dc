import { describe, expect, it } from 'vitest';
import type { PostLive } from 'content-schema/build';
import { postLiveLine } from './post-live.ts';

function live(over: Partial<PostLive> = {}): PostLive {
  return {
    postId: 4,
    changeId: 20,
    kind: 'published',
    at: '2026-03-02T12:00:00.000Z',
    liveAt: '2026-03-02T12:00:00.380Z',
    liveMs: 380,
    error: null,
    ...over,
  };
}

describe('postLiveLine', () => {
  it('times a confirmed change: "Live in 0.4 s"', () => {
    expect(postLiveLine(live(), 20)).toEqual({ tone: 'live', text: 'Live in 0.4 s' });
    expect(postLiveLine(live({ kind: 'updated', liveMs: 12_300 }), 20)).toEqual({ tone: 'live', text: 'Live in 12 s' });
  });

  it('says a change ahead of the live site is not live yet', () => {
    expect(postLiveLine(live({ changeId: 21, liveAt: null, liveMs: null }), 20)).toEqual({
      tone: 'pending',
      text: 'Not live yet',
    });
    // Before the build status is known, nothing suggests it is live.
    expect(postLiveLine(live({ liveAt: null, liveMs: null }), null)?.text).toBe('Not live yet');
  });

  it('says "Live" without a time when the site reflects the change but nobody timed it', () => {
    expect(postLiveLine(live({ liveAt: null, liveMs: null }), 25)).toEqual({ tone: 'live', text: 'Live' });
  });

  it('gives the reason a post could not be published, before anything else', () => {
    expect(
      postLiveLine(live({ liveAt: null, liveMs: null, error: 'Nested too deeply (over 200 levels)' }), 25),
    ).toEqual({
      tone: 'failed',
      text: 'Could not be published: Nested too deeply (over 200 levels)',
    });
  });

  it('says nothing without a change record or for a change that took the post down', () => {
    expect(postLiveLine(undefined, 20)).toBeNull();
    expect(postLiveLine(live({ kind: 'unpublished' }), 20)).toBeNull();
    expect(postLiveLine(live({ kind: 'deleted' }), 20)).toBeNull();
  });
});
