import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './correction-time.ts';

describe('the correction time field', () => {
  it('round-trips a local date and time to minute precision', () => {
    const at = new Date(2026, 10, 24, 9, 5, 40);
    expect(toLocalInput(at)).toBe('2026-11-24T09:05');
    expect(fromLocalInput(toLocalInput(at))).toBe(new Date(2026, 10, 24, 9, 5).toISOString());
  });

  it('refuses what is not a local date and time', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('yesterday')).toBeNull();
    expect(fromLocalInput('2026-13-45T99:99')).toBeNull();
  });
});
