/**
 * The real actions of a workflow: each one acts on the database, the file system or the network and says what it
 * did; a thrown error marks the step failed.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { RunContext, WorkflowAction } from 'content-schema/workflow';
import { analyseSeo } from 'content-schema/seo';
import type { Db } from '../../../db/client.ts';
import { snapshotDatabase } from '../../../db/snapshot.ts';
import { posts } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { PostsService } from '../../posts/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { NewNotification } from '../notifications/store.ts';

/** What one action did; a thrown error marks the step failed. */
export interface ActionResult {
  status: 'done' | 'skipped';
  message: string;
}

export interface ActionContext {
  workflow: { id: number; name: string };
  runId: number;
  run: RunContext;
}

export type ActionRunner = (action: WorkflowAction, ctx: ActionContext) => Promise<ActionResult>;

/** What the actions act on. */
export interface ActionDeps {
  db: Db;
  clock: Clock;
  posts: PostsService;
  notifications: NotificationsService;
  backupDir: string;
  /** Where the database lives: a remote one is dumped to a local file rather than vacuumed on its own disk. */
  databaseUrl: string;
  databaseAuthToken?: string;
  siteUrl: string;
  socialWebhookUrls: string[];
  fetch?: typeof fetch;
}

/** Backups kept in BACKUP_DIR; older ones are deleted after each successful backup. */
export const BACKUPS_KEPT = 7;
/** A publish step publishes at most this many drafts per run. */
export const PUBLISH_MAX = 50;
/** Articles scoring below this get reported by seo_check. */
export const SEO_ALERT_BELOW = 60;

type PostRow = typeof posts.$inferSelect;

/**
 * Which drafts a publish action selects. The condition is one of:
 * `all` (every draft), `category:<name>`, `tag:<tag>`, `author:<name>` (names and tags ignore case).
 * Anything else is refused rather than guessed, so a typo never publishes the wrong drafts.
 */
export function draftMatcher(condition: string | undefined): ((p: PostRow) => boolean) | { error: string } | null {
  const c = condition?.trim();
  if (!c) return null;
  if (c.toLowerCase() === 'all') return () => true;
  const m = /^(category|tag|author):\s*(.+)$/i.exec(c);
  if (!m) return { error: `Unknown publish condition “${c}”; use all, category:<name>, tag:<tag> or author:<name>` };
  const kind = m[1]!.toLowerCase();
  const value = m[2]!.trim().toLowerCase();
  if (kind === 'category') return (p) => p.category.toLowerCase() === value;
  if (kind === 'tag') return (p) => p.tags.some((t) => t.toLowerCase() === value);
  return (p) => p.authorName.toLowerCase() === value;
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

async function publish(deps: ActionDeps, action: WorkflowAction): Promise<ActionResult> {
  const match = draftMatcher(action.config?.condition);
  if (match === null)
    return {
      status: 'skipped',
      message: 'No condition set: choose which drafts to publish (all, category:…, tag:… or author:…)',
    };
  if ('error' in match) throw new Error(match.error);
  const drafts = (await deps.db.select().from(posts).where(eq(posts.published, false)).orderBy(posts.createdAt)).filter(
    match,
  );
  if (drafts.length === 0) return { status: 'done', message: `No drafts match “${action.config!.condition}”` };
  const chosen = drafts.slice(0, PUBLISH_MAX);
  // Through the posts service, so each publish requests a rebuild and announces itself like any other.
  for (const d of chosen) await deps.posts.update(d.id, { published: true });
  const more = drafts.length > chosen.length ? ` (${drafts.length - chosen.length} more left for the next run)` : '';
  return {
    status: 'done',
    message:
      `Published ${chosen.length} draft${chosen.length === 1 ? '' : 's'}: ${chosen.map((d) => `“${d.title}”`).join(', ')}${more}`.slice(
        0,
        1000,
      ),
  };
}

async function notify(deps: ActionDeps, action: WorkflowAction, ctx: ActionContext): Promise<ActionResult> {
  const recipients = action.config?.recipients?.filter((r) => r.trim()) ?? [];
  const about = ctx.run.post ? ` for “${ctx.run.post.title}”` : '';
  const why =
    ctx.run.trigger === 'event'
      ? `after ${ctx.run.event?.replace(/_/g, ' ')}`
      : ctx.run.trigger === 'schedule'
        ? 'on schedule'
        : 'on request';
  const created = await deps.notifications.create({
    type: 'info',
    title: ctx.workflow.name,
    message: `Workflow ran ${why}${about}.${recipients.length ? ` Recipients: ${recipients.join(', ')}.` : ''}`,
    actionUrl: ctx.run.post ? `/post/${ctx.run.post.slug}` : '/admin/workflows',
    actionText: ctx.run.post ? 'View post' : 'Open workflows',
  });
  return {
    status: 'done',
    message: `Notification #${created.id} created${recipients.length ? ` for ${recipients.join(', ')}` : ''}`,
  };
}

async function backup(deps: ActionDeps, ctx: ActionContext): Promise<ActionResult> {
  const dir = resolve(deps.backupDir);
  mkdirSync(dir, { recursive: true });
  const stamp = deps.clock.now().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `northwire-${stamp}-run${ctx.runId}.db`);
  // A consistent snapshot (one read transaction) while writers carry on, written on this machine.
  await snapshotDatabase({ db: deps.db, url: deps.databaseUrl, authToken: deps.databaseAuthToken, file });
  const kept = readdirSync(dir)
    .filter((n) => /^northwire-.+\.db$/.test(n))
    .sort()
    .reverse();
  for (const old of kept.slice(BACKUPS_KEPT)) rmSync(join(dir, old), { force: true });
  return { status: 'done', message: `Snapshot written to ${file} (keeping the newest ${BACKUPS_KEPT})` };
}

