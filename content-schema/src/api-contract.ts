/**
 * The API's one contract: for every route, the schema of what a successful answer carries. The API's tests check
 * every answer they receive against it (api/src/test-utils.ts), and a test fails if a route exists without an entry
 * (api/src/routes/contract.test.ts); the admin and the site parse what they receive with the same schemas.
 *
 * Keys are `METHOD path` in Hono's route syntax. `NO_BODY` marks an answer without a JSON body (204, or the preview
 * pages' HTML). Error answers (4xx, 5xx) always carry `ApiErrorBodySchema` (plus a conflict's `current`).
 */
import { z } from 'zod';
import { AnalyticsSchema } from './analytics.ts';
import {
  AuthStatusSchema,
  LoginResultSchema,
  RecoveryCodesSchema,
  SecurityEventListSchema,
  SessionListSchema,
  SessionsEndedSchema,
  TwoFactorSetupResultSchema,
  TwoFactorStatusSchema,
} from './auth.ts';
import { AutomationStatusSchema, GeneratedDraftSchema, RunSchema, TopicSchema } from './automation.ts';
import { BuildStatusSchema, PostLiveSchema } from './build.ts';
import { CorrectionListSchema, CorrectionSchema, SiteCorrectionsSchema } from './corrections.ts';
import {
  MessageDetailSchema,
  MessageListSchema,
  MessageReceiptSchema,
  MessageSettingsSchema,
  UnreadCountSchema,
} from './messages.ts';
import { MediaDetailSchema, MediaSchema } from './media.ts';
import { NewsletterListSchema, OutboxListSchema, SubscribeReceiptSchema } from './members.ts';
import { NotificationSchema } from './notification.ts';
import { PerformanceReportSchema } from './performance.ts';
import { PostSchema, PostSummarySchema } from './post.ts';
import { PreviewLinkCreatedSchema, PreviewLinkListSchema, PreviewLinkSchema } from './preview.ts';
import { RevisionPageSchema, RevisionSchema, WorkingCopyListSchema, WorkingCopySchema } from './revisions.ts';
import { ScheduledPostSchema } from './schedule.ts';
import { SitePostPageSchema, SiteRedirectsSchema, SiteSummaryPageSchema } from './site-feed.ts';
import { StatusReportSchema } from './status.ts';
import { TemplateSchema } from './template.ts';
import { WorkflowExecutionSchema, WorkflowRunSchema, WorkflowSchema } from './workflow.ts';

/** The answer of a removal or an acknowledgement. */
export const OkSchema = z.object({ ok: z.literal(true) });
/** The answer of a bulk update: how many rows changed. */
export const UpdatedCountSchema = z.object({ updated: z.number().int().min(0) });
/** An answer with no JSON body. */
export const NO_BODY = null;

