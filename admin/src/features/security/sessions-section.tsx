import { Loader2, LogOut, Monitor } from 'lucide-react';
import type { SessionInfo } from 'content-schema/auth';
import { relativeTime } from 'content-schema/relative-time';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useNow } from '../../lib/use-now.ts';
import { useSessions } from './api/get-sessions.ts';
import { useEndSession } from './api/end-session.ts';
import { useEndOtherSessions } from './api/end-other-sessions.ts';
import { formatDateTime } from 'content-schema/format';

/** Active sessions: where the admin is signed in, this device first-class, any other one can be ended. */
export function SessionsSection() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const now = useNow();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <section aria-labelledby="sessions-heading">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle as="h2" id="sessions-heading">
              Active sessions
            </CardTitle>
            <CardDescription>Devices signed in to the admin. End any you do not recognise.</CardDescription>
          </div>
          <Button variant="outline" disabled={others === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
            {endOthers.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            End all other sessions
          </Button>
        </CardHeader>
        <CardContent>
          {sessions.isPending ? <Skeleton className="h-24 w-full" /> : null}
          {sessions.isError ? (
            <div className="grid justify-items-start gap-3">
              <p className="text-sm text-muted-foreground">Could not load the sessions.</p>
              <Button variant="outline" onClick={() => void sessions.refetch()}>
                Try again
              </Button>
            </div>
          ) : null}
          {sessions.data ? (
            <ul aria-label="Sessions" className="divide-y rounded-md border">
              {sessions.data.map((session) => (
                <SessionRow key={session.id} session={session} now={now} />
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

function SessionRow({ session, now }: { session: SessionInfo; now: Date }) {
  const end = useEndSession();
  const deviceId = `session-${session.id}-device`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="flex min-w-0 items-start gap-3">
        <Monitor className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span id={deviceId}>{session.device}</span>
            {session.current ? <Badge variant="success">This device</Badge> : null}
          </p>
          <p className="text-sm text-muted-foreground">
            {session.ip ?? 'Unknown IP'} · Signed in{' '}
            <time dateTime={session.createdAt} title={formatDateTime(session.createdAt)}>
              {relativeTime(session.createdAt, now)}
            </time>{' '}
            · Last used{' '}
            <time dateTime={session.lastUsedAt} title={formatDateTime(session.lastUsedAt)}>
              {relativeTime(session.lastUsedAt, now)}
            </time>
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          aria-describedby={deviceId}
          disabled={end.isPending}
          onClick={() => end.mutate(session.id)}
        >
          {end.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          End
        </Button>
      )}
    </li>
  );
}
