import { join } from 'node:path';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Events } from '../../lib/events.ts';
import type { Builder } from '../builder.ts';
import type { ChangeFeed } from '../changes.ts';
import type { PostsService } from '../posts.ts';
import { createActionRunner } from './actions.ts';
import { createHealthService } from './health.ts';
import { createMessageForwarder } from './message-forwarder.ts';
import { createMessagesService } from './messages.ts';
import { createRateLimiter } from '../rate-limiter.ts';
import { createNotificationsService } from './notifications.ts';
import { createPerformanceService } from './performance.ts';
import { createViewsService } from './views.ts';
import { inlineViewsWriter, threadViewsWriter } from './views-writer.ts';
import { createWorkflowsService } from './workflows.ts';

export type Operations = ReturnType<typeof createOperations>;

/** Builds the operations services (workflows, notifications, reader analytics, health) and wires their events. */
export function createOperations(deps: {
  db: Db;
  clock: Clock;
  events: Events;
  env: Env;
  posts: PostsService;
  builder: Builder;
  changes: ChangeFeed;
  probeApi: () => Promise<void>;
  fetch?: typeof fetch;
}) {
  const { db, clock, events, env } = deps;
  const notifications = createNotificationsService({ db, clock });
  const runAction = createActionRunner({
    db,
    clock,
    posts: deps.posts,
    notifications,
    backupDir: env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups'),
    databaseUrl: env.DATABASE_URL,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN,
    siteUrl: env.SITE_URL,
    socialWebhookUrls: env.SOCIAL_WEBHOOK_URLS,
    fetch: deps.fetch,
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
  const performance = createPerformanceService({ db, clock });
  const health = createHealthService({
    db,
    clock,
    builder: deps.builder,
    buildTarget: env.BUILD_HOOK_URL ? 'hook' : env.EMBEDDED_BUILDER === 'on' ? 'embedded' : 'off',
    probeApi: deps.probeApi,
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

  notifications.subscribe(events);
  workflows.subscribe(events);
  deps.changes.onceAcrossInstances('notifications', notifications.onChanges);
  deps.changes.onceAcrossInstances('workflows', workflows.onChanges);
  deps.changes.onEveryInstance(() => views.invalidate());

  /**
 * Background work of a running server: seeds, recovers, then ticks schedules, flushes views, samples health and
 * deletes reader messages past their retention.
 */
  async function start(): Promise<() => Promise<void>> {
    await workflows.seedIfEmpty();
    await workflows.recover();
    const stopTick = workflows.start();
    const stopViews = views.start();
    const stopHealth = health.start();
    const stopRetention = messages.start();
    return async () => {
      stopTick();
      stopHealth();
      stopRetention();
      await messages.idle();
      await stopViews();
      await workflows.idle();
    };
  }

  return { notifications, messages, workflows, views, performance, health, start };
}
