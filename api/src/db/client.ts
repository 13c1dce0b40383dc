import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { startJob, type StopJobs } from '../lib/jobs.ts';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof drizzle<typeof schema>> & { $client: Client; $replica?: ReplicaSync };

/**
 * The pulls of an embedded replica, run here (not by the client's own timer) so the time each pull started is
 * known: a request can then ask for a pull that started after a given moment (read-your-writes across instances,
 * docs/decisions/006-embedded-replicas-read-your-writes.md).
 */
export interface ReplicaSync {
  /** When the last completed pull started (this machine's clock); everything committed before it is here. */
  syncedFrom: () => number;
  /** Returns once a pull that started at or after `since` has completed (at most two pulls; concurrent callers share them). */
  catchUp: (since: number) => Promise<void>;
  /** Stops the regular pulls; resolves once a pull in progress has ended. */
  stop: StopJobs;
}

function createReplicaSync(client: Client, intervalMs: number): ReplicaSync {
  let syncedFrom = Date.now();
  let running: Promise<void> | null = null;
  const pull = () =>
    (running ??= (async () => {
      const started = Date.now();
      try {
        await client.sync();
        syncedFrom = Math.max(syncedFrom, started);
      } finally {
        running = null;
      }
    })());
  // The first pull was made when the database was opened: the job's first run waits one interval.
  const stop = startJob({ name: 'db replica sync', everyMs: intervalMs, atStart: false, run: pull });
  return {
    syncedFrom: () => syncedFrom,
    catchUp: async (since) => {
      for (let i = 0; i < 2 && syncedFrom < since; i++) await pull();
    },
    stop,
  };
}

const API_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Each module owns its tables and its generated migrations (own folder, own journal table), so modules can
 * evolve their schema independently: core (posts, auth, scheduling, builds, templates), automation, operations,
 * members.
 */
export const MIGRATION_SETS = [
  { folder: 'drizzle', table: '__drizzle_migrations' },
  { folder: 'drizzle-automation', table: '__drizzle_migrations_automation' },
  { folder: 'drizzle-operations', table: '__drizzle_migrations_operations' },
  { folder: 'drizzle-members', table: '__drizzle_migrations_members' },
] as const;

const BUSY_RETRIES_MS = [10, 25, 50, 100, 200, 400, 800];

/**
 * A libSQL server answers SQLITE_BUSY at once when another connection holds the write lock (a file waits its busy
 * timeout instead). A statement or batch refused with SQLITE_BUSY did nothing (a batch is one transaction), so it is
 * sent again after a short, growing pause, for about 1.6 s in all.
 */
export function retryWhenBusy(client: Client): void {
  const busy = (err: unknown) => (err as { code?: string })?.code === 'SQLITE_BUSY';
  for (const method of ['execute', 'batch'] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await original(...args);
        } catch (err) {
          if (!busy(err) || attempt >= BUSY_RETRIES_MS.length) throw err;
          await new Promise((r) => setTimeout(r, BUSY_RETRIES_MS[attempt]));
        }
      }
    };
  }
}

/** An embedded replica: a local file kept in step with a remote primary (see `openDb`). */
export interface ReplicaOptions {
  /** The local replica file. */
  path: string;
  /** Seconds between pulls of the primary's changes; what other instances' writes take to show here. */
  syncIntervalS: number;
}

/**
 * Opens the database. A libSQL file opens with rollback journal and no busy timeout, so we set:
 * WAL (readers never block the writer), synchronous=FULL (an acknowledged admin write survives power loss;
 * writes are rare, so the fsync cost is irrelevant), busy_timeout so a second instance waits instead of failing.
 *
 * With `replica` and a remote `url` (sqld, Turso), reads are served by a local embedded replica (a file read,
 * microseconds instead of a network round trip), writes go to the primary, this instance reads its own writes at
 * once, and other instances' writes arrive within `syncIntervalS`.
 */
export async function openDb(url: string, authToken?: string, replica?: ReplicaOptions): Promise<Db> {
  const embedded = replica && !url.startsWith('file:');
  const local = embedded ? `file:${replica.path}` : url;
  if (local.startsWith('file:')) {
    const path = local.slice('file:'.length);
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  // A file gets one connection: the client would otherwise open a pool of them, each without the per-connection
  // settings below (busy timeout, foreign keys), so a second instance's write made them fail at once with
  // SQLITE_BUSY. Statements run synchronously anyway, so more connections add no parallelism.
  const client = embedded
    ? createClient({ url: local, syncUrl: url, authToken, readYourWrites: true })
    : url.startsWith('file:')
      ? createClient({ url, authToken, concurrency: 1, timeout: 5000 })
      : createClient({ url, authToken });
  if (embedded) await client.sync();
  else if (url.startsWith('file:')) {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = FULL');
    await client.execute('PRAGMA busy_timeout = 5000');
  }
  if (!url.startsWith('file:')) retryWhenBusy(client);
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema }) as Db;
  if (embedded) db.$replica = createReplicaSync(client, replica.syncIntervalS * 1000);
  return db;
}

/** Applies the committed, generated SQL migrations of every module, core first. */
export async function migrateDb(db: Db): Promise<void> {
  for (const set of MIGRATION_SETS) {
    const folder = join(API_ROOT, set.folder);
    if (!existsSync(join(folder, 'meta/_journal.json'))) continue;
    await migrate(db, { migrationsFolder: folder, migrationsTable: set.table });
  }
}
