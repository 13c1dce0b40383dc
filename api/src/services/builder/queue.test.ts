import { describe, expect, it, onTestFinished } from 'vitest';
import { builds } from '../../db/schema.ts';
import { fakeClock } from '../../lib/clock.ts';
import { tempDb } from '../../test-utils.ts';
import type { Building } from './context.ts';
import { setBuiltThrough } from './built-through.ts';
import { enqueueChanges } from './queue.ts';

async function queueOf() {
  const temp = await tempDb();
  onTestFinished(temp.cleanup);
  const ctx = { db: temp.db, clock: fakeClock('2026-06-01T10:00:00Z'), queue: 'embedded:t', target: 'embedded' };
  const rows = async () =>
    (await temp.db.select().from(builds).orderBy(builds.id)).map((r) => [r.state, r.fromChange, r.toChange]);
  return { ctx: ctx as unknown as Building, db: temp.db, rows };
}

describe('queueing changes', () => {
  it('extends the queued build instead of queueing another', async () => {
    const { ctx, rows } = await queueOf();
    await enqueueChanges(ctx, 'Published “A”', 0, 1);
    await enqueueChanges(ctx, 'Published “B”', 0, 2);
    expect(await rows()).toEqual([['queued', 0, 2]]);
  });

  it('queues nothing for changes a running build or the target already covers, however late the caller read', async () => {
    const { ctx, db, rows } = await queueOf();
    await enqueueChanges(ctx, 'Published “A”', 0, 1);
    await db.update(builds).set({ state: 'running' });
    // Another builder read "nothing in flight" before that build was queued: it must not queue it again.
    await enqueueChanges(ctx, 'Published “A”', 0, 1);
    expect(await rows()).toEqual([['running', 0, 1]]);
    await db.update(builds).set({ state: 'succeeded' });
    await setBuiltThrough(ctx, 1);
    await enqueueChanges(ctx, 'Published “A”', 0, 1);
    expect(await rows()).toEqual([['succeeded', 0, 1]]);
    await enqueueChanges(ctx, 'Published “B”', 1, 2);
    expect(await rows()).toEqual([
      ['succeeded', 0, 1],
      ['queued', 1, 2],
    ]);
  });
});
