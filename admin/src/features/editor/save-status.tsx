import { CloudOff, Loader2, Check, AlertTriangle } from 'lucide-react';
import { useNow } from '../../lib/use-now.ts';
import type { AutosaveStatus } from './autosave-writer.ts';

/** "Saved 3 s ago" (to the minute, then minutes), from the moment of the last autosave. */
export function savedAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return `Saved ${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `Saved ${minutes} min ago` : `Saved ${Math.floor(minutes / 60)} h ago`;
}

function SavedAgo({ at }: { at: number }) {
  const now = useNow(1000);
  return <>{savedAgo(at, Math.max(now.getTime(), at))}</>;
}

/**
 * What autosave has done, honestly: saving, saved (and how long ago, kept current), or that the changes are only
 * in this browser. Screen readers hear the state when it changes, not every second of the clock.
 */
export function SaveStatus({ status }: { status: AutosaveStatus }) {
  if (status.state === 'idle') return null;
  const announced = {
    saving: 'Saving…',
    saved: 'Saved',
    offline: 'Offline: changes kept in this browser',
    refused: 'Not saved to the server: changes kept in this browser',
    conflict: 'Not saved: another tab changed this post',
  }[status.state];
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="save-status">
      <span className="sr-only" role="status">
        {announced}
      </span>
      <span aria-hidden="true" className="inline-flex items-center gap-1.5">
        {status.state === 'saving' ? (
          <>
            <Loader2 className="size-3.5 animate-spin" />
            Saving…
          </>
        ) : status.state === 'saved' ? (
          <>
            <Check className="size-3.5 text-success" />
            <SavedAgo at={status.at} />
          </>
        ) : status.state === 'offline' ? (
          <>
            <CloudOff className="size-3.5 text-warning" />
            Offline: changes kept in this browser
          </>
        ) : status.state === 'refused' ? (
          <>
            <AlertTriangle className="size-3.5 text-warning" />
            Not saved to the server ({status.message}): changes kept in this browser
          </>
        ) : (
          <>
            <AlertTriangle className="size-3.5 text-warning" />
            Not saved: another tab changed this post
          </>
        )}
      </span>
    </p>
  );
}
