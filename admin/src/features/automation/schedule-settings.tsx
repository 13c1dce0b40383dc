import { DAILY_WORDS, DEEP_DIVE_WORDS } from 'content-schema/site';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { cn } from '../../lib/cn.ts';
import { useSetPaused } from './api/set-paused.ts';
import { wordRange } from './automation-texts.ts';
import { WEEK, type ScheduleDay } from './weekly-schedule.ts';

/** Monday to Sunday with each day's slot, today marked. */
export function WeeklyScheduleCard({ today }: { today: ScheduleDay }) {
  return (
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
  );
}

/** The publication's fixed settings; only the schedule can be paused. */
export function AutomationSettings({
  paused,
  loading,
  nextRun,
}: {
  paused: boolean;
  loading: boolean;
  nextRun: string | null;
}) {
  const setPaused = useSetPaused();
  return (
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
          <dd>{wordRange(DAILY_WORDS)}</dd>
          <dt className="text-muted-foreground">Deep Dive length</dt>
          <dd>{wordRange(DEEP_DIVE_WORDS)}</dd>
          <dt className="text-muted-foreground">Output</dt>
          <dd>Drafts for human review, marked as AI-assisted</dd>
          <dt className="text-muted-foreground">Next run</dt>
          <dd>{paused ? 'Paused' : (nextRun ?? '—')}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
