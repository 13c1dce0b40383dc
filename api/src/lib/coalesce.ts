/** A pass that throws is tried again this many times, after 100, 200 and 400 ms (a busy database, a lost race). */
export const PASS_RETRIES = 3;

/**
 * Single-flight with a rerun: `run()` starts `pass` unless it is running, in which case it asks for one more
 * pass after the current one (so nothing asked for while a pass runs is missed, and passes never overlap).
 * Resolves when no pass is left. A pass that throws is logged and tried again shortly, a few times: a transient
 * failure (a write that met another instance's, a database briefly busy) must not leave its work waiting for the
 * next periodic run. It never stops the next `run()`.
 */
export function coalesce(name: string, pass: () => Promise<void>, retryDelayMs = 100) {
  let running: Promise<void> | null = null;
  let again = false;
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let failures = 0;
      do {
        again = false;
        try {
          await pass();
          failures = 0;
        } catch (err) {
          console.error(`[${name}] pass failed:`, err instanceof Error ? err.message : err);
          if (failures < PASS_RETRIES) {
            await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** failures));
            failures++;
            again = true;
          }
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }
  return {
    run,
    /** Asks for one more pass after the current one (from inside a pass). */
    again: () => {
      again = true;
    },
    /** Resolves when no pass runs. */
    idle: () => running ?? Promise.resolve(),
    get running() {
      return running !== null;
    },
  };
}
