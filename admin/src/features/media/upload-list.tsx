import { Progress } from '../../components/ui/progress.tsx';
import { Button } from '../../components/ui/button.tsx';
import { uploadPercent, type Upload } from './upload-state.ts';

const STATUS_TEXT = { queued: 'Waiting...', processing: 'Processing...' } as const;

/** A file on its way: its name, a bar named after it, and what it is doing. */
function UploadProgress({ upload }: { upload: Upload }) {
  const percent = uploadPercent(upload);
  return (
    <div className="grid gap-1">
      <div className="flex justify-between gap-3 text-sm">
        <span className="truncate">{upload.name}</span>
        <span className="shrink-0 text-muted-foreground">
          {upload.status === 'queued' || upload.status === 'processing' ? STATUS_TEXT[upload.status] : `${percent}%`}
        </span>
      </div>
      <Progress value={percent} aria-label={`Uploading ${upload.name}`} className="h-2" />
    </div>
  );
}

/** A refused file: the server's reason, kept until dismissed. */
function UploadRefusal({ upload, onDismiss }: { upload: Upload & { status: 'failed' }; onDismiss: () => void }) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-md border border-destructive/50 p-3">
      <p role="alert" className="text-sm text-destructive">
        <span className="font-medium">{upload.name} was not uploaded.</span> {upload.error}
      </p>
      <Button variant="ghost" size="sm" onClick={onDismiss} aria-label={`Dismiss the message about ${upload.name}`}>
        Dismiss
      </Button>
    </div>
  );
}

/** Uploads still on their way (a progress bar each) and refused ones (their reason); finished ones are not listed. */
export function UploadList({
  uploads,
  onDismiss,
}: {
  uploads: readonly Upload[];
  onDismiss: (keys: readonly number[]) => void;
}) {
  const shown = uploads.filter((u) => u.status !== 'done');
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="grid gap-3">
      {shown.map((u) => (
        <li key={u.key}>
          {u.status === 'failed' ? (
            <UploadRefusal upload={u} onDismiss={() => onDismiss([u.key])} />
          ) : (
            <UploadProgress upload={u} />
          )}
        </li>
      ))}
    </ul>
  );
}
