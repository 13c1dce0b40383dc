/**
 * The correction form: posts to the newsroom's Inbox, confirms once
 * stored. Opened from an article (`/corrections?article=<slug>`, or `?url=<address>`), the Article URL is filled in.
 */
import { useEffect, useRef, useState } from 'react';
import { CORRECTION_SENT, MESSAGE_LIMITS } from 'content-schema/message-text';
import { Field, MessageForm, useMessageForm } from './ui/form-parts.tsx';

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** The article named in the page's address, as a URL, or ''. */
function articleFromLocation(): string {
  const params = new URLSearchParams(window.location.search);
  const slug = params.get('article');
  if (slug && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return `${window.location.origin}/post/${slug}`;
  const url = params.get('url');
  return url ? url.slice(0, MESSAGE_LIMITS.articleUrl) : '';
}

/** `stamp`: the page's stamp (see useMessageForm). */
export default function CorrectionForm({ stamp }: { stamp: string }) {
  const [articleUrl, setArticleUrl] = useState('');
  const urlField = useRef<HTMLInputElement>(null);
  // An address typed before the island woke is kept; else the article the page's address names.
  useEffect(() => setArticleUrl(urlField.current?.value || articleFromLocation()), []);
  const state = useMessageForm({
    stamp,
    confirmation: CORRECTION_SENT,
    onReset: () => setArticleUrl(''),
    build: (data) => ({
      type: 'correction' as const,
      articleUrl: text(data, 'articleUrl'),
      correction: text(data, 'correction'),
      source: text(data, 'source'),
      contactInfo: text(data, 'contactInfo'),
    }),
  });
  return (
    <MessageForm type="correction" label="Correction form" submitLabel="Submit Correction" state={state}>
      <Field id="correction-url" label="Article URL" hint="The address of the article, e.g. https://…/post/…">
        <input
          id="correction-url"
          name="articleUrl"
          ref={urlField}
          className="input"
          inputMode="url"
          required
          maxLength={MESSAGE_LIMITS.articleUrl}
          value={articleUrl}
          onChange={(e) => setArticleUrl(e.target.value)}
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
          maxLength={MESSAGE_LIMITS.body}
          aria-describedby="correction-details-hint"
        />
      </Field>
      <Field id="correction-sources" label="Supporting Sources" optional>
        <textarea id="correction-sources" name="source" className="input" rows={3} maxLength={MESSAGE_LIMITS.source} />
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
          maxLength={MESSAGE_LIMITS.contactInfo}
          aria-describedby="correction-contact-hint"
        />
      </Field>
    </MessageForm>
  );
}
