/**
 * The service health the API measures (GET /api/status), as the status page and the footer read it. Anything
 * but a well-formed answer is "unavailable": the site then says the status could not be read, never a guess.
 */
import {
  OVERALL_BANNER,
  overallStatus,
  SERVICE_NAMES,
  SERVICE_STATUSES,
  type OverallStatus,
  type ServiceStatus,
} from 'content-schema/status';

export const STATUS_URL = '/api/status';

export type StatusReading =
  { kind: 'unavailable' } | { kind: 'ok'; services: ServiceStatus[]; checkedAt: string; overall: OverallStatus };

/**
 * content-schema's ServiceStatusSchema, checked by hand: zod would be the only reason for readers' pages to load it
 * (service-status.test.ts holds this guard to the schema).
 */
function isService(value: unknown): value is ServiceStatus {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    (SERVICE_NAMES as readonly unknown[]).includes(s.name) &&
    (SERVICE_STATUSES as readonly unknown[]).includes(s.status) &&
    typeof s.detail === 'string' &&
    typeof s.responseTime === 'number' &&
    typeof s.uptime === 'number' &&
    typeof s.lastUpdated === 'string'
  );
}

/** The reading of a status answer's body: its services (at least one) and when the server checked them. */
export function readStatus(body: unknown): StatusReading {
  if (typeof body !== 'object' || body === null) return { kind: 'unavailable' };
  const { services, checkedAt } = body as { services?: unknown; checkedAt?: unknown };
  if (!Array.isArray(services) || services.length === 0 || !services.every(isService)) return { kind: 'unavailable' };
  const at =
    typeof checkedAt === 'string' && !Number.isNaN(Date.parse(checkedAt)) ? checkedAt : services[0]!.lastUpdated;
  return { kind: 'ok', services, checkedAt: at, overall: overallStatus(services) };
}

/** Asks the API for its current measurements; a network failure or a non-OK answer reads as unavailable. */
export async function fetchStatus(fetcher: typeof fetch = fetch): Promise<StatusReading> {
  try {
    const res = await fetcher(STATUS_URL, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) return { kind: 'unavailable' };
    return readStatus(await res.json());
  } catch {
    return { kind: 'unavailable' };
  }
}

/** The footer's one line for a reading. */
export function footerStatusText(reading: StatusReading): string {
  if (reading.kind === 'unavailable') return 'Service status unavailable';
  return OVERALL_BANNER[reading.overall].charAt(0) + OVERALL_BANNER[reading.overall].slice(1).toLowerCase();
}
