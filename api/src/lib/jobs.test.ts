import { afterEach, describe, expect, it, vi } from 'vitest';
import { every } from './jobs.ts';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

describe('every', () => {
  it('runs at once, then again each interval, and stops', async () => {
    let runs = 0;
    const stop = every('test', 1000, async () => void runs++);
    stops.push(stop);
    expect(runs).toBe(1);
    await expect.poll(() => runs, { timeout: 3500, interval: 50 }).toBeGreaterThanOrEqual(2);
    stop();
    const after = runs;
    await new Promise((r) => setTimeout(r, 1300));
    expect(runs).toBe(after);
  });

  it('never runs a job twice at once, and keeps ticking after a failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let running = 0;
    let overlapped = false;
    let calls = 0;
    stops.push(
      every('slow', 1000, async () => {
        calls++;
        running++;
        if (running > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 1500)); // longer than the interval
        running--;
        if (calls === 1) throw new Error('first run fails');
      }),
    );
    await expect.poll(() => calls, { timeout: 6000, interval: 50 }).toBeGreaterThanOrEqual(2);
    expect(overlapped).toBe(false);
    expect(errors).toHaveBeenCalledWith('[slow] tick failed:', 'first run fails');
  });
});
