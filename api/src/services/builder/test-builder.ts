/** What the builder's tests share: a builder over a real database file, a fake clock, recorded events and sleeps. */
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { BuildHookPayload } from 'content-schema/render';
import type { Db } from '../../db/client.ts';
import { builds, postChanges } from '../../db/schema.ts';
import { fakeClock } from '../../lib/clock.ts';
import { Events, type AppEvents } from '../../lib/events.ts';
import { recordingRenderer, tempDb } from '../../test-utils.ts';
import type { RenderChange, RenderResult, SiteRendererClient } from '../site-renderer.ts';
import { createBuilder } from './builder.ts';
import { LEASE_MS } from './lease.ts';
import type { SiteProbe } from './context.ts';

/** Writes a change record as the posts service would. */
export async function change(db: Db, clock: { now(): Date }, postId: number, title = `Post ${postId}`) {
  await db.insert(postChanges).values({
    postId,
    kind: 'updated',
    title,
    oldSlug: `post-${postId}`,
    newSlug: `post-${postId}`,
    oldCategory: 'Deep Dive',
    newCategory: 'Deep Dive',
    fields: ['content'],
    createdAt: clock.now(),
  });
}

/** A renderer whose `changes` calls the test releases by hand. */
export function gatedRenderer() {
  const base = recordingRenderer();
  const calls: { changes: RenderChange[]; release: (result?: Partial<RenderResult>) => void }[] = [];
  let cursor = 0;
  const renderer: SiteRendererClient = {
    ...base,
    status: async () => ({
      version: 't',
      needsFull: false,
      cursor,
      liveDir: null,
      pendingBackground: 0,
      searchPending: 0,
    }),
    changes: (changes, through) =>
      new Promise((resolve) => {
        calls.push({
          changes,
          release: (result = {}) => {
            cursor = through;
            resolve({ written: 1, removed: 0, postErrors: [], cursor, live: [], durationMs: 1, ...result });
          },
        });
      }),
  };
  return { renderer, calls };
}

export async function setup(
  opts: {
    renderer?: SiteRendererClient;
    target?: 'embedded' | 'hook' | 'off';
    callHook?: (p: BuildHookPayload) => Promise<void>;
    probe?: SiteProbe;
    db?: Db;
    dir?: string;
  } = {},
) {
  const temp = opts.db ? null : await tempDb();
  if (temp) onTestFinished(temp.cleanup);
  const db = opts.db ?? temp!.db;
  const dir = opts.dir ?? temp!.dir;
  const clock = fakeClock('2026-06-01T10:00:00Z');
  const events = new Events();
  const seen: { name: keyof AppEvents; payload: unknown }[] = [];
  for (const name of [
    'build_failed',
    'build_recovered',
    'build_succeeded',
    'build_post_failed',
    'publish_late',
  ] as const) {
    events.on(name, (payload) => void seen.push({ name, payload }));
  }
  const sleeps: number[] = [];
  const renderer = opts.renderer ?? recordingRenderer();
  const builder = createBuilder({
    db,
    clock,
    events,
    target: opts.target ?? 'embedded',
    siteRoot: join(dir, 'site'),
    renderer,
    callHook: opts.callHook,
    probe: opts.probe,
    sleep: async (ms) => void sleeps.push(ms),
  });
  return { builder, db, dir, clock, seen, sleeps, renderer };
}

export const tick = () => new Promise((r) => setTimeout(r, 20));

/** A change build of (1, 2] left running under `owner`'s live lease, as a builder that stopped would leave it. */
export async function leftRunning(db: Db, clock: { now(): Date }, target: string, owner: string, reason: string) {
  await db.insert(builds).values({
    target,
    kind: 'changes',
    state: 'running',
    reason,
    fromChange: 1,
    toChange: 2,
    leaseOwner: owner,
    leaseExpiresAt: new Date(clock.now().getTime() + LEASE_MS),
    requestedAt: clock.now(),
    startedAt: clock.now(),
  });
}
