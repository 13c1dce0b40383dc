import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJob, startJobs, type StopJobs } from './jobs.ts';

const stops: StopJobs[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  vi.restoreAllMocks();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startJob', () => {
  it('runs at once, then again each interval, and runs no more once stopped', async () => {
    let runs = 0;
    const stop = startJob({ name: 'test', everyMs: 100, run: () => void runs++ });
    stops.push(stop);
    expect(runs).toBe(1);
    await expect.poll(() => runs, { timeout: 2000, interval: 10 }).toBeGreaterThanOrEqual(3);
    await stop();
    const after = runs;
    await sleep(300);
    expect(runs).toBe(after);
  });

  it('waits one interval before the first run when told not to run at start', async () => {
    let runs = 0;
    stops.push(startJob({ name: 'later', everyMs: 200, atStart: false, run: () => void runs++ }));
    await sleep(100);
    expect(runs).toBe(0);
    await expect.poll(() => runs, { timeout: 2000, interval: 10 }).toBe(1);
  });

  it('never runs a job twice at once, and keeps ticking after a failure', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    let running = 0;
    let overlapped = false;
    let calls = 0;
    stops.push(
      startJob({
        name: 'slow',
        everyMs: 50,
        run: async () => {
          calls++;
          running++;
          if (running > 1) overlapped = true;
          await sleep(120); // longer than the interval
          running--;
          if (calls === 1) throw new Error('first run fails');
        },
      }),
    );
    await expect.poll(() => calls, { timeout: 3000, interval: 10 }).toBeGreaterThanOrEqual(3);
    expect(overlapped).toBe(false);
    expect(errors).toHaveBeenCalledWith('[slow] run failed:', 'first run fails');
  });
});

describe('startJobs', () => {
  it('stops every job as one: waits for the runs in progress, then drains each once', async () => {
    const order: string[] = [];
    const stop = startJobs([
      {
        name: 'a',
        everyMs: 1000,
        run: async () => {
          await sleep(80);
          order.push('a ran');
        },
        drain: () => void order.push('a drained'),
      },
      {
        name: 'b',
        everyMs: 1000,
        run: () => void order.push('b ran'),
        drain: async () => void order.push('b drained'),
      },
    ]);
    await stop();
    expect(order).toEqual(['b ran', 'b drained', 'a ran', 'a drained']);
    await stop();
    expect(order.filter((o) => o.endsWith('drained'))).toHaveLength(2);
  });
});
