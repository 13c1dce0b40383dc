/** Which events the administrator hears about, and what each notification says. */
import { sql } from 'drizzle-orm';
import type { AppEvents, EventName, Events } from '../../../lib/events.ts';
import type { PostChange } from '../../changes.ts';
import { announceOnce, create, type NewNotification, type NotificationsStore } from './store.ts';

/** Lockouts are announced once per episode: not again while the last announcement is this recent. */
export const LOCKOUT_NOTICE_QUIET_MS = 60 * 60_000;
const LOCKOUT_TITLE = 'Sign-in Locked';

/** Notifies on every `name` event the notice has something to say about (null: nothing). */
function announce<K extends EventName>(
  store: NotificationsStore,
  events: Events,
  name: K,
  notice: (e: AppEvents[K]) => NewNotification | null,
): void {
  events.on(name, (e) => {
    const n = notice(e);
    return n ? create(store, n) : undefined;
  });
}

/** The builder's news: a post it could not render, a change late to go live, a failed build and its recovery. */
function announceBuilds(store: NotificationsStore, events: Events): void {
  announce(store, events, 'build_post_failed', (e) => ({
    type: 'error',
    title: 'Post Could Not Be Published',
    message: `“${e.title}” (post ${e.postId}) could not be rendered, so the site does not show this version; every other change went live. ${e.reason.slice(0, 400)}`,
    actionUrl: `/admin/edit/${e.postId}`,
    actionText: 'Edit post',
  }));
  announce(store, events, 'publish_late', (e) => ({
    type: 'warning',
    title: 'Change Not Live Yet',
    message: `“${e.title}” is not on the public site a minute after it was saved. Check the build status.`,
    actionUrl: '/admin',
    actionText: 'View build status',
  }));
  announce(store, events, 'build_failed', (e) => ({
    type: 'error',
    title: 'Site Build Failed',
    message: `Build #${e.buildId} failed; the last good site stays live. ${e.error.split('\n')[0]!.slice(0, 300)}`,
    actionUrl: '/admin',
    actionText: 'View build status',
  }));
  announce(store, events, 'build_recovered', (e) => ({
    type: 'success',
    title: 'Site Build Recovered',
    message: `Build #${e.buildId} succeeded after a failure; the site is up to date again.`,
    actionUrl: '/admin',
    actionText: 'View build status',
  }));
}

/**
 * A generated draft, or its failure. The editor's AI writers tab hands its draft to the editor unsaved, and shows
 * the outcome itself: there is no saved draft to announce or link to.
 */
function generationNotice(e: AppEvents['generation_finished']): NewNotification | null {
  if (e.kind === 'editor') return null;
  const what = e.kind === 'daily' ? 'Daily post' : e.kind === 'deep-dive' ? 'Deep Dive' : 'Content';
  return e.ok
    ? {
        type: 'success',
        title: `${what} Generated`,
        message: `“${e.title}” was generated and saved as a draft.`,
        actionUrl: `/admin/edit/${e.postId}`,
        actionText: 'Review draft',
      }
    : {
        type: 'error',
        title: 'Generation Failed',
        message: `${what} generation failed${e.error ? `: ${e.error.slice(0, 300)}` : '.'}`,
        actionUrl: '/admin/automation',
        actionText: 'Open automation',
      };
}

/** Turns the events the administrator should hear about into notifications. */
export function subscribe(store: NotificationsStore, events: Events): void {
  announceBuilds(store, events);
  announce(store, events, 'schedule_failed', (e) => ({
    type: 'error',
    title: 'Scheduled Publication Failed',
    message: `“${e.title}” was not published: ${e.error}`,
    actionUrl: '/admin/scheduler',
    actionText: 'Open scheduler',
  }));
  announce(store, events, 'generation_finished', generationNotice);
  // One announcement per lockout episode; every lockout is in the security log.
  events.on('login_lockout', (e) =>
    announceOnce(
      store,
      {
        type: 'warning',
        title: LOCKOUT_TITLE,
        message: `Too many failed sign-ins for ${e.subject}; locked until ${e.until.toISOString().slice(11, 16)} UTC. Further lockouts in the next hour are only in the security log.`,
        actionUrl: '/admin/security',
        actionText: 'Open security log',
      },
      LOCKOUT_NOTICE_QUIET_MS,
    ),
  );
}

/** What a notification about a post adds once the post is deleted (its link removed) or taken off the site. */
export const POST_DELETED_NOTE = 'The post has since been deleted.';
export const POST_UNPUBLISHED_NOTE = 'The post has since been unpublished.';

/**
 * Keeps the links of a post's notifications leading somewhere: once it is deleted they are removed (its page and
 * its editor would answer "not found") and the message says so; once it is unpublished a link to its page opens
 * the editor instead, saying why; once it is renamed, a link to its page follows the new address.
 */
async function followPost({ db }: NotificationsStore, c: PostChange): Promise<void> {
  const oldPage = c.oldSlug ? `/post/${c.oldSlug}` : null;
  const note = (text: string) => sql`substr(message || ' ' || ${text}, 1, 1000)`;
  if (c.kind === 'deleted') {
    await db.run(sql`UPDATE notifications SET action_url = NULL, action_text = NULL, message = ${note(POST_DELETED_NOTE)}
                     WHERE action_url = ${`/admin/edit/${c.postId}`} OR action_url = ${oldPage}`);
  } else if (c.kind === 'unpublished') {
    await db.run(sql`UPDATE notifications
                     SET action_url = ${`/admin/edit/${c.postId}`}, action_text = 'Edit post', message = ${note(POST_UNPUBLISHED_NOTE)}
                     WHERE action_url = ${oldPage}`);
  } else if (oldPage && c.newSlug && c.oldSlug !== c.newSlug) {
    await db.run(sql`UPDATE notifications SET action_url = ${`/post/${c.newSlug}`} WHERE action_url = ${oldPage}`);
  }
}

/**
 * Scheduled publications, from the change record (once across instances): the editor did not see them happen.
 * Every change also keeps the links of earlier notifications about the post leading somewhere (followPost).
 */
export async function onChanges(store: NotificationsStore, changes: PostChange[]): Promise<void> {
  for (const c of changes) {
    await followPost(store, c);
    if (c.kind !== 'published' || c.via !== 'schedule') continue;
    await create(store, {
      type: 'success',
      title: 'Scheduled Post Published',
      message: `“${c.title}” is now live.`,
      actionUrl: `/post/${c.newSlug}`,
      actionText: 'View post',
    });
  }
}
