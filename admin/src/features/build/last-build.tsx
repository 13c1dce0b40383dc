import { Link } from 'react-router';
import type { Build } from 'content-schema/build';
import { BuildTime, StateBadge } from './build-parts.tsx';
import { buildFacts, leftOutText } from './build-summary.ts';

/** A failed build's first line, what stays live, and its full error. */
function BuildFailure({ build, siteIsLive }: { build: Build; siteIsLive: boolean }) {
  const firstLine = build.error?.split('\n')[0];
  return (
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
  );
}

/** The last finished build: its state, reason and facts, its error, and the posts it could not publish. */
export function LastBuild({ build, now, siteIsLive }: { build: Build; now: Date; siteIsLive: boolean }) {
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
      {build.state === 'failed' ? <BuildFailure build={build} siteIsLive={siteIsLive} /> : null}
      {build.postErrors.length > 0 ? (
        <div>
          <p className="font-medium text-destructive">{leftOutText(build.postErrors.length)}</p>
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
