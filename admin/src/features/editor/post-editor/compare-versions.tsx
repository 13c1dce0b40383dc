import { Button } from '../../../components/ui/button.tsx';
import type { CopyFields } from '../copy-fields.ts';
import { FieldsDiff } from '../fields-diff.tsx';
import type { Conflict } from './editor-session.ts';
import { compareView } from './session-texts.ts';

/** The compare view of a save or autosave refused because someone else saved first: keep mine, or take theirs. */
export function CompareVersions({
  conflict,
  mine,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: Conflict;
  /** The editor's fields now. */
  mine: CopyFields;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const view = compareView(conflict);
  return (
    <section
      aria-labelledby="conflict-title"
      className="mb-4 grid gap-4 rounded-md border border-destructive/40 bg-background p-4"
      ref={(el) => el?.scrollIntoView({ block: 'start' })}
    >
      <div className="grid gap-1">
        <h2 id="conflict-title" className="font-semibold">
          Compare versions
        </h2>
        <p className="text-sm text-muted-foreground">{view.message}</p>
      </div>
      {view.theirs ? (
        <FieldsDiff from={view.theirs.fields} to={mine} fromLabel={view.theirs.label} toLabel="your version" />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onKeepMine}>
          {view.keepLabel}
        </Button>
        {view.theirs ? (
          <Button variant="outline" size="sm" onClick={onTakeTheirs}>
            Take theirs
          </Button>
        ) : null}
      </div>
    </section>
  );
}
