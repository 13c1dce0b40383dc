/**
 * One pagefind run: a fresh index from custom records, written to a folder, then the index deleted and the
 * pagefind service (a child process) closed, so no binary lingers between runs. Used in the main thread
 * (the publish path) and in the build worker (compaction, rebuild); each thread has its own copy of the
 * pagefind module and so its own service, which is what lets a publish run while a shard is being indexed.
 */
import * as pagefind from 'pagefind';

/** What pagefind is given for one post. */
export interface PagefindRecord {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** Pagefind reads this (unstable, undocumented) variable when its service starts: words per index chunk. */
const CHUNK_ENV = 'PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE';

function check(what: string, errors: string[]): void {
  if (errors.length) throw new Error(`pagefind ${what} failed: ${errors.join('; ')}`);
}

/** Runs in one thread never overlap: pagefind's module keeps one service per thread, and each run closes it. */
let queue: Promise<unknown> = Promise.resolve();

/** Indexes `records` (in the order given) and writes pagefind's output to `outputPath`. */
export function runPagefind(records: PagefindRecord[], outputPath: string, chunkSize: number): Promise<void> {
  const run = queue.then(() => runAlone(records, outputPath, chunkSize));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Runs `start` with `name` set to `value` in this thread's environment, then puts the variable back. Not a read
 * of configuration (that goes through env.ts): pagefind's service reads the variable when it is spawned.
 */
function withChildEnv<T>(name: string, value: string, start: () => T): T {
  /* eslint-disable no-restricted-properties -- sets a variable for the child pagefind spawns, and restores it */
  const previous = process.env[name];
  process.env[name] = value;
  try {
    return start();
  } finally {
    if (previous === undefined) delete process.env[name];
    else process.env[name] = previous;
  }
  /* eslint-enable no-restricted-properties */
}

async function runAlone(records: PagefindRecord[], outputPath: string, chunkSize: number): Promise<void> {
  // The service is spawned synchronously inside createIndex, with this thread's environment at that moment.
  const created = withChildEnv(CHUNK_ENV, String(chunkSize), () => pagefind.createIndex({ forceLanguage: 'en' }));
  try {
    const { index, errors } = await created;
    check('createIndex', errors);
    if (!index) throw new Error('pagefind createIndex returned no index');
    try {
      for (const record of records) {
        const added = await index.addCustomRecord({ ...record, language: 'en' });
        check(`addCustomRecord(${record.url})`, added.errors);
      }
      const written = await index.writeFiles({ outputPath });
      check('writeFiles', written.errors);
    } finally {
      await index.deleteIndex().catch(() => undefined);
    }
  } finally {
    await pagefind.close();
  }
}
