import { PostInputSchema, type PostInput } from 'content-schema/post';
import { isApiError } from '../../../lib/api-client.ts';
import { postConflict } from '../../posts/index.ts';
import { isEditorField, type EditorFieldName } from '../post-form-values.ts';
import type { Conflict } from './editor-session.ts';

/** A problem with one of the form's fields, shown under it. */
export interface FieldIssue {
  name: EditorFieldName;
  message: string;
}

/**
 * The request body's problems that the form's own check let through (rules only the whole post has), each on the
 * field it names; null when the body is valid. A problem on no field of the form still stops the save.
 */
export function inputProblems(input: PostInput): FieldIssue[] | null {
  const check = PostInputSchema.safeParse(input);
  if (check.success) return null;
  return check.error.issues.flatMap((issue) => {
    const name = String(issue.path[0] ?? '');
    return isEditorField(name) ? [{ name, message: issue.message }] : [];
  });
}

/** Why a save failed: the post was saved elsewhere first (the compare view opens), or the server's field problems. */
export type SaveFailure = { conflict: Conflict } | { issues: FieldIssue[] };

export function saveFailure(error: unknown): SaveFailure {
  const theirs = postConflict(error);
  if (theirs) return { conflict: { kind: 'post', theirs } };
  if (!isApiError(error)) return { issues: [] };
  return {
    issues: (error.issues ?? []).flatMap((issue) =>
      isEditorField(issue.path) ? [{ name: issue.path, message: issue.message }] : [],
    ),
  };
}
