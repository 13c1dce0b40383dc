/** The correction form (spec §2 Corrections, §3 Correction form): browser-checked fields, a confirmation, a reset. */
import { CORRECTIONS_EMAIL } from 'content-schema/site';
import { Field, NotConnectedNotice, confirmAndReset, useHydrated } from './ui/form-parts.tsx';

export default function CorrectionForm() {
  const hydrated = useHydrated();
  return (
    <form
      className="grid gap-5"
      aria-label="Correction form"
      onSubmit={confirmAndReset({
        title: 'Correction Submitted',
        description: "Thank you for helping us maintain accuracy. We'll review and respond within 2 hours.",
      })}
    >
      <Field id="correction-url" label="Article URL" hint="The address of the article, e.g. https://…/post/…">
        <input
          id="correction-url"
          name="articleUrl"
          className="input"
          inputMode="url"
          required
          aria-describedby="correction-url-hint"
        />
      </Field>
      <Field
        id="correction-details"
        label="Correction Details"
        hint="Quote the passage and tell us what is wrong and what is right."
      >
        <textarea
          id="correction-details"
          name="correction"
          className="input"
          rows={6}
          required
          aria-describedby="correction-details-hint"
        />
      </Field>
      <Field id="correction-sources" label="Supporting Sources" optional>
        <textarea id="correction-sources" name="source" className="input" rows={3} />
      </Field>
      <Field
        id="correction-contact"
        label="Contact Information"
        optional
        hint="If you would like to hear back from us."
      >
        <input
          id="correction-contact"
          name="contactInfo"
          className="input"
          aria-describedby="correction-contact-hint"
        />
      </Field>
      <NotConnectedNotice email={CORRECTIONS_EMAIL} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={!hydrated}>
          Submit Correction
        </button>
      </div>
    </form>
  );
}
