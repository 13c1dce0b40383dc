import { Cron } from 'croner';

/**
 * A recurring job of one instance: `work` runs at once and then every `everyMs` (rounded to whole seconds,
 * at least one), never overlapping itself; a failure is logged and the next tick tries again. The timer does
 * not keep the process alive. Returns a function that stops it.
 *
 * Jobs do not take a lease: each job's work claims what it does in the database (the scheduler claims a
 * schedule row with a token, the automation a slot's unique run, a workflow an occurrence's unique run), so
 * with several instances every piece of work runs once however many instances tick.
 */
export function every(name: string, everyMs: number, work: () => Promise<unknown>): () => void {
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    try {
      await work();
    } catch (err) {
      console.error(`[${name}] tick failed:`, err instanceof Error ? err.message : err);
    } finally {
      busy = false;
    }
  };
  const seconds = Math.max(1, Math.round(everyMs / 1000));
  // Every second, no sooner than `seconds` after the previous run.
  const cron = new Cron('* * * * * *', { interval: seconds, unref: true }, () => void run());
  void run();
  return () => cron.stop();
}
