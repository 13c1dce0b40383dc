import { describe, expect, it } from 'vitest';
import {
  READING_LIST_KEY,
  READING_LIST_MAX,
  clearReadingList,
  isSaved,
  readReadingList,
  removeSaved,
  toggleSaved,
} from './reading-list.ts';
import type { PostCard } from '../shared/post-card.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}
const card = (slug: string): PostCard => ({
  slug,
  title: slug,
  excerpt: 'x',
  category: 'Deep Dive',
  readTime: 3,
  authorName: 'A',
  createdAt: '2026-01-01T00:00:00Z',
  tags: [],
});

describe('reading list', () => {
  it('saves newest first, then removes on the second toggle', () => {
    const storage = memoryStorage();
    toggleSaved(storage, card('a'), new Date('2026-01-01T00:00:00Z'));
    const second = toggleSaved(storage, card('b'), new Date('2026-01-02T00:00:00Z'));
    expect(second).toMatchObject({ saved: true, stored: true });
    expect(readReadingList(storage).map((p) => p.slug)).toEqual(['b', 'a']);
    const removed = toggleSaved(storage, card('b'));
    expect(removed.saved).toBe(false);
    expect(isSaved(readReadingList(storage), 'b')).toBe(false);
  });

  it('removes one post', () => {
    const storage = memoryStorage();
    toggleSaved(storage, card('a'));
    expect(removeSaved(storage, 'a')).toEqual([]);
  });

  it('treats corrupt or foreign data as an empty list', () => {
    expect(readReadingList(memoryStorage({ [READING_LIST_KEY]: '{not json' }))).toEqual([]);
    expect(readReadingList(memoryStorage({ [READING_LIST_KEY]: '[{"slug":1}]' }))).toEqual([]);
    expect(readReadingList(undefined)).toEqual([]);
  });

  it('reports when the browser refuses to store', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(toggleSaved(storage, card('a')).stored).toBe(false);
  });

  it('keeps at most the newest 200', () => {
    const storage = memoryStorage();
    for (let i = 0; i <= READING_LIST_MAX; i++) toggleSaved(storage, card(`p${i}`));
    const list = readReadingList(storage);
    expect(list).toHaveLength(READING_LIST_MAX);
    expect(list[0]?.slug).toBe(`p${READING_LIST_MAX}`);
  });
});

describe('clearReadingList', () => {
  it('empties the list the Save button filled (one key for both)', () => {
    const storage = memoryStorage({ 'northwire:consent': '{}' });
    toggleSaved(storage, card('a'));
    toggleSaved(storage, card('b'));
    expect(readReadingList(storage)).toHaveLength(2);
    expect(clearReadingList(storage)).toBe(true);
    expect(readReadingList(storage)).toEqual([]);
    expect([...storage.data.keys()]).toEqual(['northwire:consent']);
  });

  it('reports a browser that refuses', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => undefined,
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(clearReadingList(refusing)).toBe(false);
    expect(clearReadingList(undefined)).toBe(false);
  });
});