/** The published articles seo_check scores: one post's id, or all of them. */
function publishedForSeo(db: Db, only: number | undefined) {
  return db
    .select({
      id: posts.id,
      title: posts.title,
      seoTitle: posts.seoTitle,
      metaDescription: posts.metaDescription,
      excerpt: posts.excerpt,
      focusKeyword: posts.focusKeyword,
      tags: posts.tags,
      slug: posts.slug,
      content: posts.content,
    })
    .from(posts)
    .where(only === undefined ? eq(posts.published, true) : and(eq(posts.published, true), eq(posts.id, only)));
}

/**
 * Scores published articles. Run for a post event it checks that post only, so a publish costs the same at any
 * archive size; run by hand or on a schedule it checks them all, yielding after each (markdown parsing is
 * CPU work on the request thread).
 */
async function seoCheck(deps: ActionDeps, ctx: ActionContext): Promise<ActionResult> {
  const only = ctx.run.trigger === 'event' ? ctx.run.post?.id : undefined;
  const rows = await publishedForSeo(deps.db, only);
  const low: { title: string; id: number; score: number }[] = [];
  for (const p of rows) {
    const { score } = analyseSeo({
      title: p.seoTitle ?? p.title,
      metaDescription: p.metaDescription ?? p.excerpt,
      focusKeyword: p.focusKeyword ?? p.tags[0] ?? '',
      slug: p.slug,
      content: p.content,
    });
    if (score < SEO_ALERT_BELOW) low.push({ title: p.title, id: p.id, score });
    await yieldToLoop();
  }
  if (rows.length === 0)
    return {
      status: 'done',
      message: only === undefined ? 'No published articles to check' : 'The post is no longer published',
    };
  if (only !== undefined && low.length === 0)
    return { status: 'done', message: `“${rows[0]!.title}” scores ${SEO_ALERT_BELOW} or more` };
  if (low.length === 0)
    return { status: 'done', message: `All ${rows.length} published articles score ${SEO_ALERT_BELOW} or more` };
  low.sort((a, b) => a.score - b.score);
  const notice = seoNotice(low, only === undefined ? rows.length : null);
  await deps.notifications.create(notice);
  return { status: 'done', message: notice.message };
}

