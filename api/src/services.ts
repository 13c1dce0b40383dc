import type { AppContext, AppDeps } from './app-env.ts';
import { createAnalyticsService } from './services/analytics.ts';
import { createAuthService } from './services/auth.ts';
import { createAutomationService } from './services/automation/automation.ts';
import { createCorrectionsService } from './services/corrections.ts';
import { createLoginLimiter } from './services/login-limiter.ts';
import { createOperations } from './services/operations/create-operations.ts';
import { createPostsService } from './services/posts.ts';
import { createPreviewsService } from './services/previews.ts';
import { createRevisionsService } from './services/revisions.ts';
import { createScheduler } from './services/scheduler.ts';
import { createSecurityLog } from './services/security-log.ts';
import { createSessionCache } from './services/session-cache.ts';
import { createTemplatesService } from './services/templates.ts';
import { createTwoFactor } from './services/two-factor.ts';
import { createWorkingCopiesService } from './services/working-copies.ts';

/**
 * The composition root: every service of the API, built once from the injected dependencies and wired to each
 * other here and nowhere else. `probeApi` is the API's own health check (one request through the app), which the
 * health sampler calls.
 */
export function createServices(deps: AppDeps, probeApi: () => Promise<void>): AppContext {
  // A change readers can see wakes the builder and the change record's consumers at once; other instances'
  // changes reach them through their polls.
  const onChange = () => {
    void deps.builder.kick();
    void deps.changes.poll();
  };
  const posts = createPostsService({ db: deps.db, clock: deps.clock, onChange });
  // Another instance's change clears this one's list cache as soon as its poll reads the change record.
  deps.changes.onEveryInstance(() => posts.invalidate());
  const securityLog = createSecurityLog(deps);
  const twoFactor = createTwoFactor(deps);
  const limiter = createLoginLimiter({
    ...deps,
    onLockout: async (lockout) => {
      await securityLog.record({
        type: 'lockout',
        detail: `Sign-in locked for ${lockout.subject} until ${lockout.until.toISOString().slice(11, 19)} UTC`,
      });
      deps.events.emit('login_lockout', lockout);
    },
  });
  const corrections = createCorrectionsService({ db: deps.db, clock: deps.clock, onChange });
  return {
    ...deps,
    auth: createAuthService({ ...deps, limiter, twoFactor, log: securityLog }),
    sessions: createSessionCache({ db: deps.db, clock: deps.clock, ttlMs: deps.env.SESSION_CACHE_MS }),
    twoFactor,
    securityLog,
    posts,
    analytics: createAnalyticsService({ db: deps.db }),
    revisions: createRevisionsService({ db: deps.db, posts }),
    workingCopies: createWorkingCopiesService({ db: deps.db, clock: deps.clock }),
    scheduler: createScheduler({ db: deps.db, clock: deps.clock, events: deps.events, posts }),
    templates: createTemplatesService({ db: deps.db, clock: deps.clock }),
    corrections,
    previews: createPreviewsService({ db: deps.db, clock: deps.clock, siteUrl: deps.env.SITE_URL, renderer: deps.preview, corrections }),
    automation: createAutomationService({ db: deps.db, env: deps.env, clock: deps.clock, events: deps.events, posts }),
    operations: createOperations({
      ...deps,
      posts,
      probeApi,
    }),
  };
}
