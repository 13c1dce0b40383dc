import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed.ts';

describe('formatElapsed', () => {
  it.each([
    [0, 'under 0.1 s'],
    [40, 'under 0.1 s'],
    [50, '0.1 s'],
    [380, '0.4 s'],
    [1234, '1.2 s'],
    [9_940, '9.9 s'],
    // 9.96 s rounds to 10.0: from there on, whole seconds.
    [9_960, '10 s'],
    [12_499, '12 s'],
    [59_400, '59 s'],
    [59_600, '1 min'],
    [75_000, '1 min 15 s'],
    [3_599_000, '59 min 59 s'],
    [3_600_000, '1 h'],
    [3_725_000, '1 h 2 min'],
    [-5, 'under 0.1 s'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});
