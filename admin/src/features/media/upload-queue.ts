/**
 * Runs tasks at most `limit` at a time, the rest waiting in the order they came; a task that fails frees its place
 * as one that succeeds does. Each `run` answers its own task's result.
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  function start<T>(task: () => Promise<T>): Promise<T> {
    running++;
    const result = Promise.resolve().then(task);
    const next = () => {
      running--;
      waiting.shift()?.();
    };
    result.then(next, next);
    return result;
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) return start(task);
      return new Promise<T>((resolve, reject) => waiting.push(() => start(task).then(resolve, reject)));
    },
  };
}
