/**
 * The status page's live part: the overall banner from the services' states and the five
 * services with status, response time and uptime, as measured by the server (GET /api/status), refreshed every
 * 30 seconds. When the API cannot be reached it says so instead of showing figures.
 */
import { useEffect, useState } from 'react';
import { OVERALL_BANNER, SERVICE_NAMES, type ServiceStatus } from 'content-schema/status';
import { formatUtcClock } from 'content-schema/format';
import { STATUS_REFRESH_MS } from 'content-schema/site';
import { fetchStatus, type StatusReading } from '../lib/browser/service-status.ts';

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
  waiting: 'border-slate-300 bg-slate-50 text-slate-900',
} as const;

type State = { kind: 'loading' } | StatusReading;

/** The server's latest measurements, fetched now and every STATUS_REFRESH_MS while the page is open. */
function useStatus(): State {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let alive = true;
    const refresh = () => void fetchStatus().then((next) => alive && setState(next));
    refresh();
    const timer = window.setInterval(refresh, STATUS_REFRESH_MS);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, []);
  return state;
}

/** The overall banner and when it was measured. */
function Banner({ state }: { state: State }) {
  const overall = state.kind === 'ok' ? state.overall : null;
  const banner =
    state.kind === 'ok'
      ? OVERALL_BANNER[overall!]
      : state.kind === 'unavailable'
        ? 'Status data unavailable'
        : 'Checking status…';
  const bannerStyle = overall ? BANNER_STYLE[overall] : BANNER_STYLE.waiting;
  const dot = overall ? (STATE_STYLE[overall] ?? UNKNOWN).dot : UNKNOWN.dot;
  return (
    <>
      <div
        className={`flex items-center gap-3 rounded-xl border p-5 ${bannerStyle}`}
        data-testid="status-banner"
        aria-live="polite"
      >
        <span aria-hidden="true" className={`size-3 rounded-full ${dot}`} />
        <p className="text-xl font-bold">{banner}</p>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {state.kind === 'ok' ? (
          <>
            Measured by the server at <time dateTime={state.checkedAt}>{formatUtcClock(state.checkedAt)} UTC</time> ·
            refreshes every 30 seconds
          </>
        ) : state.kind === 'unavailable' ? (
          'The status service could not be reached. This page will try again every 30 seconds.'
        ) : (
          'Asking the server for its current measurements.'
        )}
      </p>
    </>
  );
}

/** One service's line: its state, response time and uptime ('No data' and dashes before the first answer). */
function ServiceLine({ service: s }: { service: Partial<ServiceStatus> & { name: string } }) {
  const st = s.status ? (STATE_STYLE[s.status] ?? UNKNOWN) : UNKNOWN;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className={`size-2.5 rounded-full ${st.dot}`} />
        <span className="font-semibold text-slate-900">{s.name}</span>
        <span className={`text-sm font-medium ${st.text}`}>{s.status ? st.label : 'No data'}</span>
      </div>
      <dl className="flex gap-6 text-sm">
        <div>
          <dt className="text-slate-600">Response time</dt>
          <dd className="font-semibold tabular-nums text-slate-900">
            {s.responseTime !== undefined ? `${s.responseTime} ms` : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Uptime</dt>
          <dd className="font-semibold tabular-nums text-slate-900">
            {s.uptime !== undefined ? `${s.uptime.toFixed(2)}%` : '—'}
          </dd>
        </div>
      </dl>
    </li>
  );
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <div className="card flex flex-col p-5">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="order-first text-3xl font-extrabold tracking-tight text-slate-900">{value}</dd>
    </div>
  );
}

/** The averages over the services, and how many are operational. */
function Metrics({ services }: { services: ServiceStatus[] | null }) {
  const mean = (pick: (s: ServiceStatus) => number) =>
    services && services.length ? services.reduce((n, s) => n + pick(s), 0) / services.length : null;
  const avgResponse = mean((s) => s.responseTime);
  const avgUptime = mean((s) => s.uptime);
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-3">
      <Metric
        label="Average response time of the five checks"
        value={avgResponse !== null ? `${Math.round(avgResponse)} ms` : '—'}
      />
      <Metric
        label="Average uptime from stored health samples"
        value={avgUptime !== null ? `${avgUptime.toFixed(2)}%` : '—'}
      />
      <Metric
        label="Services operational"
        value={services ? `${services.filter((s) => s.status === 'operational').length} of ${services.length}` : '—'}
      />
    </dl>
  );
}

export default function StatusBoard() {
  const state = useStatus();
  const services = state.kind === 'ok' ? state.services : null;
  return (
    <div>
      <Banner state={state} />
      <section aria-labelledby="services-heading" className="mt-8">
        <h2 id="services-heading" className="text-xl font-bold text-slate-900">
          Services
        </h2>
        <ul className="card mt-4 divide-y divide-slate-200">
          {(services ?? SERVICE_NAMES.map((name) => ({ name }) as Partial<ServiceStatus> & { name: string })).map(
            (s) => (
              <ServiceLine key={s.name} service={s} />
            ),
          )}
        </ul>
      </section>
      <section aria-labelledby="metrics-heading" className="mt-12">
        <h2 id="metrics-heading" className="text-xl font-bold text-slate-900">
          Performance metrics
        </h2>
        <Metrics services={services} />
      </section>
    </div>
  );
}
