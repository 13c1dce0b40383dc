/** The contact form (spec §2 Contact, §3 Contact form): browser-checked fields, a confirmation, a reset. */
import { CONTACT_TYPES } from 'content-schema/forms';
import { EDITORIAL_EMAIL } from 'content-schema/site';
import { Field, NotConnectedNotice, confirmAndReset, useHydrated } from './ui/form-parts.tsx';

const TYPE_LABELS: Record<(typeof CONTACT_TYPES)[number], string> = {
  general: 'General inquiry',
  tip: 'News tip',
  correction: 'Correction',
  collaboration: 'Collaboration',
  press: 'Press',
};

export default function ContactForm() {
  const hydrated = useHydrated();
  return (
    <form
      className="grid gap-5"
      aria-label="Contact form"
      onSubmit={confirmAndReset({ title: 'Message Sent', description: "We'll respond within 24 hours" })}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Full Name">
          <input id="contact-name" name="name" className="input" required autoComplete="name" />
        </Field>
        <Field id="contact-email" label="Email">
          <input id="contact-email" name="email" type="email" className="input" required autoComplete="email" />
        </Field>
      </div>
      <Field id="contact-type" label="Message Type">
        <select id="contact-type" name="type" className="input" defaultValue="general">
          {CONTACT_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="contact-subject" label="Subject">
        <input id="contact-subject" name="subject" className="input" required />
      </Field>
      <Field id="contact-message" label="Message">
        <textarea id="contact-message" name="message" className="input" rows={6} required />
      </Field>
      <NotConnectedNotice email={EDITORIAL_EMAIL} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={!hydrated}>
          Send Message
        </button>
      </div>
    </form>
  );
}
