import { useState } from 'react';
import type { SecurityEvent } from 'content-schema/auth';
import { relativeTime } from 'content-schema/relative-time';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useNow } from '../../lib/use-now.ts';
import { useSecurityLog } from './api/get-security-log.ts';
import { SECURITY_EVENT_LABELS, WARNING_EVENTS } from './security-event-labels.ts';
import { formatDateTime } from 'content-schema/format';

/** How many events show before "Show all". */
const FIRST_EVENTS = 20;

/** The security log: sign-ins, failures, lockouts and changes to the password, second factor and sessions. */
export function SecurityLogSection() {
  const log = useSecurityLog();
  const now = useNow();
  const [all, setAll] = useState(false);
  const events = log.data ?? [];
  const shown = all ? events : events.slice(0, FIRST_EVENTS);

  return (
    <section aria-labelledby="security-log-heading">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="security-log-heading">
            Security log
          </CardTitle>
          <CardDescription>The newest events first.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {log.isPending ? <Skeleton className="h-32 w-full" /> : null}
          {log.isError ? (
            <div className="grid justify-items-start gap-3">
              <p className="text-sm text-muted-foreground">Could not load the security log.</p>
              <Button variant="outline" onClick={() => void log.refetch()}>
                Try again
              </Button>
            </div>
          ) : null}
          {log.data && events.length === 0 ? <p className="text-sm text-muted-foreground">No events yet.</p> : null}
          {events.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Security events, newest first</caption>
                <thead className="border-b text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Event
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Detail
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      IP
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      When
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {shown.map((event) => (
                    <EventRow key={event.id} event={event} now={now} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {!all && events.length > FIRST_EVENTS ? (
            <div>
              <Button variant="outline" size="sm" onClick={() => setAll(true)}>
                Show all {events.length} events
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

function EventRow({ event, now }: { event: SecurityEvent; now: Date }) {
  return (
    <tr>
      <th scope="row" className={cn('py-2 pr-4 font-medium', WARNING_EVENTS.has(event.type) && 'text-destructive')}>
        {SECURITY_EVENT_LABELS[event.type]}
      </th>
      <td className="py-2 pr-4">
        {event.detail}
        {event.device ? <span className="block text-xs text-muted-foreground">{event.device}</span> : null}
      </td>
      <td className="py-2 pr-4 font-mono text-xs">{event.ip ?? '—'}</td>
      <td className="py-2 whitespace-nowrap">
        <time dateTime={event.createdAt} title={formatDateTime(event.createdAt, { seconds: true })}>
          {relativeTime(event.createdAt, now)}
        </time>
      </td>
    </tr>
  );
}
