import { z } from 'zod';

/** What a reader's page reports: opened, left (with how far it was read), shared. */
export const BEACON_EVENTS = ['view', 'leave', 'share'] as const;
export type BeaconEvent = (typeof BEACON_EVENTS)[number];

const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

/** Body of POST /api/views: what the article page sends with navigator.sendBeacon. Nothing else is accepted. */
export const BeaconSchema = z
  .object({
    slug: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug is not a valid article slug'),
    event: z.enum(BEACON_EVENTS),
    /** The referring site's host only (never a full URL); '' or absent for direct visits. */
    referrer: z
      .string()
      .max(253)
      .transform((s) => s.trim().toLowerCase())
      .refine((s) => s === '' || HOST.test(s), 'referrer must be a host name')
      .optional(),
    /** How far the reader got, 0–100; required when leaving. */
    completion: z.number().min(0).max(100).optional(),
    /** Seconds on the page, sent when leaving. */
    seconds: z.number().min(0).max(86_400).optional(),
  })
  .strict();
export type Beacon = z.infer<typeof BeaconSchema>;
/** What the page sends (the server trims and lower-cases the referrer). */
export type BeaconPayload = z.input<typeof BeaconSchema>;
