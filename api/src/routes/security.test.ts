/**
 * Security findings on sign-in, sessions and the second factor, each attacked the way an attacker would, against a real app and libSQL file.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHALLENGE_EXPIRED_MESSAGE,
  INVALID_CODE_MESSAGE,
  LoginResultSchema,
  SecurityEventListSchema,
  SessionListSchema,
} from 'content-schema/auth';
import { NOTIFICATIONS_MAX } from 'content-schema/site';
import { openDb } from '../db/client.ts';
import { loginChallenges, sessions } from '../db/schema.ts';
import { LOGIN_POLICY } from '../services/login-limiter.ts';
import { NOTIFICATIONS_PER_TITLE } from '../services/operations/notifications/store.ts';
import { totpAt } from '../services/two-factor.ts';
import { ADMIN_PASSWORD, postBody, testApp } from '../test-utils.ts';

// Every password verification is counted: the limiter must stop guesses before this work, not after.
// `during`, when set, runs once while the next verification is in progress (after the hash was read).
const verifications = vi.hoisted(() => ({ count: 0, during: null as null | (() => Promise<void>) }));
vi.mock('../lib/password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../lib/password.ts')>();
  return {
    ...real,
    verifyPassword: async (password: string, hash: string) => {
      verifications.count++;
      const ok = await real.verifyPassword(password, hash);
      const during = verifications.during;
      verifications.during = null;
      await during?.();
      return ok;
    },
  };
});

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
afterEach(async () => {
  await t.ctx.operations.workflows.idle();
  await t.cleanup();
});

const RIGHT = { username: 'admin', password: ADMIN_PASSWORD };
const WRONG = { username: 'admin', password: 'not-the-password' };
const from = (ip: string) => ({ 'X-Forwarded-For': ip });
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('finding 1: concurrent guesses are reserved before any password work', () => {
  it('50 parallel wrong guesses verify at most the limit; the right password is then refused with 429', async () => {
    t = await testApp();
    verifications.count = 0;
    const burst = await Promise.all(Array.from({ length: 50 }, () => t.call('POST', '/api/auth/login', WRONG)));
    expect(verifications.count).toBeLessThanOrEqual(LOGIN_POLICY.userip.limit);
    expect(burst.filter((r) => r.status === 401)).toHaveLength(verifications.count);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(50 - verifications.count);
    const right = await t.call('POST', '/api/auth/login', RIGHT);
    expect(right.status).toBe(429);
    expect(right.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(right.headers.getSetCookie().filter((c) => /^(session|device)=/.test(c))).toEqual([]);
    expect(verifications.count).toBeLessThanOrEqual(LOGIN_POLICY.userip.limit);
  });

  it('a burst with the right password among the guesses still verifies at most the limit', async () => {
    t = await testApp();
    verifications.count = 0;
    const bodies = Array.from({ length: 50 }, (_, i) => (i === 25 ? RIGHT : WRONG));
    const burst = await Promise.all(bodies.map((b) => t.call('POST', '/api/auth/login', b)));
    expect(verifications.count).toBeLessThanOrEqual(LOGIN_POLICY.userip.limit);
    expect(burst.every((r) => [200, 401, 429].includes(r.status))).toBe(true);
  });
});

describe('finding 2: lockouts cannot flood the notifications', () => {
  it('1,000 attempts from 10 addresses make one notification and leave the others intact', async () => {
    t = await testApp({ env: { TRUST_PROXY: '1' } });
    await t.login();
    const { notifications } = t.ctx.operations;
    for (const title of ['Scheduled Post Published', 'Site Build Failed', 'Daily post Generated']) {
      await notifications.create({ type: 'info', title, message: 'kept' });
    }
    t.logout();
    // Another instance on the same database takes the guesses; its lockouts reach the same notification list.
    const attacker = await testApp({ db: t.db, url: t.url, dir: t.dir, env: { TRUST_PROXY: '1' } });
    attacker.clock.set(t.clock.now().toISOString());
    verifications.count = 0;
    for (let round = 0; round < 100; round++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          attacker.call('POST', '/api/auth/login', WRONG, from(`198.51.100.${i + 1}`)),
        ),
      );
    }
    await settle();
    expect(verifications.count).toBe(10 * LOGIN_POLICY.userip.limit);
    await t.login(); // the remembered browser is not locked out (finding 6)
    const list = (await t.call('GET', '/api/notifications')).json as { title: string }[];
    expect(list.filter((n) => n.title === 'Sign-in Locked')).toHaveLength(1);
    expect(list.map((n) => n.title)).toEqual(
      expect.arrayContaining(['Scheduled Post Published', 'Site Build Failed', 'Daily post Generated']),
    );
    // Every lockout episode (each address's account bucket, then its address bucket, then the global one) is in
    // the security log instead.
    const log = SecurityEventListSchema.parse((await t.call('GET', '/api/auth/audit')).json);
    expect(log.filter((e) => e.type === 'lockout').length).toBeGreaterThanOrEqual(10);
    expect(log.filter((e) => e.type === 'sign_in_failed')).toHaveLength(10 * LOGIN_POLICY.userip.limit);
  });

  it('no title keeps more than its cap, so one kind of event cannot push the others out', async () => {
    t = await testApp();
    await t.login();
    const { notifications } = t.ctx.operations;
    await notifications.create({ type: 'error', title: 'Site Build Failed', message: 'important' });
    for (let i = 0; i < 40; i++)
      await notifications.create({ type: 'success', title: 'Workflow Completed', message: `${i}` });
    const list = (await t.call('GET', '/api/notifications')).json as { title: string }[];
    expect(list.filter((n) => n.title === 'Workflow Completed')).toHaveLength(NOTIFICATIONS_PER_TITLE);
    expect(list.map((n) => n.title)).toContain('Site Build Failed');
    expect(list.length).toBeLessThanOrEqual(NOTIFICATIONS_MAX);
  });
});

describe('finding 3: TRUST_PROXY=N takes the address N hops from the right', () => {
  it('a forged X-Forwarded-For does not change the limited address behind one trusted proxy', async () => {
    t = await testApp({ env: { TRUST_PROXY: '1' } });
    for (let i = 0; i < LOGIN_POLICY.userip.limit; i++) {
      expect((await t.call('POST', '/api/auth/login', WRONG, from(`10.0.0.${i}, 203.0.113.7`))).status).toBe(401);
    }
    // The client rewrites the part it controls; the proxy's entry stays, and so does the lock.
    expect((await t.call('POST', '/api/auth/login', RIGHT, from('1.2.3.4, 203.0.113.7'))).status).toBe(429);
    expect((await t.call('POST', '/api/auth/login', RIGHT, from('203.0.113.7'))).status).toBe(429);
    // Another client behind the same proxy is its own address.
    t.forgetDevice();
    expect((await t.call('POST', '/api/auth/login', RIGHT, from('203.0.113.8'))).status).toBe(200);
  });

  it('without TRUST_PROXY the header is ignored', async () => {
    t = await testApp();
    for (let i = 0; i < LOGIN_POLICY.userip.limit; i++) {
      expect((await t.call('POST', '/api/auth/login', WRONG, from(`10.0.1.${i}`))).status).toBe(401);
    }
    expect((await t.call('POST', '/api/auth/login', RIGHT, from('10.9.9.9'))).status).toBe(429);
  });
});

describe('finding 4: writes need the configured origin', () => {
  it('refuses a foreign, rebinding, null or missing Origin on every non-GET route of the router', async () => {
    t = await testApp({ env: { ALLOWED_ORIGINS: 'http://admin-dev.example:4421' } });
    await t.login();
    const everyWrite = [
      ...new Set(
        t.app.routes
          .filter((r) => !['GET', 'HEAD', 'OPTIONS', 'ALL'].includes(r.method) && r.handler.length < 2)
          .map((r) => `${r.method} ${r.path}`),
      ),
    ];
    // Outside /api only the pages a mail links to take a POST, each carrying its own secret (a single-use token, a
    // signed unsubscribe link) instead of an Origin: a mail client's one-click unsubscribe (RFC 8058) sends none.
    expect(everyWrite.filter((r) => !r.includes(' /api/'))).toEqual(['POST /subscribe/confirm', 'POST /unsubscribe']);
    const writes = everyWrite.filter((r) => r.includes(' /api/'));
    expect(writes.length).toBeGreaterThan(30);
    const refused = { status: 403, error: 'Cross-origin request refused' };
    for (const route of writes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:\w+/g, '1');
      const attempts: [string, Record<string, string>][] = [
        ['http://127.0.0.1:4321', { Origin: 'http://evil.example' }],
        // DNS rebinding: the attacker's name resolves to this server, so Origin and Host agree, but are not SITE_URL.
        ['http://rebind.example', { Origin: 'http://rebind.example' }],
        ['http://127.0.0.1:4321', { Origin: 'null' }],
        ['http://127.0.0.1:4321', { Origin: '' }],
        ['http://127.0.0.1:4321', { 'Sec-Fetch-Site': 'cross-site' }],
      ];
      for (const [base, headers] of attempts) {
        const res = await t.app.request(`${base}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', ...headers },
          body: '{}',
        });
        expect({ route, headers, status: res.status, error: ((await res.json()) as { error: string }).error }).toEqual({
          route,
          headers,
          ...refused,
        });
      }
      // Positive controls: the site's own origin, a configured extra origin, and a same-origin fetch without Origin.
      const controls: Record<string, string | undefined>[] = [
        {},
        { Origin: 'http://admin-dev.example:4421' },
        { Origin: undefined, 'Sec-Fetch-Site': 'same-origin' },
      ];
      for (const headers of controls) {
        const res = await t.call(method, path, {}, headers as Record<string, string>);
        expect({ route, status: res.status }).not.toEqual({ route, status: 403 });
      }
    }
  });
});

describe('finding 6: an attacker cannot lock the editor out', () => {
  it("a remembered browser signs in while the attacker's address, the account from it and all new browsers are locked", async () => {
    t = await testApp({ env: { TRUST_PROXY: '1' } });
    await t.login(); // this browser now has a device cookie
    await t.call('POST', '/api/auth/logout');
    const attacker = await testApp({ db: t.db, url: t.url, dir: t.dir, env: { TRUST_PROXY: '1' } });
    attacker.clock.set(t.clock.now().toISOString());
    for (let i = 0; i < 200; i++) await attacker.call('POST', '/api/auth/login', WRONG, from(`192.0.2.${i % 50}`));
    expect((await attacker.call('POST', '/api/auth/login', RIGHT, from('192.0.2.200'))).status).toBe(429); // global slow-down
    expect((await t.call('POST', '/api/auth/login', RIGHT, from('192.0.2.1'))).status).toBe(200);
  });

  it('a forged device cookie counts as a new browser; a remembered one has its own limit', async () => {
    t = await testApp();
    await t.login();
    await t.call('POST', '/api/auth/logout');
    for (let i = 0; i < LOGIN_POLICY.device.limit; i++)
      expect((await t.call('POST', '/api/auth/login', WRONG)).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', RIGHT)).status).toBe(429);
    const forged = await t.call('POST', '/api/auth/login', RIGHT, { Cookie: `device=${'a'.repeat(32)}.forged` });
    expect(forged.status).toBe(200); // its own (user, address) bucket, untouched
  });
});

describe('finding 8: second factor, sessions and password', () => {
  async function enable2fa() {
    const setup = await t.call('POST', '/api/auth/2fa/setup', { currentPassword: ADMIN_PASSWORD });
    expect(setup.status).toBe(200);
    expect(setup.json.uri).toMatch(/^otpauth:\/\/totp\/Northwire:admin\?/);
    const wrongFirst = await t.call('POST', '/api/auth/2fa/enable', { code: '000000' });
    expect(wrongFirst.status).toBe(400);
    const enabled = await t.call('POST', '/api/auth/2fa/enable', { code: totpAt(setup.json.secret, t.clock.now()) });
    expect(enabled.status).toBe(200);
    expect(enabled.json.recoveryCodes).toHaveLength(10);
    return { secret: setup.json.secret as string, recoveryCodes: enabled.json.recoveryCodes as string[] };
  }

  it('with 2FA on, the password alone never yields a session; the code does, once; recovery codes work once', async () => {
    t = await testApp();
    await t.login();
    const { secret, recoveryCodes } = await enable2fa();
    expect((await t.call('GET', '/api/auth/2fa')).json).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    await t.call('POST', '/api/auth/logout');

    const step1 = await t.call('POST', '/api/auth/login', RIGHT);
    const challenge = LoginResultSchema.parse(step1.json);
    expect(challenge).toMatchObject({ authenticated: false, twoFactorRequired: true });
    expect(step1.headers.getSetCookie().filter((c) => /^(session|device)=/.test(c))).toEqual([]);
    expect((await t.call('GET', '/api/auth/status')).json.authenticated).toBe(false);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
    const id = (challenge as { challenge: string }).challenge;

    const bad = await t.call('POST', '/api/auth/login/verify', { challenge: id, code: '123456' });
    expect(bad).toMatchObject({ status: 401, json: { error: INVALID_CODE_MESSAGE } });
    t.clock.advance(30_000); // the enrolment used this step's code
    const code = totpAt(secret, t.clock.now());
    expect((await t.call('POST', '/api/auth/login/verify', { challenge: id, code })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/status')).json.authenticated).toBe(true);
    // The challenge is spent, and the same code cannot be replayed with a new one.
    expect((await t.call('POST', '/api/auth/login/verify', { challenge: id, code })).json.error).toBe(
      CHALLENGE_EXPIRED_MESSAGE,
    );
    const again = (await t.call('POST', '/api/auth/login', RIGHT)).json.challenge;
    expect((await t.call('POST', '/api/auth/login/verify', { challenge: again, code })).status).toBe(401);

    const recovery = recoveryCodes[0]!;
    expect(
      (await t.call('POST', '/api/auth/login/verify', { challenge: again, code: recovery.toUpperCase() })).status,
    ).toBe(200);
    const third = (await t.call('POST', '/api/auth/login', RIGHT)).json.challenge;
    expect((await t.call('POST', '/api/auth/login/verify', { challenge: third, code: recovery })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/2fa')).json.recoveryCodesLeft).toBe(9);
    const log = SecurityEventListSchema.parse((await t.call('GET', '/api/auth/audit')).json).map((e) => e.type);
    expect(log).toEqual(
      expect.arrayContaining(['two_factor_enabled', 'recovery_code_used', 'sign_in', 'sign_in_failed']),
    );
  });

  it('new recovery codes need the password and a code, and replace the old ones', async () => {
    t = await testApp();
    await t.login();
    const { secret, recoveryCodes } = await enable2fa();
    t.clock.advance(30_000); // the enrolment used this step's code
    const code = totpAt(secret, t.clock.now());
    expect(
      (await t.call('POST', '/api/auth/2fa/recovery-codes', { currentPassword: 'wrong-password', code })).status,
    ).toBe(400);
    const fresh = await t.call('POST', '/api/auth/2fa/recovery-codes', { currentPassword: ADMIN_PASSWORD, code });
    expect(fresh.status).toBe(200);
    expect(fresh.json.recoveryCodes).toHaveLength(10);
    expect(fresh.json.recoveryCodes).not.toContain(recoveryCodes[0]);
    await t.call('POST', '/api/auth/logout');
    const old = (await t.call('POST', '/api/auth/login', RIGHT)).json.challenge;
    expect((await t.call('POST', '/api/auth/login/verify', { challenge: old, code: recoveryCodes[0] })).status).toBe(
      401,
    );
    const next = (await t.call('POST', '/api/auth/login', RIGHT)).json.challenge;
    expect(
      (await t.call('POST', '/api/auth/login/verify', { challenge: next, code: fresh.json.recoveryCodes[0] })).status,
    ).toBe(200);
  });

  it('a challenge allows five codes and lasts five minutes', async () => {
    t = await testApp();
    await t.login();
    const { secret } = await enable2fa();
    await t.call('POST', '/api/auth/logout');
    const id = (await t.call('POST', '/api/auth/login', RIGHT)).json.challenge;
    for (let i = 0; i < 5; i++)
      expect((await t.call('POST', '/api/auth/login/verify', { challenge: id, code: '111111' })).status).toBe(401);
    t.clock.advance(30_000);
    const late = await t.call('POST', '/api/auth/login/verify', { challenge: id, code: totpAt(secret, t.clock.now()) });
    expect(late.json.error).toBe(CHALLENGE_EXPIRED_MESSAGE);
    const next = (await t.call('POST', '/api/auth/login', RIGHT)).json.challenge;
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await t.call('POST', '/api/auth/login/verify', {
      challenge: next,
      code: totpAt(secret, t.clock.now()),
    });
    expect(expired.json.error).toBe(CHALLENGE_EXPIRED_MESSAGE);
  });

  it('turning 2FA off needs the password and a code; then the password signs in alone again', async () => {
    t = await testApp();
    await t.login();
    const { secret } = await enable2fa();
    t.clock.advance(30_000);
    expect(
      (
        await t.call('POST', '/api/auth/2fa/disable', {
          currentPassword: 'wrong-password',
          code: totpAt(secret, t.clock.now()),
        })
      ).status,
    ).toBe(400);
    const off = await t.call('POST', '/api/auth/2fa/disable', {
      currentPassword: ADMIN_PASSWORD,
      code: totpAt(secret, t.clock.now()),
    });
    expect(off.json).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    await t.call('POST', '/api/auth/logout');
    expect((await t.call('POST', '/api/auth/login', RIGHT)).json).toEqual({ authenticated: true, admin: 'admin' });
  });

  it('lists sessions with device and last use, ends one or all others; a password change ends the others', async () => {
    t = await testApp();
    await t.login();
    const phone = await testApp({ db: t.db, url: t.url, dir: t.dir });
    phone.clock.set(t.clock.now().toISOString());
    await phone.call('POST', '/api/auth/login', RIGHT, {
      'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
    });
    const list = SessionListSchema.parse((await t.call('GET', '/api/auth/sessions')).json);
    expect(list).toHaveLength(2);
    const other = list.find((s) => !s.current)!;
    expect(other.device).toBe('Safari on iOS');
    expect(other.id).not.toMatch(/^[0-9a-f]{32}$/); // a handle, not the cookie's id

    expect((await t.call('DELETE', `/api/auth/sessions/${other.id}`)).json).toEqual({ ok: true });
    expect((await phone.call('GET', '/api/auth/status')).json.authenticated).toBe(false);
    expect((await t.call('DELETE', `/api/auth/sessions/${other.id}`)).status).toBe(404);

    await phone.login();
    expect((await t.call('POST', '/api/auth/sessions/revoke-others')).json).toEqual({ ended: 1 });
    expect((await phone.call('GET', '/api/auth/status')).json.authenticated).toBe(false);

    await phone.login();
    const wrongCurrent = await t.call('POST', '/api/auth/password', {
      currentPassword: 'nope-nope',
      newPassword: 'a-brand-new-password',
    });
    expect(wrongCurrent.status).toBe(400);
    const short = await t.call('POST', '/api/auth/password', { currentPassword: ADMIN_PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    const changed = await t.call('POST', '/api/auth/password', {
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'a-brand-new-password',
    });
    expect(changed.json).toEqual({ ended: 1 });
    expect((await phone.call('GET', '/api/auth/status')).json.authenticated).toBe(false);
    expect((await t.call('GET', '/api/auth/status')).json.authenticated).toBe(true);
    t.logout();
    expect((await t.call('POST', '/api/auth/login', RIGHT)).status).toBe(401);
    expect(
      (await t.call('POST', '/api/auth/login', { username: 'admin', password: 'a-brand-new-password' })).status,
    ).toBe(200);
    const log = SecurityEventListSchema.parse((await t.call('GET', '/api/auth/audit')).json).map((e) => e.type);
    expect(log).toEqual(expect.arrayContaining(['password_changed', 'session_revoked']));
  });

  it('every account endpoint needs a session', async () => {
    t = await testApp();
    const routes: [string, string][] = [
      ['GET', '/api/auth/2fa'],
      ['POST', '/api/auth/2fa/setup'],
      ['POST', '/api/auth/2fa/enable'],
      ['POST', '/api/auth/2fa/disable'],
      ['POST', '/api/auth/2fa/recovery-codes'],
      ['POST', '/api/auth/password'],
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions/x'],
      ['POST', '/api/auth/sessions/revoke-others'],
      ['GET', '/api/auth/audit'],
    ];
    for (const [method, path] of routes) {
      expect({ path, status: (await t.call(method, path, method === 'GET' ? undefined : {})).status }).toEqual({
        path,
        status: 401,
      });
    }
  });
});

describe('a pending second-factor challenge ends when the credentials behind it change', () => {
  /** Turns the second factor on for `t`'s admin and moves the clock past the step the enrolment used. */
  async function enrol(): Promise<string> {
    const setup = await t.call('POST', '/api/auth/2fa/setup', { currentPassword: ADMIN_PASSWORD });
    const enabled = await t.call('POST', '/api/auth/2fa/enable', { code: totpAt(setup.json.secret, t.clock.now()) });
    expect(enabled.status).toBe(200);
    t.clock.advance(30_000);
    return setup.json.secret as string;
  }

  /** Another browser (an attacker who has the password) on the same database, at the same time. */
  async function attacker(): Promise<T> {
    const other = await testApp({ db: t.db, url: t.url, dir: t.dir });
    other.clock.set(t.clock.now().toISOString());
    return other;
  }

  /** The attacker's password step: a challenge, no session. */
  async function challengeFor(other: T): Promise<string> {
    const step1 = LoginResultSchema.parse((await other.call('POST', '/api/auth/login', RIGHT)).json);
    expect(step1).toMatchObject({ authenticated: false, twoFactorRequired: true });
    return (step1 as { challenge: string }).challenge;
  }

  /** The attacker answers the old challenge with a code that is valid now: refused, and no session is made. */
  async function expectEnded(other: T, challenge: string, code: string) {
    other.clock.set(t.clock.now().toISOString());
    const before = (await t.db.select().from(sessions)).length;
    const answer = await other.call('POST', '/api/auth/login/verify', { challenge, code });
    expect({ status: answer.status, error: answer.json?.error }).toEqual({
      status: 401,
      error: CHALLENGE_EXPIRED_MESSAGE,
    });
    expect((await other.call('GET', '/api/auth/status')).json.authenticated).toBe(false);
    expect(await t.db.select().from(sessions)).toHaveLength(before);
  }

  it('a password change ends it', async () => {
    t = await testApp();
    await t.login();
    const secret = await enrol();
    const other = await attacker();
    const challenge = await challengeFor(other);
    const changed = await t.call('POST', '/api/auth/password', {
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'a-brand-new-password',
    });
    expect(changed.status).toBe(200);
    t.clock.advance(30_000);
    await expectEnded(other, challenge, totpAt(secret, t.clock.now()));
  });

  it('turning the second factor off ends it (and it stays ended when it is turned on again)', async () => {
    t = await testApp();
    await t.login();
    const secret = await enrol();
    const other = await attacker();
    const challenge = await challengeFor(other);
    const off = await t.call('POST', '/api/auth/2fa/disable', {
      currentPassword: ADMIN_PASSWORD,
      code: totpAt(secret, t.clock.now()),
    });
    expect(off.status).toBe(200);
    // A new authenticator: the old challenge must not be answerable with its codes either.
    t.clock.advance(30_000);
    const fresh = await enrol();
    await expectEnded(other, challenge, totpAt(fresh, t.clock.now()));
  });

  it('new recovery codes end it', async () => {
    t = await testApp();
    await t.login();
    const secret = await enrol();
    const other = await attacker();
    const challenge = await challengeFor(other);
    const renewed = await t.call('POST', '/api/auth/2fa/recovery-codes', {
      currentPassword: ADMIN_PASSWORD,
      code: totpAt(secret, t.clock.now()),
    });
    expect(renewed.status).toBe(200);
    t.clock.advance(30_000);
    await expectEnded(other, challenge, totpAt(secret, t.clock.now()));
    // A fresh sign-in still works: only the pending challenge was ended.
    const next = await challengeFor(other);
    const code = renewed.json.recoveryCodes[0] as string;
    expect((await other.call('POST', '/api/auth/login/verify', { challenge: next, code })).status).toBe(200);
  });

  it('a password change during the password work leaves no challenge for the old password', async () => {
    t = await testApp();
    await t.login();
    await enrol();
    const other = await attacker();
    verifications.during = async () => {
      const changed = await t.call('POST', '/api/auth/password', {
        currentPassword: ADMIN_PASSWORD,
        newPassword: 'a-brand-new-password',
      });
      expect(changed.status).toBe(200);
    };
    const step1 = await other.call('POST', '/api/auth/login', RIGHT);
    expect(verifications.during).toBeNull();
    expect(step1.status).toBe(401);
    expect(await t.db.select().from(loginChallenges)).toHaveLength(0);
  });

  it('a challenge answered twice at once, with two valid codes, opens one session', async () => {
    t = await testApp();
    await t.login();
    const secret = await enrol();
    const { recoveryCodes } = (
      await t.call('POST', '/api/auth/2fa/recovery-codes', {
        currentPassword: ADMIN_PASSWORD,
        code: totpAt(secret, t.clock.now()),
      })
    ).json as { recoveryCodes: string[] };
    t.clock.advance(30_000);
    await t.call('POST', '/api/auth/logout');
    const before = (await t.db.select().from(sessions)).length;
    const challenge = (await t.call('POST', '/api/auth/login', RIGHT)).json.challenge as string;
    const answers = await Promise.all([
      t.call('POST', '/api/auth/login/verify', { challenge, code: totpAt(secret, t.clock.now()) }),
      t.call('POST', '/api/auth/login/verify', { challenge, code: recoveryCodes[0]! }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(await t.db.select().from(sessions)).toHaveLength(before + 1);
  });
});

describe('text that is not Unicode', () => {
  it('a lone surrogate anywhere in a JSON body is refused with 400 (a libSQL server would fail on it)', async () => {
    t = await testApp();
    await t.login();
    for (const body of [
      '{"title":"Lone \\ud800 surrogate","excerpt":"x","content":"x","category":"AI & Machine Learning","authorName":"A","readTime":3}',
      '{"title":"ok","tags":["\\udfff"]}',
      '{"\\ud800key":1}',
    ]) {
      const res = await t.call('POST', '/api/posts', body);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatch(/valid Unicode/);
    }
    // A paired surrogate (an emoji written as an escape) is text.
    const emoji = await t.call(
      'POST',
      '/api/posts',
      JSON.stringify(postBody({ title: 'Rockets 🚀 launch' })).replace('🚀', '\\ud83d\\ude80'),
    );
    expect(emoji.status).toBe(201);
    expect(emoji.json.title).toBe('Rockets 🚀 launch');
  });
});

describe('verified sessions kept in memory', () => {
  it('spare the database; a logout elsewhere takes effect within SESSION_CACHE_MS, here at once', async () => {
    t = await testApp({ env: { SESSION_CACHE_MS: '5000' } });
    await t.login();
    const other = await testApp({ db: await openDb(t.url), url: t.url, dir: t.dir, env: { SESSION_CACHE_MS: '5000' } });
    other.clock.set(t.clock.now().toISOString());
    const cookie = { Cookie: await sessionCookie() };
    expect((await other.call('GET', '/api/auth/status', undefined, cookie)).json.authenticated).toBe(true);

    // Within the bound the other instance answers from memory: no query reaches the database.
    const queries = vi.spyOn(other.db.$client, 'execute');
    const batches = vi.spyOn(other.db.$client, 'batch');
    expect((await other.call('GET', '/api/auth/status', undefined, cookie)).json.authenticated).toBe(true);
    expect(queries.mock.calls.length + batches.mock.calls.length).toBe(0);

    await t.call('POST', '/api/auth/logout');
    expect((await t.call('GET', '/api/auth/status', undefined, cookie)).json.authenticated).toBe(false); // here: at once
    other.clock.advance(4000);
    expect((await other.call('GET', '/api/auth/status', undefined, cookie)).json.authenticated).toBe(true); // elsewhere: within the bound
    other.clock.advance(1001);
    expect((await other.call('GET', '/api/auth/status', undefined, cookie)).json.authenticated).toBe(false);
    await other.cleanup();
  });

  async function sessionCookie(): Promise<string> {
    const res = await t.call('POST', '/api/auth/login', RIGHT);
    const set = res.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    return set.split(';')[0]!;
  }
});
