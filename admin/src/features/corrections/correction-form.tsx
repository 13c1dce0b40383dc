import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import type { Correction } from 'content-schema/corrections';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useRecordCorrection, useUpdateCorrection } from './api/corrections.ts';
import { checkDraft, draftOf, newDraft, serverErrors, type CorrectionErrors } from './correction-draft.ts';

/** The form's draft and errors; `edit` fills it with a correction to change, `reset` empties it. */
export function useCorrectionForm(postId: number) {
  const record = useRecordCorrection(postId);
  const update = useUpdateCorrection(postId);
  const [draft, setDraft] = useState(() => newDraft(new Date()));
  const [errors, setErrors] = useState<CorrectionErrors>({});

  const reset = () => {
    setDraft(newDraft(new Date()));
    setErrors({});
  };
  const edit = (correction: Correction) => {
    setDraft(draftOf(correction));
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, input } = checkDraft(draft);
    setErrors(found);
    if (!input) return;
    const onError = (error: unknown) => {
      const fromServer = serverErrors(error);
      if (fromServer) setErrors(fromServer);
    };
    if (draft.editing) update.mutate({ id: draft.editing.id, input }, { onSuccess: reset, onError });
    else record.mutate(input, { onSuccess: reset, onError });
  };

  const saving = record.isPending || update.isPending;
  return { draft, setDraft, errors, saving, reset, edit, submit };
}

/** What was wrong, what is right, and when (now by default): published at once. */
export function CorrectionForm({ form }: { form: ReturnType<typeof useCorrectionForm> }) {
  const { draft, setDraft, errors, saving, reset, submit } = form;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      aria-label={draft.editing ? 'Change the correction' : 'Record a correction'}
    >
      <p className="text-sm text-muted-foreground">
        A correction is published at once: a dated notice at the top of the article, its &ldquo;Updated&rdquo; time, the
        public corrections log and the feeds. It can be changed or withdrawn for 30 minutes; after that, record a
        further correction.
      </p>
      <FormField id="correction-wrong" label="What was wrong" error={errors.wrong}>
        <Textarea
          rows={3}
          value={draft.wrong}
          onChange={(e) => setDraft((d) => ({ ...d, wrong: e.target.value }))}
          placeholder="What the article said"
        />
      </FormField>
      <FormField id="correction-right" label="What is right" error={errors.right}>
        <Textarea
          rows={3}
          value={draft.right}
          onChange={(e) => setDraft((d) => ({ ...d, right: e.target.value }))}
          placeholder="What is correct"
        />
      </FormField>
      <FormField
        id="correction-at"
        label="Corrected at"
        hint="Your local time; now by default."
        error={errors.correctedAt}
      >
        <Input
          type="datetime-local"
          value={draft.at}
          onChange={(e) => setDraft((d) => ({ ...d, at: e.target.value, atChanged: true }))}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {draft.editing ? 'Save correction' : 'Publish correction'}
        </Button>
        {draft.editing ? (
          <Button type="button" variant="outline" onClick={reset}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
