import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { setCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { LoginSchema } from 'content-schema/auth';
import type { AppEnv } from '../app.ts';
import { validate } from '../lib/errors.ts';
import { readJson } from '../lib/http.ts';
import { login } from '../services/auth.ts';
import { SESSION_COOKIE, invalidateSession } from '../services/sessions.ts';

/** HttpOnly so scripts cannot read it; Lax is enough because every write also checks Origin; Secure behind HTTPS. */
export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https',
    path: '/',
    expires: expiresAt,
  });
}

function clientIp(c: Context<AppEnv>): string {
  if (c.get('ctx').env.TRUST_PROXY) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}

export function authRoutes() {
  return new Hono<AppEnv>()
    .get('/status', (c) => {
      const user = c.get('user');
      return c.json({ authenticated: !!user, admin: user?.username ?? null });
    })
    .post('/login', async (c) => {
      const { db, clock, events } = c.get('ctx');
      const body = validate(LoginSchema, await readJson(c));
      const session = await login(db, clock, { ...body, ip: clientIp(c) }, (key, until) =>
        events.emit('login_lockout', { key, until }),
      );
      setSessionCookie(c, session.token, session.expiresAt);
      return c.json({ authenticated: true, admin: session.username });
    })
    .post('/logout', async (c) => {
      const user = c.get('user');
      if (user) await invalidateSession(c.get('ctx').db, user.sessionId);
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return c.json({ ok: true });
    });
}
