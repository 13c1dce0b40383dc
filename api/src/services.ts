/**
 * The composition root: every service of the API, built once from the parsed environment and what the process hands
 * in (the database, the clock, the site renderers), and wired to each other here and nowhere else. `server.ts` and
 * the tests call it; `createApp` only mounts routers over what it returns. Read it top to bottom in the order a
 * change travels: posts and corrections write the change record, the feed and the builder consume it, the operations
 * react to it, and `prepareJobs` lists every recurring task for the server to start as one.
 */
import { join } from 'node:path';
import { SITE_NAME } from 'content-schema/site';
import type { AppContext, Infrastructure } from './app-env.ts';
import type { Job } from './lib/jobs.ts';
import { Events } from './lib/events.ts';
import { createAnalyticsService } from './services/analytics.ts';
import { createAuthService } from './services/auth.ts';
import { createAutomationService } from './services/automation/automation.ts';
import { createBuilder, type Builder } from './services/builder/builder.ts';
import { buildTarget } from './services/builder/target.ts';
import { buildHookCaller } from './services/builder/targets/hook.ts';
import { httpProbe } from './services/builder/verify.ts';
import { createChangeFeed, type ChangeFeed } from './services/changes.ts';
import { createCorrectionsService } from './services/corrections.ts';
import { createLoginLimiter } from './services/login-limiter.ts';
import { createHealthService } from './services/operations/health.ts';
import { createMessageForwarder } from './services/operations/message-forwarder.ts';
import { createMessagesService } from './services/operations/messages.ts';
import { createNotificationsService } from './services/operations/notifications/index.ts';
import { createPerformanceService } from './services/operations/performance.ts';
import { createViewsService } from './services/operations/views.ts';
import { inlineViewsWriter, threadViewsWriter } from './services/operations/views-writer.ts';
import { createActionRunner } from './services/operations/workflows/actions.ts';
import { createWorkflowsService } from './services/operations/workflows/index.ts';
import { createPostsService, type PostsService } from './services/posts/index.ts';
import { createPreviewsService } from './services/previews.ts';
import { createRateLimiter } from './services/rate-limiter.ts';
import { createRevisionsService } from './services/revisions.ts';
import { createScheduler } from './services/scheduler.ts';
import { createSecurityLog } from './services/security-log.ts';
import { createSessionCache } from './services/session-cache.ts';
import { createMediaService } from './services/media/index.ts';
import { createMailer } from './services/mail/mailer.ts';
import { createMembersService } from './services/members/index.ts';
import { folderMediaStore, s3MediaStore, type MediaStore } from './services/media/store.ts';
import { createTemplatesService } from './services/templates.ts';
import { createTwoFactor } from './services/two-factor.ts';
import { createWorkingCopiesService } from './services/working-copies.ts';

