/**
 * The footer's service-health line (spec §2 footer): the state the API measures (GET /api/status), or that it
 * could not be read. It hydrates when the footer scrolls into view; before that, and without JavaScript, it is a
 * plain link to the status page.
 */
import { useEffect, useState } from 'react';
import { fetchStatus, footerStatusText, type StatusReading } from '../lib/service-status.ts';

const DOT: Record<string, string> = {
  operational: 'bg-emerald-400',
  degraded: 'bg-amber-400',
  outage: 'bg-red-500',
};

export default function SystemsIndicator() {
  const [reading, setReading] = useState<StatusReading | null>(null);

  useEffect(() => {
    let alive = true;
    void fetchStatus().then((next) => alive && setReading(next));
    return () => {
      alive = false;
    };
  }, []);

  const dot = reading?.kind === 'ok' ? DOT[reading.overall] : 'bg-slate-400';
  return (
    <a
      href="/status"
      className="flex items-center gap-2 hover:text-white hover:underline"
      data-testid="systems-indicator"
    >
      <span className={`inline-block size-2.5 rounded-full ${dot}`} aria-hidden="true" />
      <span aria-live="polite">{reading ? footerStatusText(reading) : 'System status'}</span>
    </a>
  );
}
