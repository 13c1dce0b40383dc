import { z } from 'zod';

export const SERVICE_STATUSES = ['operational', 'degraded', 'outage'] as const;
export type OverallStatus = (typeof SERVICE_STATUSES)[number];
/** The five services the status page reports, in its order. */
export const SERVICE_NAMES = ['Website', 'API Services', 'Database', 'Content Delivery', 'Authentication'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** One service of GET /api/status. */
export const ServiceStatusSchema = z.object({
  name: z.enum(SERVICE_NAMES),
  status: z.enum(SERVICE_STATUSES),
  /** Milliseconds the check took. */
  responseTime: z.number(),
  /** Percentage of health samples over the uptime window (plus this check) that were not an outage. */
  uptime: z.number(),
  lastUpdated: z.string(),
  /** One line for people; never internal paths or error text. */
  detail: z.string(),
});
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

/** Answer of GET /api/status. */
export const StatusReportSchema = z.object({
  overall: z.enum(SERVICE_STATUSES),
  banner: z.string(),
  checkedAt: z.string(),
  services: z.array(ServiceStatusSchema),
  website: z.object({ lastBuildAt: z.string().nullable(), ageSeconds: z.number().nullable() }),
  uptimeWindowDays: z.number().int(),
});
export type StatusReport = z.infer<typeof StatusReportSchema>;

/** Overall status: operational if all are, outage if any is, else degraded. */
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
