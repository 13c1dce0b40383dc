/**
 * The reader's cookie-consent choice and the site data kept in their browser.
 *
 * Everything here lives in the reader's own `localStorage`; nothing is sent to a server. The storage is
 * passed in (rather than reaching for `window.localStorage`) so the module runs during the static build,
 * in tests with a fake, and in browsers where storage is disabled and every access throws.
 */

/** The consent categories; essential storage cannot be refused because the site needs it to work. */
export type ConsentChoices = {
  essential: true;
  analytics: boolean;
  preferences: boolean;
  performance: boolean;
};

/** The optional categories, in the order the cookie policy lists them. */
export const OPTIONAL_CATEGORIES = ['analytics', 'preferences', 'performance'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

/** A saved choice and when it was made (ISO 8601). */
export type StoredConsent = ConsentChoices & { savedAt: string };

/** The part of the Web Storage API this module needs; `localStorage` satisfies it. */
export type ConsentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Every key the site writes starts with this prefix, so "clear all site data" can find them. */
export const SITE_STORAGE_PREFIX = 'northwire:';
export const CONSENT_STORAGE_KEY = `${SITE_STORAGE_PREFIX}consent`;

/** What applies before the reader has chosen: optional categories stay off (privacy by default). */
export const DEFAULT_CONSENT: ConsentChoices = Object.freeze({
  essential: true,
  analytics: false,
  preferences: false,
  performance: false,
});

/** The saved choice, or null when there is none or what is stored is unreadable. */
export function readConsent(storage: ConsentStorage): StoredConsent | null {
  let raw: string | null;
  try {
    raw = storage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!OPTIONAL_CATEGORIES.every((category) => typeof record[category] === 'boolean')) return null;
  const savedAt = typeof record.savedAt === 'string' && !Number.isNaN(Date.parse(record.savedAt)) ? record.savedAt : '';
  return {
    essential: true,
    analytics: record.analytics === true,
    preferences: record.preferences === true,
    performance: record.performance === true,
    savedAt,
  };
}

/**
 * Stores a choice and returns what was stored, or null when the browser refused to store it
 * (storage disabled, private mode quota, and so on) so the caller can say so instead of claiming success.
 */
export function saveConsent(
  storage: ConsentStorage,
  choices: Omit<ConsentChoices, 'essential'> & { essential?: boolean },
  now: Date = new Date(),
): StoredConsent | null {
  const stored: StoredConsent = {
    essential: true,
    analytics: choices.analytics === true,
    preferences: choices.preferences === true,
    performance: choices.performance === true,
    savedAt: now.toISOString(),
  };
  try {
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    return null;
  }
  return stored;
}

/** Saves consent to every optional category (the Accept All button). */
export function acceptAll(storage: ConsentStorage, now?: Date): StoredConsent | null {
  return saveConsent(storage, { analytics: true, preferences: true, performance: true }, now);
}

/** Saves a refusal of every optional category (the Reject Optional button). */
export function rejectOptional(storage: ConsentStorage, now?: Date): StoredConsent | null {
  return saveConsent(storage, { analytics: false, preferences: false, performance: false }, now);
}

/** Forgets the saved choice, so the defaults apply again. Returns false if storage refused. */
export function clearConsent(storage: ConsentStorage): boolean {
  try {
    storage.removeItem(CONSENT_STORAGE_KEY);
    return true;
  } catch {
    return false;
  }
}

/** True only when the reader has explicitly agreed to the category; no choice means no. */
export function allows(storage: ConsentStorage, category: OptionalCategory): boolean {
  return readConsent(storage)?.[category] === true;
}

/**
 * True when the reader has said no to analytics (Reject Optional, or the Analytics switch saved off). The
 * cookieless reading count stops then; it runs without a saved choice because it stores nothing on the device.
 */
export function analyticsRefused(storage: ConsentStorage): boolean {
  return readConsent(storage)?.analytics === false;
}

/** How a choice reads in one phrase, for status messages. */
export function describeConsent(choices: ConsentChoices | null): string {
  if (choices === null) return 'No choice saved yet: optional categories are off.';
  const on = OPTIONAL_CATEGORIES.filter((category) => choices[category]);
  if (on.length === OPTIONAL_CATEGORIES.length) return 'All categories accepted.';
  if (on.length === 0) return 'Essential only: optional categories are off.';
  return `Essential plus ${on.join(' and ')}.`;
}

/** The part of the Web Storage API needed to list and clear the site's keys. */
export type EnumerableStorage = Pick<Storage, 'length' | 'key' | 'getItem' | 'removeItem'>;

/** One item the site keeps in the browser, with its size in characters. */
export interface SiteStorageEntry {
  key: string;
  size: number;
}

/** Every key of this site in the given storage, sorted by name. Unreadable storage yields an empty list. */
export function listSiteData(storage: EnumerableStorage): SiteStorageEntry[] {
  const entries: SiteStorageEntry[] = [];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key === null || !key.startsWith(SITE_STORAGE_PREFIX)) continue;
      entries.push({ key, size: storage.getItem(key)?.length ?? 0 });
    }
  } catch {
    return [];
  }
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Removes every key of this site from the given storage and returns how many were removed.
 * Keys are collected first because removing while iterating shifts the indexes.
 */
export function clearSiteData(storage: EnumerableStorage): number {
  let removed = 0;
  for (const { key } of listSiteData(storage)) {
    try {
      storage.removeItem(key);
      removed += 1;
    } catch {
      // Storage that refuses removal leaves the key in place; the count tells the caller.
    }
  }
  return removed;
}
