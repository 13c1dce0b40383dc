/**
 * The one job runner: every recurring task of the API (the builder's poll, the change feed, the scheduler, the
 * automation slots, workflow ticks, the views flush, health samples, message retention, replica pulls, a build's
 * lease heartbeat) is a Job started here. Nothing else in the API owns a timer that repeats.
 *
 * A job runs at once (or after one interval), then again `everyMs` after each run began, never overlapping itself:
 * a run still going when the next is due is followed by the next right after it ends. A failure is logged with the
 * job's name and the next tick tries again. Timers do not keep the process alive.
 *
 * Jobs take no lease of their own: each job's work claims what it does in the database (the scheduler claims a
 * schedule row with a token, the builder a build with a lease, a workflow an occurrence's unique run), so with
 * several instances every piece of work runs once however many instances tick.
 */

/** A recurring task of one instance. */
export interface Job {
  /** Names the job in logs. */
  name: string;
  /** Milliseconds from the start of one run to the start of the next. */
  everyMs: number;
  /** Runs at start (the default), or first after one interval (e.g. a health sample that must not see start-up). */
  atStart?: boolean;
  run: () => Promise<unknown> | unknown;
  /** Called once at stop, after the job's last run has ended (e.g. a final flush of what it buffers). */
  drain?: () => Promise<unknown> | unknown;
}

/** Stops the jobs: no run starts after it is called; resolves once runs in progress and drains have ended. */
export type StopJobs = () => Promise<void>;

/** Starts one job; see the module comment for how it ticks. */
export function startJob(job: Job): StopJobs {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = () => {
    if (stopped) return;
    const began = Date.now();
    running = (async () => {
      try {
        await job.run();
      } catch (err) {
        console.error(`[${job.name}] run failed:`, err instanceof Error ? err.message : err);
      }
    })().finally(() => {
      running = null;
      schedule(Math.max(0, began + job.everyMs - Date.now()));
    });
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  if (job.atStart === false) schedule(job.everyMs);
  else tick();

  return async () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    await running;
    try {
      await job.drain?.();
    } catch (err) {
      console.error(`[${job.name}] drain failed:`, err instanceof Error ? err.message : err);
    }
  };
}

/** Starts every job of a list; the function returned stops them all, as one. */
export function startJobs(jobs: readonly Job[]): StopJobs {
  const stops = jobs.map(startJob);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
