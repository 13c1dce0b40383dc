import { describe, expect, it } from 'vitest';
import { filterFromSearch, replyHref, searchOfFilter, selectedMessage, senderDetails } from './message-labels.ts';

describe('the inbox address', () => {
  it.each([
    ['12', 12],
    [undefined, null],
    ['abc', null],
    ['12a', null],
    ['1234567890123456', null],
  ])('opens message %s → %s', (param, id) => {
    expect(selectedMessage(param)).toBe(id);
  });

  it('reads the filter, ignoring unknown values', () => {
    expect(filterFromSearch(new URLSearchParams('type=tip&status=new'))).toEqual({ type: 'tip', status: 'new' });
    expect(filterFromSearch(new URLSearchParams('type=spam'))).toEqual({});
    expect(filterFromSearch(new URLSearchParams(''))).toEqual({});
  });

  it('writes only the chosen parts of a filter', () => {
    expect(searchOfFilter({ type: 'correction' }).toString()).toBe('type=correction');
    expect(searchOfFilter({ type: 'tip', status: 'closed' }).toString()).toBe('type=tip&status=closed');
    expect(searchOfFilter({}).toString()).toBe('');
  });
});

describe('a message’s sender and reply', () => {
  it('joins the name and contact text the reader gave', () => {
    expect(senderDetails({ name: 'Ada', contactInfo: 'Signal: ada.01' })).toBe('Ada · Signal: ada.01');
    expect(senderDetails({ name: null, contactInfo: 'ada@example.com' })).toBe('ada@example.com');
    expect(senderDetails({ name: null, contactInfo: null })).toBe('');
  });

  it('replies with the subject quoted', () => {
    expect(replyHref({ email: 'ada@example.com', subject: 'Wrong year & place' })).toBe(
      'mailto:ada@example.com?subject=Re%3A%20Wrong%20year%20%26%20place',
    );
  });
});
