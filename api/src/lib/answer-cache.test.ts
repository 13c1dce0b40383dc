import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_ANSWER_TTL_MS,
  AnswerCache,
  encoded,
  encodedAs,
  isCurrent,
  PUBLIC_ANSWER_TTL_MS,
} from './answer-cache.ts';

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

/** An answer of about `size` bytes, distinct by `n`. */
const answerOf = (n: number, size: number) => async (now: number) => encoded(`${n}:${'x'.repeat(size)}`, n, now);

describe('AnswerCache bounds', () => {
  afterEach(() => vi.useRealTimers());

  it('holds at most its bytes however many distinct large answers are asked for, retiring the oldest', async () => {
    const cache = new AnswerCache({ maxBytes: 100_000, maxAnswerBytes: 30_000 });
    const answers = [];
    for (let n = 0; n < 200; n++) {
      answers.push(await cache.get(`list ${n}`, answerOf(n, 20_000), PUBLIC_ANSWER_TTL_MS));
      expect(cache.bytes).toBeLessThanOrEqual(100_000);
    }
    expect(cache.size).toBe(4);
    // The newest are kept and current; every one that left is retired, so nothing may replay it.
    expect(answers.slice(-4).every(isCurrent)).toBe(true);
    expect(answers.slice(0, -4).some(isCurrent)).toBe(false);
    expect(await cache.get('list 199', answerOf(-1, 0))).toBe(answers[199]);
  });

  it('sends but never keeps an answer above its size, and retires it so the front cache cannot hold it', async () => {
    const cache = new AnswerCache({ maxBytes: 100_000, maxAnswerBytes: 30_000 });
    const big = await cache.get('all', answerOf(1, 40_000), PUBLIC_ANSWER_TTL_MS);
    expect(big.body.byteLength).toBeGreaterThan(40_000);
    expect(isCurrent(big)).toBe(false);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('counts the compressed copies it keeps, and keeps within its bytes when they grow', async () => {
    const cache = new AnswerCache({ maxBytes: 100_000, maxAnswerBytes: 30_000 });
    const incompressible = (n: number) => async (now: number) =>
      encoded(
        Array.from({ length: 2000 }, (_, i) => ((i * 7919 + n * 104_729) % 1_000_003).toString(36)),
        n,
        now,
      );
    const entry = await cache.get('a', incompressible(1), PUBLIC_ANSWER_TTL_MS);
    const before = cache.bytes;
    const br = encodedAs(entry, 'br');
    expect(cache.bytes).toBe(before + br.byteLength);
    expect(encodedAs(entry, 'br')).toBe(br); // made once
    const gz = encodedAs(entry, 'gzip');
    expect(cache.bytes).toBe(before + br.byteLength + gz.byteLength);
    for (let n = 2; n < 40; n++) {
      const other = await cache.get(`k${n}`, incompressible(n), PUBLIC_ANSWER_TTL_MS);
      encodedAs(other, 'br');
      encodedAs(other, 'gzip');
      expect(cache.bytes).toBeLessThanOrEqual(100_000);
    }
    expect(isCurrent(entry)).toBe(false);
  });

  it('drops an answer expired for longer than its lifetime again: when it keeps another, or when read a few seconds on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new AnswerCache();
    const old = await cache.get('old', answerOf(1, 1000), PUBLIC_ANSWER_TTL_MS);
    const admin = await cache.get('admin', answerOf(2, 1000), ADMIN_ANSWER_TTL_MS);
    vi.advanceTimersByTime(5000);
    // A read (a hit) five seconds on: the editor's answer, expired twice over, is dropped and retired.
    expect(await cache.get('old', answerOf(-1, 0), PUBLIC_ANSWER_TTL_MS)).toBe(old);
    expect(cache.size).toBe(1);
    expect(admin.retired).toBe(true);
    vi.advanceTimersByTime(PUBLIC_ANSWER_TTL_MS - 5000);
    // Expired, but kept a while for a re-read that finds the same answer (it keeps its compressed copies).
    await cache.get('new', answerOf(3, 1000), PUBLIC_ANSWER_TTL_MS);
    expect(isCurrent(old)).toBe(false);
    expect(cache.size).toBe(2);
    vi.advanceTimersByTime(PUBLIC_ANSWER_TTL_MS);
    const bytesBefore = cache.bytes;
    await cache.get('other', answerOf(4, 1000), PUBLIC_ANSWER_TTL_MS);
    expect(old.retired).toBe(true);
    expect(cache.size).toBe(2); // 'new' (expired once) and 'other'
    // One answer of the same size in, one out (their keys' lengths apart).
    expect(cache.bytes).toBe(bytesBefore + 'other'.length - 'old'.length);
  });

  it('a clear retires everything it held and holds nothing after it; a retired answer is never brought back', async () => {
    const cache = new AnswerCache();
    const first = await cache.get('list', answerOf(1, 1000));
    cache.clear();
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
    expect(isCurrent(first)).toBe(false);
    // The same answer read again is a new, current one: the retired one stays retired.
    const again = await cache.get('list', answerOf(1, 1000));
    expect(again).not.toBe(first);
    expect(isCurrent(again)).toBe(true);
  });
});
