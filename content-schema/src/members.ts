/**
 * Members and newsletters: what the subscribe forms send (`POST /api/members/subscribe`, with or without
 * JavaScript), the words the forms and the mails show, and the admin's view of the outbox.
 */
import { z } from 'zod';

export const MEMBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Where a subscription was asked for: recorded with the consent. */
export const SUBSCRIBE_FORMS = ['article', 'home', 'footer', 'status', 'member', 'import'] as const;
export type SubscribeForm = (typeof SUBSCRIBE_FORMS)[number];

/** Longest address accepted (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/** How long a confirmation link stays valid. */
export const CONFIRM_LINK_HOURS = 48;

/** The words next to the subscribe button; stored with each consent as the text the reader was shown. */
export const SUBSCRIBE_CONSENT_TEXT =
  'Send me the newsletters I chose. One email confirms it; every newsletter has a one-click unsubscribe link.';

export const SUBSCRIBE_EMAIL_REQUIRED = 'Email is required';
export const SUBSCRIBE_EMAIL_INVALID = 'Enter a valid email address';
export const SUBSCRIBE_EMAIL_TOO_LONG = 'Email must be at most 254 characters';
export const SUBSCRIBE_NEWSLETTER_UNKNOWN = 'Choose newsletters from the list';
export const SUBSCRIBE_NOT_ACCEPTED = 'Your subscription could not be accepted. Please try again later.';
export const SUBSCRIBE_RATE_LIMITED = (seconds: number) =>
  `Too many subscriptions from your connection. Please try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}.`;
/** One answer for a new address, a known one and a rate-limited one: nobody learns who subscribes. */
export const SUBSCRIBE_CHECK_EMAIL = 'Check your inbox: we sent a link to confirm your subscription.';
export const CONFIRM_LINK_INVALID =
  'This confirmation link has expired or was already used. Subscribe again to get a new one.';
export const CONFIRM_CHOOSE_ONE = 'Choose at least one newsletter';
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Use the link in a newsletter you received.';

/** An address as stored: trimmed and lower-cased; never any control character (nothing can reach a mail header). */
export const MemberEmailSchema = z
  .string(SUBSCRIBE_EMAIL_REQUIRED)
  .trim()
  .min(1, SUBSCRIBE_EMAIL_REQUIRED)
  .max(EMAIL_MAX, SUBSCRIBE_EMAIL_TOO_LONG)
  .regex(/^[^\p{Cc}]*$/u, SUBSCRIBE_EMAIL_INVALID)
  .pipe(z.email(SUBSCRIBE_EMAIL_INVALID))
  .transform((s) => s.toLowerCase());

const slug = z
  .string()
  .max(80, SUBSCRIBE_NEWSLETTER_UNKNOWN)
  .regex(/^[a-z0-9-]+$/, SUBSCRIBE_NEWSLETTER_UNKNOWN);

export const SubscribeInputSchema = z.object({
  email: MemberEmailSchema,
  /** Newsletter slugs; none chosen means the newsletters ticked by default. */
  newsletters: z.array(slug, SUBSCRIBE_NEWSLETTER_UNKNOWN).max(20, SUBSCRIBE_NEWSLETTER_UNKNOWN).default([]),
  form: z.enum(SUBSCRIBE_FORMS, 'Invalid form').exclude(['member', 'import']).default('footer'),
  /** The honeypot: hidden from people, anything in it marks a script. */
  website: z.string().max(500, 'Invalid form').optional(),
});
export type SubscribeInput = z.infer<typeof SubscribeInputSchema>;

/** The subscribe form's fields as a browser posts them without JavaScript (`newsletters` once per ticked box). */
export function subscribeInputFromForm(form: Record<string, string | string[]>): unknown {
  const list = form.newsletters;
  return {
    email: form.email,
    newsletters: list === undefined ? [] : Array.isArray(list) ? list : [list],
    form: form.form || undefined,
    website: form.website,
  };
}

export const SubscribeReceiptSchema = z.object({ ok: z.literal(true), message: z.string() });

export const NewsletterSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  byDefault: z.boolean(),
});
export type Newsletter = z.infer<typeof NewsletterSchema>;
export const NewsletterListSchema = z.array(NewsletterSchema);

export const OutboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;
export const OutboxListSchema = z.object({ mails: z.array(OutboxMailSchema), total: z.number() });
