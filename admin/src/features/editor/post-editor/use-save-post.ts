import { useNavigate } from 'react-router';
import type { Post } from 'content-schema/post';
import { useCreatePost, useUpdatePost } from '../../posts/index.ts';
import { deleteWorkingCopy } from '../api/working-copies.ts';
import type { Autosave } from '../autosave.ts';
import { toPostInput, type EditorForm } from '../post-form-values.ts';
import type { SessionStep } from './editor-session.ts';
import { inputProblems, saveFailure, type FieldIssue } from './save-errors.ts';
import type { DraftWrites } from './use-draft-writes.ts';

interface SaveDeps {
  post: Post | null;
  copyKey: string;
  form: EditorForm;
  baseVersion: { current: number };
  drafts: DraftWrites;
  autosave: Autosave;
  /** Opens the compare view when the post was saved elsewhere first. */
  onConflict: (step: SessionStep) => void;
}

/**
 * The explicit save (Create Post / Update Post): the form's values as the post, based on the version the editor
 * started from. Until the server confirms, the words stay in this browser; no autosave may land after it.
 */
export function useSavePost({ post, copyKey, form, baseVersion, drafts, autosave, onConflict }: SaveDeps) {
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost();
  const showIssues = (issues: FieldIssue[]) => {
    for (const issue of issues) form.setError(issue.name, { message: issue.message });
  };

  const submit = form.handleSubmit((values) => {
    // Kept until the server confirms: if the session has expired, the login screen takes over and nothing is lost.
    drafts.save();
    const input = toPostInput(values, post?.authorId);
    const problems = inputProblems(input);
    if (problems) return showIssues(problems);
    // No autosave may land after the save (it would bring back a working copy of what is now saved).
    autosave.pause();
    const onSuccess = () => {
      autosave.settle();
      drafts.clearOwn();
      // The server removes a post's copy with the save; a new post's copy goes now (before the dashboard lists them).
      if (post) void navigate('/');
      else
        void deleteWorkingCopy(copyKey)
          .catch(() => {})
          .finally(() => void navigate('/'));
    };
    const onError = (error: unknown) => {
      const failure = saveFailure(error);
      if ('conflict' in failure) return onConflict({ conflict: failure.conflict });
      showIssues(failure.issues);
      autosave.resume();
    };
    if (post) {
      const saved = { ...input, version: baseVersion.current, copyRevision: autosave.revision() };
      update.mutate({ id: post.id, input: saved }, { onSuccess, onError });
    } else create.mutate(input, { onSuccess, onError });
  });

  return { submit, saving: create.isPending || update.isPending };
}
