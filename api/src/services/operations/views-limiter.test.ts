import { describe, expect, it } from 'vitest';
import { Readers, VIEW_LIMITS } from './views-limiter.ts';

describe('Readers', () => {
  it('holds about its bound, keeps the clients seen lately and forgets the oldest', () => {
    const readers = new Readers(100);
    const keptSince = 0;
    for (let i = 0; i < 1000; i++) {
      readers.remember(readers.get(`c${i}`, i), 's', 'view', i);
      if (i % 7 === 0) readers.get('kept', keptSince); // seen often: never forgotten
      expect(readers.size).toBeLessThanOrEqual(100 / 2);
    }
    expect(readers.get('c999', 0).counted).toHaveLength(1);
    expect(readers.get('c980', 0).counted).toHaveLength(1);
    expect(readers.get('kept', 5).at).toBe(keptSince);
    expect(readers.get('c0', 5).counted).toHaveLength(0); // forgotten: a fresh entry
  });

  it('sweeps expired pairs, and clients with none left whose budget is full again', () => {
    const readers = new Readers(100);
    readers.get('idle', 0);
    readers.remember(readers.get('recent', 0), 's', 'share', 0);
    readers.remember(readers.get('reading', 0), 's', 'view', 0);
    readers.sweep(VIEW_LIMITS.dedupeMs.share);
    expect(readers.size).toBe(1);
    expect(readers.get('reading', 0).counted).toHaveLength(1);
  });
});
