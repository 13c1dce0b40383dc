import { describe, expect, it } from 'vitest';
import { postChanges } from '../../db/schema.ts';
import { LATE_AFTER_MS } from './late.ts';
import { gatedRenderer, setup } from './test-builder.ts';

describe('embedded builder', () => {
  it('raises one notification for a change that is not live a minute after the editor saved it', async () => {
    const { renderer, calls } = gatedRenderer();
    const { builder, db, clock, seen } = await setup({ renderer });
    await db.insert(postChanges).values({
      postId: 1,
      kind: 'published',
      title: 'Stuck',
      newSlug: 'stuck',
      newCategory: 'Deep Dive',
      createdAt: clock.now(),
    });
    void builder.kick();
    await expect.poll(() => calls.length).toBe(1);
    clock.advance(LATE_AFTER_MS + 1);
    await builder.checkLate();
    await builder.checkLate();
    expect(seen.filter((e) => e.name === 'publish_late')).toEqual([
      { name: 'publish_late', payload: { postId: 1, title: 'Stuck', slug: 'stuck' } },
    ]);
    calls[0]!.release();
    await builder.idle();
  });
});
