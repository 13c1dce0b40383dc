import type { ReactNode } from 'react';
import { Bot, CalendarDays, Layers, ListChecks } from 'lucide-react';
import type { AutomationStatus } from 'content-schema/automation';
import { DAILY_TOPICS_FALLBACK, DEEP_DIVE_TOPICS_FALLBACK } from 'content-schema/site';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { statusCardId } from './automation-texts.ts';
import { formatInstant, type ScheduleDay } from './weekly-schedule.ts';

function StatusCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = statusCardId(title);
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

/** Today's slot, or that there is none (weekends). */
function TodayCard({ today, paused }: { today: ScheduleDay; paused: boolean }) {
  return (
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
  );
}

/**
 * The four status cards: paused or active with the last run, today's slot, and the topics left in each queue
 * (without an answer, the fallback counts).
 */
export function StatusCards({
  status,
  loading,
  today,
}: {
  status: AutomationStatus | undefined;
  loading: boolean;
  today: ScheduleDay;
}) {
  const paused = status?.paused ?? false;
  const lastRun = formatInstant(status?.lastRun);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy={loading}>
      <StatusCard title="Automation Status" icon={<Bot className="size-4 text-muted-foreground" aria-hidden="true" />}>
        {loading ? (
          <Skeleton className="h-12" />
        ) : (
          <>
            <Badge variant={paused ? 'secondary' : 'success'}>{paused ? 'Paused' : 'Active'}</Badge>
            <p className="mt-2 text-sm text-muted-foreground">{lastRun ? `Last run: ${lastRun}` : 'Never run'}</p>
          </>
        )}
      </StatusCard>
      <TodayCard today={today} paused={paused} />
      <StatusCard
        title="Daily Topics"
        icon={<ListChecks className="size-4 text-muted-foreground" aria-hidden="true" />}
      >
        <p className="text-2xl font-bold">{status?.dailyTopicsRemaining ?? DAILY_TOPICS_FALLBACK}</p>
        <p className="text-sm text-muted-foreground">remaining</p>
      </StatusCard>
      <StatusCard
        title="Deep Dive Topics"
        icon={<Layers className="size-4 text-muted-foreground" aria-hidden="true" />}
      >
        <p className="text-2xl font-bold">{status?.deepDiveTopicsRemaining ?? DEEP_DIVE_TOPICS_FALLBACK}</p>
        <p className="text-sm text-muted-foreground">remaining</p>
      </StatusCard>
    </div>
  );
}
