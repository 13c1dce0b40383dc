import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useBuildStatus } from '../../api/build/get-build-status.ts';

/**
 * How the public site is doing after the last change (DESIGN §4: every build is recorded and shown to the admin).
 * Publishing, unpublishing, editing or deleting refreshes it; it polls only while a build is queued or running.
 */
export function BuildStatus() {
  const { data } = useBuildStatus();
  if (!data) return null;
  const building = data.pending || data.current?.state === 'queued' || data.current?.state === 'running';
  const failed = !building && data.last?.state === 'failed';
  return (
    <p role="status" className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
      {building ? (
        <>
          <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
          Updating the public site...
        </>
      ) : failed ? (
        <span className="inline-flex items-center gap-1.5 text-destructive" title={data.last?.error ?? undefined}>
          <AlertTriangle className="size-3.5" aria-hidden="true" />
          Last site build failed; the previous version stays live.
        </span>
      ) : data.lastSuccess ? (
        <>
          <CheckCircle2 className="size-3.5 text-success" aria-hidden="true" />
          Public site up to date
        </>
      ) : null}
    </p>
  );
}
