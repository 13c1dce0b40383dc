import { Worker } from 'node:worker_threads';
import type { Client } from '@libsql/client';

/** One post's counters of one day, by slug: [slug, day, views, leaves, completionSum, engaged, bounces, secondsSum, shares]. */
export type StatsRow = [string, string, number, number, number, number, number, number, number];
/** Views of one post on one day from one referring host ('' for direct): [slug, day, host, views]. */
export type ReferrerRow = [string, string, string, number];

/** What one flush hands the writer: the counts gathered since the previous successful flush. */
export interface ViewsBatch {
  stats: StatsRow[];
  referrers: ReferrerRow[];
}

/**
 * Writes aggregated counts and reads the published slugs, away from the request path. A write is all or nothing
 * (one transaction), so a failed write can be retried with the same counts without counting any twice.
 */
export interface ViewsWriter {
  /** Adds the batch's counts to the stored ones; resolves with the rows sent, rejects having written nothing. */
  write(batch: ViewsBatch): Promise<number>;
  /** The slugs of the published posts. */
  publishedSlugs(): Promise<string[]>;
  close(): Promise<void>;
}

/** Rows per statement: SQLite allows 32,766 parameters, and a statement this size prepares in well under a millisecond. */
const UPSERT_ROWS = 500;

/**
 * One multi-row upsert. Rows name their post by slug; the join keeps only slugs of posts that are published when
 * the batch is written (a post deleted or unpublished since the beacon counts nothing, instead of failing the
 * statement on its foreign key). `WHERE true` keeps SQLite from reading `ON CONFLICT` as a join constraint.
 */
function upsert(rows: StatsRow[] | ReferrerRow[], kind: 'stats' | 'referrers') {
  const width = kind === 'stats' ? 9 : 4;
  const tuple = `(${Array(width).fill('?').join(', ')})`;
  const values = `(VALUES ${rows.map(() => tuple).join(', ')})`;
  const sql =
    kind === 'stats'
      ? `INSERT INTO post_stats_daily (post_id, day, views, leaves, completion_sum, engaged, bounces, seconds_sum, shares)
         SELECT p.id, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, v.column9
         FROM ${values} AS v JOIN posts p ON p.slug = v.column1 AND p.published = 1 WHERE true
         ON CONFLICT (post_id, day) DO UPDATE SET views = views + excluded.views, leaves = leaves + excluded.leaves,
           completion_sum = completion_sum + excluded.completion_sum, engaged = engaged + excluded.engaged,
           bounces = bounces + excluded.bounces, seconds_sum = seconds_sum + excluded.seconds_sum,
           shares = shares + excluded.shares`
      : `INSERT INTO post_referrers_daily (post_id, day, host, views)
         SELECT p.id, v.column2, v.column3, v.column4
         FROM ${values} AS v JOIN posts p ON p.slug = v.column1 AND p.published = 1 WHERE true
         ON CONFLICT (post_id, day, host) DO UPDATE SET views = views + excluded.views`;
  return { sql, args: rows.flat() };
}

/** Writes a batch as one transaction of multi-row upserts. Several instances each add their own counts. */
export async function writeViewsBatch(client: Client, batch: ViewsBatch): Promise<number> {
  const statements = [];
  for (let i = 0; i < batch.stats.length; i += UPSERT_ROWS)
    statements.push(upsert(batch.stats.slice(i, i + UPSERT_ROWS), 'stats'));
  for (let i = 0; i < batch.referrers.length; i += UPSERT_ROWS)
    statements.push(upsert(batch.referrers.slice(i, i + UPSERT_ROWS), 'referrers'));
  if (statements.length) await client.batch(statements, 'write');
  return batch.stats.length + batch.referrers.length;
}

export async function readPublishedSlugs(client: Client): Promise<string[]> {
  const res = await client.execute('SELECT slug FROM posts WHERE published = 1');
  return res.rows.map((r) => String(r.slug));
}

/**
 * The writer on the calling thread, with the server's own connection. A local libSQL file runs each statement
 * synchronously on the event loop, so every flush and slug read holds up the requests waiting behind it; used for
 * an in-memory database (which a second connection cannot open) and as `VIEWS_WRITER=inline`.
 */
export function inlineViewsWriter(client: Client): ViewsWriter {
  return {
    write: (batch) => writeViewsBatch(client, batch),
    publishedSlugs: () => readPublishedSlugs(client),
    close: async () => {},
  };
}

const WORKER = new URL('./views-writer.worker.ts', import.meta.url);

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/**
 * The writer in a worker thread with its own connection (the default): statements, commits and their fsyncs
 * never run on the thread that answers requests. The thread starts at the first write or slug read and is
 * started again after it dies; a request that was in flight when it died rejects (its counts are kept).
 */
export function threadViewsWriter(opts: { url: string; authToken?: string }): ViewsWriter {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  function failAll(err: Error): void {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(WORKER, { workerData: opts });
    w.unref(); // a running server keeps itself alive; the writer must not keep a finished test process alive
    w.on('message', (msg: Reply) => {
      const waiter = waiting.get(msg.id);
      if (!waiter) return;
      waiting.delete(msg.id);
      if (msg.ok) waiter.resolve(msg.value);
      else waiter.reject(new Error(msg.error));
    });
    w.on('error', (err) => {
      if (worker === w) worker = null;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(new Error(`the views writer thread exited (${code})`));
    });
    worker = w;
    return w;
  }

  function call<T>(op: 'write' | 'slugs', batch?: ViewsBatch): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      thread().postMessage({ id, op, batch });
    });
  }

  return {
    write: (batch) => call<number>('write', batch),
    publishedSlugs: () => call<string[]>('slugs'),
    close: async () => {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
