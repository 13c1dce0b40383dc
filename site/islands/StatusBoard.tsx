/**
 * The status page's live part (spec §2 Status, §4): the overall banner from the services' states,
 * the five services with status, response time and uptime, refreshed every 30 seconds with the
 * spec's random drift. The figures are demonstration data produced in the browser.
 */
import { useEffect, useState } from 'react';
import { OVERALL_BANNER, overallStatus, type ServiceStatus } from 'content-schema/status';
import { STATUS_REFRESH_MS } from 'content-schema/site';
import { refreshServices } from '../lib/status-demo.ts';

const STATE_STYLE: Record<string, { label: string; dot: string; text: string }> = {
  operational: { label: 'Operational', dot: 'bg-emerald-500', text: 'text-emerald-800' },
  degraded: { label: 'Degraded', dot: 'bg-amber-500', text: 'text-amber-800' },
  outage: { label: 'Outage', dot: 'bg-red-600', text: 'text-red-800' },
};
const UNKNOWN = { label: 'Unknown', dot: 'bg-slate-400', text: 'text-slate-700' };

const BANNER_STYLE = {
  operational: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  degraded: 'border-amber-300 bg-amber-50 text-amber-900',
  outage: 'border-red-300 bg-red-50 text-red-900',
} as const;

const time = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  hour12: false,
});

interface Props {
  /** Services as of the build, so the server HTML and the first client render agree. */
  initial: ServiceStatus[];
}

export default function StatusBoard({ initial }: Props) {
  const [services, setServices] = useState(initial);
  const overall = overallStatus(services);

  useEffect(() => {
    // Stamp with the reader's clock at once, then refresh on the spec's interval.
    setServices((current) => current.map((s) => ({ ...s, lastUpdated: new Date().toISOString() })));
    const timer = window.setInterval(
      () => setServices((current) => refreshServices(current, new Date())),
      STATUS_REFRESH_MS,
    );
    return () => window.clearInterval(timer);
  }, []);

  const updated = services[0]?.lastUpdated;
  return (
    <div>
      <div
        className={`flex items-center gap-3 rounded-xl border p-5 ${BANNER_STYLE[overall]}`}
        data-testid="status-banner"
      >
        <span aria-hidden="true" className={`size-3 rounded-full ${(STATE_STYLE[overall] ?? UNKNOWN).dot}`} />
        <p className="text-xl font-bold">{OVERALL_BANNER[overall]}</p>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Last updated {updated ? <time dateTime={updated}>{time.format(new Date(updated))} UTC</time> : null} · refreshes
        every 30 seconds
      </p>
      <section aria-labelledby="services-heading" className="mt-8">
        <h2 id="services-heading" className="text-xl font-bold text-slate-900">
          Services
        </h2>
        <ul className="card mt-4 divide-y divide-slate-200">
          {services.map((s) => {
            const state = STATE_STYLE[s.status] ?? UNKNOWN;
            return (
              <li key={s.name} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="flex items-center gap-3">
                  <span aria-hidden="true" className={`size-2.5 rounded-full ${state.dot}`} />
                  <span className="font-semibold text-slate-900">{s.name}</span>
                  <span className={`text-sm font-medium ${state.text}`}>{state.label}</span>
                </div>
                <dl className="flex gap-6 text-sm">
                  <div>
                    <dt className="text-slate-600">Response time</dt>
                    <dd className="font-semibold tabular-nums text-slate-900">{s.responseTime} ms</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Uptime</dt>
                    <dd className="font-semibold tabular-nums text-slate-900">{s.uptime.toFixed(2)}%</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
