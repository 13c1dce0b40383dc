import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Clock } from './lib/clock.ts';
import type { Events } from './lib/events.ts';
import type { AnalyticsService } from './services/analytics.ts';
import type { AuthService } from './services/auth.ts';
import type { AutomationService } from './services/automation/automation.ts';
import type { Builder } from './services/builder.ts';
import type { ChangeFeed } from './services/changes.ts';
import type { CorrectionsService } from './services/corrections.ts';
import type { Operations } from './services/operations/create-operations.ts';
import type { CachedList, PostsService } from './services/posts.ts';
import type { PreviewsService } from './services/previews.ts';
import type { RevisionsService } from './services/revisions.ts';
import type { Scheduler } from './services/scheduler.ts';
import type { SecurityLog } from './services/security-log.ts';
import type { SessionCache } from './services/session-cache.ts';
import type { SessionUser } from './services/sessions.ts';
import type { PreviewRendererClient } from './services/site-renderer.ts';
import type { TemplatesService } from './services/templates.ts';
import type { TwoFactor } from './services/two-factor.ts';
import type { WorkingCopiesService } from './services/working-copies.ts';

/**
 * The types every layer of the API shares: what the server injects (AppDeps), the services built on it
 * (AppContext, made by createServices in services.ts) and Hono's environment for handlers (AppEnv). Routes import
 * these from here, never from app.ts, which mounts them and hands each router its services.
 */

export interface AppDeps {
  db: Db;
  env: Env;
  clock: Clock;
  events: Events;
  builder: Builder;
  /** The public change record's consumers (notifications, workflows, caches). */
  changes: ChangeFeed;
  /** Renders preview pages (the site's warm renderer); without one, previews answer 503. */
  preview?: PreviewRendererClient;
}

/**
 * The injected dependencies plus the services built on them. createApp hands it to every router, whose parameter
 * names what it uses (`Pick<AppContext, 'posts' | 'corrections'>`). Routers read from it per request rather than
 * destructuring it once, so a service replaced here (the automation tests put in one with a fake model) is the
 * one they call.
 */
export interface AppContext extends AppDeps {
  /** Sign-in (limiter, remembered devices, second factor) and account changes. */
  auth: AuthService;
  /** Verified sessions, kept briefly in memory. */
  sessions: SessionCache;
  twoFactor: TwoFactor;
  securityLog: SecurityLog;
  posts: PostsService;
  /** The dashboard's totals over posts. */
  analytics: AnalyticsService;
  /** Preview links to drafts, and the pages they show. */
  previews: PreviewsService;
  /** A post's saved states: list, one in full, restore. */
  revisions: RevisionsService;
  /** The editor's autosaved, unsaved changes. */
  workingCopies: WorkingCopiesService;
  scheduler: Scheduler;
  templates: TemplatesService;
  corrections: CorrectionsService;
  automation: AutomationService;
  /** Workflows, notifications, reader analytics, health. */
  operations: Operations;
}

/**
 * Hono's environment for every handler: the signed-in user (or null), set by the /api middleware, and a reader's
 * cached answer or beacon answer a route offers to the front cache (lib/front-cache.ts).
 */
export type AppEnv = {
  Variables: { user: SessionUser | null; frontOffer?: { answer: CachedList; body: Uint8Array }; frontBeacon?: boolean };
};
