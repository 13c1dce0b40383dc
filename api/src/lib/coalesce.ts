/**
 * Single-flight with a rerun: `run()` starts `pass` unless it is running, in which case it asks for one more
 * pass after the current one (so nothing asked for while a pass runs is missed, and passes never overlap).
 * Resolves when no pass is left. A pass that throws is logged and does not stop the next one.
 */
export function coalesce(name: string, pass: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (err) {
          console.error(`[${name}] pass failed:`, err instanceof Error ? err.message : err);
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