/**
 * The notification of low SEO scores. It says what was counted (the one post a post event checked, or every
 * published article), and its action opens the flagged post (the lowest-scoring one) in the editor, where its SEO
 * fields are, rather than the SEO page without a post.
 */
export function seoNotice(
  low: readonly { title: string; id: number; score: number }[],
  /** How many published articles were checked; null when one post was checked for its event. */
  checked: number | null,
): NewNotification & { message: string } {
  const worst = low
    .slice(0, 3)
    .map((l) => `“${l.title}” (${l.score})`)
    .join(', ');
  const message =
    checked === null
      ? `“${low[0]!.title}” scores ${low[0]!.score}, under ${SEO_ALERT_BELOW} (checked as it was published; other articles were not checked).`
      : `${low.length} of all ${checked} published articles score under ${SEO_ALERT_BELOW}. Lowest: ${worst}.`;
  return {
    type: 'warning',
    title: 'SEO Check: Articles Need Attention',
    message,
    actionUrl: `/admin/edit/${low[0]!.id}`,
    actionText: checked === null || low.length === 1 ? 'Edit post' : 'Edit lowest-scoring post',
  };
}

/** The article to share: the run's post if it is still published, otherwise the newest published one. */
async function postToShare(db: Db, ctx: ActionContext): Promise<PostRow | undefined> {
  if (ctx.run.post) {
    const [row] = await db
      .select()
      .from(posts)
      .where(and(eq(posts.id, ctx.run.post.id), eq(posts.published, true)))
      .limit(1);
    return row;
  }
  const [row] = await db
    .select()
    .from(posts)
    .where(eq(posts.published, true))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(1);
  return row;
}

/** POSTs the body to every webhook; says which ones failed and why. */
async function postToWebhooks(deps: ActionDeps, body: string): Promise<string[]> {
  const doFetch = deps.fetch ?? fetch;
  const failures: string[] = [];
  for (const url of deps.socialWebhookUrls) {
    try {
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) failures.push(`${new URL(url).host} answered ${res.status}`);
    } catch (err) {
      failures.push(`${new URL(url).host}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return failures;
}

async function socialShare(deps: ActionDeps, action: WorkflowAction, ctx: ActionContext): Promise<ActionResult> {
  if (deps.socialWebhookUrls.length === 0)
    return { status: 'skipped', message: 'No social webhook configured (SOCIAL_WEBHOOK_URLS); nothing was shared' };
  const post = await postToShare(deps.db, ctx);
  if (!post) return { status: 'skipped', message: 'No published article to share' };
  const body = JSON.stringify({
    workflow: ctx.workflow.name,
    platforms: action.config?.platforms ?? [],
    post: { title: post.title, excerpt: post.excerpt, url: `${deps.siteUrl}/post/${post.slug}` },
  });
  const failures = await postToWebhooks(deps, body);
  if (failures.length) throw new Error(`Sharing “${post.title}” failed: ${failures.join('; ')}`);
  const hooks = deps.socialWebhookUrls.length;
  return { status: 'done', message: `Shared “${post.title}” to ${hooks} webhook${hooks === 1 ? '' : 's'}` };
}

/** Runs one action of a workflow. */
export async function runAction(deps: ActionDeps, action: WorkflowAction, ctx: ActionContext): Promise<ActionResult> {
  switch (action.type) {
    case 'publish':
      return publish(deps, action);
    case 'notify':
      return notify(deps, action, ctx);
    case 'backup':
      return backup(deps, ctx);
    case 'seo_check':
      return seoCheck(deps, ctx);
    case 'social_share':
      return socialShare(deps, action, ctx);
  }
}

/** The action runner the workflows service is given, over these dependencies. */
export function createActionRunner(deps: ActionDeps): ActionRunner {
  return (action, ctx) => runAction(deps, action, ctx);
}
