/**
 * The hook target: each build's change list is posted to BUILD_HOOK_URL (a CDN's build hook); the builder then
 * watches the public site until the deploy shows the changes.
 */
import type { BuildHookPayload } from 'content-schema/render';
import { changesBetween, type PostChange } from '../../changes.ts';
import type { RenderResult } from '../../site-renderer.ts';
import { setBuiltThrough } from '../built-through.ts';
import type { Building, BuildRow, HookCaller } from '../context.ts';
import { finish } from '../queue.ts';
import { recordLive, verify } from '../verify.ts';
import { toRenderChange } from './render-change.ts';

export const HOOK_RETRY_DELAYS_MS = [1000, 4000, 16_000];
const DEPLOY_CHECK_EVERY_MS = 2000;
/** Ten minutes of checks. */
const DEPLOY_CHECKS = 300;

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

/** Calls the hook with a build's changes (retrying with backoff), records the build, and watches the deploy. */
export async function runHook(ctx: Building, row: BuildRow): Promise<void> {
  const changes = row.kind === 'full' ? [] : await changesBetween(ctx.db, row.fromChange, row.toChange);
  const payload: BuildHookPayload = {
    buildId: row.id,
    kind: row.kind,
    fromChange: row.fromChange,
    toChange: row.toChange,
    changes: changes.map(toRenderChange),
  };
  for (let i = 0; ; i++) {
    try {
      await ctx.callHook!(payload);
      break;
    } catch (err) {
      if (i >= HOOK_RETRY_DELAYS_MS.length) throw err;
      await ctx.sleep(HOOK_RETRY_DELAYS_MS[i]!);
    }
  }
  await setBuiltThrough(ctx, row.toChange);
  await finish(ctx, row, { state: 'succeeded' });
  // The deploy takes its own time; watch the public site for the change in the background.
  void watchDeploy(ctx, changes);
}

/** After a hook build, polls the public site every 2 s until each change shows (for up to ten minutes). */
async function watchDeploy(ctx: Building, changes: PostChange[]): Promise<void> {
  if (!ctx.probe) return;
  const expected: RenderResult['live'] = changes
    .filter((c) => c.newSlug)
    .map((c) => ({ postId: c.postId, path: `/post/${c.newSlug}`, present: true }));
  const confirmed = new Set<number>();
  for (let round = 0; confirmed.size < expected.length && round < DEPLOY_CHECKS; round++) {
    const waiting = expected.filter((e) => !confirmed.has(e.postId));
    const seen = await verify(ctx, waiting);
    for (const id of seen) confirmed.add(id);
    if (seen.size) await recordLive(ctx, changes, seen, []);
    if (confirmed.size < expected.length) await ctx.sleep(DEPLOY_CHECK_EVERY_MS);
  }
}
