import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import type { Media } from 'content-schema/media';
import { Button } from '../../components/ui/button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { replaceMediaFile, UploadRefused } from './api/upload-media.ts';
import { mediaQueryKeys } from './api/keys.ts';

/** Why a replacement failed: the server's reason (not an image, too large, busy) or the refusal made here. */
function reason(error: unknown): string {
  if (isApiError(error)) return error.detail ?? error.message;
  if (error instanceof UploadRefused) return error.message;
  return 'The server did not answer. Check your connection and try again.';
}

/**
 * Replace file: a new file for the image, which keeps its number, so every post showing it shows the new one (the
 * server renders those posts again). The upload's progress is shown as it goes; a refusal leaves the image as it was.
 */
export function ReplaceFile({ m }: { m: Media }) {
  const input = useRef<HTMLInputElement>(null);
  const [sent, setSent] = useState(0);
  const queryClient = useQueryClient();
  const replace = useMutation({
    mutationFn: (file: File) => replaceMediaFile(m.id, file, (bytes) => setSent(Math.round((bytes / file.size) * 100))),
    meta: { inlineErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mediaQueryKeys.all }),
  });
  return (
    <div className="grid gap-2 border-t pt-4">
      <p className="text-sm text-muted-foreground">
        A new file for this image keeps its alt text, caption and credit, and every post using it shows the new file.
      </p>
      <div>
        <Button variant="outline" onClick={() => input.current?.click()} disabled={replace.isPending}>
          <Upload aria-hidden="true" />
          {replace.isPending ? 'Replacing...' : 'Replace file'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label={`New file for ${m.fileName}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) {
              setSent(0);
              replace.mutate(file);
            }
          }}
        />
      </div>
      {replace.isPending ? (
        <progress className="w-full" max={100} value={sent} aria-label={`Uploading the new file for ${m.fileName}`} />
      ) : null}
      {replace.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {reason(replace.error)}
        </p>
      ) : null}
      {replace.isSuccess ? (
        <p role="status" className="text-sm">
          File replaced: {replace.data.fileName}.
        </p>
      ) : null}
    </div>
  );
}
