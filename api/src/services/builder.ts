import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { readlinkSync, realpathSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { and, desc, eq, inArray, isNull, lt, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { Build, BuildStatus, PostLive } from 'content-schema/build';
import type { BuildHookPayload } from 'content-schema/render';
import type { Db } from '../db/client.ts';
import { builds, postChanges, siteTargets } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { coalesce } from '../lib/coalesce.ts';
import type { Events } from '../lib/events.ts';
import { changesBetween, latestChangeId, type PostChange } from './changes.ts';
import type { RenderResult, SiteRendererClient } from './site-renderer.ts';

type BuildRow = typeof builds.$inferSelect;

/** Posts the change list to a build hook; rejects on a non-2xx answer. */
export type HookCaller = (payload: BuildHookPayload) => Promise<void>;

/** Fetches a path of the public site; the builder uses it to confirm a change answers. */
export type SiteProbe = (path: string) => Promise<{ status: number; body: string }>;

export const HOOK_RETRY_DELAYS_MS = [1000, 4000, 16_000];
/** A builder that stops renewing its lease for this long is taken to be dead. */
export const LEASE_MS = 15_000;
const HEARTBEAT_MS = 5000;
/** A change readers were promised that is not live after this long raises a notification. */
export const LATE_AFTER_MS = 60_000;
/** The error of a build whose builder died; its changes are built again at once (no backoff). */
export const BUILDER_STOPPED = 'The builder running this build stopped; its changes are built again.';
/** Failed change builds are retried after these delays, then wait for new changes or the editor. */
const RETRY_DELAYS_MS = [2000, 10_000, 60_000];

function toBuild(row: BuildRow): Build {
  const durationMs = row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null;
  return {
    id: row.id,
    state: row.state,
    kind: row.kind,
    target: row.target.startsWith('embedded') ? 'embedded' : row.target,
    reason: row.reason,
    requestedAt: row.requestedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs,
    liveMs: row.liveMs,
    written: row.written,
    removed: row.removed,
    error: row.error,
    postErrors: row.postErrors,
  };
}

/** "Published “A”; Edited “B”" for the build list, newest last, bounded. */
function describe(changes: PostChange[]): string {
  const verb = { published: 'Published', updated: 'Edited', unpublished: 'Unpublished', deleted: 'Deleted', corrected: 'Corrected' } as const;
  const parts = changes.map((c) => `${c.via === 'schedule' ? 'Scheduled publication of' : verb[c.kind]} “${c.title}”`);
  const text = [...new Set(parts)].join('; ');
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text || 'Site update';
}

export type Builder = ReturnType<typeof createBuilder>;

/**
 * Keeps the public site in step with the change record (DESIGN §4).
 *
 * The queue lives in `site_builds`: a 'changes' build covers the change records (fromChange, toChange] of one
 * target; later changes extend the queued build, so a burst costs one build. A builder claims a build with one
 * conditional UPDATE that takes a lease and renews it with a heartbeat: with several API instances exactly one
 * runs each build, an instance with the builder off never claims, fails or runs one, and a build whose builder
 * died (its lease ran out, or its process is gone) is taken over. Change records are written by whichever
 * instance made the change; the building instance sees them through a cheap poll of the newest id.
 *
 * Targets: 'embedded' renders into this machine's site folder with the warm renderer (only what the change
 * affects; the folder itself records which change it reflects); 'hook' posts the change list to BUILD_HOOK_URL.
 * After the files are in place the builder fetches each changed article, confirms it shows the change, and
 * records the time from the editor's action to live.
 */
export function createBuilder(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  target: 'embedded' | 'hook' | 'off';
  siteRoot: string;
  renderer?: SiteRendererClient;
  callHook?: HookCaller;
  probe?: SiteProbe;
  sleep?: (ms: number) => Promise<void>;
}) {
  const { db, clock, events, siteRoot } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const currentLink = join(siteRoot, 'current');
  const target = deps.target === 'off' ? null : deps.target === 'hook' ? 'hook' : embeddedTarget();
  let fullRunning: Promise<void> | null = null;

  /** An embedded target is one folder on one machine: instances sharing it share its queue. */
  function embeddedTarget(): string {
    mkdirSync(siteRoot, { recursive: true });
    return `embedded:${hostname()}:${realpathSync(siteRoot)}`;
  }

  /** The folder of the live site, or null before the first full render. */
  /**
   * The live site folder this instance serves: its own renderer's, or, with the builder off, the one another
   * instance sharing this DATA_DIR renders (none: the site is served elsewhere, e.g. a CDN fed by the hook).
   */
  function liveDir(): string | null {
    if (deps.target === 'hook') return null;
    try {
      return resolve(siteRoot, readlinkSync(currentLink));
    } catch {
      return null;
    }
  }

  /**
   * What the renderer last said of its folder (which change it reflects, whether only a full render will do).
   * Asked once and then kept from its answers, so a pass costs no round trip to a renderer that may be busy.
   */
  let rendered: { cursor: number; needsFull: boolean } | null = null;
  async function rendererState(): Promise<{ cursor: number; needsFull: boolean }> {
    rendered ??= await deps.renderer!.status();
    return rendered;
  }

  /**
   * The change record id the target reflects. An embedded target may be shared by several builders (instances
   * on one machine and folder): what this renderer last said is then older than what another one built since, so
   * the record in the database counts too.
   */
  async function cursor(): Promise<number> {
    const [row] = await db.select().from(siteTargets).where(eq(siteTargets.target, target!));
    const recorded = row?.builtThrough ?? 0;
    return deps.target === 'embedded' ? Math.max(recorded, (await rendererState()).cursor) : recorded;
  }

  async function setBuiltThrough(through: number): Promise<void> {
    const now = clock.now();
    await db
      .insert(siteTargets)
      .values({ target: target!, builtThrough: through, updatedAt: now })
      .onConflictDoUpdate({ target: siteTargets.target, set: { builtThrough: through, updatedAt: now } });
  }

  /** Queues (or extends the queued) build of a kind for this target. */
  async function enqueue(kind: 'changes' | 'full', reason: string, fromChange: number, toChange: number): Promise<void> {
    await db
      .insert(builds)
      .values({ target: target!, kind, state: 'queued', reason, fromChange, toChange, requestedAt: clock.now() })
      .onConflictDoUpdate({
        target: [builds.target, builds.kind],
        targetWhere: sql`state = 'queued'`,
        set: {
          toChange: sql`max(${builds.toChange}, excluded.to_change)`,
          fromChange: sql`min(${builds.fromChange}, excluded.from_change)`,
          reason: sql`substr(${builds.reason} || '; ' || excluded.reason, -1000)`,
        },
      });
  }

  /** Takes the oldest queued build of a kind unless one of that kind runs under a live lease. */
  async function claim(kind: 'changes' | 'full'): Promise<BuildRow | null> {
    const now = clock.now().getTime();
    const res = await db.$client.execute({
      sql: `UPDATE site_builds SET state = 'running', lease_owner = ?, lease_expires_at = ?, started_at = ?, attempts = attempts + 1
            WHERE id = (SELECT id FROM site_builds WHERE target = ? AND kind = ? AND state = 'queued' ORDER BY id LIMIT 1)
              AND NOT EXISTS (SELECT 1 FROM site_builds WHERE target = ? AND kind = ? AND state = 'running')
            RETURNING id`,
      args: [owner, now + LEASE_MS, now, target!, kind, target!, kind],
    });
    const id = res.rows[0]?.id;
    if (id === undefined || id === null) return null;
    const [row] = await db.select().from(builds).where(eq(builds.id, Number(id)));
    return row ?? null;
  }

  /** Builds this process is running now. */
  const active = new Set<number>();

  /** Whether the process holding a lease is gone: its lease ran out, or it was a process on this machine that died. */
  function ownerDead(row: BuildRow, now: number): boolean {
    // Ours but not running here: its end could not be recorded (say the database was busy); nothing runs it.
    if (row.leaseOwner === owner) return !active.has(row.id);
    if (!row.leaseExpiresAt || row.leaseExpiresAt.getTime() < now) return true;
    const [host, pid] = (row.leaseOwner ?? '').split(':');
    if (host !== hostname() || !pid || Number(pid) === process.pid) return false;
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }

  /**
   * Fails running builds of this target whose builder died, and builds their work again: the changes of a
   * change build are still ahead of the target's cursor; a full render is queued anew.
   */
  async function reapDead(): Promise<void> {
    const now = clock.now().getTime();
    const running = await db.select().from(builds).where(and(eq(builds.target, target!), eq(builds.state, 'running')));
    for (const row of running) {
      if (!ownerDead(row, now)) continue;
      const reaped = await db
        .update(builds)
        .set({ state: 'failed', finishedAt: clock.now(), error: BUILDER_STOPPED })
        .where(and(eq(builds.id, row.id), eq(builds.state, 'running'), eq(builds.leaseOwner, row.leaseOwner!)));
      if (reaped.rowsAffected === 1 && row.kind === 'full') {
        await enqueue('full', `Again after the builder stopped: ${row.reason}`.slice(0, 1000), row.fromChange, row.toChange);
      }
    }
  }

  /** Keeps a lease while `work` runs. */
  async function withLease<T>(row: BuildRow, work: () => Promise<T>): Promise<T> {
    active.add(row.id);
    const timer = setInterval(() => {
      const until = new Date(clock.now().getTime() + LEASE_MS);
      void db
        .update(builds)
        .set({ leaseExpiresAt: until })
        .where(and(eq(builds.id, row.id), eq(builds.leaseOwner, owner)))
        .catch(() => {});
    }, HEARTBEAT_MS);
    timer.unref();
    try {
      return await work();
    } finally {
      clearInterval(timer);
      active.delete(row.id);
    }
  }

  async function finish(row: BuildRow, set: Partial<typeof builds.$inferInsert>): Promise<void> {
    const [previous] = await db
      .select({ state: builds.state, error: builds.error })
      .from(builds)
      .where(and(eq(builds.target, row.target), inArray(builds.state, ['succeeded', 'failed']), lt(builds.id, row.id)))
      .orderBy(desc(builds.id))
      .limit(1);
    await db
      .update(builds)
      .set({ finishedAt: clock.now(), ...set })
      .where(and(eq(builds.id, row.id), eq(builds.leaseOwner, owner)));
    if (set.state === 'succeeded' && previous?.state === 'failed' && previous.error !== BUILDER_STOPPED) {
      events.emit('build_recovered', { buildId: row.id });
    }
  }

  /** Confirms each changed article answers as expected; returns the ids confirmed. */
  async function verify(result: RenderResult): Promise<Set<number>> {
    const ok = new Set<number>();
    if (!deps.probe) return ok;
    for (const item of result.live) {
      try {
        const res = await deps.probe(item.path);
        const shows = item.present
          ? res.status === 200 && (!item.updatedAt || res.body.includes(`content="${item.updatedAt}"`))
          : res.status !== 200;
        if (shows) ok.add(item.postId);
      } catch (err) {
        console.error(`[builder] could not check ${item.path}:`, err instanceof Error ? err.message : err);
      }
    }
    return ok;
  }

  /** Marks the changes of the confirmed posts live, the failed ones with their reason; returns the build's liveMs. */
  async function recordLive(changes: PostChange[], confirmed: Set<number>, errors: RenderResult['postErrors']): Promise<number | null> {
    const now = clock.now();
    const ids = changes.filter((c) => confirmed.has(c.postId) && !c.liveAt).map((c) => c.id);
    // A post that renders again is no longer in error.
    if (ids.length) await db.update(postChanges).set({ liveAt: now, error: null }).where(inArray(postChanges.id, ids));
    for (const e of errors) {
      const mine = changes.filter((c) => c.postId === e.postId).map((c) => c.id);
      if (mine.length) await db.update(postChanges).set({ error: e.reason }).where(inArray(postChanges.id, mine));
    }
    const times = changes.filter((c) => confirmed.has(c.postId)).map((c) => now.getTime() - c.createdAt.getTime());
    return times.length ? Math.max(...times) : null;
  }

  async function runChanges(row: BuildRow): Promise<void> {
    let error: string | null = null;
    try {
      await withLease(row, async () => {
        if (deps.target === 'hook') return runHook(row);
        const from = Math.min(row.fromChange, await cursor());
        const changes = await changesBetween(db, from, row.toChange);
        const result = await deps.renderer!.changes(changes.map(toRenderChange), row.toChange).catch((err: unknown) => {
          rendered = null;
          throw err;
        });
        rendered = { cursor: result.cursor, needsFull: false };
        const confirmed = await verify(result);
        const liveMs = await recordLive(changes, confirmed, result.postErrors);
        await setBuiltThrough(result.cursor);
        await finish(row, {
          state: 'succeeded',
          written: result.written,
          removed: result.removed,
          liveMs,
          postErrors: result.postErrors,
        });
        for (const e of result.postErrors) events.emit('build_post_failed', { buildId: row.id, ...e });
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      await finish(row, { state: 'failed', error });
      console.error(`[builder] build ${row.id} failed: ${error.split('\n')[0]}`);
      events.emit('build_failed', { buildId: row.id, error });
    }
  }

  async function runHook(row: BuildRow): Promise<void> {
    const changes = row.kind === 'full' ? [] : await changesBetween(db, row.fromChange, row.toChange);
    const payload: BuildHookPayload = {
      buildId: row.id,
      kind: row.kind,
      fromChange: row.fromChange,
      toChange: row.toChange,
      changes: changes.map(toRenderChange),
    };
    for (let i = 0; ; i++) {
      try {
        await deps.callHook!(payload);
        break;
      } catch (err) {
        if (i >= HOOK_RETRY_DELAYS_MS.length) throw err;
        await sleep(HOOK_RETRY_DELAYS_MS[i]!);
      }
    }
    await setBuiltThrough(row.toChange);
    await finish(row, { state: 'succeeded' });
    // The deploy takes its own time; watch the public site for the change in the background.
    void watchDeploy(changes);
  }

  /** After a hook build, polls the public site every 2 s until each change shows (for up to ten minutes). */
  async function watchDeploy(changes: PostChange[]): Promise<void> {
    if (!deps.probe) return;
    const expected: RenderResult['live'] = changes
      .filter((c) => c.newSlug)
      .map((c) => ({ postId: c.postId, path: `/post/${c.newSlug}`, present: true }));
    const confirmed = new Set<number>();
    for (let round = 0; confirmed.size < expected.length && round < 300; round++) {
      const seen = await verify({ live: expected.filter((e) => !confirmed.has(e.postId)) } as RenderResult);
      for (const id of seen) confirmed.add(id);
      if (seen.size) await recordLive(changes, seen, []);
      if (confirmed.size < expected.length) await sleep(2000);
    }
  }

  async function runFull(row: BuildRow): Promise<void> {
    try {
      await withLease(row, async () => {
        if (deps.target === 'hook') return runHook(row);
        // The data read after this point reflects at least this change; later ones are built after the swap.
        const through = await latestChangeId(db);
        const result = await deps.renderer!.full(through).finally(() => {
          rendered = null;
        });
        await setBuiltThrough(result.cursor);
        // Every change up to here is on the site now, except the posts the render had to leave out.
        const failed = result.postErrors.map((e) => e.postId);
        await db
          .update(postChanges)
          .set({ liveAt: clock.now(), error: null })
          .where(and(lte(postChanges.id, through), isNull(postChanges.liveAt), failed.length ? notInArray(postChanges.postId, failed) : undefined));
        for (const e of result.postErrors) {
          await db.update(postChanges).set({ error: e.reason }).where(and(lte(postChanges.id, through), eq(postChanges.postId, e.postId), isNull(postChanges.liveAt)));
        }
        await finish(row, {
          state: 'succeeded',
          toChange: through,
          written: result.written,
          postErrors: result.postErrors,
        });
        for (const e of result.postErrors) events.emit('build_post_failed', { buildId: row.id, ...e });
      });
      events.emit('build_succeeded', { buildId: row.id, durationMs: clock.now().getTime() - (row.startedAt?.getTime() ?? 0) });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await finish(row, { state: 'failed', error });
      console.error(`[builder] full build ${row.id} failed: ${error.split('\n')[0]}`);
      events.emit('build_failed', { buildId: row.id, error });
    }
  }

  /** Whether the last builds of a kind failed recently enough that retrying now would only fail again. */
  async function backingOff(kind: 'changes' | 'full'): Promise<boolean> {
    const recent = await db
      .select()
      .from(builds)
      .where(
        and(
          eq(builds.target, target!),
          eq(builds.kind, kind),
          ne(builds.state, 'queued'),
          sql`coalesce(${builds.error}, '') != ${BUILDER_STOPPED}`,
        ),
      )
      .orderBy(desc(builds.id))
      .limit(RETRY_DELAYS_MS.length + 1);
    const failures = recent.findIndex((b) => b.state !== 'failed');
    const streak = failures === -1 ? recent.length : failures;
    if (streak === 0) return false;
    if (streak > RETRY_DELAYS_MS.length) return true;
    const last = recent[0]!.finishedAt?.getTime() ?? 0;
    return clock.now().getTime() - last < RETRY_DELAYS_MS[streak - 1]!;
  }

  /** The highest change id a queued or running build of a kind covers; null when none is. */
  async function inFlight(kind: 'changes' | 'full'): Promise<number | null> {
    const [row] = await db
      .select({ n: sql<number>`count(*)`, to: sql<number | null>`max(${builds.toChange})` })
      .from(builds)
      .where(and(eq(builds.target, target!), eq(builds.kind, kind), inArray(builds.state, ['queued', 'running'])));
    return row && row.n > 0 ? (row.to ?? 0) : null;
  }

  /** One pass: reap dead builders, queue what is pending, run what this instance can claim. */
  async function pass(): Promise<void> {
    if (!target) return;
    await reapDead();
    if (deps.target === 'embedded') {
      const status = await rendererState();
      if (status.needsFull && (await inFlight('full')) === null && !(await backingOff('full'))) {
        await enqueue('full', liveDir() ? 'The site code changed: full render' : 'Initial build', 0, 0);
      }
    }
    if (!fullRunning) {
      const full = await claim('full');
      if (full) {
        fullRunning = runFull(full).finally(() => {
          fullRunning = null;
          kick();
        });
      }
    }
    if (deps.target === 'embedded' && (await rendererState()).needsFull) return;
    const latest = await latestChangeId(db);
    // In flight first, then built: a build that ends in between records its cursor before its state, so it is
    // seen one way or the other, never neither (which would queue its changes again).
    const inflight = (await inFlight('changes')) ?? 0;
    const built = await cursor();
    const covered = Math.max(built, inflight);
    if (latest > covered && !(await backingOff('changes'))) {
      await enqueue('changes', describe(await changesBetween(db, covered, latest)), built, latest);
    }
    const row = await claim('changes');
    if (row) {
      await runChanges(row);
      passes.again();
    }
  }

  /**
   * Raises one notification per change that has not gone live a minute after the editor's action. Runs on
   * its own timer, on every instance (the claim makes it once), so a builder that hangs cannot silence it.
   */
  async function checkLate(): Promise<void> {
    const before = new Date(clock.now().getTime() - LATE_AFTER_MS);
    const late = await db
      .select()
      .from(postChanges)
      .where(and(isNull(postChanges.liveAt), isNull(postChanges.error), isNull(postChanges.lateNotifiedAt), lt(postChanges.createdAt, before), inArray(postChanges.kind, ['published', 'updated', 'corrected'])))
      .limit(20);
    for (const change of late) {
      const res = await db
        .update(postChanges)
        .set({ lateNotifiedAt: clock.now() })
        .where(and(eq(postChanges.id, change.id), isNull(postChanges.lateNotifiedAt)));
      if (res.rowsAffected === 1) events.emit('publish_late', { postId: change.postId, title: change.title, slug: change.newSlug });
    }
  }

  /** Runs passes until there is nothing to claim; overlapping calls coalesce. */
  const passes = coalesce('builder', pass);
  const kick = passes.run;

  /** Polls for changes made on other instances (and retries) until stopped. */
  function start(intervalMs = 250): () => void {
    const late = setInterval(() => {
      checkLate().catch((err: unknown) => console.error('[builder] late check failed:', err instanceof Error ? err.message : err));
    }, 5000);
    late.unref();
    if (!target) return () => clearInterval(late);
    void kick();
    const timer = setInterval(() => void kick(), intervalMs);
    timer.unref();
    return () => {
      clearInterval(timer);
      clearInterval(late);
    };
  }

  /** Queues a render of the whole site (the editor's "Retry build"). */
  async function requestFull(reason: string): Promise<void> {
    if (!target) return;
    const latest = await latestChangeId(db);
    await enqueue('full', reason, 0, latest);
    void kick();
  }

  async function status(): Promise<BuildStatus> {
    const mine = target ? eq(builds.target, target) : sql`1 = 1`;
    const recent = await db.select().from(builds).where(mine).orderBy(desc(builds.id)).limit(10);
    const current = recent.find((b) => b.state === 'running') ?? null;
    const pending = recent.some((b) => b.state === 'queued');
    const last = recent.find((b) => b.state === 'succeeded' || b.state === 'failed') ?? null;
    const [lastSuccess] = await db
      .select()
      .from(builds)
      .where(and(mine, eq(builds.state, 'succeeded')))
      .orderBy(desc(builds.id))
      .limit(1);
    // An instance with the builder off reports the furthest any target has got.
    const [targetRow] = target
      ? await db.select().from(siteTargets).where(eq(siteTargets.target, target))
      : await db.select().from(siteTargets).orderBy(desc(siteTargets.builtThrough)).limit(1);
    return {
      current: current ? toBuild(current) : null,
      last: last ? toBuild(last) : null,
      lastSuccess: lastSuccess ? toBuild(lastSuccess) : null,
      pending,
      recent: recent.map(toBuild),
      latestChange: await latestChangeId(db),
      builtThrough: targetRow?.builtThrough ?? 0,
      liveSince: lastSuccess?.finishedAt?.toISOString() ?? null,
      background: await backgroundWork(),
    };
  }

  /** What the renderer still does after the last publish went live; null when there is none to ask. */
  async function backgroundWork(): Promise<BuildStatus['background']> {
    if (deps.target !== 'embedded') return null;
    try {
      const s = await deps.renderer!.status();
      return { articles: s.pendingBackground, search: s.searchPending };
    } catch {
      return null;
    }
  }

  /** How the latest public change of each given post went live. */
  async function postsLive(postIds: number[]): Promise<PostLive[]> {
    if (postIds.length === 0) return [];
    const rows = await db
      .select()
      .from(postChanges)
      .where(
        and(
          inArray(postChanges.postId, postIds),
          eq(postChanges.id, sql`(SELECT max(id) FROM post_changes pc WHERE pc.post_id = ${postChanges.postId})`),
        ),
      );
    return rows.map((c) => ({
      postId: c.postId,
      changeId: c.id,
      kind: c.kind,
      at: c.createdAt.toISOString(),
      liveAt: c.liveAt?.toISOString() ?? null,
      liveMs: c.liveAt ? c.liveAt.getTime() - c.createdAt.getTime() : null,
      error: c.error,
    }));
  }

  return {
    kick,
    start,
    checkLate,
    status,
    postsLive,
    requestFull,
    liveDir,
    /** Resolves when no pass and no full render of this instance is under way. */
    idle: async () => {
      while (passes.running || fullRunning) await Promise.all([passes.idle(), fullRunning]);
    },
    owner,
  };
}

function toRenderChange(c: PostChange) {
  return {
    id: c.id,
    kind: c.kind,
    postId: c.postId,
    title: c.title,
    oldSlug: c.oldSlug,
    newSlug: c.newSlug,
    oldCategory: c.oldCategory,
    newCategory: c.newCategory,
  };
}

/** The production hook: one POST with the change list as JSON; any non-2xx is a failure. */
export function buildHookCaller(url: string): HookCaller {
  return async (payload) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`Build hook answered ${res.status}`);
  };
}

/** A probe that fetches the site from `origin` (this server locally, the public site behind a hook). */
export function httpProbe(origin: string): SiteProbe {
  return async (path) => {
    const res = await fetch(`${origin}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: await res.text() };
  };
}

