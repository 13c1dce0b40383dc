/** The contact form: posts to the newsroom's Inbox, confirms once stored. */
import { CONTACT_TYPES } from 'content-schema/forms';
import { MESSAGE_LIMITS, MESSAGE_SENT } from 'content-schema/message-text';
import { Field, MessageForm, useMessageForm } from './ui/form-parts.tsx';

const TYPE_LABELS: Record<(typeof CONTACT_TYPES)[number], string> = {
  general: 'General inquiry',
  tip: 'News tip',
  correction: 'Correction',
  collaboration: 'Collaboration',
  press: 'Press',
};

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** `stamp`: the page's stamp (see useMessageForm). */
export default function ContactForm({ stamp }: { stamp: string }) {
  const state = useMessageForm({
    stamp,
    confirmation: MESSAGE_SENT,
    build: (data) => ({
      type: 'contact' as const,
      name: text(data, 'name'),
      email: text(data, 'email'),
      topic: text(data, 'topic') as (typeof CONTACT_TYPES)[number],
      subject: text(data, 'subject'),
      message: text(data, 'message'),
    }),
  });
  return (
    <MessageForm type="contact" label="Contact form" submitLabel="Send Message" state={state}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Full Name">
          <input
            id="contact-name"
            name="name"
            className="input"
            required
            maxLength={MESSAGE_LIMITS.name}
            autoComplete="name"
          />
        </Field>
        <Field id="contact-email" label="Email">
          <input
            id="contact-email"
            name="email"
            type="email"
            className="input"
            required
            maxLength={MESSAGE_LIMITS.email}
            autoComplete="email"
          />
        </Field>
      </div>
      <Field id="contact-type" label="Message Type">
        <select id="contact-type" name="topic" className="input" defaultValue="general">
          {CONTACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="contact-subject" label="Subject">
        <input id="contact-subject" name="subject" className="input" required maxLength={MESSAGE_LIMITS.subject} />
      </Field>
      <Field id="contact-message" label="Message">
        <textarea
          id="contact-message"
          name="message"
          className="input"
          rows={6}
          required
          maxLength={MESSAGE_LIMITS.body}
        />
      </Field>
    </MessageForm>
  );
}
