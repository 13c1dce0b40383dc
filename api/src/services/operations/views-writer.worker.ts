/**
 * The views writer's thread (see `threadViewsWriter`): its own connection to the server's database, one message at
 * a time. A remote database (with or without an embedded replica on the server) is written directly at its URL.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDb, type Db } from '../../db/client.ts';
import { readPublishedSlugs, writeViewsBatch, type ViewsBatch } from './views-writer.ts';

const { url, authToken } = workerData as { url: string; authToken?: string };
let opened: Promise<Db> | null = null;
/** The connection, opened at first use; an open that failed (a lock held during its pragmas) is tried again next time. */
const connection = () =>
  (opened ??= openDb(url, authToken).catch((err: unknown) => {
    opened = null;
    throw err;
  }));
let queue: Promise<unknown> = Promise.resolve();

parentPort!.on('message', (msg: { id: number; op: 'write' | 'slugs'; batch?: ViewsBatch }) => {
  // One statement at a time, in the order asked (a write and a slug read never interleave).
  queue = queue.then(async () => {
    try {
      const db = await connection();
      const value =
        msg.op === 'write' ? await writeViewsBatch(db.$client, msg.batch!) : await readPublishedSlugs(db.$client);
      parentPort!.postMessage({ id: msg.id, ok: true, value });
    } catch (err) {
      parentPort!.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
