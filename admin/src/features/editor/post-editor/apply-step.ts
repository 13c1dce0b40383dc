import type { Autosave } from '../autosave.ts';
import type { EditorDefaults } from '../post-form-values.ts';
import type { SessionAction, SessionStep } from './editor-session.ts';

/** What carrying out a session step touches. */
export interface StepDeps {
  dispatch: (action: SessionAction) => void;
  /** Puts values in the form without counting as the editor's change. */
  replaceValues: (values: EditorDefaults) => void;
  /** The post version the editor's words are based on (read by autosave and the save). */
  baseVersion: { current: number };
  /** Writes the form's values to this browser's copy, based on `baseVersion`. */
  saveDraft: () => void;
  clearDraft: () => void;
  /** Removes the server's working copy (a failure leaves it for the dashboard's list). */
  deleteCopy: () => void;
  autosave: Pick<Autosave, 'setRevision' | 'changed' | 'resume'>;
  /** Saves the post. */
  submit: () => void;
}

/** Carries out a step of the editing session (see `SessionStep`), its parts in order. */
export function applyStep(deps: StepDeps, step: SessionStep): void {
  deps.dispatch({ type: 'step', step });
  if (step.values) deps.replaceValues(step.values);
  if (step.baseVersion !== undefined) deps.baseVersion.current = step.baseVersion;
  if (step.draft === 'save') deps.saveDraft();
  else if (step.draft === 'clear') deps.clearDraft();
  if (step.deleteCopy) deps.deleteCopy();
  if (step.revision !== undefined) deps.autosave.setRevision(step.revision);
  if (step.autosave && 'changed' in step.autosave) deps.autosave.changed();
  else if (step.autosave) deps.autosave.resume(step.autosave.resume);
  if (step.submit) deps.submit();
}
