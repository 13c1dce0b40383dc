import { describe, expect, it } from 'vitest';
import type { Notification } from 'content-schema/notification';
import { bellLabel, followTarget, groupLead, unreadCount } from './notification-texts.ts';

const note = (over: Partial<Notification>): Notification => ({
  id: 1,
  type: 'info',
  title: 'Workflow Completed',
  message: 'Nightly backup finished',
  timestamp: '2026-02-01T10:00:00.000Z',
  read: false,
  actionUrl: null,
  actionText: null,
  count: 1,
  ...over,
});

describe('the notification bell', () => {
  it('counts the unread notifications', () => {
    expect(unreadCount([note({}), note({ id: 2, read: true }), note({ id: 3 })])).toBe(2);
    expect(unreadCount([])).toBe(0);
  });

  it('is named with the badge it shows', () => {
    expect(bellLabel(null)).toBe('Notifications');
    expect(bellLabel('3')).toBe('Notifications, 3 unread');
    expect(bellLabel('9+')).toBe('Notifications, 9+ unread');
  });

  it('leads a grouped routine event with how often it happened', () => {
    expect(groupLead(1)).toBeNull();
    expect(groupLead(4)).toBe('4 times, latest: ');
  });

  it('follows an admin action inside the admin, a site path as a page, and nothing else', () => {
    expect(followTarget(note({ actionUrl: '/admin/edit/7' }))).toEqual({ kind: 'admin', path: '/edit/7' });
    expect(followTarget(note({ actionUrl: '/post/nordic-ai' }))).toEqual({ kind: 'page', href: '/post/nordic-ai' });
    expect(followTarget(note({ actionUrl: 'https://evil.example' }))).toBeNull();
    expect(followTarget(note({ actionUrl: null }))).toBeNull();
  });
});
