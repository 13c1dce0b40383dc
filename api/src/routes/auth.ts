import { Hono, type Context } from 'hono';
import {
  ChangePasswordSchema,
  LoginSchema,
  LoginVerifySchema,
  TwoFactorConfirmSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupSchema,
  INVALID_CODE_MESSAGE,
  type AuthStatus,
  type LoginResult,
  type RecoveryCodes,
  type TwoFactorSetupResult,
} from 'content-schema/auth';
import type { AppEnv } from '../app-env.ts';
import { clientIp, deviceLabel } from '../lib/client-info.ts';
import { clearSessionCookie, readDeviceCookie, setDeviceCookie, setSessionCookie } from '../lib/cookies.ts';
import { AppError, validate } from '../lib/errors.ts';
import { readJson } from '../lib/http.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import type { Requester, SignedIn } from '../services/auth.ts';
import { invalidateSession, listSessions, revokeOtherSessions, revokeSession, type SessionUser } from '../services/sessions.ts';

function requester(c: Context<AppEnv>): Requester {
  return {
    ip: clientIp(c, c.get('ctx').env.TRUST_PROXY),
    device: deviceLabel(c.req.header('User-Agent')),
    deviceToken: readDeviceCookie(c),
  };
}

function signedIn(c: Context<AppEnv>, session: SignedIn) {
  setSessionCookie(c, session.token, session.expiresAt);
  if (session.device) setDeviceCookie(c, session.device.token, session.device.expiresAt);
  return c.json({ authenticated: true, admin: session.username } satisfies LoginResult);
}

/** The signed-in user (requireAdmin has run). */
const me = (c: Context<AppEnv>): SessionUser => c.get('user')!;

export function authRoutes() {
  return (
    new Hono<AppEnv>()
      .get('/status', (c) => {
        const user = c.get('user');
        return c.json({ authenticated: !!user, admin: user?.username ?? null } satisfies AuthStatus);
      })
      .post('/login', async (c) => {
        const body = validate(LoginSchema, await readJson(c));
        const outcome = await c.get('ctx').auth.login(body, requester(c));
        if (outcome.kind === 'challenge') {
          return c.json({ authenticated: false, twoFactorRequired: true, challenge: outcome.challenge } satisfies LoginResult);
        }
        return signedIn(c, outcome);
      })
      .post('/login/verify', async (c) => {
        const body = validate(LoginVerifySchema, await readJson(c));
        return signedIn(c, await c.get('ctx').auth.verifyChallenge(body, requester(c)));
      })
      .post('/logout', async (c) => {
        const user = c.get('user');
        if (user) {
          await invalidateSession(c.get('ctx').db, user.sessionId);
          c.get('ctx').sessions.forgetSession(user.sessionId);
        }
        clearSessionCookie(c);
        return c.json({ ok: true });
      })

      // The account, for the signed-in administrator.
      .post('/password', requireAdmin, async (c) => {
        const body = validate(ChangePasswordSchema, await readJson(c));
        const user = me(c);
        const ended = await c.get('ctx').auth.changePassword({ userId: user.userId, sessionId: user.sessionId }, body, requester(c));
        c.get('ctx').sessions.forgetUser(user.userId, user.sessionId);
        return c.json({ ended });
      })
      .get('/sessions', requireAdmin, async (c) => {
        const { db, clock } = c.get('ctx');
        return c.json(await listSessions(db, clock, me(c).userId, me(c).sessionId));
      })
      .post('/sessions/revoke-others', requireAdmin, async (c) => {
        const { db, securityLog, sessions } = c.get('ctx');
        const who = requester(c);
        const ended = await revokeOtherSessions(db, me(c).userId, me(c).sessionId);
        sessions.forgetUser(me(c).userId, me(c).sessionId);
        await securityLog.record({ type: 'session_revoked', detail: `Ended ${ended} other session${ended === 1 ? '' : 's'}`, ip: who.ip, device: who.device });
        return c.json({ ended });
      })
      .delete('/sessions/:id', requireAdmin, async (c) => {
        const { db, securityLog, sessions } = c.get('ctx');
        const who = requester(c);
        const ended = await revokeSession(db, me(c).userId, c.req.param('id').slice(0, 64));
        if (!ended) throw new AppError(404, 'Session not found');
        sessions.forgetSession(ended.sessionId);
        await securityLog.record({ type: 'session_revoked', detail: `Ended a session (${ended.device ?? 'unknown device'})`, ip: who.ip, device: who.device });
        return c.json({ ok: true });
      })
      .get('/audit', requireAdmin, async (c) => c.json(await c.get('ctx').securityLog.list()))

      // The second factor.
      .get('/2fa', requireAdmin, async (c) => c.json(await c.get('ctx').twoFactor.status(me(c).userId)))
      .post('/2fa/setup', requireAdmin, async (c) => {
        const body = validate(TwoFactorSetupSchema, await readJson(c));
        const { auth, twoFactor } = c.get('ctx');
        const user = await auth.confirmPassword(me(c).userId, body.currentPassword, requester(c));
        if (await twoFactor.enabled(user.id)) throw new AppError(409, 'Two-factor authentication is already on. Turn it off first.');
        return c.json((await twoFactor.setup(user.id, user.username)) satisfies TwoFactorSetupResult);
      })
      .post('/2fa/enable', requireAdmin, async (c) => {
        const body = validate(TwoFactorEnableSchema, await readJson(c));
        const { twoFactor, securityLog } = c.get('ctx');
        const recoveryCodes = await twoFactor.enable(me(c).userId, body.code);
        if (!recoveryCodes) throw new AppError(400, INVALID_CODE_MESSAGE);
        const who = requester(c);
        await securityLog.record({ type: 'two_factor_enabled', detail: 'Two-factor authentication turned on', ip: who.ip, device: who.device });
        return c.json({ recoveryCodes } satisfies RecoveryCodes);
      })
      .post('/2fa/disable', requireAdmin, async (c) => {
        const body = validate(TwoFactorConfirmSchema, await readJson(c));
        const { auth, twoFactor, securityLog } = c.get('ctx');
        const who = requester(c);
        await auth.confirmPassword(me(c).userId, body.currentPassword, who);
        await auth.confirmCode(me(c).userId, body.code);
        await twoFactor.disable(me(c).userId);
        await securityLog.record({ type: 'two_factor_disabled', detail: 'Two-factor authentication turned off', ip: who.ip, device: who.device });
        return c.json(await twoFactor.status(me(c).userId));
      })
      .post('/2fa/recovery-codes', requireAdmin, async (c) => {
        const body = validate(TwoFactorConfirmSchema, await readJson(c));
        const { auth, twoFactor, securityLog } = c.get('ctx');
        const who = requester(c);
        await auth.confirmPassword(me(c).userId, body.currentPassword, who);
        await auth.confirmCode(me(c).userId, body.code);
        const recoveryCodes = await twoFactor.regenerate(me(c).userId);
        await securityLog.record({ type: 'recovery_codes_regenerated', detail: 'New recovery codes; the old ones no longer work', ip: who.ip, device: who.device });
        return c.json({ recoveryCodes } satisfies RecoveryCodes);
      })
  );
}
