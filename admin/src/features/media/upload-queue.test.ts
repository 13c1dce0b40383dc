import { describe, expect, it } from 'vitest';
import { createLimiter } from './upload-queue.ts';

/** A task that runs until `finish` is called, recording how many tasks ran at once. */
function deferredTasks(count: number) {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const finishers: ((ok: boolean) => void)[] = [];
  const tasks = Array.from({ length: count }, (_, i) => () => {
    running++;
    most = Math.max(most, running);
    started.push(i);
    return new Promise<number>((resolve, reject) => {
      finishers[i] = (ok) => {
        running--;
        if (ok) resolve(i);
        else reject(new Error(`task ${i} failed`));
      };
    });
  });
  return { tasks, started, finish: (i: number, ok = true) => finishers[i]!(ok), most: () => most };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLimiter', () => {
  it('runs at most four uploads at once and starts the next as one finishes, in order', async () => {
    const limiter = createLimiter(4);
    const { tasks, started, finish, most } = deferredTasks(6);
    const results = tasks.map((task) => limiter.run(task));
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    finish(2);
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    for (const i of [0, 1, 3, 4, 5]) {
      finish(i);
      await settle();
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most()).toBe(4);
  });

  it('frees the place of a failed task and answers the failure to its caller only', async () => {
    const limiter = createLimiter(1);
    const { tasks, started, finish } = deferredTasks(2);
    const first = limiter.run(tasks[0]!);
    const second = limiter.run(tasks[1]!);
    await settle();
    expect(started).toEqual([0]);
    finish(0, false);
    await expect(first).rejects.toThrow('task 0 failed');
    await settle();
    expect(started).toEqual([0, 1]);
    finish(1);
    await expect(second).resolves.toBe(1);
  });

  it('counts a task that throws before it returns a promise as finished', async () => {
    const limiter = createLimiter(1);
    const thrown = limiter.run(() => {
      throw new Error('no file');
    });
    await expect(thrown).rejects.toThrow('no file');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });

  it('shares its limit between callers: tasks added later wait behind the earlier ones', async () => {
    const limiter = createLimiter(2);
    const { tasks, started, finish } = deferredTasks(3);
    void limiter.run(tasks[0]!);
    void limiter.run(tasks[1]!);
    await settle();
    const late = limiter.run(tasks[2]!);
    await settle();
    expect(started).toEqual([0, 1]);
    finish(1);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    finish(2);
    await expect(late).resolves.toBe(2);
  });
});
