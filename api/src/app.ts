import { Hono } from 'hono';
import type { AppContext, AppEnv } from './app-env.ts';
import { compressAnswers } from './lib/compress.ts';
import { AppError } from './lib/errors.ts';
import { FrontCache } from './lib/front-cache.ts';
import { apiRequest, errorHandler, limitBodies, limitPageForms, responseHeaders } from './middleware.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { authRoutes } from './routes/auth.ts';
import { automationRoutes } from './routes/automation.ts';
import { buildRoutes } from './routes/build.ts';
import { correctionsRoutes } from './routes/corrections.ts';
import { mediaFilesRoutes, mediaRoutes } from './routes/media.ts';
import { memberPagesRoutes, mailRoutes, membersRoutes } from './routes/members.ts';
import { messagesRoutes } from './routes/messages.ts';
import { notificationsRoutes } from './routes/notifications.ts';
import { performanceRoutes } from './routes/performance.ts';
import { postsRoutes } from './routes/posts.ts';
import { previewLinksRoutes, previewPageRoutes } from './routes/previews.ts';
import { revisionsRoutes } from './routes/revisions.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { siteRoutes } from './routes/site.ts';
import { statusRoutes } from './routes/status.ts';
import { templatesRoutes } from './routes/templates.ts';
import { viewsRoutes } from './routes/views.ts';
import { workflowsRoutes } from './routes/workflows.ts';
import { workingCopiesRoutes } from './routes/working-copies.ts';
import { siteFilesRoutes } from './site-files.ts';

/** The whole application (API, admin and site files) over the services, and the front cache in front of it. */
export function createApp(ctx: AppContext) {
  // Writes are accepted from the configured site origin (and ALLOWED_ORIGINS) only, never from whatever Host the
  // request names: a DNS-rebinding page has a foreign name but reaches this server's address.
  const allowedOrigins = new Set([new URL(ctx.env.SITE_URL).origin, ...ctx.env.ALLOWED_ORIGINS]);
  const app = new Hono<AppEnv>();
  const front = new FrontCache({
    fetch: (req, env) => app.fetch(req, env),
    views: ctx.operations.views,
    trustProxy: ctx.env.TRUST_PROXY,
    allowedOrigins,
    siteUrl: ctx.env.SITE_URL,
  });
  // Which instance answered, for the tests behind a load balancer (scripts/e2e-lb-server.ts); off otherwise.
  const instanceId = ctx.env.INSTANCE_HEADER === 'on' ? `${ctx.env.HOST}:${ctx.env.PORT}:${process.pid}` : null;

  app.onError(errorHandler(allowedOrigins));
  app.use('*', responseHeaders(front, instanceId));
  app.use('/api/*', apiRequest(ctx, allowedOrigins));
  app.use('*', compressAnswers());
  app.use('/api/*', limitBodies);
  app.use('/subscribe/*', limitPageForms);
  app.use('/unsubscribe', limitPageForms);
  mountRoutes(app, ctx);
  return { app, front };
}

/** One router per resource, each handed the services: its parameter's type names the ones it uses. */
function mountRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.get('/api/health', (c) => c.json({ ok: true }));
  app.route('/api/auth', authRoutes(ctx));
  app.route('/api/posts', postsRoutes(ctx));
  app.route('/api', revisionsRoutes(ctx));
  app.route('/api/working-copies', workingCopiesRoutes(ctx));
  app.route('/api', scheduleRoutes(ctx));
  app.route('/api/build', buildRoutes(ctx));
  app.route('/api/site', siteRoutes(ctx));
  app.route('/api', correctionsRoutes(ctx));
  app.route('/api/templates', templatesRoutes(ctx));
  app.route('/api/media', mediaRoutes(ctx));
  app.route('/api/analytics', analyticsRoutes(ctx));
  app.route('/api/automation', automationRoutes(ctx));
  app.route('/api/workflows', workflowsRoutes(ctx));
  app.route('/api/notifications', notificationsRoutes(ctx));
  app.route('/api/messages', messagesRoutes(ctx));
  app.route('/api/views', viewsRoutes(ctx));
  app.route('/api/performance', performanceRoutes(ctx));
  app.route('/api/status', statusRoutes(ctx));
  app.route('/api', previewLinksRoutes(ctx));
  app.route('/api/members', membersRoutes(ctx));
  app.route('/api/mail', mailRoutes(ctx));
  app.all('/api/*', () => {
    throw new AppError(404, 'Not found');
  });

  app.route('/preview', previewPageRoutes(ctx));
  app.route('/', memberPagesRoutes(ctx));
  app.route('/media', mediaFilesRoutes(ctx));
  app.route('/', siteFilesRoutes(ctx));
}
