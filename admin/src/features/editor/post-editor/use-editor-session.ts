import { useEffect, useReducer, useRef, useState, type Dispatch } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { PostFormSchema, type Post, type PostForm } from 'content-schema/post';
import { readPrefill } from '../../../lib/editor-prefill.ts';
import { deleteWorkingCopy, readWorkingCopy } from '../api/working-copies.ts';
import { useAutosave, type Autosave } from '../autosave.ts';
import { toCopyFields } from '../copy-fields.ts';
import { draftKey, newCopyKey, useDraftStore } from '../draft-store.ts';
import type { EditorDefaults, EditorForm, EditorValues } from '../post-form-values.ts';
import { applyStep, type StepDeps } from './apply-step.ts';
import {
  autosaveWaits,
  baseValues,
  copyConflictStep,
  initialState,
  sessionReducer,
  startSession,
  type SessionAction,
  type SessionStart,
  type SessionStep,
} from './editor-session.ts';
import { useDraftWrites, type DraftWrites } from './use-draft-writes.ts';
import { useSavePost } from './use-save-post.ts';

/**
 * Every change goes to localStorage at once (a closed tab or a dead network loses nothing) and to the server
 * working copy after a quiet moment. Resets the editor makes itself (a restore, taking theirs) are not changes:
 * the returned `replaceValues` makes them.
 */
function useChangesKept(form: EditorForm, drafts: DraftWrites, autosave: Autosave) {
  const quiet = useRef(false);
  const { watch, reset } = form;
  const { changed } = autosave;
  useEffect(() => {
    const subscription = watch(() => {
      if (quiet.current) return;
      drafts.save();
      changed();
    });
    return () => subscription.unsubscribe();
  }, [watch, drafts, changed]);
  return (values: EditorDefaults) => {
    quiet.current = true;
    try {
      reset(values);
    } finally {
      quiet.current = false;
    }
  };
}

/**
 * The server's working copy (autosaved by this or another browser): its revision is what this tab has seen, and
 * if it holds changes newer than this browser's, it is the one offered. Autosave waits until it has been read.
 */
function useServerCopy(start: SessionStart, post: Post | null, dispatch: Dispatch<SessionAction>, autosave: Autosave) {
  useEffect(() => {
    if (!start.checkServer) return;
    let stop = false;
    readWorkingCopy(start.copyKey)
      .then((copy) => {
        if (stop || !copy) return;
        autosave.setRevision(copy.revision);
        dispatch({ type: 'server-copy', copy, base: baseValues(post) });
      })
      .catch(() => {
        // Offline or signed out: the browser's copy (if any) is what there is; autosave says so when it tries.
      })
      .finally(() => {
        if (!stop) dispatch({ type: 'checked' });
      });
    return () => {
      stop = true;
    };
  }, []);
}

/**
 * A template's content is applied once: store it as the draft and drop it from the history entry, so that a
 * reload offers later edits instead of re-applying the template.
 */
function usePrefillKept(start: SessionStart, drafts: DraftWrites, autosave: Autosave) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!start.prefilled) return;
    drafts.save();
    autosave.changed();
    void navigate('.', { replace: true, state: null });
  }, []);
}

/** Autosave waits while an offer is open or the server copy is being read, and goes on after. */
function useAutosaveWaits(waits: boolean, autosave: Autosave) {
  useEffect(() => {
    if (waits) autosave.pause();
    else autosave.resume();
  }, [waits]);
}

/**
 * The editor's session: the form, its copy in this browser and on the server (autosave), the unsaved changes
 * offered on opening, and the compare view when a save or an autosave finds that someone else saved first. The
 * decisions are plain functions (`editor-session.ts`); this hook carries them out.
 */
export function useEditorSession(post: Post | null) {
  const location = useLocation();
  const key = draftKey(post?.id ?? null);
  const [start] = useState(() =>
    startSession({
      post,
      prefill: readPrefill(location.state),
      routerState: location.state,
      stored: useDraftStore.getState().drafts[key],
      newCopyKey,
    }),
  );
  const [state, dispatch] = useReducer(sessionReducer, null, () => initialState(start, post));
  const form = useForm<EditorValues, unknown, PostForm>({
    resolver: zodResolver(PostFormSchema),
    defaultValues: start.values,
  });
  /** The saved post version the editor is based on: a save names it and is refused if the post moved on. */
  const baseVersion = useRef(post?.version ?? 0);
  const drafts = useDraftWrites(key, start.copyKey, baseVersion, form);
  const mine = () => toCopyFields(form.getValues());
  const autosave = useAutosave({
    copyKey: start.copyKey,
    fields: mine,
    baseVersion: () => baseVersion.current,
    onConflict: (theirs) => apply(copyConflictStep(theirs, mine())),
  });
  // Effects run in the order called: autosave's wait is settled before a prefill records its change, which then
  // goes to the server after the usual quiet moment (not at once).
  useAutosaveWaits(autosaveWaits(state), autosave);
  const replaceValues = useChangesKept(form, drafts, autosave);
  useServerCopy(start, post, dispatch, autosave);
  usePrefillKept(start, drafts, autosave);
  const save = useSavePost({ post, copyKey: start.copyKey, form, baseVersion, drafts, autosave, onConflict: apply });
  const deps: StepDeps = {
    dispatch,
    replaceValues,
    baseVersion,
    saveDraft: drafts.save,
    clearDraft: drafts.clear,
    deleteCopy: () => void deleteWorkingCopy(start.copyKey).catch(() => {}),
    autosave,
    submit: () => void save.submit(),
  };
  function apply(step: SessionStep) {
    applyStep(deps, step);
  }
  return { form, state, baseVersion, autosave, save, apply };
}

export type EditorSession = ReturnType<typeof useEditorSession>;
