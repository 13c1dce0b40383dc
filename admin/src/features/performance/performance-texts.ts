import type { PerformanceItem, PerformanceRange, PerformanceReport, PerformanceSort } from 'content-schema/performance';
import { formatCount } from 'content-schema/format';

export const RANGE_LABELS: Record<PerformanceRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

export const SORT_LABELS: Record<PerformanceSort, string> = {
  views: 'Views',
  engagement: 'Engagement',
  performance: 'Performance',
  recent: 'Recent',
};

/** A top category's line: "1,204 views · 38%". */
export function categoryViews(c: PerformanceReport['topCategories'][number]): string {
  return `${formatCount(c.views)} ${c.views === 1 ? 'view' : 'views'} · ${c.share}%`;
}

/** How an article did against the period before: "Up vs 1,024 views before". */
export function trendText(item: Pick<PerformanceItem, 'trend' | 'previousViews'>): string {
  return `${item.trend === 'up' ? 'Up' : 'Down'} vs ${formatCount(item.previousViews)} views before`;
}

/** What the articles list covers: "2026-01-01 to 2026-01-30 (UTC days), sorted by views". */
export function periodText(report: Pick<PerformanceReport, 'from' | 'to'>, sort: PerformanceSort): string {
  return `${report.from} to ${report.to} (UTC days), sorted by ${SORT_LABELS[sort].toLowerCase()}`;
}
