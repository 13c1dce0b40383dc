/** The news tip form: posts to the newsroom's Inbox, confirms once stored. */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { URGENCY_LEVELS } from 'content-schema/forms';
import { MESSAGE_LIMITS, TIP_SENT } from 'content-schema/message-text';
import { Field, MessageForm, useMessageForm } from './ui/form-parts.tsx';

const URGENCY = [
  { value: 'normal', label: 'Standard: reply within 24-48 hours' },
  { value: 'high', label: 'High: reply within 6-12 hours' },
  { value: 'urgent', label: 'Urgent: reply within 2-6 hours' },
] as const satisfies { value: (typeof URGENCY_LEVELS)[number]; label: string }[];

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** What the tip is about: subject, urgency, the details and the sources. */
function TipFields() {
  return (
    <>
      <Field id="tip-subject" label="Story Subject">
        <input id="tip-subject" name="subject" className="input" required maxLength={MESSAGE_LIMITS.subject} />
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
        <textarea
          id="tip-details"
          name="tip"
          className="input"
          rows={8}
          required
          maxLength={MESSAGE_LIMITS.body}
          aria-describedby="tip-details-hint"
        />
      </Field>
      <Field
        id="tip-sources"
        label="Sources & Evidence"
        optional
        hint="Documents, links or people who can confirm it. Do not attach anything that identifies you if you want to stay anonymous."
      >
        <textarea
          id="tip-sources"
          name="source"
          className="input"
          rows={4}
          maxLength={MESSAGE_LIMITS.source}
          aria-describedby="tip-sources-hint"
        />
      </Field>
    </>
  );
}

/** How to reach the tipster, and the switch that sends no contact at all. */
function ContactFields(props: {
  anonymous: boolean;
  setAnonymous: (anonymous: boolean) => void;
  anonymousBox: RefObject<HTMLInputElement | null>;
}) {
  const { anonymous, setAnonymous, anonymousBox } = props;
  return (
    <>
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
          maxLength={MESSAGE_LIMITS.contactInfo}
          aria-describedby="tip-contact-hint"
        />
      </Field>
      <div className="flex items-start gap-3">
        <input
          id="tip-anonymous"
          name="anonymous"
          type="checkbox"
          value="true"
          ref={anonymousBox}
          className="mt-1 size-4 accent-brand-700"
          checked={anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
        />
        <label htmlFor="tip-anonymous" className="text-sm text-slate-800">
          Submit anonymously (your contact information will not be stored)
        </label>
      </div>
    </>
  );
}

/** `stamp`: the page's stamp (see useMessageForm). */
export default function TipForm({ stamp }: { stamp: string }) {
  const [anonymous, setAnonymous] = useState(false);
  const anonymousBox = useRef<HTMLInputElement>(null);
  // Ticked before the island woke: the box is in the DOM, not yet in React's state.
  useEffect(() => setAnonymous(anonymousBox.current?.checked ?? false), []);
  const state = useMessageForm({
    stamp,
    confirmation: TIP_SENT,
    onReset: () => setAnonymous(false),
    build: (data) => ({
      type: 'tip' as const,
      subject: text(data, 'subject'),
      tip: text(data, 'tip'),
      source: text(data, 'source'),
      // An anonymous tip sends no contact at all (a disabled field is not in the form data either).
      contactInfo: anonymous ? '' : text(data, 'contactInfo'),
      anonymous,
      urgency: text(data, 'urgency') as (typeof URGENCY_LEVELS)[number],
    }),
  });
  return (
    <MessageForm
      type="tip"
      label="News tip form"
      submitLabel="Submit Tip"
      state={state}
      note="We store your tip, never your IP address or anything else about your connection; an anonymous tip stores no contact information at all. Tips are deleted automatically after the retention period in our privacy notice."
    >
      <TipFields />
      <ContactFields anonymous={anonymous} setAnonymous={setAnonymous} anonymousBox={anonymousBox} />
    </MessageForm>
  );
}
