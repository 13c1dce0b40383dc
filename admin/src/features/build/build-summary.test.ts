import { describe, expect, it } from 'vitest';
import type { Build, BuildStatus } from 'content-schema/build';
import { buildFacts, buildMoment, buildsUnderWay, leftOutText, liveSinceText, siteLine } from './build-summary.ts';

const now = new Date('2026-03-02T12:00:00.000Z');

function build(over: Partial<Build> = {}): Build {
  return {
    id: 7,
    state: 'succeeded',
    kind: 'changes',
    target: 'embedded',
    reason: 'Published “Nordic AI”',
    requestedAt: '2026-03-02T11:56:59.000Z',
    startedAt: '2026-03-02T11:57:00.000Z',
    finishedAt: '2026-03-02T11:57:00.450Z',
    durationMs: 450,
    liveMs: 380,
    written: 6,
    removed: 0,
    error: null,
    postErrors: [],
    ...over,
  };
}

function status(over: Partial<BuildStatus> = {}): BuildStatus {
  const last = build();
  return {
    current: null,
    last,
    lastSuccess: last,
    pending: false,
    recent: [last],
    latestChange: 12,
    builtThrough: 12,
    liveSince: '2026-03-02T11:57:00.000Z',
    background: null,
    ...over,
  };
}

describe('liveSinceText', () => {
  it.each([
    ['2026-03-02T11:59:30.000Z', 'Live site updated just now'],
    ['2026-03-02T11:57:00.000Z', 'Live site updated 3m ago'],
    ['2026-03-02T09:00:00.000Z', 'Live site updated 3h ago'],
    ['2026-02-27T12:00:00.000Z', 'Live site updated 3d ago'],
  ])('%s reads "%s"', (liveSince, text) => {
    expect(liveSinceText(liveSince, now)).toBe(text);
  });

  it('is null before the first successful build or for an unreadable date', () => {
    expect(liveSinceText(null, now)).toBeNull();
    expect(liveSinceText('not a date', now)).toBeNull();
  });
});

describe('siteLine', () => {
  it('says the site is up to date and how old it is', () => {
    expect(siteLine(status(), now)).toEqual({
      tone: 'live',
      text: 'Public site up to date · Live site updated 3m ago',
    });
  });

  it.each([
    ['a build is queued', { pending: true }],
    ['a build is running', { current: build({ state: 'running', finishedAt: null, durationMs: null }) }],
    // A build under way wins over the failure before it: the retry is what matters now.
    ['a retry runs after a failure', { pending: true, last: build({ state: 'failed', error: 'boom' }) }],
  ])('says the site is updating while %s', (_case, over) => {
    expect(siteLine(status(over), now)).toEqual({ tone: 'building', text: 'Updating the public site...' });
  });

  it('says a failed build left the previous version live, and carries the full error', () => {
    const failed = build({ id: 8, state: 'failed', error: 'Renderer crashed\n  at render (renderer.ts:1)' });
    expect(siteLine(status({ last: failed }), now)).toEqual({
      tone: 'failed',
      text: 'Last site build failed; the previous version stays live.',
      error: 'Renderer crashed\n  at render (renderer.ts:1)',
    });
  });

  it('does not promise a previous version when no build ever succeeded', () => {
    const failed = build({ state: 'failed', error: 'boom' });
    const line = siteLine(status({ last: failed, lastSuccess: null, liveSince: null }), now);
    expect(line.text).toBe('The first site build failed; the public site is not live yet.');
  });

  it('names posts the last build could not publish', () => {
    const last = build({ postErrors: [{ postId: 3, title: 'Broken', slug: 'broken', reason: 'Too deep' }] });
    expect(siteLine(status({ last }), now)).toEqual({
      tone: 'warning',
      text: '1 post could not be published · Live site updated 3m ago',
    });
  });

  it('does not claim to be up to date when changes are ahead of the live site', () => {
    expect(siteLine(status({ latestChange: 13 }), now)).toEqual({
      tone: 'warning',
      text: 'Some changes are not live yet · Live site updated 3m ago',
    });
  });

  it('says so before the first build', () => {
    expect(siteLine(status({ last: null, lastSuccess: null, recent: [], liveSince: null }), now).text).toBe(
      'The public site has not been built yet.',
    );
  });
});

describe('buildFacts', () => {
  it('counts the posts a build went live without', () => {
    const postErrors = [
      { postId: 3, title: 'A', slug: 'a', reason: 'Too deep' },
      { postId: 4, title: 'B', slug: null, reason: 'Too large' },
    ];
    expect(buildFacts(build({ postErrors })).at(-1)).toBe('2 posts not published');
  });

  it('lists kind, duration, time to live and files of a finished build', () => {
    expect(buildFacts(build())).toEqual(['Changes', 'took 0.5 s', 'Live in 0.4 s', '6 files written, 0 removed']);
  });

  it('leaves out what a build has not measured', () => {
    const full = build({ kind: 'full', liveMs: null, durationMs: 12_400, written: 1, removed: 2 });
    expect(buildFacts(full)).toEqual(['Full render', 'took 12 s', '1 file written, 2 removed']);
    const failed = build({ state: 'failed', liveMs: null, error: 'boom' });
    expect(buildFacts(failed)).toEqual(['Changes', 'took 0.5 s']);
    const queued = build({ state: 'queued', startedAt: null, finishedAt: null, durationMs: null, liveMs: null });
    expect(buildFacts(queued)).toEqual(['Changes']);
  });
});

describe('the publishing panel’s builds', () => {
  it('lists the queued and running builds as under way', () => {
    const recent = [
      build({ id: 1, state: 'running' }),
      build({ id: 2 }),
      build({ id: 3, state: 'queued' }),
      build({ id: 4, state: 'failed' }),
    ];
    expect(buildsUnderWay(recent).map((b) => b.id)).toEqual([1, 3]);
  });

  it('dates a build by when it finished, else started, else was requested', () => {
    expect(buildMoment(build())).toEqual({ verb: 'finished', iso: '2026-03-02T11:57:00.450Z' });
    expect(buildMoment(build({ finishedAt: null }))).toEqual({ verb: 'started', iso: '2026-03-02T11:57:00.000Z' });
    expect(buildMoment(build({ finishedAt: null, startedAt: null }))).toEqual({
      verb: 'requested',
      iso: '2026-03-02T11:56:59.000Z',
    });
  });

  it('leads the posts left out with their number', () => {
    expect(leftOutText(1)).toBe('A post could not be published; the rest of the site went live without it:');
    expect(leftOutText(3)).toBe('3 posts could not be published; the rest of the site went live without them:');
  });
});