export const API_CONTRACT = {
  'GET /api/health': OkSchema,

  'GET /api/auth/status': AuthStatusSchema,
  'POST /api/auth/login': LoginResultSchema,
  'POST /api/auth/login/verify': AuthStatusSchema,
  'POST /api/auth/logout': OkSchema,
  'POST /api/auth/password': SessionsEndedSchema,
  'GET /api/auth/sessions': SessionListSchema,
  'POST /api/auth/sessions/revoke-others': SessionsEndedSchema,
  'DELETE /api/auth/sessions/:id': OkSchema,
  'GET /api/auth/audit': SecurityEventListSchema,
  'GET /api/auth/2fa': TwoFactorStatusSchema,
  'POST /api/auth/2fa/setup': TwoFactorSetupResultSchema,
  'POST /api/auth/2fa/enable': RecoveryCodesSchema,
  'POST /api/auth/2fa/disable': TwoFactorStatusSchema,
  'POST /api/auth/2fa/recovery-codes': RecoveryCodesSchema,

  // `fields=summary` leaves the bodies out.
  'GET /api/posts': z.union([z.array(PostSchema), z.array(PostSummarySchema)]),
  'GET /api/posts/slug/:slug': PostSchema,
  'GET /api/posts/:id': PostSchema,
  'POST /api/posts': PostSchema,
  'PUT /api/posts/:id': PostSchema,
  'DELETE /api/posts/:id': OkSchema,
  'GET /api/posts/:id/revisions': RevisionPageSchema,
  'GET /api/revisions/:id': RevisionSchema,
  'POST /api/revisions/:id/restore': PostSchema,
  'GET /api/working-copies': WorkingCopyListSchema,
  'GET /api/working-copies/:key': WorkingCopySchema,
  'PUT /api/working-copies/:key': WorkingCopySchema,
  'DELETE /api/working-copies/:key': OkSchema,
  'GET /api/posts/:id/preview-links': PreviewLinkListSchema,
  'POST /api/posts/:id/preview-links': PreviewLinkCreatedSchema,
  'POST /api/preview-links/:id/revoke': PreviewLinkSchema,
  'GET /api/posts/:id/corrections': CorrectionListSchema,
  'POST /api/posts/:id/corrections': CorrectionSchema,
  'PUT /api/corrections/:id': CorrectionSchema,
  'DELETE /api/corrections/:id': OkSchema,

  'GET /api/scheduled-posts': z.array(ScheduledPostSchema),
  'POST /api/schedule-post': ScheduledPostSchema,
  'DELETE /api/scheduled-posts/:id': ScheduledPostSchema,

  'GET /api/build/status': BuildStatusSchema,
  'GET /api/build/posts': z.array(PostLiveSchema),
  'POST /api/build': BuildStatusSchema,
  // What the site's renderer reads; `fields=summary` leaves the bodies out.
  'GET /api/site/posts': z.union([SitePostPageSchema, SiteSummaryPageSchema]),
  'GET /api/site/redirects': SiteRedirectsSchema,
  'GET /api/site/corrections': SiteCorrectionsSchema,

  'GET /api/templates': z.array(TemplateSchema),
  'POST /api/templates': TemplateSchema,
  'PUT /api/templates/:id': TemplateSchema,
  'DELETE /api/templates/:id': OkSchema,
  'POST /api/templates/:id/use': TemplateSchema,

  'GET /api/media': z.array(MediaSchema),
  'POST /api/media': MediaSchema,
  'GET /api/media/:id': MediaDetailSchema,
  'PUT /api/media/:id': MediaSchema,
  'PUT /api/media/:id/file': MediaSchema,
  'DELETE /api/media/:id': OkSchema,

  'GET /api/analytics': AnalyticsSchema,
  'GET /api/performance': PerformanceReportSchema,
  'POST /api/views': NO_BODY,
  'GET /api/status': StatusReportSchema,

  'GET /api/automation/status': AutomationStatusSchema,
  'POST /api/automation/daily-post': PostSchema,
  'POST /api/automation/weekly-deepdive': PostSchema,
  'GET /api/automation/runs': z.array(RunSchema),
  'PUT /api/automation/paused': AutomationStatusSchema,
  'GET /api/automation/topics': z.array(TopicSchema),
  'POST /api/automation/topics': TopicSchema,
  'POST /api/automation/generate': GeneratedDraftSchema,

  'GET /api/workflows': z.array(WorkflowSchema),
  'POST /api/workflows': WorkflowSchema,
  'POST /api/workflows/execute': WorkflowExecutionSchema,
  'GET /api/workflows/:id': WorkflowSchema,
  'PUT /api/workflows/:id': WorkflowSchema,
  'DELETE /api/workflows/:id': OkSchema,
  'PUT /api/workflows/:id/toggle': WorkflowSchema,
  'GET /api/workflows/:id/runs': z.array(WorkflowRunSchema),

  'GET /api/notifications': z.array(NotificationSchema),
  'PUT /api/notifications/read-all': UpdatedCountSchema,
  'PUT /api/notifications/:id/read': NotificationSchema,
  'DELETE /api/notifications/:id': OkSchema,

  'POST /api/messages': MessageReceiptSchema,
  'GET /api/messages': MessageListSchema,
  'GET /api/messages/unread-count': UnreadCountSchema,
  'GET /api/messages/settings': MessageSettingsSchema,
  'PUT /api/messages/settings': MessageSettingsSchema,
  'GET /api/messages/:id': MessageDetailSchema,
  'PUT /api/messages/:id': MessageDetailSchema,
  'DELETE /api/messages/:id': OkSchema,
  'POST /api/members/subscribe': SubscribeReceiptSchema,
  'GET /api/members/newsletters': NewsletterListSchema,
  'GET /api/mail/outbox': OutboxListSchema,
} as const satisfies Record<string, z.ZodType | typeof NO_BODY>;

export type ApiRoute = keyof typeof API_CONTRACT;
/** The answer of a route, as its schema parses it. */
export type ApiAnswer<R extends ApiRoute> = (typeof API_CONTRACT)[R] extends z.ZodType
  ? z.output<(typeof API_CONTRACT)[R]>
  : void;
