import { z } from 'zod';

export const SERVICE_STATUSES = ['operational', 'degraded', 'outage'] as const;

export const ServiceStatusSchema = z.object({
  name: z.string(),
  status: z.string(),
  responseTime: z.number(),
  uptime: z.number(),
  lastUpdated: z.string(),
});
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

export type OverallStatus = 'operational' | 'degraded' | 'outage';

/** Overall status (spec §4): operational if all are, outage if any is, else degraded. */
export function overallStatus(services: readonly { status: string }[]): OverallStatus {
  if (services.some((s) => s.status === 'outage')) return 'outage';
  if (services.every((s) => s.status === 'operational')) return 'operational';
  return 'degraded';
}

export const OVERALL_BANNER: Record<OverallStatus, string> = {
  operational: 'All Systems Operational',
  degraded: 'Some Services Degraded',
  outage: 'Service Disruption',
};
