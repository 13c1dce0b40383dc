import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { PerformanceItem, PerformanceQuery, PerformanceReport } from 'content-schema/performance';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema.ts';
import { postReferrersDaily, postStatsDaily } from '../../db/schema-operations.ts';
import type { Clock } from '../../lib/clock.ts';
import { BOUNCE_BELOW, ENGAGED_AT } from './views.ts';

export const RANGE_DAYS: Record<PerformanceQuery['range'], number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/** An article scoring this or more counts as a top performer (the report's green band). */
export const TOP_PERFORMER_SCORE = 80;
/** Items listed per report. */
export const ITEMS_MAX = 50;

export const DEFINITIONS = {
  views: 'Article page views counted by the cookieless beacon (one per reader per article per 30 minutes).',
  engagement: `Share of views that ended in an engaged read (the reader reached ${ENGAGED_AT}% of the article).`,
  readingCompletion: 'Average share of the article read, over readers whose leave was recorded.',
  avgTimeOnPage: 'Average minutes on the page over recorded leaves (each capped at 30 minutes).',
  bounceRate: `Share of recorded leaves below ${BOUNCE_BELOW}% of the article.`,
  performanceScore:
    '35% reading completion + 25% engagement + 20% (100 − bounce rate) + 20% reach (views relative to the most-read article in the range).',
  trend: 'Up when the article has at least as many views as in the previous period of the same length, otherwise down.',
} as const;

interface Sums {
  views: number;
  leaves: number;
  completionSum: number;
  engaged: number;
  bounces: number;
  secondsSum: number;
  shares: number;
}

const DAY_MS = 86_400_000;

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** The figures of one article from its counters; `maxViews` is the most-read article's views in the range. */
export function computeItem(s: Sums, previousViews: number, maxViews: number) {
  const engagement = Math.min(100, pct(s.engaged, s.views));
  const readingCompletion = s.leaves > 0 ? Math.round((s.completionSum / s.leaves) * 10) / 10 : 0;
  const bounceRate = pct(s.bounces, s.leaves);
  const avgTimeOnPage = s.leaves > 0 ? Math.round((s.secondsSum / s.leaves / 60) * 10) / 10 : 0;
  const reach = maxViews > 0 ? (s.views / maxViews) * 100 : 0;
  const performanceScore =
    s.views === 0
      ? 0
      : Math.round(
          0.35 * readingCompletion + 0.25 * engagement + 0.2 * (s.leaves > 0 ? 100 - bounceRate : 0) + 0.2 * reach,
        );
  return {
    views: s.views,
    engagement,
    readingCompletion,
    socialShares: s.shares,
    avgTimeOnPage,
    bounceRate,
    performanceScore: Math.min(100, performanceScore),
    trend: s.views >= previousViews ? ('up' as const) : ('down' as const),
    previousViews,
  };
}

type PostRow = typeof posts.$inferSelect;

/** An article's category figures, summed over its articles in the range. */
interface CategorySums {
  views: number;
  articles: number;
  leaves: number;
  completion: number;
}

/** The whole range's figures, summed over every article. */
interface Totals {
  views: number;
  engaged: number;
  shares: number;
  leaves: number;
  completion: number;
}

/** The days of the range ending today, and of the period of the same length before it (ISO dates). */
function daysOf(range: PerformanceQuery['range'], today: Date) {
  const days = RANGE_DAYS[range];
  return {
    days,
    to: dayOf(today),
    from: dayOf(new Date(today.getTime() - (days - 1) * DAY_MS)),
    prevTo: dayOf(new Date(today.getTime() - days * DAY_MS)),
    prevFrom: dayOf(new Date(today.getTime() - (2 * days - 1) * DAY_MS)),
  };
}

