/** Which events the administrator hears about, and what each notification says. */
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

/** Scheduled publications, from the change record (once across instances): the editor did not see them happen. */
export async function onChanges(store: NotificationsStore, changes: PostChange[]): Promise<void> {
  for (const c of changes) {
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
