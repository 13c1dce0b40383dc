/** After the files are in place: fetch each changed article, confirm it shows the change, record it live. */
import { inArray } from 'drizzle-orm';
import { postChanges } from '../../db/schema.ts';
import type { PostChange } from '../changes.ts';
import type { RenderResult } from '../site-renderer.ts';
import type { BuilderContext, SiteProbe } from './context.ts';

/** A probe that fetches the site from `origin` (this server locally, the public site behind a hook). */
export function httpProbe(origin: string): SiteProbe {
  return async (path) => {
    const res = await fetch(`${origin}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: await res.text() };
  };
}

/** Confirms each changed article answers as expected; returns the ids confirmed. */
export async function verify(ctx: BuilderContext, live: RenderResult['live']): Promise<Set<number>> {
  const ok = new Set<number>();
  if (!ctx.probe) return ok;
  for (const item of live) {
    try {
      const res = await ctx.probe(item.path);
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

/**
 * Marks the changes of the confirmed posts live, the failed ones with their reason; returns the build's liveMs
 * (from the editor's action to live, the slowest of the confirmed changes).
 */
export async function recordLive(
  ctx: BuilderContext,
  changes: PostChange[],
  confirmed: Set<number>,
  errors: RenderResult['postErrors'],
): Promise<number | null> {
  const { db } = ctx;
  const now = ctx.clock.now();
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
