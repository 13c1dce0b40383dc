import { describe, expect, it } from 'vitest';
import { lengthHint } from './length-hint.ts';

describe('lengthHint', () => {
  it('counts the characters typed against the limit and names the recommended range', () => {
    expect(lengthHint(0, 60, { min: 50, max: 60 })).toBe('0/60 · recommended 50-60 characters');
    expect(lengthHint(143, 160, { min: 120, max: 160 })).toBe('143/160 · recommended 120-160 characters');
  });
});
