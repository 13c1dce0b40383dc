import { AlertTriangle, CheckCircle2, Info, Loader2 } from 'lucide-react';
import { useBuildStatus } from './api/get-build-status.ts';
import { Button } from '../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { cn } from '../../lib/cn.ts';
import { useNow } from '../../lib/use-now.ts';
import { siteLine, type SiteLine } from './build-summary.ts';

const ICON: Record<SiteLine['tone'], typeof Info> = {
  building: Loader2,
  failed: AlertTriangle,
  warning: AlertTriangle,
  live: CheckCircle2,
  none: Info,
};

/**
 * How the public site is doing after the last change (every build is recorded and shown to the admin),
 * in one line: how old the live site is, that it is being updated, or that the last build failed (with its error).
 * Publishing, unpublishing, editing or deleting refreshes it; it polls only while a build is queued or running.
 */
export function BuildStatus() {
  const { data } = useBuildStatus();
  const now = useNow();
  if (!data) return null;
  const line = siteLine(data, now);
  const Icon = ICON[line.tone];
  return (
    <div className="flex flex-wrap items-center gap-x-2 text-xs">
      <p
        role="status"
        className={cn(
          'inline-flex items-center gap-1.5',
          line.tone === 'failed' ? 'text-destructive' : 'text-muted-foreground',
        )}
      >
        <Icon
          className={cn('size-3.5 shrink-0', {
            'animate-spin': line.tone === 'building',
            'text-success': line.tone === 'live',
            'text-warning': line.tone === 'warning',
          })}
          aria-hidden="true"
        />
        {line.text}
      </p>
      {line.tone === 'failed' && line.error ? (
        <Popover>
          <PopoverTrigger asChild>
            <Button variant="link" size="sm" className="h-auto p-0 text-xs">
              Show error
            </Button>
          </PopoverTrigger>
          <PopoverContent className="w-[min(36rem,calc(100vw-2rem))]" aria-label="Build error">
            <p className="text-sm font-medium">The last site build failed with:</p>
            <pre
              tabIndex={0}
              className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 text-xs"
            >
              {line.error}
            </pre>
          </PopoverContent>
        </Popover>
      ) : null}
    </div>
  );
}
