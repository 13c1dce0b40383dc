import { describe, expect, it } from 'vitest';
import { scrolledPercent } from './reading-progress.ts';

describe('reading progress', () => {
  it.each([
    [0, 2000, 1000, 0],
    [500, 2000, 1000, 50],
    [1500, 2000, 1000, 100],
    [0, 800, 1000, 100],
  ])('scrollTop %d of %d in a %d viewport is %d%%', (top, height, viewport, percent) => {
    expect(scrolledPercent(top, height, viewport)).toBe(percent);
  });
});
