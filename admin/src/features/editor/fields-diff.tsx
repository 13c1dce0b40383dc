import { diffLines, diffWords, hasChanges, type DiffPart } from 'content-schema/diff';
import type { FeatureImage } from 'content-schema/post';
import { cn } from '../../lib/cn.ts';
import { fieldLabel } from 'content-schema/post-fields';
import { useMedia } from '../media/index.ts';
import { differingFields, type CopyFields } from './copy-fields.ts';
import { featureImageText } from './feature-image.ts';

const show = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function Words({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.op === 'equal' ? (
          <span key={i}>{part.text}</span>
        ) : part.op === 'delete' ? (
          <del key={i} className="rounded-sm bg-destructive/15 text-destructive line-through decoration-destructive/60">
            {part.text}
          </del>
        ) : (
          <ins key={i} className="rounded-sm bg-success/15 text-success no-underline">
            {part.text}
          </ins>
        ),
      )}
    </>
  );
}

/** A body's line diff: unchanged lines plain, removed lines marked −, added lines +, the changed words inside. */
function LinesDiff({ from, to }: { from: string; to: string }) {
  const lines = diffLines(from, to);
  // The stored texts differ, but only in line endings, which the line diff does not count as a change.
  if (!hasChanges(lines)) return <p className="text-muted-foreground">Only the line breaks differ.</p>;
  return (
    <div className="max-h-96 overflow-auto rounded-md border font-mono text-xs leading-relaxed">
      {lines.map((line, i) => (
        <div
          key={i}
          className={cn(
            'flex gap-2 px-2 whitespace-pre-wrap break-words',
            line.op === 'delete' && 'bg-destructive/10',
            line.op === 'insert' && 'bg-success/10',
          )}
        >
          <span aria-hidden="true" className="w-3 shrink-0 select-none text-muted-foreground">
            {line.op === 'delete' ? '−' : line.op === 'insert' ? '+' : ' '}
          </span>
          <span className="sr-only">
            {line.op === 'delete' ? 'Removed line: ' : line.op === 'insert' ? 'Added line: ' : ''}
          </span>
          <span className="min-w-0">{line.words ? <Words parts={line.words} /> : line.text || '\u00a0'}</span>
        </div>
      ))}
    </div>
  );
}

/** A feature image in words, named by its file once the library has answered (by its number meanwhile). */
function FeatureImageWords({ image }: { image: FeatureImage }) {
  const media = useMedia(image.id);
  return <>{featureImageText(image, media.data?.fileName)}</>;
}

/** One version's feature image, or none. */
function FeatureImageValue({ image }: { image: FeatureImage | null | undefined }) {
  return image ? <FeatureImageWords image={image} /> : <>{featureImageText(null)}</>;
}

/**
 * The differences between two sets of the editor's fields, field by field: words of short fields, lines (with
 * their words) of the body. Read as "from → to": struck-through text is only in `from`, underlined only in `to`.
 */
export function FieldsDiff({
  from,
  to,
  fromLabel,
  toLabel,
}: {
  from: CopyFields;
  to: CopyFields;
  fromLabel: string;
  toLabel: string;
}) {
  const fields = differingFields(from, to);
  if (fields.length === 0) return <p className="text-sm text-muted-foreground">No differences.</p>;
  return (
    <div className="grid gap-4">
      <p className="text-xs text-muted-foreground">
        <del className="bg-destructive/15 text-destructive">Struck through</del>: only in {fromLabel}.{' '}
        <ins className="bg-success/15 text-success no-underline">Highlighted</ins>: only in {toLabel}.
      </p>
      <dl className="grid gap-4">
        {fields.map((field) => (
          <div key={field} className="grid gap-1">
            <dt className="text-sm font-medium">{fieldLabel(field)}</dt>
            <dd className="text-sm">
              {field === 'content' ? (
                <LinesDiff from={from.content} to={to.content} />
              ) : field === 'published' ? (
                <span>
                  {fromLabel}: {from.published ? 'published' : 'draft'}; {toLabel}:{' '}
                  {to.published ? 'published' : 'draft'}
                </span>
              ) : field === 'featureImage' ? (
                <span className="break-words">
                  {fromLabel}: <FeatureImageValue image={from.featureImage} />; {toLabel}:{' '}
                  <FeatureImageValue image={to.featureImage} />
                </span>
              ) : (
                <span className="whitespace-pre-wrap break-words">
                  <Words parts={diffWords(show(from[field]), show(to[field]))} />
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
