import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { describeRun, generationFailure, progressAt, statusCardId, wordRange } from './automation-texts.ts';

describe('automation texts', () => {
  it('write a length range with thousands separators', () => {
    expect(wordRange({ min: 1000, max: 1500 })).toBe('1,000–1,500 words');
  });

  it('name a status card’s title id from its title', () => {
    expect(statusCardId("Today's Schedule")).toBe('automation-card-today-s-schedule');
    expect(statusCardId('Automation Status')).toBe('automation-card-automation-status');
  });

  it('say why a generation failed, with the server’s own message when it sent one', () => {
    const text = JSON.stringify({ error: 'The queue is empty' });
    expect(generationFailure(new ApiError(409, 'Conflict', JSON.parse(text), text))).toBe('The queue is empty');
    expect(generationFailure(new ApiError(502, 'Bad Gateway', null, ''))).toBe('502: Bad Gateway');
    expect(generationFailure(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it.each([
    [{ kind: 'daily', trigger: 'schedule', slotDate: '2026-06-01' }, 'Daily post · scheduled slot 2026-06-01'],
    [{ kind: 'daily', trigger: 'schedule', slotDate: null }, 'Daily post · scheduled slot'],
    [{ kind: 'deep-dive', trigger: 'manual', slotDate: null }, 'Deep Dive · manual'],
  ] as const)('describe the run %j as “%s”', (run, text) => {
    expect(describeRun(run)).toBe(text);
  });
});

describe('progressAt', () => {
  it('starts at 5% and eases towards 95% without reaching it', () => {
    expect(progressAt(0)).toBe(5);
    expect(progressAt(8000)).toBe(62);
    expect(progressAt(60_000)).toBe(95);
    expect(progressAt(4000)).toBeLessThan(progressAt(8000));
  });
});
