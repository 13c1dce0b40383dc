import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, Clock, Loader2, RefreshCw } from 'lucide-react';
import type { Build } from 'content-schema/build';
import { relativeTime } from 'content-schema/relative-time';
import { isBuilding, useBuildStatus } from './api/get-build-status.ts';
import { useRetryBuild } from './api/retry-build.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useNow } from '../../lib/use-now.ts';
import { BUILD_STATE_LABEL, buildFacts, liveSinceText } from './build-summary.ts';
import { formatDateTime } from 'content-schema/format';

const STATE_BADGE: Record<Build['state'], { variant: BadgeVariant; Icon: typeof Clock }> = {
  queued: { variant: 'outline', Icon: Clock },
  running: { variant: 'secondary', Icon: Loader2 },
  succeeded: { variant: 'success', Icon: CheckCircle2 },
  failed: { variant: 'destructive', Icon: AlertTriangle },
};


/**
 * The Publishing section of the Overview tab (DESIGN §4: a failed build keeps the last good site live, is
 * recorded and shown with its full error and a retry action): how old the live site is, the last build with
 * its facts, error and the posts it could not publish, the builds under way and the recent ones, and Retry build.
 * It reads the same build status as the header, so it polls only while a build is queued or running.
 */
export function PublishingPanel() {
  const status = useBuildStatus();
  const retry = useRetryBuild();
  const now = useNow();
  const busy = status.data ? isBuilding(status.data) : false;
  const inFlight = status.data?.recent.filter((b) => b.state === 'queued' || b.state === 'running') ?? [];

  return (
    <section aria-labelledby="publishing-heading">
      <Card className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="publishing-heading" className="text-xl font-semibold">
              Publishing
            </h2>
            {status.data ? (
              <p className="text-sm text-muted-foreground">
                {liveSinceText(status.data.liveSince, now) ?? 'The public site has not been built yet.'}
              </p>
            ) : null}
          </div>
          <div className="flex flex-col items-end gap-1">
            <Button
              variant="outline"
              onClick={() => retry.mutate()}
              disabled={!status.data || busy || retry.isPending}
              aria-describedby={busy ? 'retry-build-note' : undefined}
            >
              <RefreshCw aria-hidden="true" />
              Retry build
            </Button>
            {busy ? (
              <p id="retry-build-note" className="text-xs text-muted-foreground">
                Wait for the build under way to finish.
              </p>
            ) : null}
          </div>
        </div>

        {status.isPending ? (
          <Skeleton className="mt-4 h-20" />
        ) : status.isError ? (
          <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
            <p className="text-muted-foreground">Build information could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="mt-4 grid gap-5">
            {inFlight.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold">Under way</h3>
                <ul className="mt-2 grid gap-2" aria-label="Builds under way">
                  {inFlight.map((b) => (
                    <li key={b.id} className="flex flex-wrap items-center gap-2 text-sm">
                      <StateBadge state={b.state} />
                      <span className="line-clamp-2" title={b.reason}>
                        {b.reason}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}

            <div>
              <h3 className="text-sm font-semibold">Last build</h3>
              {status.data.last ? (
                <LastBuild build={status.data.last} now={now} siteIsLive={status.data.lastSuccess !== null} />
              ) : (
                <p className="mt-1 text-sm text-muted-foreground">No build has finished yet.</p>
              )}
            </div>

            {status.data.recent.length > 0 ? (
              <details>
                <summary className="cursor-pointer text-sm font-semibold">
                  Recent builds ({status.data.recent.length})
                </summary>
                <ul className="mt-2 grid gap-2" aria-label="Recent builds, newest first">
                  {status.data.recent.map((b) => (
                    <li key={b.id} className="grid gap-1 rounded-md border px-3 py-2 text-sm">
                      <span className="flex flex-wrap items-center gap-2">
                        <StateBadge state={b.state} />
                        <span className="line-clamp-2 font-medium" title={b.reason}>
                          {b.reason}
                        </span>
                      </span>
                      <span className="text-xs text-muted-foreground">
                        <BuildTime build={b} now={now} /> · {buildFacts(b).join(' · ')}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        )}
      </Card>
    </section>
  );
}

function LastBuild({ build, now, siteIsLive }: { build: Build; now: Date; siteIsLive: boolean }) {
  const firstLine = build.error?.split('\n')[0];
  return (
    <div className="mt-2 grid gap-2 text-sm" data-testid="last-build">
      <p className="flex flex-wrap items-center gap-2">
        <StateBadge state={build.state} />
        <span className="font-medium" title={build.reason}>
          {build.reason}
        </span>
      </p>
      <p className="text-xs text-muted-foreground">
        <BuildTime build={build} now={now} /> · {buildFacts(build).join(' · ')}
      </p>
      {build.state === 'failed' ? (
        <div className="grid gap-1">
          {firstLine ? <p className="text-destructive">{firstLine}</p> : null}
          <p>{siteIsLive ? 'The previous version of the site stays live.' : 'The public site is not live yet.'}</p>
          {build.error ? (
            <details>
              <summary className="cursor-pointer text-xs font-medium">Full error</summary>
              <pre
                tabIndex={0}
                className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 text-xs"
              >
                {build.error}
              </pre>
            </details>
          ) : null}
        </div>
      ) : null}
      {build.postErrors.length > 0 ? (
        <div>
          <p className="font-medium text-destructive">
            {build.postErrors.length === 1 ? 'A post' : `${build.postErrors.length} posts`} could not be published; the
            rest of the site went live without {build.postErrors.length === 1 ? 'it' : 'them'}:
          </p>
          <ul className="mt-1 grid gap-1" aria-label="Posts that could not be published">
            {build.postErrors.map((e) => (
              <li key={e.postId}>
                <Link to={`/edit/${e.postId}`} className="font-medium underline underline-offset-2">
                  {e.title}
                </Link>
                : {e.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function StateBadge({ state }: { state: Build['state'] }) {
  const { variant, Icon } = STATE_BADGE[state];
  return (
    <Badge variant={variant}>
      <Icon className={state === 'running' ? 'animate-spin' : undefined} aria-hidden="true" />
      {BUILD_STATE_LABEL[state]}
    </Badge>
  );
}

/** "finished 3m ago" (or when it started, or was requested), with the exact time on hover. */
function BuildTime({ build, now }: { build: Build; now: Date }) {
  const [verb, iso] = build.finishedAt
    ? ['finished', build.finishedAt]
    : build.startedAt
      ? ['started', build.startedAt]
      : ['requested', build.requestedAt];
  const ago = relativeTime(iso, now);
  return (
    <>
      {verb}{' '}
      <time dateTime={iso} title={formatDateTime(iso, { seconds: true })}>
        {ago === 'Just now' ? 'just now' : ago}
      </time>
    </>
  );
}
