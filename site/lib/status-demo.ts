/**
 * The status page's demonstration data (spec §2 Status, §4, §9). Nothing here is measured: the
 * five services start from the spec's figures and their response times drift every 30 seconds by
 * a random whole number of milliseconds from -10 to +9.
 */
import type { ServiceStatus } from 'content-schema/status';

export const DEMO_SERVICES: readonly Omit<ServiceStatus, 'lastUpdated'>[] = [
  { name: 'Website', status: 'operational', responseTime: 245, uptime: 99.98 },
  { name: 'API Services', status: 'operational', responseTime: 120, uptime: 99.95 },
  { name: 'Database', status: 'operational', responseTime: 45, uptime: 99.99 },
  { name: 'Content Delivery', status: 'operational', responseTime: 89, uptime: 99.97 },
  { name: 'Authentication', status: 'operational', responseTime: 156, uptime: 99.96 },
];

export const DRIFT_MIN_MS = -10;
export const DRIFT_MAX_MS = 9;

/** The demo services as of an instant. */
export function initialServices(now: Date): ServiceStatus[] {
  return DEMO_SERVICES.map((s) => ({ ...s, lastUpdated: now.toISOString() }));
}

/** A whole drift in [-10, 9] ms from a random number in [0, 1). */
export function driftFrom(random: number): number {
  return DRIFT_MIN_MS + Math.floor(random * (DRIFT_MAX_MS - DRIFT_MIN_MS + 1));
}

/** One refresh: every response time drifts (never below 1 ms) and every service is stamped with `now`. */
export function refreshServices(
  services: readonly ServiceStatus[],
  now: Date,
  random: () => number = Math.random,
): ServiceStatus[] {
  return services.map((s) => ({
    ...s,
    responseTime: Math.max(1, s.responseTime + driftFrom(random())),
    lastUpdated: now.toISOString(),
  }));
}
