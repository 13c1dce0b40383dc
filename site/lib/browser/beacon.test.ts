import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptAll, rejectOptional } from './consent.ts';
import { referrerHost, trackArticle, trackShare, trackingAllowed, type BeaconEnv } from './beacon.ts';

function fakeEnv(
  overrides: {
    doNotTrack?: string;
    globalPrivacyControl?: boolean;
    analyticsAllowed?: boolean;
    referrer?: string;
  } = {},
) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const listeners = new Map<string, () => void>();
  let time = 0;
  const env: BeaconEnv & {
    scrollTo: (y: number) => void;
    fire: (type: string) => void;
    advance: (ms: number) => void;
  } = {
    navigator: {
      sendBeacon: (url, data) => {
        sent.push({ url, body: JSON.parse(data) as Record<string, unknown> });
        return true;
      },
      doNotTrack: overrides.doNotTrack ?? null,
      globalPrivacyControl: overrides.globalPrivacyControl ?? false,
    },
    document: {
      referrer: overrides.referrer ?? '',
      visibilityState: 'visible',
      documentElement: { scrollTop: 0, scrollHeight: 3000 },
      addEventListener: (type, l) => listeners.set(type, l),
      removeEventListener: (type) => listeners.delete(type),
    },
    window: {
      location: { host: 'northwire.example' },
      innerHeight: 1000,
      scrollY: 0,
      addEventListener: (type, l) => listeners.set(type, l),
      removeEventListener: (type) => listeners.delete(type),
    },
    now: () => time,
    ...(overrides.analyticsAllowed === undefined ? {} : { analyticsAllowed: overrides.analyticsAllowed }),
    scrollTo: (y) => {
      env.window.scrollY = y;
      listeners.get('scroll')?.();
    },
    fire: (type) => {
      if (type === 'hidden') {
        env.document.visibilityState = 'hidden';
        listeners.get('visibilitychange')?.();
      } else listeners.get(type)?.();
    },
    advance: (ms) => {
      time += ms;
    },
  };
  return { env, sent, listeners };
}

describe('referrerHost', () => {
  it.each([
    ['', ''],
    ['https://news.ycombinator.com/item?id=1', 'news.ycombinator.com'],
    ['https://northwire.example/analysis', ''],
    ['android-app://com.slack/', ''],
    ['not a url', ''],
  ])('%s → “%s”', (referrer, host) => expect(referrerHost(referrer, 'northwire.example')).toBe(host));
});

describe('trackArticle', () => {
  it('sends a view with the referrer host, then one leave with the furthest completion and visible seconds', () => {
    const { env, sent } = fakeEnv({ referrer: 'https://www.linkedin.com/feed/' });
    trackArticle('grid-queues', env);
    expect(sent).toEqual([
      { url: '/api/views', body: { slug: 'grid-queues', event: 'view', referrer: 'www.linkedin.com' } },
    ]);
    env.scrollTo(1500); // 75%
    env.scrollTo(500); // scrolling back does not lower the furthest point
    env.advance(42_000);
    env.fire('hidden');
    env.fire('pagehide');
    expect(sent.slice(1)).toEqual([
      { url: '/api/views', body: { slug: 'grid-queues', event: 'leave', completion: 75, seconds: 42 } },
    ]);
  });

  it.each([
    ['Do Not Track', { doNotTrack: '1' }],
    ['Global Privacy Control', { globalPrivacyControl: true }],
    ['analytics refused', { analyticsAllowed: false }],
  ])('sends nothing with %s', (_name, overrides) => {
    const { env, sent, listeners } = fakeEnv(overrides);
    expect(trackingAllowed(env)).toBe(false);
    trackArticle('grid-queues', env);
    env.fire('pagehide');
    expect(trackShare('grid-queues', env)).toBe(false);
    expect(sent).toEqual([]);
    expect(listeners.size).toBe(0);
  });

  it('stops listening when cleaned up', () => {
    const { env, sent, listeners } = fakeEnv();
    const stop = trackArticle('grid-queues', env);
    stop();
    expect(listeners.size).toBe(0);
    expect(sent).toHaveLength(1);
  });
});

it('trackShare sends a share', () => {
  const { env, sent } = fakeEnv();
  expect(trackShare('grid-queues', env)).toBe(true);
  expect(sent[0]!.body).toEqual({ slug: 'grid-queues', event: 'share' });
});

describe('in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the cookie settings: nothing is sent once analytics is refused, and again once accepted', () => {
    const items = new Map<string, string>();
    const sent: string[] = [];
    const listeners = { addEventListener: () => undefined, removeEventListener: () => undefined };
    vi.stubGlobal('window', {
      ...listeners,
      localStorage: {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => items.set(k, v),
      },
      location: { host: 'northwire.example' },
      innerHeight: 800,
      scrollY: 0,
    });
    vi.stubGlobal('document', {
      ...listeners,
      referrer: '',
      visibilityState: 'visible',
      documentElement: { scrollTop: 0, scrollHeight: 2000 },
    });
    vi.stubGlobal('navigator', { sendBeacon: (_url: string, body: string) => sent.push(body) > 0 });

    expect(trackShare('grid-queues')).toBe(true);
    rejectOptional(window.localStorage);
    expect(trackShare('grid-queues')).toBe(false);
    trackArticle('grid-queues');
    acceptAll(window.localStorage);
    expect(trackShare('grid-queues')).toBe(true);
    expect(sent.map((b) => (JSON.parse(b) as { event: string }).event)).toEqual(['share', 'share']);
  });
});
