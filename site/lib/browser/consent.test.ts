import { describe, expect, it } from 'vitest';
import {
  CONSENT_STORAGE_KEY,
  acceptAll,
  allows,
  analyticsRefused,
  clearConsent,
  clearSiteData,
  describeConsent,
  listSiteData,
  readConsent,
  rejectOptional,
  saveConsent,
} from './consent.ts';

/** An in-memory Storage with the same surface as localStorage. */
class FakeStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

/** Storage as a browser with storage disabled behaves: every access throws. */
class BrokenStorage extends FakeStorage {
  override get length(): number {
    throw new DOMException('denied', 'SecurityError');
  }
  override getItem(): string | null {
    throw new DOMException('denied', 'SecurityError');
  }
  override setItem(): void {
    throw new DOMException('quota', 'QuotaExceededError');
  }
  override removeItem(): void {
    throw new DOMException('denied', 'SecurityError');
  }
}

const now = new Date('2025-01-15T10:00:00.000Z');

describe('readConsent', () => {
  it('returns null when nothing has been saved', () => {
    expect(readConsent(new FakeStorage())).toBeNull();
  });

  it.each([
    ['corrupt JSON', '{"analytics": tru'],
    ['a JSON string', '"yes"'],
    ['null', 'null'],
    ['an array', '[true, true, true]'],
    ['a missing category', '{"analytics": true, "preferences": true}'],
    ['a non-boolean category', '{"analytics": "true", "preferences": false, "performance": false}'],
  ])('returns null for %s', (_label, raw) => {
    const storage = new FakeStorage();
    storage.setItem(CONSENT_STORAGE_KEY, raw);
    expect(readConsent(storage)).toBeNull();
  });

  it('returns null when storage throws', () => {
    expect(readConsent(new BrokenStorage())).toBeNull();
  });

  it('always reports essential as accepted, whatever was stored', () => {
    const storage = new FakeStorage();
    storage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({
        essential: false,
        analytics: false,
        preferences: true,
        performance: false,
        savedAt: now.toISOString(),
      }),
    );
    expect(readConsent(storage)).toEqual({
      essential: true,
      analytics: false,
      preferences: true,
      performance: false,
      savedAt: now.toISOString(),
    });
  });

  it('drops an unreadable savedAt instead of rejecting the choice', () => {
    const storage = new FakeStorage();
    storage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ analytics: true, preferences: false, performance: true, savedAt: 'soon' }),
    );
    expect(readConsent(storage)?.savedAt).toBe('');
    expect(readConsent(storage)?.analytics).toBe(true);
  });
});

describe('saveConsent', () => {
  it('stores the choice under northwire:consent and reads it back', () => {
    const storage = new FakeStorage();
    const saved = saveConsent(storage, { analytics: true, preferences: false, performance: true }, now);
    expect(saved).toEqual({
      essential: true,
      analytics: true,
      preferences: false,
      performance: true,
      savedAt: now.toISOString(),
    });
    expect(JSON.parse(storage.getItem('northwire:consent') ?? '')).toEqual(saved);
    expect(readConsent(storage)).toEqual(saved);
  });

  it('returns null when the browser refuses to store', () => {
    expect(saveConsent(new BrokenStorage(), { analytics: true, preferences: true, performance: true }, now)).toBeNull();
  });

  it('replaces an earlier choice', () => {
    const storage = new FakeStorage();
    acceptAll(storage, now);
    rejectOptional(storage, now);
    expect(readConsent(storage)).toMatchObject({ analytics: false, preferences: false, performance: false });
  });
});

describe('acceptAll and rejectOptional', () => {
  it('acceptAll turns every optional category on', () => {
    const storage = new FakeStorage();
    expect(acceptAll(storage, now)).toMatchObject({
      essential: true,
      analytics: true,
      preferences: true,
      performance: true,
    });
  });

  it('rejectOptional keeps only essential', () => {
    const storage = new FakeStorage();
    expect(rejectOptional(storage, now)).toMatchObject({
      essential: true,
      analytics: false,
      preferences: false,
      performance: false,
    });
  });
});

describe('allows', () => {
  it('is false for every category until the reader agrees', () => {
    const storage = new FakeStorage();
    expect(allows(storage, 'analytics')).toBe(false);
    storage.setItem(CONSENT_STORAGE_KEY, 'not json');
    expect(allows(storage, 'analytics')).toBe(false);
  });

  it('follows the saved choice per category', () => {
    const storage = new FakeStorage();
    saveConsent(storage, { analytics: false, preferences: true, performance: false }, now);
    expect(allows(storage, 'analytics')).toBe(false);
    expect(allows(storage, 'preferences')).toBe(true);
  });
});

describe('analyticsRefused', () => {
  it('is true only after the reader said no to analytics', () => {
    const storage = new FakeStorage();
    expect(analyticsRefused(storage)).toBe(false);
    acceptAll(storage, now);
    expect(analyticsRefused(storage)).toBe(false);
    rejectOptional(storage, now);
    expect(analyticsRefused(storage)).toBe(true);
    saveConsent(storage, { analytics: false, preferences: true, performance: true }, now);
    expect(analyticsRefused(storage)).toBe(true);
    clearConsent(storage);
    expect(analyticsRefused(storage)).toBe(false);
  });
});

describe('clearConsent', () => {
  it('forgets the saved choice', () => {
    const storage = new FakeStorage();
    acceptAll(storage, now);
    expect(clearConsent(storage)).toBe(true);
    expect(readConsent(storage)).toBeNull();
  });

  it('reports a refusal', () => {
    expect(clearConsent(new BrokenStorage())).toBe(false);
  });
});

describe('describeConsent', () => {
  it.each([
    [null, 'No choice saved yet: optional categories are off.'],
    [{ essential: true, analytics: true, preferences: true, performance: true }, 'All categories accepted.'],
    [
      { essential: true, analytics: false, preferences: false, performance: false },
      'Essential only: optional categories are off.',
    ],
    [
      { essential: true, analytics: true, preferences: false, performance: true },
      'Essential plus analytics and performance.',
    ],
  ] as const)('describes %j as %s', (choices, text) => {
    expect(describeConsent(choices)).toBe(text);
  });
});

describe('site data', () => {
  it('lists only the keys of this site, sorted', () => {
    const storage = new FakeStorage();
    storage.setItem('northwire:saved', '["a","b"]');
    storage.setItem('other-site', 'x');
    acceptAll(storage, now);
    expect(listSiteData(storage).map((entry) => entry.key)).toEqual(['northwire:consent', 'northwire:saved']);
    expect(listSiteData(storage)[1]).toEqual({ key: 'northwire:saved', size: 9 });
  });

  it('clears every key of this site and leaves others alone', () => {
    const storage = new FakeStorage();
    storage.setItem('northwire:saved', '[]');
    storage.setItem('northwire:something-new', '1');
    storage.setItem('unrelated', 'keep');
    acceptAll(storage, now);
    expect(clearSiteData(storage)).toBe(3);
    expect(listSiteData(storage)).toEqual([]);
    expect(storage.getItem('unrelated')).toBe('keep');
  });

  it('treats unreadable storage as empty', () => {
    expect(listSiteData(new BrokenStorage())).toEqual([]);
    expect(clearSiteData(new BrokenStorage())).toBe(0);
  });
});
