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

/**
 * A submission sent sooner than this after its form's page was served is refused (people take longer; scripts do
 * not). The time is the page's stamp (`stamp`, below), so reading first and pasting or autofilling later counts.
 */
export const MIN_FILL_MS = 3000;
/** A page's stamp is accepted for this long: a form left open longer is refused, and a reload gives a new one. */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * What the renderer writes where a reader form's stamp goes (its hidden `stamp` field, and the island's props); the
 * server that serves the page puts a fresh stamp in its place (api/src/site-files.ts): the time it was served, and
 * which form, signed with a secret every API instance shares.
 */
export const formStampPlaceholder = (type: MessageType) => `{{form-stamp:${type}}}`;
/**
 * Whether a stamp is still the renderer's placeholder: its page was served as the built file, as it is (another
 * host serving the static build, or the file's own `.html` address), so no server put a time in it. Such a form is
 * refused with FORM_NOT_STAMPED, never accepted.
 */
export const isFormStampPlaceholder = (stamp: string | undefined) => /^\{\{form-stamp:[a-z]+\}\}$/.test(stamp ?? '');
/** The pages that carry a reader form, so a stamp, and must be served fresh each time. */
export const FORM_PAGES = ['/contact', '/tip', '/corrections'] as const;
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
 * The answer to a submission refused by the bot checks (a filled hidden field; a stamp missing, forged, younger
 * than MIN_FILL_MS or older than STAMP_MAX_AGE_MS): one message for all, so a script learns nothing about which
 * check it tripped; a person knows what to do (the island fetches a fresh stamp for the second try).
 */
export const MESSAGE_NOT_ACCEPTED =
  'We could not accept this message. Please wait a few seconds and send it again; your text is still in the form.';
/**
 * The answer to a form whose page carried no stamp (its placeholder, see isFormStampPlaceholder): a deployment's
 * fault, not the reader's, so it says what works instead of asking for a second try that would fail the same way.
 */
export const FORM_NOT_STAMPED =
  'This copy of the page cannot send messages. Please open this form on our site again, or write to us by email; your text is still in the form.';
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
