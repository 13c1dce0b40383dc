/**
 * Reading the public change record (change-record.ts writes it): the rest of the system consumes it here.
 * - exactly-once consumers (notifications, workflows) claim ranges of records with a conditional UPDATE of
 *   their cursor, so with several API instances each record is handled once;
 * - local consumers (caches) see every record on every instance.
 * A poll of one indexed `max(id)` notices changes made by other instances; a local write wakes the feed at once.
 * See docs/decisions/001-one-change-record.md.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { changeConsumers, postChanges } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { coalesce } from '../lib/coalesce.ts';
import type { Job } from '../lib/jobs.ts';

export type PostChange = typeof postChanges.$inferSelect;
export type ChangeHandler = (changes: PostChange[]) => Promise<void> | void;

/** How often an instance looks for changes made by the others. */
const POLL_MS = 250;

/** The newest change record id (0 before the first). */
export async function latestChangeId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${postChanges.id})` }).from(postChanges);
  return row?.id ?? 0;
}

/** Change records with ids in (after, through], oldest first. */
export function changesBetween(db: Db, after: number, through: number): Promise<PostChange[]> {
  return db
    .select()
    .from(postChanges)
    .where(and(gt(postChanges.id, after), lte(postChanges.id, through)))
    .orderBy(asc(postChanges.id));
}

interface LocalConsumer {
  handler: ChangeHandler;
  /** The last record it was given; null until its first pass. */
  cursor: number | null;
  /** The newest record when it was registered: where it starts. */
  start: Promise<number>;
}

interface Feed {
  db: Db;
  clock: Clock;
  exactlyOnce: Map<string, ChangeHandler>;
  local: LocalConsumer[];
  /** Registrations of this instance's exactly-once consumers (see `register`). */
  registrations: Map<string, Promise<void>>;
}

/**
 * Records where a new consumer starts: the newest record at registration, which is when the app is put together,
 * before it can make a change. Starting at the first poll instead would skip the changes made before it (the first
 * edit on a fresh server, a schedule published at start-up). One statement, so the starting point cannot fall
 * between a read and the insert; a consumer that exists keeps its cursor. (`WHERE true` tells SQLite's parser that
 * ON CONFLICT is the upsert clause, not a join constraint.)
 */
async function register(feed: Feed, name: string): Promise<void> {
  await feed.db.run(sql`INSERT INTO change_consumers (name, cursor, updated_at)
                        SELECT ${name}, coalesce(max(id), 0), ${feed.clock.now().getTime()} FROM post_changes WHERE true
                        ON CONFLICT (name) DO NOTHING`);
}

/**
 * Handles every new record once across all instances. A claim moves the cursor before the handler runs
 * (at-most-once for the handler: a crash in between loses that notification, never duplicates it).
 * A new consumer is not told about history: it starts at the newest record when it is registered.
 */
function onceAcrossInstances(feed: Feed, name: string, handler: ChangeHandler): void {
  feed.exactlyOnce.set(name, handler);
  const registered = register(feed, name).catch((err: unknown) =>
    // The first claim registers it instead (at the newest record then).
    console.error(`[changes] could not register consumer ${name}:`, err instanceof Error ? err.message : err),
  );
  feed.registrations.set(name, registered);
}

/** Sees every record made after it is registered, on this instance (for caches). */
function onEveryInstance(feed: Feed, handler: ChangeHandler): void {
  const start = latestChangeId(feed.db);
  start.catch(() => {}); // read again at the first pass
  feed.local.push({ handler, cursor: null, start });
}

/** Moves a consumer's cursor to `through`; the range it moved over, or null when there is none or another took it. */
async function claim(feed: Feed, name: string, through: number): Promise<{ from: number; to: number } | null> {
  const { db } = feed;
  const now = feed.clock.now();
  // A read per poll; a write only when there is something to claim (several instances poll the same row).
  const [row] = await db.select().from(changeConsumers).where(eq(changeConsumers.name, name));
  if (!row) {
    // Normally registered already (see `register`); otherwise it starts at the present.
    await db.insert(changeConsumers).values({ name, cursor: through, updatedAt: now }).onConflictDoNothing();
    return null;
  }
  if (row.cursor >= through) return null;
  const claimed = await db
    .update(changeConsumers)
    .set({ cursor: through, updatedAt: now })
    .where(and(eq(changeConsumers.name, name), eq(changeConsumers.cursor, row.cursor)));
  return claimed.rowsAffected === 1 ? { from: row.cursor, to: through } : null;
}

async function deliver(name: string, handler: ChangeHandler, changes: PostChange[]): Promise<void> {
  if (changes.length === 0) return;
  try {
    await handler(changes);
  } catch (err) {
    console.error(`[changes] consumer ${name} failed:`, err instanceof Error ? err.message : err);
  }
}

/** Reads the records made since the last pass and hands them to every consumer. */
async function pass(feed: Feed): Promise<void> {
  await Promise.all(feed.registrations.values());
  const latest = await latestChangeId(feed.db);
  for (const [name, handler] of feed.exactlyOnce) {
    const range = await claim(feed, name, latest);
    if (range) await deliver(name, handler, await changesBetween(feed.db, range.from, range.to));
  }
  for (const consumer of feed.local) {
    const from = consumer.cursor ?? (await consumer.start.catch(() => latest));
    consumer.cursor = latest;
    if (latest > from) await deliver('local', consumer.handler, await changesBetween(feed.db, from, latest));
  }
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/** The consumers of the change record of one instance, driven by one poll job. */
export function createChangeFeed(deps: { db: Db; clock: Clock }) {
  const feed: Feed = { ...deps, exactlyOnce: new Map(), local: [], registrations: new Map() };
  /** Reads new records now; overlapping calls coalesce into one more pass. */
  const passes = coalesce('changes', () => pass(feed));
  const job: Job = { name: 'changes', everyMs: POLL_MS, run: passes.run };
  return {
    onceAcrossInstances: (name: string, handler: ChangeHandler) => onceAcrossInstances(feed, name, handler),
    onEveryInstance: (handler: ChangeHandler) => onEveryInstance(feed, handler),
    /** Local writes call this for immediacy; the job polls for the other instances' changes. */
    poll: passes.run,
    idle: passes.idle,
    job,
  };
}
