/**
 * The build worker: builds bundles for compaction and rebuilds in its own thread, so it has its own pagefind
 * service (a publish, in the main thread, never queues behind a shard that takes seconds to index) and its own
 * heap (gone when the worker ends). See BuildWorker in bundle.ts for the other side.
 */
import { setPriority } from 'node:os';
import { buildBundle } from './bundle.ts';
import { answerCalls } from './worker-calls.ts';

// Background work: on Linux a nice value is per thread and inherited by the processes a thread starts, so
// this lowers only this worker and its pagefind children, and a publish (main thread) gets the CPU first.
// (Elsewhere, e.g. macOS, it would lower the whole server, so it is Linux only.)
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // not permitted: run at normal priority
  }
}

answerCalls(buildBundle);
