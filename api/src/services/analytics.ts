import { eq, sql } from 'drizzle-orm';
import type { Analytics } from 'content-schema/analytics';
import type { Db } from '../db/client.ts';
import { posts } from '../db/schema.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** The dashboard's figures over the posts themselves (reader figures are the performance report's). */
export function createAnalyticsService(deps: { db: Db }) {
  return { compute: (opts: { includeDrafts: boolean }) => computeAnalytics(deps.db, opts) };
}

/** Totals over posts (published only for anonymous callers), top categories and the first 10 tags. */
async function computeAnalytics(db: Db, opts: { includeDrafts: boolean }): Promise<Analytics> {
  const where = opts.includeDrafts ? undefined : eq(posts.published, true);
  const [totals] = await db
    .select({ n: sql<number>`count(*)`, minutes: sql<number>`coalesce(sum(${posts.readTime}), 0)` })
    .from(posts)
    .where(where);
  const categories = await db
    .select({ category: posts.category, count: sql<number>`count(*)` })
    .from(posts)
    .where(where)
    .groupBy(posts.category)
    .orderBy(sql`count(*) desc`, posts.category);
  const tags = await db.all<{ tag: string; count: number }>(
    sql`select j.value as tag, count(*) as count from ${posts}, json_each(${posts.tags}) j
        ${opts.includeDrafts ? sql`` : sql`where ${posts.published} = 1`}
        group by j.value order by count(*) desc, j.value limit 10`,
  );
  const totalPosts = totals?.n ?? 0;
  const totalReadTime = totals?.minutes ?? 0;
  return {
    totalPosts,
    totalReadTime,
    averageReadTime: totalPosts ? Math.round((totalReadTime / totalPosts) * 10) / 10 : 0,
    topCategories: categories,
    topTags: tags.map((t) => ({ tag: String(t.tag), count: Number(t.count) })),
  };
}
