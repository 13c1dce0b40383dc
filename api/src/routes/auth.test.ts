import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.ts';
import { LOGIN_POLICY } from '../services/login-limiter.ts';
import { SESSION_TTL_MS } from '../services/sessions.ts';
import { ADMIN_PASSWORD, testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.cleanup());

const wrong = { username: 'admin', password: 'not-the-password' };

describe('auth', () => {
  it('status is anonymous until login, then names the admin; logout ends the session', async () => {
    expect((await t.call('GET', '/api/auth/status')).json).toEqual({ authenticated: false, admin: null });
    const res = await t.call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ authenticated: true, admin: 'admin' });
    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await t.call('GET', '/api/auth/status')).json).toEqual({ authenticated: true, admin: 'admin' });
    expect((await t.call('POST', '/api/auth/logout')).json).toEqual({ ok: true });
    expect((await t.db.select().from(sessions)).length).toBe(0);
    expect((await t.call('GET', '/api/auth/status')).json.authenticated).toBe(false);
  });

  it('stores only a hash of the session secret', async () => {
    const res = await t.call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    const token = /session=([^;]+)/.exec(res.headers.get('Set-Cookie')!)![1]!;
    const [row] = await t.db.select().from(sessions);
    const secret = token.split('.')[1]!;
    expect(row!.secretHash).not.toContain(secret);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{}, 'Username and password are required.'],
    [{ username: 'admin' }, 'Username and password are required.'],
    [{ username: '  ', password: 'x' }, 'Username and password are required.'],
  ])('refuses missing fields %j with 400', async (body, message) => {
    const res = await t.call('POST', '/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(message);
  });

  it('refuses wrong credentials with 401 and the same message for unknown users', async () => {
    const a = await t.call('POST', '/api/auth/login', wrong);
    const b = await t.call('POST', '/api/auth/login', { username: 'nobody', password: 'x' });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.json.error).toBe(b.json.error);
  });

  it('a forged or malformed cookie is anonymous', async () => {
    for (const cookie of [
      'session=abc',
      'session=' + '0'.repeat(32) + '.xyz',
      'session=..',
      'session=' + 'a'.repeat(5000),
    ]) {
      const res = await t.call('GET', '/api/auth/status', undefined, { Cookie: cookie });
      expect(res.json.authenticated).toBe(false);
    }
  });

  it(`locks out after ${LOGIN_POLICY.userip.limit} failures with 429 and Retry-After, even for the right password, across a restart`, async () => {
    for (let i = 0; i < LOGIN_POLICY.userip.limit - 1; i++)
      expect((await t.call('POST', '/api/auth/login', wrong)).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', wrong)).status).toBe(401); // the 5th failure sets the lock
    const locked = await t.call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBe(60);

    // A new app instance on the same database (a restart) keeps the counters.
    const restarted = await testApp({ db: t.db, url: t.url, dir: t.dir, start: t.clock.now().toISOString() });
    expect(
      (await restarted.call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).status,
    ).toBe(429);

    t.clock.advance(61_000);
    expect((await t.call('POST', '/api/auth/login', wrong)).status).toBe(401); // 6th failure: the lock doubles
    const again = await t.call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('Retry-After'))).toBe(120);

    t.clock.advance(121_000);
    expect((await t.call('POST', '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    // Success clears the counters.
    expect((await t.call('POST', '/api/auth/login', wrong)).status).toBe(401);
  });

  it('sessions expire after 30 days and slide when used past half-life', async () => {
    await t.login();
    t.clock.advance(SESSION_TTL_MS / 2 + 1000);
    const renewed = await t.call('GET', '/api/auth/status');
    expect(renewed.json.authenticated).toBe(true);
    expect(renewed.headers.get('Set-Cookie')).toMatch(/session=/);
    t.clock.advance(SESSION_TTL_MS - 1000);
    expect((await t.call('GET', '/api/auth/status')).json.authenticated).toBe(true);
    t.clock.advance(SESSION_TTL_MS + 1000);
    expect((await t.call('GET', '/api/auth/status')).json.authenticated).toBe(false);
  });

  it('logout and login need a same-origin request', async () => {
    const res = await t.call(
      'POST',
      '/api/auth/login',
      { username: 'admin', password: ADMIN_PASSWORD },
      { Origin: 'http://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('unknown API paths', () => {
  it('answer JSON 404', async () => {
    const res = await t.call('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Not found' });
  });
});
