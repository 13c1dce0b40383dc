/**
 * The embedded target: this machine's warm renderer writes the site folder, rendering only what a change affects
 * (the folder itself records which change it reflects). See docs/decisions/002-warm-renderer.md.
 */
import { and, eq, isNull, lte, notInArray } from 'drizzle-orm';
import { postChanges } from '../../../db/schema.ts';
import { changesBetween, latestChangeId } from '../../changes.ts';
import { builtThrough, setBuiltThrough } from '../built-through.ts';
import type { Building, BuildRow } from '../context.ts';
import { finish } from '../queue.ts';
import { recordLive, verify } from '../verify.ts';
import { toRenderChange } from './render-change.ts';

/** Renders the changes of a build, confirms they answer, and records the build. */
export async function renderChanges(ctx: Building, row: BuildRow): Promise<void> {
  const from = Math.min(row.fromChange, await builtThrough(ctx));
  const changes = await changesBetween(ctx.db, from, row.toChange);
  const result = await ctx.renderer!.changes(changes.map(toRenderChange), row.toChange).catch((err: unknown) => {
    ctx.rendered = null;
    throw err;
  });
  ctx.rendered = { cursor: result.cursor, needsFull: false };
  const confirmed = await verify(ctx, result.live);
  const liveMs = await recordLive(ctx, changes, confirmed, result.postErrors);
  await setBuiltThrough(ctx, result.cursor);
  await finish(ctx, row, {
    state: 'succeeded',
    written: result.written,
    removed: result.removed,
    liveMs,
    postErrors: result.postErrors,
  });
  for (const e of result.postErrors) ctx.events.emit('build_post_failed', { buildId: row.id, ...e });
}

/** Renders the whole site again, marks every change up to it live, and records the build. */
export async function renderFull(ctx: Building, row: BuildRow): Promise<void> {
  const { db } = ctx;
  // The data read after this point reflects at least this change; later ones are built after the swap.
  const through = await latestChangeId(db);
  const result = await ctx.renderer!.full(through).finally(() => {
    ctx.rendered = null;
  });
  await setBuiltThrough(ctx, result.cursor);
  // Every change up to here is on the site now, except the posts the render had to leave out.
  const failed = result.postErrors.map((e) => e.postId);
  await db
    .update(postChanges)
    .set({ liveAt: ctx.clock.now(), error: null })
    .where(
      and(
        lte(postChanges.id, through),
        isNull(postChanges.liveAt),
        failed.length ? notInArray(postChanges.postId, failed) : undefined,
      ),
    );
  for (const e of result.postErrors) {
    await db
      .update(postChanges)
      .set({ error: e.reason })
      .where(and(lte(postChanges.id, through), eq(postChanges.postId, e.postId), isNull(postChanges.liveAt)));
  }
  await finish(ctx, row, {
    state: 'succeeded',
    toChange: through,
    written: result.written,
    postErrors: result.postErrors,
  });
  for (const e of result.postErrors) ctx.events.emit('build_post_failed', { buildId: row.id, ...e });
}