async function sumsByPost(db: Db, from: string, to: string): Promise<Map<number, Sums>> {
  const rows = await db
    .select({
      postId: postStatsDaily.postId,
      views: sql<number>`sum(${postStatsDaily.views})`,
      leaves: sql<number>`sum(${postStatsDaily.leaves})`,
      completionSum: sql<number>`sum(${postStatsDaily.completionSum})`,
      engaged: sql<number>`sum(${postStatsDaily.engaged})`,
      bounces: sql<number>`sum(${postStatsDaily.bounces})`,
      secondsSum: sql<number>`sum(${postStatsDaily.secondsSum})`,
      shares: sql<number>`sum(${postStatsDaily.shares})`,
    })
    .from(postStatsDaily)
    .where(and(gte(postStatsDaily.day, from), lte(postStatsDaily.day, to)))
    .groupBy(postStatsDaily.postId);
  return new Map(rows.map((r) => [r.postId, r]));
}

/** One item per active article still in the database, with its figures. */
function itemsOf(
  active: [number, Sums][],
  postById: Map<number, PostRow>,
  previous: Map<number, Sums>,
): PerformanceItem[] {
  const maxViews = Math.max(...active.map(([, s]) => s.views));
  const all: PerformanceItem[] = [];
  for (const [id, s] of active) {
    const p = postById.get(id);
    if (!p) continue;
    all.push({
      post: {
        id,
        slug: p.slug,
        title: p.title,
        category: p.category,
        tags: p.tags,
        readTime: p.readTime,
        published: p.published,
        publishedAt: p.publishedAt?.toISOString() ?? null,
      },
      ...computeItem(s, previous.get(id)?.views ?? 0, maxViews),
    });
  }
  return all;
}

function totalsOf(active: [number, Sums][]): Totals {
  return active.reduce(
    (t, [, s]) => ({
      views: t.views + s.views,
      engaged: t.engaged + s.engaged,
      shares: t.shares + s.shares,
      leaves: t.leaves + s.leaves,
      completion: t.completion + s.completionSum,
    }),
    { views: 0, engaged: 0, shares: 0, leaves: 0, completion: 0 },
  );
}

function categoriesOf(active: [number, Sums][], postById: Map<number, PostRow>): Map<string, CategorySums> {
  const byCategory = new Map<string, CategorySums>();
  for (const [id, s] of active) {
    const p = postById.get(id);
    if (!p) continue;
    const c = byCategory.get(p.category) ?? { views: 0, articles: 0, leaves: 0, completion: 0 };
    c.views += s.views;
    c.articles += 1;
    c.leaves += s.leaves;
    c.completion += s.completionSum;
    byCategory.set(p.category, c);
  }
  return byCategory;
}

const SORTERS: Record<PerformanceQuery['sort'], (a: PerformanceItem, b: PerformanceItem) => number> = {
  views: (a, b) => b.views - a.views,
  engagement: (a, b) => b.engagement - a.engagement || b.views - a.views,
  performance: (a, b) => b.performanceScore - a.performanceScore || b.views - a.views,
  recent: (a, b) => (b.post.publishedAt ?? '').localeCompare(a.post.publishedAt ?? '') || b.post.id - a.post.id,
};

/** What the readers did, in sentences: the most-read article, the change on the previous period, reading depth. */
function readingInsights(
  all: PerformanceItem[],
  totals: Totals,
  previous: Map<number, Sums>,
  byCategory: Map<string, CategorySums>,
  days: number,
): string[] {
  const insights: string[] = [];
  const top = [...all].sort((a, b) => b.views - a.views)[0]!;
  insights.push(
    `“${top.post.title}” drew the most views: ${plural(top.views, 'view')}, ${pct(top.views, totals.views)}% of all.`,
  );
  const prevTotal = [...previous.values()].reduce((n, s) => n + s.views, 0);
  if (prevTotal > 0) {
    const change = Math.round(((totals.views - prevTotal) / prevTotal) * 100);
    insights.push(
      `Views are ${change >= 0 ? 'up' : 'down'} ${Math.abs(change)}% on the previous ${days} days (${plural(prevTotal, 'view')}).`,
    );
  }
  const readCategories = [...byCategory.entries()].filter(([, c]) => c.leaves >= 3);
  if (readCategories.length >= 2) {
    const [name, c] = readCategories.sort((a, b) => b[1].completion / b[1].leaves - a[1].completion / a[1].leaves)[0]!;
    insights.push(`Readers get furthest in ${name}: ${Math.round(c.completion / c.leaves)}% of an article on average.`);
  }
  if (totals.leaves > 0)
    insights.push(`Readers finish ${Math.round(totals.completion / totals.leaves)}% of an article on average.`);
  return insights;
}

