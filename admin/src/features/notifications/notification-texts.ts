import type { Notification } from 'content-schema/notification';
import { actionTarget } from '../../lib/unread-badge.ts';

/** How many of the notifications are unread. */
export function unreadCount(items: Notification[]): number {
  return items.filter((n) => !n.read).length;
}

/**
 * The bell's accessible name. It carries the badge's own text ('9+' past nine), so what is seen is what is
 * announced (WCAG 2.5.3, label in name).
 */
export function bellLabel(badge: string | null): string {
  return badge ? `Notifications, ${badge} unread` : 'Notifications';
}

/** The lead of a grouped routine event ("3 times, latest: "), or null for a single one. */
export function groupLead(count: number): string | null {
  return count > 1 ? `${count} times, latest: ` : null;
}

/** Where following a notification's action goes: an admin screen, another page, or nowhere (not ours to follow). */
export function followTarget(n: Pick<Notification, 'actionUrl'>): ReturnType<typeof actionTarget> {
  return n.actionUrl ? actionTarget(n.actionUrl) : null;
}
