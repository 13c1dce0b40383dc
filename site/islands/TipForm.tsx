/** The news tip form (spec §2 News tip, §3 News tip form): browser-checked fields, a confirmation, a reset. */
import { useState } from 'react';
import { TIPS_EMAIL } from 'content-schema/site';
import { Field, NotConnectedNotice, confirmAndReset, useHydrated } from './ui/form-parts.tsx';

const URGENCY = [
  { value: 'normal', label: 'Standard: reply within 24-48 hours' },
  { value: 'high', label: 'High: reply within 6-12 hours' },
  { value: 'urgent', label: 'Urgent: reply within 2-6 hours' },
] as const;

export default function TipForm() {
  const hydrated = useHydrated();
  const [anonymous, setAnonymous] = useState(false);
  return (
    <form
      className="grid gap-5"
      aria-label="News tip form"
      onSubmit={confirmAndReset(
        {
          title: 'Tip Submitted',
          description: "Thank you for your tip. We'll investigate and respond within 6 hours.",
        },
        () => setAnonymous(false),
      )}
    >
      <Field id="tip-subject" label="Story Subject">
        <input id="tip-subject" name="subject" className="input" required />
      </Field>
      <Field id="tip-urgency" label="Urgency Level">
        <select id="tip-urgency" name="urgency" className="input" defaultValue="normal">
          {URGENCY.map((u) => (
            <option key={u.value} value={u.value}>
              {u.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="tip-details"
        label="Detailed Information"
        hint="What happened, who is involved, when and where, and why it matters."
      >
        <textarea id="tip-details" name="tip" className="input" rows={8} required aria-describedby="tip-details-hint" />
      </Field>
      <Field
        id="tip-sources"
        label="Sources & Evidence"
        optional
        hint="Documents, links or people who can confirm it. Do not attach anything that identifies you if you want to stay anonymous."
      >
        <textarea id="tip-sources" name="source" className="input" rows={4} aria-describedby="tip-sources-hint" />
      </Field>
      <Field
        id="tip-contact"
        label="Contact Information"
        optional
        hint="An email address, phone number or Signal handle, if you want a reply."
      >
        <input
          id="tip-contact"
          name="contactInfo"
          className="input"
          disabled={anonymous}
          aria-describedby="tip-contact-hint"
        />
      </Field>
      <div className="flex items-start gap-3">
        <input
          id="tip-anonymous"
          name="anonymous"
          type="checkbox"
          className="mt-1 size-4 accent-brand-700"
          checked={anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
        />
        <label htmlFor="tip-anonymous" className="text-sm text-slate-800">
          Submit anonymously (your contact information will not be stored)
        </label>
      </div>
      <NotConnectedNotice email={TIPS_EMAIL} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={!hydrated}>
          Submit Tip
        </button>
      </div>
    </form>
  );
}
