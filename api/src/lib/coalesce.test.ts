import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalesce, PASS_RETRIES } from './coalesce.ts';

afterEach(() => vi.restoreAllMocks());

describe('coalesced passes', () => {
  it('never overlap, and a run asked for during a pass gets one more pass after it', async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const c = coalesce('test', async () => {
      running++;
      most = Math.max(most, running);
      passes++;
      await new Promise((r) => setTimeout(r, 5));
      running--;
    });
    await Promise.all([c.run(), c.run(), c.run()]);
    expect([passes, most]).toEqual([2, 1]);
  });

  it('try a failed pass again shortly, so a transient failure does not wait for the next periodic run', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const c = coalesce(
      'test',
      async () => {
        if (++calls <= 2) throw new Error('database is locked');
      },
      1,
    );
    await c.run();
    expect(calls).toBe(3);
  });

  it('give up after a few tries, and the next run starts afresh', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const c = coalesce(
      'test',
      async () => {
        calls++;
        throw new Error('broken');
      },
      1,
    );
    await c.run();
    expect(calls).toBe(1 + PASS_RETRIES);
    expect(errors).toHaveBeenCalledTimes(1 + PASS_RETRIES);
    await c.run();
    expect(calls).toBe(2 * (1 + PASS_RETRIES));
  });
});
