import { BarChart3, BookOpen, Clock, Tags } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAnalytics } from './api/get-analytics.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

const TOP_ITEMS = 3;

function StatCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        {icon}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The analytics summary: four cards; four placeholders while loading; nothing at all on failure. */
export function AnalyticsPanel() {
  const { data, isPending, isError } = useAnalytics();
  if (isError) return null;
  return (
    <section aria-labelledby="analytics-heading" aria-busy={isPending}>
      <h2 id="analytics-heading" className="mb-4 text-xl font-semibold">
        Analytics
      </h2>
      {isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-36 bg-background" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard title="Total Posts" icon={<BookOpen className="size-4 text-muted-foreground" aria-hidden="true" />}>
            <p className="text-3xl font-bold">{data.totalPosts}</p>
          </StatCard>
          <StatCard
            title="Total Read Time"
            icon={<Clock className="size-4 text-muted-foreground" aria-hidden="true" />}
          >
            <p className="text-3xl font-bold">{data.totalReadTime} min</p>
          </StatCard>
          <StatCard
            title="Average Read Time"
            icon={<BarChart3 className="size-4 text-muted-foreground" aria-hidden="true" />}
          >
            <p className="text-3xl font-bold">{Math.round(data.averageReadTime * 10) / 10} min</p>
          </StatCard>
          <StatCard
            title="Top Categories & Tags"
            icon={<Tags className="size-4 text-muted-foreground" aria-hidden="true" />}
          >
            {data.topCategories.length === 0 && data.topTags.length === 0 ? (
              <p className="text-sm text-muted-foreground">No posts yet.</p>
            ) : (
              <div className="grid gap-3">
                <ul className="grid gap-1 text-sm" aria-label="Top categories">
                  {data.topCategories.slice(0, TOP_ITEMS).map((c) => (
                    <li key={c.category} className="flex justify-between gap-2">
                      <span className="truncate">{c.category}</span>
                      <span className="text-muted-foreground">{c.count}</span>
                    </li>
                  ))}
                </ul>
                <ul className="flex flex-wrap gap-1" aria-label="Top tags">
                  {data.topTags.slice(0, TOP_ITEMS).map((t) => (
                    <li key={t.tag}>
                      <Badge variant="outline">
                        {t.tag} ({t.count})
                      </Badge>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </StatCard>
        </div>
      )}
    </section>
  );
}