/** This server as its own builder checks reach it (SITE_URL may be a CDN in front of it). */
export function localOrigin(env: Infrastructure['env']): string {
  return `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
}

/** Where media files are kept: the S3-compatible bucket configured, or DATA_DIR/media. */
function mediaStoreOf(env: Infrastructure['env']): MediaStore {
  const { MEDIA_S3_ENDPOINT: endpoint, MEDIA_S3_BUCKET: bucket, MEDIA_S3_REGION: region } = env;
  const { MEDIA_S3_ACCESS_KEY_ID: accessKeyId, MEDIA_S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return endpoint && bucket && accessKeyId && secretAccessKey
    ? s3MediaStore({ endpoint, bucket, region, accessKeyId, secretAccessKey })
    : folderMediaStore(join(env.DATA_DIR, 'media'));
}

/** The builder of this instance: its target, folder and checks, from the environment. */
function builderOf(infra: Infrastructure, events: Events): Builder {
  const { env } = infra;
  const target = buildTarget(env);
  return createBuilder({
    db: infra.db,
    clock: infra.clock,
    events,
    target,
    siteRoot: join(env.DATA_DIR, 'site'),
    renderer: infra.renderer,
    callHook: infra.callHook ?? (env.BUILD_HOOK_URL ? buildHookCaller(env.BUILD_HOOK_URL) : undefined),
    probe:
      infra.probe === null
        ? undefined
        : (infra.probe ?? httpProbe(target === 'hook' ? env.SITE_URL : localOrigin(env))),
    sleep: infra.sleep,
  });
}

/** Sign-in, sessions and the second factor, with the security log that records them. */
function securityServices(infra: Infrastructure, events: Events) {
  const { db, clock, env } = infra;
  const securityLog = createSecurityLog({ db, clock });
  const twoFactor = createTwoFactor({ db, clock });
  const limiter = createLoginLimiter({
    db,
    clock,
    onLockout: async (lockout) => {
      await securityLog.record({
        type: 'lockout',
        detail: `Sign-in locked for ${lockout.subject} until ${lockout.until.toISOString().slice(11, 19)} UTC`,
      });
      events.emit('login_lockout', lockout);
    },
  });
  return {
    auth: createAuthService({ db, clock, limiter, twoFactor, log: securityLog }),
    sessions: createSessionCache({ db, clock, ttlMs: env.SESSION_CACHE_MS }),
    twoFactor,
    securityLog,
  };
}

/**
 * Workflows, notifications, reader analytics, reader messages and health: what reacts to events and to the change
 * record, and the reader-facing intake.
 */
function operationsServices(
  infra: Infrastructure,
  shared: { events: Events; posts: PostsService; builder: Builder; changes: ChangeFeed },
) {
  const { db, clock, env } = infra;
  const notifications = createNotificationsService({ db, clock });
  const runAction = createActionRunner({
    db,
    clock,
    posts: shared.posts,
    notifications,
    backupDir: env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups'),
    databaseUrl: env.DATABASE_URL,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN,
    siteUrl: env.SITE_URL,
    socialWebhookUrls: env.SOCIAL_WEBHOOK_URLS,
    fetch: infra.fetch,
  });
  const workflows = createWorkflowsService({ db, clock, notifications, runAction });
  // An in-memory database cannot be opened by a second connection: its counts are written inline.
  const inline = env.VIEWS_WRITER === 'inline' || env.DATABASE_URL.includes(':memory:');
  const views = createViewsService({
    clock,
    siteHost: new URL(env.SITE_URL).host,
    writer: inline
      ? inlineViewsWriter(db.$client)
      : threadViewsWriter({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }),
  });
  const health = createHealthService({
    db,
    clock,
    builder: shared.builder,
    buildTarget: buildTarget(env),
    probeApi: infra.probeApi,
  });
  const messages = createMessagesService({
    db,
    clock,
    siteUrl: env.SITE_URL,
    limiter: createRateLimiter({ db, clock }),
    perAddress: env.MESSAGES_PER_ADDRESS,
    notifications,
    forwarder: createMessageForwarder({
      smtpUrl: env.SMTP_URL,
      to: env.MESSAGES_FORWARD_TO,
      from: env.MESSAGES_FORWARD_FROM,
      siteUrl: env.SITE_URL,
    }),
  });

  notifications.subscribe(shared.events);
  workflows.subscribe(shared.events);
  shared.changes.onceAcrossInstances('notifications', notifications.onChanges);
  shared.changes.onceAcrossInstances('workflows', workflows.onChanges);
  shared.changes.onEveryInstance(() => views.invalidate());
  return { notifications, messages, workflows, views, performance: createPerformanceService({ db, clock }), health };
}

/** Every service of the API, built once; see the module comment. */
export function createServices(infra: Infrastructure): AppContext {
  const { db, clock, env } = infra;
  const events = new Events();
  const builder = builderOf(infra, events);
  const changes = createChangeFeed({ db, clock });
  // A change readers can see wakes the builder and the change record's consumers at once; other instances' changes
  // reach them through their polls.
  const onChange = () => {
    void builder.kick();
    void changes.poll();
  };
  const posts = createPostsService({ db, clock, onChange });
  // Another instance's change retires this one's cached answers as soon as its feed reads the change record.
  changes.onEveryInstance(() => posts.invalidate());
  const corrections = createCorrectionsService({ db, clock, onChange });
  const scheduler = createScheduler({ db, clock, events, posts });
  const automation = createAutomationService({ db, env, clock, events, posts });
  const operations = operationsServices(infra, { events, posts, builder, changes });
  const media = createMediaService({ db, clock, store: mediaStoreOf(env), onChange: posts.changed });
  const members = createMembersService({
    db,
    clock,
    siteUrl: env.SITE_URL,
    limiter: createRateLimiter({ db, clock }),
    mailer: createMailer({
      db,
      clock,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${SITE_NAME} <newsletter@${new URL(env.SITE_URL).hostname}>`,
    }),
  });

  /**
   * Seeds what a first start needs (automation topics, the sample workflows), recovers what a crash left (workflow
   * runs), warms the caches, and answers every recurring task of this instance for the server to start as one list.
   */
  async function prepareJobs(): Promise<Job[]> {
    const topicsSeeded = await automation.topics.seedIfEmpty();
    if (topicsSeeded) console.log(`Seeded ${topicsSeeded} automation topics.`);
    await operations.workflows.seedIfEmpty();
    await operations.workflows.recover();
    void operations.views.loadSlugs();
    void operations.health.refreshUptime().catch(() => {});
    return [
      changes.job,
      ...builder.jobs,
      scheduler.job,
      ...(env.AUTOMATION_SCHEDULE === 'on' ? [automation.job] : []),
      ...operations.workflows.jobs,
      ...operations.views.jobs,
      ...operations.health.jobs,
      ...operations.messages.jobs,
      ...media.jobs,
      ...members.jobs,
    ];
  }

  return {
    db,
    env,
    clock,
    events,
    builder,
    changes,
    preview: infra.preview,
    ...securityServices(infra, events),
    posts,
    analytics: createAnalyticsService({ db }),
    revisions: createRevisionsService({ db, posts }),
    workingCopies: createWorkingCopiesService({ db, clock }),
    scheduler,
    templates: createTemplatesService({ db, clock }),
    media,
    corrections,
    members,
    previews: createPreviewsService({ db, clock, siteUrl: env.SITE_URL, renderer: infra.preview, corrections }),
    automation,
    operations,
    prepareJobs,
  };
}
