import { History } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { Run } from 'content-schema/automation';
import { useRuns } from './api/get-runs.ts';
import { formatInstant } from './weekly-schedule.ts';
import { describeRun } from './automation-texts.ts';

const STATUS: Record<Run['status'], { label: string; variant: BadgeVariant }> = {
  succeeded: { label: 'Draft created', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  skipped: { label: 'Skipped', variant: 'secondary' },
  running: { label: 'Running', variant: 'outline' },
};

/** The latest generation attempts, so a failed or skipped scheduled slot is visible with its reason. */
export function RecentRuns() {
  const runs = useRuns();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2">
          <History className="size-5" aria-hidden="true" />
          Recent Runs
        </CardTitle>
        <CardDescription>Every generation attempt is recorded, scheduled or manual.</CardDescription>
      </CardHeader>
      <CardContent>
        {runs.isPending ? (
          <Skeleton className="h-24" />
        ) : runs.isError ? (
          <p className="text-sm text-muted-foreground">Recent runs could not be loaded.</p>
        ) : runs.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No runs yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Recent runs">
            {runs.data.map((run) => (
              <li key={run.id} className="grid gap-1 rounded-md border px-3 py-2">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{describeRun(run)}</span>
                  <Badge variant={STATUS[run.status].variant}>{STATUS[run.status].label}</Badge>
                </span>
                {run.topic ? <span>{run.topic}</span> : null}
                <span className="text-xs text-muted-foreground">
                  {formatInstant(run.finishedAt ?? run.startedAt)}
                  {run.provider ? ` · ${run.provider === 'offline' ? 'offline outline' : run.provider}` : ''}
                </span>
                {run.error ? <span className="text-xs text-destructive">{run.error}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
