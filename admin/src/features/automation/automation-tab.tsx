import type { ReactNode } from 'react';
import { Bot, CalendarDays, Layers, ListChecks, Loader2, Sparkles } from 'lucide-react';
import { DAILY_TOPICS_FALLBACK, DAILY_WORDS, DEEP_DIVE_TOPICS_FALLBACK, DEEP_DIVE_WORDS } from 'content-schema/site';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useAutomationStatus } from './api/get-automation-status.ts';
import { useGeneratePost } from './api/generate-post.ts';
import { useSetPaused } from './api/set-paused.ts';
import { GenerationProgress } from './generation-progress.tsx';
import { RecentRuns } from './recent-runs.tsx';
import { TopicQueue } from './topic-queue.tsx';
import { formatInstant, scheduleDayAt, WEEK } from './weekly-schedule.ts';
import { formatCount } from 'content-schema/format';

const words = (w: { min: number; max: number }) =>
  `${formatCount(w.min)}–${formatCount(w.max)} words`;

function StatusCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = `automation-card-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card role="group" aria-labelledby={id}>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle as="h3" id={id} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        {icon}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The Automation tab (spec §2): status cards, manual generation, the weekly schedule, settings and topics. */
export function AutomationTab() {
  const status = useAutomationStatus();
  const daily = useGeneratePost('daily');
  const deepDive = useGeneratePost('deep-dive');
  const setPaused = useSetPaused();
  const today = scheduleDayAt(new Date());
  const busy = daily.isPending || deepDive.isPending;
  const paused = status.data?.paused ?? false;
  const lastRun = formatInstant(status.data?.lastRun);
  const nextRun = formatInstant(status.data?.nextRun);
  const failure = daily.error ?? deepDive.error;
  const loading = status.isPending;

  return (
    <section aria-labelledby="automation-heading" className="grid gap-6">
      <h2 id="automation-heading" className="text-xl font-semibold">
        Automation
      </h2>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={loading}>
        <StatusCard
          title="Automation Status"
          icon={<Bot className="size-4 text-muted-foreground" aria-hidden="true" />}
        >
          {loading ? (
            <Skeleton className="h-12" />
          ) : (
            <>
              <Badge variant={paused ? 'secondary' : 'success'}>{paused ? 'Paused' : 'Active'}</Badge>
              <p className="mt-2 text-sm text-muted-foreground">{lastRun ? `Last run: ${lastRun}` : 'Never run'}</p>
            </>
          )}
        </StatusCard>
        <StatusCard
          title="Today's Schedule"
          icon={<CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />}
        >
          {today.slot ? (
            <>
              <p className="text-2xl font-bold">{today.slot.category}</p>
              <p className="text-sm text-muted-foreground">
                {today.day} at {today.slot.time} CET{paused ? ' (paused)' : ''}
              </p>
            </>
          ) : (
            <>
              <p className="text-2xl font-bold">None</p>
              <p className="text-sm text-muted-foreground">No generation at weekends</p>
            </>
          )}
        </StatusCard>
        <StatusCard
          title="Daily Topics"
          icon={<ListChecks className="size-4 text-muted-foreground" aria-hidden="true" />}
        >
          <p className="text-2xl font-bold">{status.data?.dailyTopicsRemaining ?? DAILY_TOPICS_FALLBACK}</p>
          <p className="text-sm text-muted-foreground">remaining</p>
        </StatusCard>
        <StatusCard
          title="Deep Dive Topics"
          icon={<Layers className="size-4 text-muted-foreground" aria-hidden="true" />}
        >
          <p className="text-2xl font-bold">{status.data?.deepDiveTopicsRemaining ?? DEEP_DIVE_TOPICS_FALLBACK}</p>
          <p className="text-sm text-muted-foreground">remaining</p>
        </StatusCard>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h3" className="flex items-center gap-2">
            <Sparkles className="size-5" aria-hidden="true" />
            Generate Content
          </CardTitle>
          <CardDescription>
            Generates a draft from the next topic in the queue. Drafts are never published automatically: review them
            under Drafts.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => daily.mutate()} disabled={busy}>
              {daily.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Generate Now
            </Button>
            <Button variant="outline" onClick={() => deepDive.mutate()} disabled={busy}>
              {deepDive.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Generate Deep Dive
            </Button>
          </div>
          {busy ? (
            <GenerationProgress label={daily.isPending ? 'Generating daily post...' : 'Generating Deep Dive post...'} />
          ) : null}
          {!busy && failure ? (
            <p className="text-sm text-destructive" role="alert">
              {isApiError(failure) ? (failure.detail ?? failure.message) : failure.message}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Weekly Schedule</CardTitle>
            <CardDescription>Central European time (Europe/Stockholm, CEST in summer).</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2" aria-label="Weekly schedule">
              {WEEK.map((d) => (
                <li
                  key={d.day}
                  aria-current={d.weekday === today.weekday ? 'date' : undefined}
                  className={cn(
                    'flex items-center justify-between rounded-md border px-3 py-2 text-sm',
                    d.weekday === today.weekday && 'border-primary bg-accent',
                  )}
                >
                  <span className="font-medium">{d.day}</span>
                  {d.slot ? (
                    <span className="flex items-center gap-2">
                      <Badge variant={d.slot.kind === 'deep-dive' ? 'default' : 'outline'}>{d.slot.category}</Badge>
                      <span className="tabular-nums text-muted-foreground">{d.slot.time}</span>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">No generation</span>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h3">Settings</CardTitle>
            <CardDescription>Fixed for this publication; only the schedule can be paused.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex items-center justify-between gap-4 rounded-md border p-3">
              <div>
                <Label htmlFor="automation-active">Scheduled generation</Label>
                <p id="automation-active-hint" className="text-xs text-muted-foreground">
                  {paused ? 'Paused: slots that fall due are skipped.' : 'Active: drafts are generated on schedule.'}
                </p>
              </div>
              <Switch
                id="automation-active"
                aria-describedby="automation-active-hint"
                checked={!paused}
                disabled={loading || setPaused.isPending}
                onCheckedChange={(active) => setPaused.mutate(!active)}
              />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Time zone</dt>
              <dd>Europe/Stockholm (CET/CEST)</dd>
              <dt className="text-muted-foreground">Daily post</dt>
              <dd>Monday–Thursday at 9:00 CET</dd>
              <dt className="text-muted-foreground">Deep Dive</dt>
              <dd>Friday at 8:00 CET</dd>
              <dt className="text-muted-foreground">Daily length</dt>
              <dd>{words(DAILY_WORDS)}</dd>
              <dt className="text-muted-foreground">Deep Dive length</dt>
              <dd>{words(DEEP_DIVE_WORDS)}</dd>
              <dt className="text-muted-foreground">Output</dt>
              <dd>Drafts for human review, marked as AI-assisted</dd>
              <dt className="text-muted-foreground">Next run</dt>
              <dd>{paused ? 'Paused' : (nextRun ?? '—')}</dd>
            </dl>
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TopicQueue />
        <RecentRuns />
      </div>
    </section>
  );
}
