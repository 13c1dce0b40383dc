import { describe, expect, it } from 'vitest';
import { actionTarget, unreadBadge } from './unread-badge.ts';

describe('unreadBadge', () => {
  it.each([
    [0, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [20, '9+'],
  ])('%i unread shows %s', (n, shown) => expect(unreadBadge(n)).toBe(shown));
});

describe('actionTarget', () => {
  it.each([
    ['/admin/workflows', { kind: 'admin', path: '/workflows' }],
    ['/admin', { kind: 'admin', path: '/' }],
    ['/post/grid-queues', { kind: 'page', href: '/post/grid-queues' }],
    ['https://evil.example', null],
    ['//evil.example', null],
  ])('%s', (url, target) => expect(actionTarget(url)).toEqual(target));
});
