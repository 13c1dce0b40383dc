import { describe, expect, it } from 'vitest';
import { categoryViews, periodText, trendText } from './performance-texts.ts';

describe('performance texts', () => {
  it('give a top category’s views and share, one view in the singular', () => {
    expect(categoryViews({ category: 'Deep Dive', views: 1204, articles: 3, share: 38 })).toBe('1,204 views · 38%');
    expect(categoryViews({ category: 'Deal Watch', views: 1, articles: 1, share: 2 })).toBe('1 view · 2%');
  });

  it('compare an article with the period before', () => {
    expect(trendText({ trend: 'up', previousViews: 1024 })).toBe('Up vs 1,024 views before');
    expect(trendText({ trend: 'down', previousViews: 0 })).toBe('Down vs 0 views before');
  });

  it('say which days the list covers and how it is sorted', () => {
    expect(periodText({ from: '2026-01-01', to: '2026-01-30' }, 'engagement')).toBe(
      '2026-01-01 to 2026-01-30 (UTC days), sorted by engagement',
    );
  });
});
