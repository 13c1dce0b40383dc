import { Eye, Loader2, PenLine, Save } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { AutosaveStatus } from '../autosave-writer.ts';
import { SaveStatus } from '../save-status.tsx';

/** The editor header's actions: what autosave has done, the preview switch, and the explicit save. */
export function EditorActions({
  status,
  saving,
  blocked,
  isNew,
  preview,
  onTogglePreview,
}: {
  status: AutosaveStatus;
  saving: boolean;
  /** An offer or the compare view is open: the editor chooses there first. */
  blocked: boolean;
  isNew: boolean;
  preview: boolean;
  onTogglePreview: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SaveStatus status={status} />
      <Button variant="outline" aria-pressed={preview} onClick={onTogglePreview}>
        {preview ? <PenLine aria-hidden="true" /> : <Eye aria-hidden="true" />}
        Preview
      </Button>
      <Button type="submit" form="post-form" disabled={saving || blocked}>
        {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
        {saving ? 'Saving...' : isNew ? 'Create Post' : 'Update Post'}
      </Button>
    </div>
  );
}