/** Where the readers came from: the top referrer and the share of views without one. */
async function referrerInsights(db: Db, from: string, to: string, totals: Totals): Promise<string[]> {
  const insights: string[] = [];
  const refs = await db
    .select({ host: postReferrersDaily.host, views: sql<number>`sum(${postReferrersDaily.views})` })
    .from(postReferrersDaily)
    .where(and(gte(postReferrersDaily.day, from), lte(postReferrersDaily.day, to)))
    .groupBy(postReferrersDaily.host)
    .orderBy(sql`2 desc`)
    .limit(5);
  const refTotal = refs.reduce((n, r) => n + r.views, 0);
  const external = refs.filter((r) => r.host !== '');
  if (external.length > 0) insights.push(`Top referrer: ${external[0]!.host} (${plural(external[0]!.views, 'view')}).`);
  const direct = refs.find((r) => r.host === '');
  if (direct && refTotal > 0)
    insights.push(`${pct(direct.views, totals.views)}% of views came without a referrer (direct, bookmarks, apps).`);
  return insights;
}

/** What holds readers back or carries the articles further: early leaves and shares. */
function sharingInsights(all: PerformanceItem[], totals: Totals): string[] {
  const insights: string[] = [];
  const bouncy = all.filter((i) => i.bounceRate > 50 && i.views >= 5);
  if (bouncy.length > 0)
    insights.push(`${plural(bouncy.length, 'article')} lose more than half their readers in the first quarter.`);
  if (totals.shares > 0)
    insights.push(
      `Readers shared articles ${plural(totals.shares, 'time')}, ${pct(totals.shares, totals.views)}% of views.`,
    );
  return insights;
}

/** The performance tab's report, from the per-day counters; never invents a number. */
export async function report(deps: { db: Db; clock: Clock }, query: PerformanceQuery): Promise<PerformanceReport> {
  const { db } = deps;
  const { days, from, to, prevFrom, prevTo } = daysOf(query.range, deps.clock.now());
  const [current, previous] = await Promise.all([sumsByPost(db, from, to), sumsByPost(db, prevFrom, prevTo)]);
  const base = { range: query.range, sort: query.sort, from, to, definitions: DEFINITIONS };
  const active = [...current.entries()].filter(([, s]) => s.views + s.leaves + s.shares > 0);
  if (active.length === 0) {
    return {
      ...base,
      empty: true,
      summary: { totalViews: 0, avgEngagement: 0, socialShares: 0, topPerformers: 0 },
      items: [],
      topCategories: [],
      insights: [],
    };
  }

  const postRows = await db
    .select()
    .from(posts)
    .where(
      inArray(
        posts.id,
        active.map(([id]) => id),
      ),
    );
  const postById = new Map(postRows.map((p) => [p.id, p]));
  const all = itemsOf(active, postById, previous);
  const totals = totalsOf(active);
  const summary = {
    totalViews: totals.views,
    avgEngagement: Math.min(100, pct(totals.engaged, totals.views)),
    socialShares: totals.shares,
    topPerformers: all.filter((i) => i.performanceScore >= TOP_PERFORMER_SCORE).length,
  };
  const byCategory = categoriesOf(active, postById);
  const topCategories = [...byCategory.entries()]
    .map(([category, c]) => ({ category, views: c.views, articles: c.articles, share: pct(c.views, totals.views) }))
    .sort((a, b) => b.views - a.views || a.category.localeCompare(b.category))
    .slice(0, 5);
  const items = [...all].sort((a, b) => SORTERS[query.sort](a, b) || a.post.id - b.post.id).slice(0, ITEMS_MAX);
  const insights = [
    ...readingInsights(all, totals, previous, byCategory, days),
    ...(await referrerInsights(db, from, to, totals)),
    ...sharingInsights(all, totals),
  ];
  return { ...base, empty: false, summary, items, topCategories, insights };
}

export type PerformanceService = ReturnType<typeof createPerformanceService>;

/** The performance tab's service. */
export function createPerformanceService(deps: { db: Db; clock: Clock }) {
  return { report: (query: PerformanceQuery) => report(deps, query) };
}
