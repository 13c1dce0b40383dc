import { RefreshCw } from 'lucide-react';
import type { BuildStatus } from 'content-schema/build';
import { isBuilding, useBuildStatus } from './api/get-build-status.ts';
import { useRetryBuild } from './api/retry-build.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useNow } from '../../lib/use-now.ts';
import { BuildTime, StateBadge } from './build-parts.tsx';
import { buildFacts, buildsUnderWay, liveSinceText } from './build-summary.ts';
import { LastBuild } from './last-build.tsx';

/** The panel's heading, how old the live site is, and Retry build (not while a build is under way). */
function PublishingHeader({ status, now }: { status: BuildStatus | undefined; now: Date }) {
  const retry = useRetryBuild();
  const busy = status ? isBuilding(status) : false;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div>
        <h2 id="publishing-heading" className="text-xl font-semibold">
          Publishing
        </h2>
        {status ? (
          <p className="text-sm text-muted-foreground">
            {liveSinceText(status.liveSince, now) ?? 'The public site has not been built yet.'}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-end gap-1">
        <Button
          variant="outline"
          onClick={() => retry.mutate()}
          disabled={!status || busy || retry.isPending}
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
  );
}

/** The builds under way, the last build, and the recent ones (folded). */
function Builds({ status, now }: { status: BuildStatus; now: Date }) {
  const inFlight = buildsUnderWay(status.recent);
  return (
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
        {status.last ? (
          <LastBuild build={status.last} now={now} siteIsLive={status.lastSuccess !== null} />
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No build has finished yet.</p>
        )}
      </div>
      {status.recent.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-semibold">Recent builds ({status.recent.length})</summary>
          <ul className="mt-2 grid gap-2" aria-label="Recent builds, newest first">
            {status.recent.map((b) => (
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
  );
}

/**
 * The Publishing section of the Overview tab: how old the live site is, the last build with its facts, error and
 * the posts it could not publish, the builds under way and the recent ones, and Retry build. A failed build keeps
 * the last good site live and is shown with its full error (docs/decisions/002-warm-renderer.md). It reads the
 * same build status as the header, so it polls only while a build is queued or running.
 */
export function PublishingPanel() {
  const status = useBuildStatus();
  const now = useNow();
  return (
    <section aria-labelledby="publishing-heading">
      <Card className="p-5">
        <PublishingHeader status={status.data} now={now} />
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
          <Builds status={status.data} now={now} />
        )}
      </Card>
    </section>
  );
}
