import type { Client } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { retryWhenBusy } from './client.ts';

/** A client whose calls fail with `failures` errors first, then succeed; records how often it was called. */
function flaky(failures: { code: string }[]) {
  const calls: string[] = [];
  const queue = [...failures];
  const answer = (name: string) => async () => {
    calls.push(name);
    const next = queue.shift();
    if (next) throw Object.assign(new Error(next.code), next);
    return { rows: [] };
  };
  const client = { execute: answer('execute'), batch: answer('batch') } as unknown as Client;
  retryWhenBusy(client);
  return { client, calls };
}

describe('a database on a libSQL server', () => {
  it('sends a statement or batch refused as busy again (it did nothing), and only that', async () => {
    const a = flaky([{ code: 'SQLITE_BUSY' }, { code: 'SQLITE_BUSY' }]);
    await expect(a.client.batch([], 'write')).resolves.toEqual({ rows: [] });
    expect(a.calls).toEqual(['batch', 'batch', 'batch']);

    const b = flaky([{ code: 'SQLITE_CONSTRAINT' }]);
    await expect(b.client.execute('INSERT …')).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT' });
    expect(b.calls).toEqual(['execute']);

    const c = flaky(Array.from({ length: 20 }, () => ({ code: 'SQLITE_BUSY' })));
    await expect(c.client.execute('UPDATE …')).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(c.calls.length).toBe(8); // the first try and seven more, about 1.6 s in all
  });
});
