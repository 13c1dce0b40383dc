/**
 * Reader messages: what the contact, tip and correction forms send to `POST /api/messages`, the
 * words the forms show, and what the admin Inbox reads and writes. Every text has a maximum length.
 */
import { z } from 'zod';
import { CONTACT_TYPES, URGENCY_LEVELS } from './forms.ts';
import { MAX_RETENTION_DAYS, MESSAGE_LIMITS, MESSAGE_STATUSES, MESSAGE_TYPES } from './message-text.ts';

export * from './message-text.ts';

const required = (max: number, message: string, tooLong: string) => z.string().trim().min(1, message).max(max, tooLong);
const optional = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

/** Fields every form sends besides its own: the honeypot (`website`, hidden, left empty by people) and the stamp. */
const botChecks = {
  /** Hidden from people; anything in it marks a script. */
  website: z.string().max(500, 'Invalid form').optional(),
  /**
   * The stamp the form's page was served with (a hidden field, the same with or without JavaScript): when, and for
   * which form, signed by the API. Left optional here so that a missing stamp is refused by the service with the
   * one message every bot check answers (api/src/services/operations/form-stamps.ts), not a schema message.
   */
  stamp: z.string('Invalid form').max(200, 'Invalid form').optional(),
};

export const ContactMessageInputSchema = z.object({
  type: z.literal('contact'),
  name: required(MESSAGE_LIMITS.name, 'Full name is required', 'Full name must be at most 200 characters'),
  email: z
    .string()
    .trim()
    .max(MESSAGE_LIMITS.email, 'Email must be at most 254 characters')
    .pipe(z.email('Enter a valid email address')),
  topic: z.enum(CONTACT_TYPES, 'Choose a message type').default('general'),
  subject: required(MESSAGE_LIMITS.subject, 'Subject is required', 'Subject must be at most 200 characters'),
  message: required(MESSAGE_LIMITS.body, 'Message is required', 'Message must be at most 10,000 characters'),
  ...botChecks,
});

export const TipMessageInputSchema = z.object({
  type: z.literal('tip'),
  subject: required(
    MESSAGE_LIMITS.subject,
    'Story subject is required',
    'Story subject must be at most 200 characters',
  ),
  tip: required(
    MESSAGE_LIMITS.body,
    'Detailed information is required',
    'Detailed information must be at most 10,000 characters',
  ),
  source: optional(MESSAGE_LIMITS.source, 'Sources & evidence must be at most 5,000 characters'),
  contactInfo: optional(MESSAGE_LIMITS.contactInfo, 'Contact information must be at most 300 characters'),
  anonymous: z.boolean('Invalid form').default(false),
  urgency: z.enum(URGENCY_LEVELS, 'Choose an urgency level').default('normal'),
  ...botChecks,
});

export const CorrectionMessageInputSchema = z.object({
  type: z.literal('correction'),
  articleUrl: required(
    MESSAGE_LIMITS.articleUrl,
    'Article URL is required',
    'Article URL must be at most 500 characters',
  ),
  correction: required(
    MESSAGE_LIMITS.body,
    'Correction details are required',
    'Correction details must be at most 10,000 characters',
  ),
  source: optional(MESSAGE_LIMITS.source, 'Supporting sources must be at most 5,000 characters'),
  contactInfo: optional(MESSAGE_LIMITS.contactInfo, 'Contact information must be at most 300 characters'),
  ...botChecks,
});

/** Body of `POST /api/messages` (anonymous). */
export const MessageInputSchema = z.discriminatedUnion(
  'type',
  [ContactMessageInputSchema, TipMessageInputSchema, CorrectionMessageInputSchema],
  'Unknown form',
);
export type MessageInput = z.infer<typeof MessageInputSchema>;

/**
 * A form posted without JavaScript (`application/x-www-form-urlencoded`, every value text) as the object
 * MessageInputSchema reads, so both kinds of post pass the same schema: the tip's checkbox is sent only when
 * ticked (as `true`); every other field, the stamp included, is text as it is.
 */
export function messageInputFromForm(fields: Readonly<Record<string, string>>): Record<string, unknown> {
  const { anonymous, ...text } = fields;
  return {
    ...text,
    ...(anonymous !== undefined ? { anonymous: anonymous !== '' && anonymous !== 'false' } : {}),
  };
}

/** Answer of `POST /api/messages`: stored. */
export const MessageReceiptSchema = z.object({ ok: z.literal(true), id: z.number().int() });

/** One message as the Inbox lists it. */
export const MessageSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  status: z.enum(MESSAGE_STATUSES),
  read: z.boolean(),
  subject: z.string(),
  /** Who sent it, as they gave it (name, email or free contact text); null when anonymous or not given. */
  from: z.string().nullable(),
  postSlug: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageSummary = z.infer<typeof MessageSummarySchema>;

export const MessageDetailSchema = MessageSummarySchema.extend({
  /** The contact form's message type (general, tip, …); null for the other forms. */
  topic: z.enum(CONTACT_TYPES).nullable(),
  urgency: z.enum(URGENCY_LEVELS).nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  contactInfo: z.string().nullable(),
  anonymous: z.boolean(),
  body: z.string(),
  source: z.string().nullable(),
  articleUrl: z.string().nullable(),
  /** The published post the message refers to, when it could be told from the article URL. */
  postId: z.number().int().nullable(),
  notes: z.string(),
  updatedAt: z.string(),
});
export type MessageDetail = z.infer<typeof MessageDetailSchema>;

export const MessageListSchema = z.object({
  items: z.array(MessageSummarySchema),
  /** Unread messages in the whole Inbox (not only the filtered list). */
  unread: z.number().int(),
});
export type MessageList = z.infer<typeof MessageListSchema>;

/** Query of `GET /api/messages`. */
export const MessageFilterSchema = z.object({
  type: z.enum(MESSAGE_TYPES, 'Unknown message type').optional(),
  status: z.enum(MESSAGE_STATUSES, 'Unknown status').optional(),
});
export type MessageFilter = z.infer<typeof MessageFilterSchema>;

/** Body of `PUT /api/messages/:id`: any of status, notes, read. */
export const MessageUpdateSchema = z
  .object({
    status: z.enum(MESSAGE_STATUSES, 'Unknown status').optional(),
    notes: z.string().max(MESSAGE_LIMITS.notes, 'Notes must be at most 10,000 characters').optional(),
    read: z.boolean('read must be true or false').optional(),
  })
  .refine((u) => u.status !== undefined || u.notes !== undefined || u.read !== undefined, 'Nothing to update');
export type MessageUpdate = z.infer<typeof MessageUpdateSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });

export const MessageSettingsSchema = z.object({
  retentionDays: z
    .number('Retention must be a number of days')
    .int('Retention must be a whole number of days')
    .min(1, 'Retention must be at least 1 day')
    .max(MAX_RETENTION_DAYS, `Retention must be at most ${MAX_RETENTION_DAYS} days`),
});
export type MessageSettings = z.infer<typeof MessageSettingsSchema>;
