/**
 * Two instances, each reading from its own embedded replica of one sqld primary, pulling only once a minute: a
 * browser's own writes must still be read back on the other instance at once (the `wrote` cookie makes it pull).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDb, openDb } from '../db/client.ts';
import { startSqld, type Sqld } from '../db/sqld.ts';
import { ADMIN_PASSWORD, postBody, testApp } from '../test-utils.ts';

let sqld: Sqld;
let dir: string;
const apps: Awaited<ReturnType<typeof testApp>>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) {
    await app.cleanup();
    app.db.$replica?.stop();
    app.db.$client.close();
  }
  await sqld?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function instance(name: string) {
  const db = await openDb(sqld.url, undefined, { path: join(dir, `${name}.db`), syncIntervalS: 60 });
  const app = await testApp({ db, url: sqld.url, dir, env: { DATABASE_URL: sqld.url } });
  apps.push(app);
  return app;
}

/** The cookies a browser would send after these answers (name=value pairs, later ones win). */
function jar(...responses: { headers: Headers }[]): string {
  const cookies = new Map<string, string>();
  for (const res of responses) {
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, value] = pair!.split('=');
      if (value) cookies.set(name!, value);
      else cookies.delete(name!);
    }
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('embedded replicas behind a load balancer', () => {
  it("a browser's sign-in and writes on one instance are read at once on another", async () => {
    dir = mkdtempSync(join(tmpdir(), 'northwire-replicas-'));
    sqld = await startSqld({ dir: join(dir, 'sqld') });
    const primary = await openDb(sqld.url);
    await migrateDb(primary);
    primary.$client.close();
    const a = await instance('a');
    const b = await instance('b');

    const login = await a.call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = jar(login);
    expect(cookie).toMatch(/wrote=\d+/);
    // b's replica has not pulled the new session (its next pull is a minute away), but the browser says it wrote.
    expect((await b.call('GET', '/api/auth/status', undefined, { Cookie: cookie })).json.authenticated).toBe(true);
    // Without the cookie, b reads its replica as it is: the bound is DATABASE_SYNC_INTERVAL.
    const created = await a.call('POST', '/api/posts', postBody({ title: 'Written on a' }), { Cookie: cookie });
    expect(created.status).toBe(201);
    const after = jar(login, created);
    const seen = await b.call('GET', `/api/posts/${created.json.id}`, undefined, { Cookie: after });
    expect(seen.status).toBe(200);
    expect(seen.json.title).toBe('Written on a');
    // A reader's request carries no cookie and never gets one.
    const beacon = await b.call('POST', '/api/views', { slug: 'written-on-a', event: 'view' }, { Cookie: '' });
    expect(beacon.headers.getSetCookie()).toEqual([]);
  });
});
