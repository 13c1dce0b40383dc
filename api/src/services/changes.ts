/**
 * The public change record (DESIGN §4, "one change path"). The posts service writes one `post_changes` row in
 * the same transaction as every change readers can see; this module says what a change is and lets the rest
 * of the system consume the record:
 * - exactly-once consumers (notifications, workflows) claim ranges of records with a conditional UPDATE of
 *   their cursor, so with several API instances each record is handled once;
 * - local consumers (caches) see every record on every instance.
 * A poll of one indexed `max(id)` notices changes made by other instances; a local write wakes the feed at once.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { changeConsumers, postChanges, posts, type ChangeKind } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { coalesce } from '../lib/coalesce.ts';

type PostRow = typeof posts.$inferSelect;
export type PostChange = typeof postChanges.$inferSelect;

/** Fields whose change readers can see; anything else (e.g. the stored derivations) follows from these. */
const PUBLIC_FIELDS = [
  'slug',
  'title',
  'excerpt',
  'content',
  'category',
  'tags',
  'authorName',
  'readTime',
  'seoTitle',
  'metaDescription',
  'focusKeyword',
  'publishedAt',
  // The AI disclosure on the article.
  'provenance',
  'editedBy',
] as const satisfies readonly (keyof PostRow)[];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The change record for a post going from `before` to `after` (either may be absent: created, deleted),
 * or null when readers cannot see the difference (a draft edited, created or deleted).
 */
export function describeChange(
  before: PostRow | undefined,
  after: Pick<PostRow, (typeof PUBLIC_FIELDS)[number] | 'id' | 'published'> | undefined,
  at: Date,
  via: PostChange['via'] = 'editor',
): typeof postChanges.$inferInsert | null {
  const wasPublic = !!before?.published;
  const isPublic = !!after?.published;
  if (!wasPublic && !isPublic) return null;
  const kind: ChangeKind = !after ? 'deleted' : !wasPublic ? 'published' : !isPublic ? 'unpublished' : 'updated';
  const fields = before && after ? PUBLIC_FIELDS.filter((f) => !same(before[f], after[f])) : [];
  if (kind === 'updated' && fields.length === 0) return null;
  return {
    postId: (after ?? before)!.id,
    kind,
    title: (after ?? before)!.title,
    oldSlug: wasPublic ? before!.slug : null,
    newSlug: isPublic ? after!.slug : null,
    oldCategory: wasPublic ? before!.category : null,
    newCategory: isPublic ? after!.category : null,
    fields,
    via,
    createdAt: at,
  };
}

/**
 * The change record of a correction of a published post recorded, changed or withdrawn: readers see it on the
 * article, in the corrections log and in the feeds. The post row itself does not change.
 */
export function correctionChange(post: Pick<PostRow, 'id' | 'title' | 'slug' | 'category'>, at: Date): typeof postChanges.$inferInsert {
  return {
    postId: post.id,
    kind: 'corrected',
    title: post.title,
    oldSlug: post.slug,
    newSlug: post.slug,
    oldCategory: post.category,
    newCategory: post.category,
    fields: ['corrections'],
    via: 'editor',
    createdAt: at,
  };
}

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

export type ChangeHandler = (changes: PostChange[]) => Promise<void> | void;

export type ChangeFeed = ReturnType<typeof createChangeFeed>;

/** Consumers of the change record, driven by one poll loop. */
export function createChangeFeed(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const exactlyOnce = new Map<string, ChangeHandler>();
  const local: { handler: ChangeHandler; cursor: number | null; start: Promise<number> }[] = [];
  /** Registrations of this instance's exactly-once consumers (see `register`). */
  const registrations = new Map<string, Promise<void>>();

  /**
   * Records where a new consumer starts: the newest record at registration, which is when the app is put
   * together, before it can make a change. Starting at the first poll instead would skip the changes made
   * before it (the first edit on a fresh server, a schedule published at start-up). One statement, so the
   * starting point cannot fall between a read and the insert; a consumer that exists keeps its cursor.
   * (`WHERE true` tells SQLite's parser that ON CONFLICT is the upsert clause, not a join constraint.)
   */
  async function register(name: string): Promise<void> {
    await db.run(sql`INSERT INTO change_consumers (name, cursor, updated_at)
                     SELECT ${name}, coalesce(max(id), 0), ${clock.now().getTime()} FROM post_changes WHERE true
                     ON CONFLICT (name) DO NOTHING`);
  }

  /**
   * Handles every new record once across all instances. A claim moves the cursor before the handler runs
   * (at-most-once for the handler: a crash in between loses that notification, never duplicates it).
   * A new consumer is not told about history: it starts at the newest record when it is registered.
   */
  function onceAcrossInstances(name: string, handler: ChangeHandler): void {
    exactlyOnce.set(name, handler);
    registrations.set(
      name,
      register(name).catch((err: unknown) =>
        // The first claim registers it instead (at the newest record then).
        console.error(`[changes] could not register consumer ${name}:`, err instanceof Error ? err.message : err),
      ),
    );
  }

  /** Sees every record made after it is registered, on this instance (for caches). */
  function onEveryInstance(handler: ChangeHandler): void {
    const start = latestChangeId(db);
    start.catch(() => {}); // read again at the first pass
    local.push({ handler, cursor: null, start });
  }

  async function claim(name: string, through: number): Promise<{ from: number; to: number } | null> {
    const now = clock.now();
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

  async function pass(): Promise<void> {
    await Promise.all(registrations.values());
    const latest = await latestChangeId(db);
    for (const [name, handler] of exactlyOnce) {
      const range = await claim(name, latest);
      if (range) await run(name, handler, await changesBetween(db, range.from, range.to));
    }
    for (const consumer of local) {
      const from = consumer.cursor ?? (await consumer.start.catch(() => latest));
      consumer.cursor = latest;
      if (latest > from) await run('local', consumer.handler, await changesBetween(db, from, latest));
    }
  }

  async function run(name: string, handler: ChangeHandler, changes: PostChange[]): Promise<void> {
    if (changes.length === 0) return;
    try {
      await handler(changes);
    } catch (err) {
      console.error(`[changes] consumer ${name} failed:`, err instanceof Error ? err.message : err);
    }
  }

  /** Reads new records now; overlapping calls coalesce into one more pass. */
  const passes = coalesce('changes', pass);
  const poll = passes.run;

  /** Polls on an interval until stopped; local writes call `poll()` directly for immediacy. */
  function start(intervalMs = 250): () => void {
    void poll();
    const timer = setInterval(() => void poll(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return { onceAcrossInstances, onEveryInstance, poll, start, idle: passes.idle };
}
