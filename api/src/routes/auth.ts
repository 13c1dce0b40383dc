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
  type SecurityEventType,
  type LoginResult,
  type RecoveryCodes,
  type TwoFactorSetupResult,
} from 'content-schema/auth';
import type { AppContext, AppEnv } from '../app-env.ts';
import { clientIp, deviceLabel } from '../lib/client-info.ts';
import { clearSessionCookie, readDeviceCookie, setDeviceCookie, setSessionCookie } from '../lib/cookies.ts';
import { AppError, validate } from '../lib/errors.ts';
import { readJson } from '../lib/http.ts';
import type { ProxyTrust } from '../lib/proxy-trust.ts';
import { requireAdmin } from '../lib/require-admin.ts';
import type { Requester, SignedIn } from '../services/auth.ts';
import {
  invalidateSession,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type SessionUser,
} from '../services/sessions.ts';

function requester(c: Context<AppEnv>, trust: ProxyTrust): Requester {
  return {
    ip: clientIp(c, trust),
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

type AuthServices = Pick<AppContext, 'auth' | 'sessions' | 'twoFactor' | 'securityLog' | 'db' | 'clock' | 'env'>;

/** Signing in and out: password, then (with the second factor on) a code. */
function signInRoutes(services: AuthServices) {
  const caller = (c: Context<AppEnv>) => requester(c, services.env.TRUST_PROXY);
  return new Hono<AppEnv>()
    .get('/status', (c) => {
      const user = c.get('user');
      return c.json({ authenticated: !!user, admin: user?.username ?? null } satisfies AuthStatus);
    })
    .post('/login', async (c) => {
      const body = validate(LoginSchema, await readJson(c));
      const outcome = await services.auth.login(body, caller(c));
      if (outcome.kind === 'challenge') {
        return c.json({
          authenticated: false,
          twoFactorRequired: true,
          challenge: outcome.challenge,
        } satisfies LoginResult);
      }
      return signedIn(c, outcome);
    })
    .post('/login/verify', async (c) => {
      const body = validate(LoginVerifySchema, await readJson(c));
      return signedIn(c, await services.auth.verifyChallenge(body, caller(c)));
    })
    .post('/logout', async (c) => {
      const user = c.get('user');
      if (user) {
        await invalidateSession(services.db, user.sessionId);
        services.sessions.forgetSession(user.sessionId);
      }
      clearSessionCookie(c);
      return c.json({ ok: true });
    });
}

/** The account, for the signed-in administrator: password, sessions, the security log. */
function accountRoutes(services: AuthServices) {
  const caller = (c: Context<AppEnv>) => requester(c, services.env.TRUST_PROXY);
  return new Hono<AppEnv>()
    .post('/password', requireAdmin, async (c) => {
      const body = validate(ChangePasswordSchema, await readJson(c));
      const user = me(c);
      const current = { userId: user.userId, sessionId: user.sessionId };
      const ended = await services.auth.changePassword(current, body, caller(c));
      services.sessions.forgetUser(user.userId, user.sessionId);
      return c.json({ ended });
    })
    .get('/sessions', requireAdmin, async (c) => {
      return c.json(await listSessions(services.db, services.clock, me(c).userId, me(c).sessionId));
    })
    .post('/sessions/revoke-others', requireAdmin, async (c) => {
      const who = caller(c);
      const ended = await revokeOtherSessions(services.db, me(c).userId, me(c).sessionId);
      services.sessions.forgetUser(me(c).userId, me(c).sessionId);
      const detail = `Ended ${ended} other session${ended === 1 ? '' : 's'}`;
      await services.securityLog.record({ type: 'session_revoked', detail, ip: who.ip, device: who.device });
      return c.json({ ended });
    })
    .delete('/sessions/:id', requireAdmin, async (c) => {
      const who = caller(c);
      const ended = await revokeSession(services.db, me(c).userId, c.req.param('id').slice(0, 64));
      if (!ended) throw new AppError(404, 'Session not found');
      services.sessions.forgetSession(ended.sessionId);
      const detail = `Ended a session (${ended.device ?? 'unknown device'})`;
      await services.securityLog.record({ type: 'session_revoked', detail, ip: who.ip, device: who.device });
      return c.json({ ok: true });
    })
    .get('/audit', requireAdmin, async (c) => c.json(await services.securityLog.list()));
}

/** The second factor: set up, turn on, turn off, renew recovery codes; each change needs the password again. */
function twoFactorRoutes(services: AuthServices) {
  const caller = (c: Context<AppEnv>) => requester(c, services.env.TRUST_PROXY);
  const record = (c: Context<AppEnv>, type: SecurityEventType, detail: string) => {
    const who = caller(c);
    return services.securityLog.record({ type, detail, ip: who.ip, device: who.device });
  };
  return new Hono<AppEnv>()
    .get('/2fa', requireAdmin, async (c) => c.json(await services.twoFactor.status(me(c).userId)))
    .post('/2fa/setup', requireAdmin, async (c) => {
      const body = validate(TwoFactorSetupSchema, await readJson(c));
      const user = await services.auth.confirmPassword(me(c).userId, body.currentPassword, caller(c));
      if (await services.twoFactor.enabled(user.id)) {
        throw new AppError(409, 'Two-factor authentication is already on. Turn it off first.');
      }
      return c.json((await services.twoFactor.setup(user.id, user.username)) satisfies TwoFactorSetupResult);
    })
    .post('/2fa/enable', requireAdmin, async (c) => {
      const body = validate(TwoFactorEnableSchema, await readJson(c));
      const recoveryCodes = await services.twoFactor.enable(me(c).userId, body.code);
      if (!recoveryCodes) throw new AppError(400, INVALID_CODE_MESSAGE);
      await record(c, 'two_factor_enabled', 'Two-factor authentication turned on');
      return c.json({ recoveryCodes } satisfies RecoveryCodes);
    })
    .post('/2fa/disable', requireAdmin, async (c) => {
      const body = validate(TwoFactorConfirmSchema, await readJson(c));
      await services.auth.confirmPassword(me(c).userId, body.currentPassword, caller(c));
      await services.auth.confirmCode(me(c).userId, body.code);
      await services.twoFactor.disable(me(c).userId);
      await record(c, 'two_factor_disabled', 'Two-factor authentication turned off');
      return c.json(await services.twoFactor.status(me(c).userId));
    })
    .post('/2fa/recovery-codes', requireAdmin, async (c) => {
      const body = validate(TwoFactorConfirmSchema, await readJson(c));
      await services.auth.confirmPassword(me(c).userId, body.currentPassword, caller(c));
      await services.auth.confirmCode(me(c).userId, body.code);
      const recoveryCodes = await services.twoFactor.regenerate(me(c).userId);
      await record(c, 'recovery_codes_regenerated', 'New recovery codes; the old ones no longer work');
      return c.json({ recoveryCodes } satisfies RecoveryCodes);
    });
}

/** Sign-in, the account and the second factor, mounted at /api/auth. */
export function authRoutes(services: AuthServices) {
  return new Hono<AppEnv>()
    .route('/', signInRoutes(services))
    .route('/', accountRoutes(services))
    .route('/', twoFactorRoutes(services));
}
