import { describe, expect, it } from 'vitest';
import type { BuildHookPayload } from 'content-schema/render';
import { change, setup } from '../test-builder.ts';
import { HOOK_RETRY_DELAYS_MS } from './hook.ts';

describe('build hook', () => {
  it('posts the change list as JSON, retrying with backoff, and records success', async () => {
    const payloads: BuildHookPayload[] = [];
    let failures = 2;
    const { builder, db, clock, sleeps } = await setup({
      target: 'hook',
      callHook: async (p) => {
        payloads.push(p);
        if (failures-- > 0) throw new Error('Build hook answered 502');
      },
    });
    await change(db, clock, 5, 'Five');
    await builder.kick();
    await builder.idle();
    expect(sleeps).toEqual(HOOK_RETRY_DELAYS_MS.slice(0, 2));
    expect(payloads).toHaveLength(3);
    expect(payloads[0]).toMatchObject({
      kind: 'changes',
      fromChange: 0,
      toChange: 1,
      changes: [{ postId: 5, kind: 'updated', title: 'Five', newSlug: 'post-5' }],
    });
    const status = await builder.status();
    expect(status.last).toMatchObject({ state: 'succeeded', target: 'hook' });
    expect(status.builtThrough).toBe(1);
  });

  it('gives up after the last retry, records the failure and announces it', async () => {
    const { builder, db, clock, seen, sleeps } = await setup({
      target: 'hook',
      callHook: async () => {
        throw new Error('Build hook answered 500');
      },
    });
    await change(db, clock, 5);
    await builder.kick();
    await builder.idle();
    expect(sleeps).toEqual(HOOK_RETRY_DELAYS_MS);
    expect((await builder.status()).last).toMatchObject({ state: 'failed', error: 'Build hook answered 500' });
    expect(seen.map((e) => e.name)).toEqual(['build_failed']);
  });
});
