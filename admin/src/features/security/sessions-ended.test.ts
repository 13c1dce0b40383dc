import { describe, expect, it } from 'vitest';
import { endedSessionsText } from './sessions-ended.ts';

describe('endedSessionsText', () => {
  it.each([
    [0, 'No other sessions were signed in.'],
    [1, '1 other session was ended.'],
    [3, '3 other sessions were ended.'],
  ])('%i ended reads "%s"', (ended, text) => {
    expect(endedSessionsText({ ended })).toBe(text);
  });
});
