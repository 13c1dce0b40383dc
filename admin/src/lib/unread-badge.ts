import { NOTIFICATION_BADGE_MAX } from 'content-schema/site';

/** The bell's count: nothing at 0, the number up to 9, then '9+'. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread);
}

/** Where an action link goes: admin paths inside the SPA (relative to its /admin base), anything else as a page load. */
export function actionTarget(url: string): { kind: 'admin'; path: string } | { kind: 'page'; href: string } | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null; // only same-origin paths are followed
  if (url === '/admin' || url.startsWith('/admin/')) return { kind: 'admin', path: url.slice('/admin'.length) || '/' };
  return { kind: 'page', href: url };
}
