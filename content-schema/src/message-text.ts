/**
 * Reader messages' constants without zod: the kinds, labels, bounds and the words the forms show. The reader
 * forms' islands import this module, not messages.ts, so a contact page ships no schema library; messages.ts
 * re-exports all of it beside the schemas.
 */

export const MESSAGE_TYPES = ['contact', 'tip', 'correction'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = {
  contact: 'Contact',
  tip: 'News tip',
  correction: 'Correction request',
};
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  answered: 'Answered',
  closed: 'Closed',
};

/** Bounds of the form fields (characters). */
export const MESSAGE_LIMITS = {
  name: 200,
  email: 254,
  subject: 200,
  body: 10_000,
  source: 5_000,
  contactInfo: 300,
  articleUrl: 500,
  notes: 10_000,
} as const;

/** A submission sent sooner than this after the form appeared is refused (people take longer; scripts do not). */
export const MIN_FILL_MS = 3000;
/** Messages are deleted after this many days unless the editor sets another period in the Inbox. */
export const DEFAULT_RETENTION_DAYS = 365;
export const MAX_RETENTION_DAYS = 3650;

/** What the forms say, confirmations included. */
export const MESSAGE_SENT = { title: 'Message Sent', description: "We'll respond within 24 hours" } as const;
export const TIP_SENT = {
  title: 'Tip Submitted',
  description: "Thank you for your tip. We'll investigate and respond within 6 hours.",
} as const;
export const CORRECTION_SENT = {
  title: 'Correction Submitted',
  description: "Thank you for helping us maintain accuracy. We'll review and respond within 2 hours.",
} as const;
/**
 * The answer to a submission refused by the bot checks (a filled hidden field, or sent within MIN_FILL_MS): one
 * message for both, so a script learns nothing about which check it tripped; a person knows what to do.
 */
export const MESSAGE_NOT_ACCEPTED =
  'We could not accept this message. Please wait a few seconds and send it again; your text is still in the form.';
/** Shown when the request never reached the server or its answer was not understood. */
export const MESSAGE_NETWORK_ERROR =
  'Your message could not be sent: the connection failed. Your text is still in the form; please try again.';
export const MESSAGE_SERVER_ERROR =
  'Your message could not be sent because of a problem on our side. Your text is still in the form; please try again later or email us.';

/** Where a form posted without JavaScript is sent once its message is stored: the confirmation, as a page. */
export const MESSAGE_SENT_PAGES: Record<MessageType, string> = {
  contact: '/message-sent',
  tip: '/message-sent/tip',
  correction: '/message-sent/correction',
};
