import { CorrectionInputSchema, type Correction, type CorrectionInput } from 'content-schema/corrections';
import { isApiError } from '../../lib/api-client.ts';
import { fromLocalInput, toLocalInput } from './correction-time.ts';

export type CorrectionErrors = Partial<Record<'wrong' | 'right' | 'correctedAt', string>>;

/** The correction form as typed: a new correction, or one being changed (`editing`). */
export interface CorrectionDraft {
  editing: Correction | null;
  wrong: string;
  right: string;
  /** A `datetime-local` value in the browser's time zone. */
  at: string;
  /** Whether the editor changed "Corrected at": left alone, the server records the moment it is saved. */
  atChanged: boolean;
}

/** An empty form, corrected now. */
export function newDraft(now: Date): CorrectionDraft {
  return { editing: null, wrong: '', right: '', at: toLocalInput(now), atChanged: false };
}

/** The form filled with a correction to change. */
export function draftOf(correction: Correction): CorrectionDraft {
  return {
    editing: correction,
    wrong: correction.wrong,
    right: correction.right,
    at: toLocalInput(new Date(correction.correctedAt)),
    atChanged: false,
  };
}

/**
 * The draft checked with the API's schema: the first message per field, and the request body when there is none.
 * "Corrected at" is sent only when the editor changed it.
 */
export function checkDraft(draft: CorrectionDraft): { errors: CorrectionErrors; input: CorrectionInput | null } {
  const correctedAt = fromLocalInput(draft.at);
  const parsed = CorrectionInputSchema.safeParse({
    wrong: draft.wrong,
    right: draft.right,
    ...(correctedAt && draft.atChanged ? { correctedAt } : {}),
  });
  const errors: CorrectionErrors = correctedAt ? {} : { correctedAt: 'Enter the date and time of the correction' };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof CorrectionErrors;
      errors[key] ??= issue.message;
    }
  }
  const valid = parsed.success && Object.keys(errors).length === 0;
  return { errors, input: valid ? parsed.data : null };
}

/** The server's field messages of a refused correction; null when it did not answer. */
export function serverErrors(error: unknown): CorrectionErrors | null {
  if (!isApiError(error)) return null;
  const errors: CorrectionErrors = {};
  for (const issue of error.issues ?? []) {
    if (issue.path === 'wrong' || issue.path === 'right' || issue.path === 'correctedAt')
      errors[issue.path] = issue.message;
  }
  return errors;
}

/** Whether a correction may still be changed or withdrawn at `now`. */
export function stillEditable(correction: Correction, now: Date): boolean {
  return Date.parse(correction.editableUntil) > now.getTime();
}
