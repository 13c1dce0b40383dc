import { useState } from 'react';
import { BarChart3, Eye, Lightbulb, Share2, Trophy, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { PERFORMANCE_RANGES, PERFORMANCE_SORTS } from 'content-schema/site';
import { scoreColour } from 'content-schema/seo';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { SelectItem } from '../../components/ui/select.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { PanelLoading } from '../../components/panel-loading.tsx';
import { cn } from '../../lib/cn.ts';
import type { PerformanceItem, PerformanceRange, PerformanceReport, PerformanceSort } from 'content-schema/performance';
import { usePerformance } from './api/get-performance.ts';
import { formatCount } from 'content-schema/format';
import { categoryViews, periodText, RANGE_LABELS, SORT_LABELS, trendText } from './performance-texts.ts';

const SCORE_CLASS = { green: 'text-green-700', yellow: 'text-amber-700', red: 'text-red-700' } as const;

interface ControlsProps {
  range: PerformanceRange;
  sort: PerformanceSort;
  onRange: (range: PerformanceRange) => void;
  onSort: (sort: PerformanceSort) => void;
}

/** The time range and the order of the articles. */
function PerformanceControls({ range, sort, onRange, onSort }: ControlsProps) {
  return (
    <div className="flex flex-wrap gap-3">
      <SelectField
        id="performance-range"
        label="Time range"
        className="gap-1"
        triggerClassName="w-40"
        value={range}
        onValueChange={(v) => onRange(v as PerformanceRange)}
      >
        {PERFORMANCE_RANGES.map((r) => (
          <SelectItem key={r} value={r}>
            {RANGE_LABELS[r]}
          </SelectItem>
        ))}
      </SelectField>
      <SelectField
        id="performance-sort"
        label="Sort by"
        className="gap-1"
        triggerClassName="w-40"
        value={sort}
        onValueChange={(v) => onSort(v as PerformanceSort)}
      >
        {PERFORMANCE_SORTS.map((s) => (
          <SelectItem key={s} value={s}>
            {SORT_LABELS[s]}
          </SelectItem>
        ))}
      </SelectField>
    </div>
  );
}

/** The four summary figures. */
function SummaryCards({ summary }: { summary: PerformanceReport['summary'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <SummaryCard icon={Eye} label="Total Views" value={formatCount(summary.totalViews)} testId="total-views" />
      <SummaryCard icon={Users} label="Avg Engagement" value={`${summary.avgEngagement}%`} />
      <SummaryCard icon={Share2} label="Social Shares" value={formatCount(summary.socialShares)} />
      <SummaryCard
        icon={Trophy}
        label="Top Performers"
        value={formatCount(summary.topPerformers)}
        hint="score 80 or more"
      />
    </div>
  );
}

/** A range without reader data: why every figure is zero, and what is never counted. */
function NoReaderData({ range }: { range: PerformanceRange }) {
  return (
    <div role="status" className="rounded-lg border border-dashed p-10 text-center" data-testid="performance-empty">
      <p className="font-medium">No reader data yet</p>
      <p className="mt-1 text-sm text-muted-foreground">
        Nothing has been counted {RANGE_LABELS[range].toLowerCase()}, so every figure above is zero. Views are counted
        without cookies once a reader scrolls or touches an article; readers who send Do Not Track or Global Privacy
        Control, or who turned Analytics off in the cookie settings, are never counted.
      </p>
    </div>
  );
}

/** The Performance tab, from real reader data; says so when there is none yet. */
export function PerformanceTab() {
  const [range, setRange] = useState<PerformanceRange>('30d');
  const [sort, setSort] = useState<PerformanceSort>('views');
  const report = usePerformance(range, sort);

  return (
    <section aria-labelledby="performance-heading" className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="performance-heading" className="flex items-center gap-2 text-xl font-semibold">
          <BarChart3 className="size-5" aria-hidden="true" />
          Content Performance
        </h2>
        <PerformanceControls range={range} sort={sort} onRange={setRange} onSort={setSort} />
      </div>
      {report.isPending ? (
        <PanelLoading label="Loading performance..." />
      ) : report.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load performance figures.
        </p>
      ) : (
        <>
          <SummaryCards summary={report.data.summary} />
          {report.data.empty ? <NoReaderData range={range} /> : <PerformanceDetail report={report.data} sort={sort} />}
        </>
      )}
    </section>
  );
}

/** The articles, top categories and insights of a range with reader data. */
function PerformanceDetail({ report: data, sort }: { report: PerformanceReport; sort: PerformanceSort }) {
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h3">Articles</CardTitle>
            <CardDescription>{periodText(data, sort)}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-4">
              {data.items.map((item) => (
                <ArticleRow key={item.post.id} item={item} />
              ))}
            </ul>
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h3">Top Categories</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-3">
                {data.topCategories.map((c) => (
                  <li key={c.category} className="grid gap-1">
                    <div className="flex justify-between text-sm">
                      <span className="font-medium">{c.category}</span>
                      <span className="text-muted-foreground">{categoryViews(c)}</span>
                    </div>
                    <Progress value={c.share} aria-label={`${c.category}: ${c.share}% of views`} />
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3" className="flex items-center gap-2">
                <Lightbulb className="size-4" aria-hidden="true" />
                Insights
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid list-disc gap-2 pl-5 text-sm">
                {data.insights.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <details className="rounded-lg border bg-background p-4 text-sm">
            <summary className="cursor-pointer font-medium">How these figures are computed</summary>
            <dl className="mt-3 grid gap-2">
              {Object.entries(data.definitions).map(([k, v]) => (
                <div key={k}>
                  <dt className="font-medium">{k}</dt>
                  <dd className="text-muted-foreground">{v}</dd>
                </div>
              ))}
            </dl>
          </details>
        </div>
      </div>
    </>
  );
}

function SummaryCard({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: typeof Eye;
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 p-5">
        <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-bold" data-testid={testId}>
            {value}
          </p>
          {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}

function ArticleRow({ item }: { item: PerformanceItem }) {
  const colour = scoreColour(item.performanceScore);
  return (
    <li className="grid gap-3 rounded-md border p-4" data-testid="performance-item">
      <div className="grid grid-cols-[1fr_auto] items-start gap-3">
        <div className="grid gap-1">
          <a href={`/post/${item.post.slug}`} className="font-medium hover:underline">
            {item.post.title}
          </a>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="secondary">{item.post.category}</Badge>
            <span>{item.post.readTime} min read</span>
            {!item.post.published ? <Badge variant="outline">Unpublished</Badge> : null}
          </div>
        </div>
        <div className="text-right">
          <p
            className={cn('text-2xl font-bold', SCORE_CLASS[colour])}
            aria-label={`Performance score ${item.performanceScore} of 100`}
          >
            {item.performanceScore}
          </p>
          <p className="flex items-center justify-end gap-1 text-xs text-muted-foreground">
            {item.trend === 'up' ? (
              <TrendingUp className="size-3 text-green-700" aria-hidden="true" />
            ) : (
              <TrendingDown className="size-3 text-red-700" aria-hidden="true" />
            )}
            {trendText(item)}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-2 text-sm sm:grid-cols-6">
        <Metric label="Views" value={formatCount(item.views)} testId="item-views" />
        <Metric label="Engagement" value={`${item.engagement}%`} />
        <Metric label="Completion" value={`${item.readingCompletion}%`} />
        <Metric label="Shares" value={formatCount(item.socialShares)} />
        <Metric label="Avg time" value={`${item.avgTimeOnPage} min`} />
        <Metric label="Bounce" value={`${item.bounceRate}%`} />
      </dl>
    </li>
  );
}

function Metric({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
