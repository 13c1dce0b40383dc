/**
 * The forms' stamp key is one secret every instance shares: instances that start at the same moment on an empty
 * database must end up with the one stored key, so a page served by either is accepted by both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_FILL_MS, STAMP_MAX_AGE_MS } from 'content-schema/messages';
import { migrateDb, openDb, type Db } from '../../db/client.ts';
import { fakeClock } from '../../lib/clock.ts';
import { createFormStamps } from './form-stamps.ts';

describe('form stamps across instances', () => {
  let dir = '';
  const opened: Db[] = [];
  afterEach(() => {
    for (const db of opened.splice(0)) db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('instances starting at once on an empty database keep one key, and accept each other’s stamps', async () => {
    dir = mkdtempSync(join(tmpdir(), 'form-stamps-'));
    const url = `file:${join(dir, 'db.sqlite')}`;
    const first = await openDb(url);
    await migrateDb(first);
    opened.push(first);
    // Separate connections, as separate processes have: each instance's first stamp races to create the key.
    const clock = fakeClock('2026-11-27T10:00:00Z');
    const instances = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const db = await openDb(url);
        opened.push(db);
        return createFormStamps({ db, clock });
      }),
    );
    const stamps = await Promise.all(instances.map((s) => s.issue('contact')));
    clock.advance(MIN_FILL_MS);
    for (const stamp of stamps)
      for (const checker of instances) expect(await checker.age('contact', stamp)).toBe(MIN_FILL_MS);
    const keys = await first.$client.execute('SELECT count(*) AS n FROM shared_secrets');
    expect(Number(keys.rows[0]!.n)).toBe(1);
  });

  it('refuses another form’s stamp, a changed time, and text that is no stamp (the unreplaced placeholder too)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'form-stamps-'));
    const db = await openDb(`file:${join(dir, 'db.sqlite')}`);
    await migrateDb(db);
    opened.push(db);
    const clock = fakeClock('2026-11-27T10:00:00Z');
    const stamps = createFormStamps({ db, clock });
    const stamp = await stamps.issue('tip');
    clock.advance(STAMP_MAX_AGE_MS);
    expect(await stamps.age('tip', stamp)).toBe(STAMP_MAX_AGE_MS);
    expect(await stamps.age('contact', stamp)).toBeNull();
    const [time, mac] = stamp.split('.') as [string, string];
    expect(await stamps.age('tip', `${Number(time) - 60_000}.${mac}`)).toBeNull();
    for (const text of [undefined, '', '{{form-stamp:tip}}', `${time}.`, `${time}.${mac}x`])
      expect(await stamps.age('tip', text)).toBeNull();
  });
});
