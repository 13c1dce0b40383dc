/**
 * The cookieless reader beacon: tells `/api/views` that an article was opened, how far it was read when the
 * reader left, and when it was shared. It sends the article's slug, the referring site's host (never a full URL),
 * the furthest reading completion and the seconds the page was visible. No cookie, no storage, no identifier.
 * Readers who ask not to be tracked (Do Not Track, Global Privacy Control, or analytics refused in the cookie
 * settings) send nothing at all; the server also ignores beacons carrying those headers.
 */
import type { BeaconPayload } from 'content-schema/views';
import { analyticsRefused } from './consent.ts';
import { scrolledPercent } from './reading-progress.ts';
import { browserStorage } from './storage.ts';

export const BEACON_URL = '/api/views';

/** The browser surface the beacon needs, injectable for tests. */
export interface BeaconEnv {
  navigator: {
    sendBeacon?: (url: string, data: string) => boolean;
    doNotTrack?: string | null;
    globalPrivacyControl?: boolean;
  };
  document: {
    referrer: string;
    visibilityState: string;
    documentElement: { scrollTop: number; scrollHeight: number };
    addEventListener: (type: 'visibilitychange', listener: () => void) => void;
    removeEventListener: (type: 'visibilitychange', listener: () => void) => void;
  };
  window: {
    location: { host: string };
    innerHeight: number;
    scrollY: number;
    addEventListener: (type: 'scroll' | 'pagehide', listener: () => void, options?: { passive: boolean }) => void;
    removeEventListener: (type: 'scroll' | 'pagehide', listener: () => void) => void;
  };
  now: () => number;
  /** False when the reader refused analytics in the cookie settings. */
  readonly analyticsAllowed?: boolean;
}

/**
 * The real browser's beacon surface (null during the static build). `analyticsAllowed` follows the cookie
 * settings' Analytics switch, read at every beacon, so a refusal made in another tab stops the next one.
 */
export function browserBeaconEnv(): BeaconEnv | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  return {
    navigator: navigator as BeaconEnv['navigator'],
    document,
    window,
    now: () => performance.now(),
    get analyticsAllowed() {
      // Blocked storage: no choice can have been saved either.
      const storage = browserStorage();
      return storage ? !analyticsRefused(storage) : true;
    },
  };
}

/** Whether this reader may be counted: not when they sent Do Not Track or Global Privacy Control, or refused analytics. */
export function trackingAllowed(env: Pick<BeaconEnv, 'navigator' | 'analyticsAllowed'>): boolean {
  if (env.analyticsAllowed === false) return false;
  const nav = env.navigator;
  if (nav.doNotTrack === '1' || nav.doNotTrack === 'yes' || nav.globalPrivacyControl === true) return false;
  return typeof nav.sendBeacon === 'function';
}

/** The host of the referring page, or '' for a direct visit, an internal link or anything unparseable. */
export function referrerHost(referrer: string, ownHost: string): string {
  if (!referrer) return '';
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.host === ownHost ? '' : url.host.toLowerCase();
  } catch {
    return '';
  }
}

/** Sends one beacon as `text/plain` (what sendBeacon does with a string body); true when the browser queued it. */
export function sendBeacon(payload: BeaconPayload, env: BeaconEnv | null = browserBeaconEnv()): boolean {
  if (!env || !trackingAllowed(env)) return false;
  try {
    return env.navigator.sendBeacon!(BEACON_URL, JSON.stringify(payload));
  } catch {
    return false; // a beacon must never break the page
  }
}

/**
 * Counts this article view now and, once, the reading when the reader leaves (the page is hidden or unloaded):
 * the furthest point scrolled (0–100) and the seconds the page was visible. Returns a function that stops tracking.
 */
export function trackArticle(slug: string, env: BeaconEnv | null = browserBeaconEnv()): () => void {
  if (!env || !trackingAllowed(env)) return () => {};
  const { window: win, document: doc } = env;
  sendBeacon({ slug, event: 'view', referrer: referrerHost(doc.referrer, win.location.host) }, env);

  let furthest = 0;
  let visibleMs = 0;
  let visibleSince: number | null = doc.visibilityState === 'visible' ? env.now() : null;
  let left = false;

  const measure = () => {
    const el = doc.documentElement;
    furthest = Math.max(furthest, scrolledPercent(win.scrollY || el.scrollTop, el.scrollHeight, win.innerHeight));
  };
  const leave = () => {
    if (visibleSince !== null) visibleMs += env.now() - visibleSince;
    visibleSince = null;
    if (left) return;
    left = true;
    measure();
    sendBeacon({ slug, event: 'leave', completion: furthest, seconds: Math.round(visibleMs / 1000) }, env);
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') leave();
    else if (visibleSince === null) visibleSince = env.now();
  };

  measure();
  win.addEventListener('scroll', measure, { passive: true });
  win.addEventListener('pagehide', leave);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('scroll', measure);
    win.removeEventListener('pagehide', leave);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Counts a share of the article (any network, native share or copied link). */
export function trackShare(slug: string, env: BeaconEnv | null = browserBeaconEnv()): boolean {
  return sendBeacon({ slug, event: 'share' }, env);
}
