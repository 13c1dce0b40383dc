import { AlertTriangle, CheckCircle2, Clock, Loader2 } from 'lucide-react';
import type { Build } from 'content-schema/build';
import { formatDateTime } from 'content-schema/format';
import { relativeTime } from 'content-schema/relative-time';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { BUILD_STATE_LABEL, buildMoment } from './build-summary.ts';

const STATE_BADGE: Record<Build['state'], { variant: BadgeVariant; Icon: typeof Clock }> = {
  queued: { variant: 'outline', Icon: Clock },
  running: { variant: 'secondary', Icon: Loader2 },
  succeeded: { variant: 'success', Icon: CheckCircle2 },
  failed: { variant: 'destructive', Icon: AlertTriangle },
};

export function StateBadge({ state }: { state: Build['state'] }) {
  const { variant, Icon } = STATE_BADGE[state];
  return (
    <Badge variant={variant}>
      <Icon className={state === 'running' ? 'animate-spin' : undefined} aria-hidden="true" />
      {BUILD_STATE_LABEL[state]}
    </Badge>
  );
}

/** "finished 3m ago" (or when it started, or was requested), with the exact time on hover. */
export function BuildTime({ build, now }: { build: Build; now: Date }) {
  const { verb, iso } = buildMoment(build);
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
