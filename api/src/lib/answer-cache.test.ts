import { describe, expect, it } from 'vitest';
import { AnswerCache, encoded, isCurrent } from './answer-cache.ts';

/** A computation the test finishes by hand, counting how often it was started. */
function gate() {
  let starts = 0;
  const releases: ((value: unknown) => void)[] = [];
  return {
    compute: (now: number) => {
      starts++;
      return new Promise<ReturnType<typeof encoded>>((resolve) => releases.push((v) => resolve(encoded(v, 1, now))));
    },
    get starts() {
      return starts;
    },
    release: (i: number, value: unknown) => releases[i]!(value),
  };
}

describe('AnswerCache', () => {
  it('computes a missing answer once for any number of concurrent requests', async () => {
    const cache = new AnswerCache();
    const g = gate();
    const waiting = Array.from({ length: 200 }, () => cache.get('list', g.compute));
    expect(g.starts).toBe(1);
    g.release(0, ['a']);
    const answers = await Promise.all(waiting);
    expect(new Set(answers).size).toBe(1);
    expect(new TextDecoder().decode(answers[0]!.body)).toBe('["a"]');
    // Kept: the next request is a hit.
    await cache.get('list', g.compute);
    expect(g.starts).toBe(1);
  });

  it('never keeps a computation that began before a clear, and requests after the clear start their own', async () => {
    const cache = new AnswerCache();
    const g = gate();
    const before = cache.get('list', g.compute);
    cache.clear(); // a write lands while the old answer is being read
    const after = cache.get('list', g.compute);
    expect(g.starts).toBe(2);
    // The newer read finishes first; the older one, finishing later, must not replace it.
    g.release(1, ['new']);
    expect(new TextDecoder().decode((await after).body)).toBe('["new"]');
    g.release(0, ['old']);
    expect(new TextDecoder().decode((await before).body)).toBe('["old"]');
    expect(new TextDecoder().decode((await cache.get('list', g.compute)).body)).toBe('["new"]');
    expect(g.starts).toBe(2);
    // The older answer reached its request, but retired: nothing may replay it as current (the front cache would).
    expect(isCurrent(await before)).toBe(false);
    expect(isCurrent(await after)).toBe(true);
  });

  it('a failed computation reaches everyone who waited for it and is not kept', async () => {
    const cache = new AnswerCache();
    let starts = 0;
    const failing = async () => {
      starts++;
      await Promise.resolve();
      throw new Error('Post not found');
    };
    const results = await Promise.allSettled([cache.get('x', failing), cache.get('x', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(starts).toBe(1);
    await expect(cache.get('x', failing)).rejects.toThrow('Post not found');
    expect(starts).toBe(2);
  });
});
