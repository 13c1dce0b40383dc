import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const SESSION_COOKIE = 'session';
/** Remembers a browser that has signed in before; sent only to /api/auth. */
export const DEVICE_COOKIE = 'device';
const DEVICE_PATH = '/api/auth';

const isHttps = (c: Context) =>
  new URL(c.req.url).protocol === 'https:' || c.req.header('X-Forwarded-Proto') === 'https';

/** HttpOnly so scripts cannot read it; Lax is enough because every write also checks Origin; Secure behind HTTPS. */
export function setSessionCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

export function setDeviceCookie(c: Context, token: string, expiresAt: Date): void {
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: DEVICE_PATH,
    expires: expiresAt,
  });
}

export const readDeviceCookie = (c: Context) => getCookie(c, DEVICE_COOKIE);

/**
 * When this browser last changed something (ms, the writing instance's clock). With several instances on embedded
 * replicas, the next request may reach an instance whose replica has not pulled that write yet: it pulls first.
 * Only the editor gets it (and sign-in), never a reader.
 */
export const WROTE_COOKIE = 'wrote';

export function setWroteCookie(c: Context, at: number): void {
  setCookie(c, WROTE_COOKIE, String(at), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/api',
    maxAge: 60,
  });
}

export const readWroteCookie = (c: Context): number => {
  const value = Number(getCookie(c, WROTE_COOKIE));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
};
