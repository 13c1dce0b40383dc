import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Clock } from './lib/clock.ts';
import type { Events } from './lib/events.ts';
import type { Job } from './lib/jobs.ts';
import type { AnalyticsService } from './services/analytics.ts';
import type { AuthService } from './services/auth.ts';
import type { AutomationService } from './services/automation/automation.ts';
import type { Builder } from './services/builder/builder.ts';
import type { HookCaller, SiteProbe } from './services/builder/context.ts';
import type { ChangeFeed } from './services/changes.ts';
import type { CorrectionsService } from './services/corrections.ts';
import type { HealthService } from './services/operations/health.ts';
import type { MessagesService } from './services/operations/messages.ts';
import type { NotificationsService } from './services/operations/notifications/index.ts';
import type { PerformanceService } from './services/operations/performance.ts';
import type { ViewsService } from './services/operations/views.ts';
import type { WorkflowsService } from './services/operations/workflows/index.ts';
import type { CachedList } from './lib/answer-cache.ts';
import type { PostsService } from './services/posts/index.ts';
import type { PreviewsService } from './services/previews.ts';
import type { RevisionsService } from './services/revisions.ts';
import type { Scheduler } from './services/scheduler.ts';
import type { SecurityLog } from './services/security-log.ts';
import type { SessionCache } from './services/session-cache.ts';
import type { SessionUser } from './services/sessions.ts';
import type { PreviewRendererClient, SiteRendererClient } from './services/site-renderer.ts';
import type { MediaService } from './services/media/index.ts';
import type { MembersService } from './services/members/index.ts';
import type { TemplatesService } from './services/templates.ts';
import type { TwoFactor } from './services/two-factor.ts';
import type { WorkingCopiesService } from './services/working-copies.ts';

/**
 * The types every layer of the API shares: what the process hands in (Infrastructure), the services built on it
 * (AppContext, made once by createServices in services.ts) and Hono's environment for handlers (AppEnv). Routes import
 * these from here, never from app.ts, which mounts them and hands each router its services.
 */

/** What the process hands the composition root: the parsed environment and the parts it owns. */
export interface Infrastructure {
  db: Db;
  env: Env;
  clock: Clock;
  /** The warm renderer an embedded build target renders with (the server's worker thread; tests record instead). */
  renderer?: SiteRendererClient;
  /** Renders preview pages (the site's warm renderer); without one, previews answer 503. */
  preview?: PreviewRendererClient;
  /**
   * How the builder checks that a change answers: by default over HTTP, this server or SITE_URL behind a hook; null
   * for none (tests whose renderer writes no pages).
   */
  probe?: SiteProbe | null;
  /** Posts a build's change list to the CDN's build hook; by default to BUILD_HOOK_URL. */
  callHook?: HookCaller;
  /** The builder's pause between hook retries (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
  /** The API's own health check, one request through the whole application (the health samples call it). */
  probeApi: () => Promise<void>;
  /** The HTTP client of workflow actions (social webhooks); tests hand in a fake. */
  fetch?: typeof fetch;
}

/** Workflows, notifications, reader analytics, reader messages and health. */
export interface Operations {
  notifications: NotificationsService;
  messages: MessagesService;
  workflows: WorkflowsService;
  views: ViewsService;
  performance: PerformanceService;
  health: HealthService;
}

/**
 * Every service of the API, built once by createServices. createApp hands it to every router, whose parameter
 * names what it uses (`Pick<AppContext, 'posts' | 'corrections'>`). Routers read from it per request rather than
 * destructuring it once, so a service replaced here (the automation tests put in one with a fake model) is the
 * one they call.
 */
export interface AppContext {
  db: Db;
  env: Env;
  clock: Clock;
  /** In-process events (build failed, login lockout, …) that notifications and workflows subscribe to. */
  events: Events;
  builder: Builder;
  /** The public change record's consumers (notifications, workflows, caches). */
  changes: ChangeFeed;
  preview?: PreviewRendererClient;
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
  /** The media library: uploads processed into served files, and where they are used. */
  media: MediaService;
  corrections: CorrectionsService;
  /** Readers who subscribe to newsletters, and the mail sent to them. */
  members: MembersService;
  automation: AutomationService;
  /** Workflows, notifications, reader analytics, health. */
  operations: Operations;
  /** Seeds and recovers what background work needs, then answers every recurring task for the server to start. */
  prepareJobs: () => Promise<Job[]>;
}

/**
 * Hono's environment for every handler: the signed-in user (or null), set by the /api middleware, and a reader's
 * cached answer or beacon answer a route offers to the front cache (lib/front-cache.ts).
 */
export type AppEnv = {
  Variables: { user: SessionUser | null; frontOffer?: { answer: CachedList; body: Uint8Array }; frontBeacon?: boolean };
};
