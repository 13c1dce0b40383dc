import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import type { Media } from 'content-schema/media';
import { Button } from '../../components/ui/button.tsx';
import { replaceMediaFile } from './api/upload-media.ts';
import { mediaQueryKeys } from './api/keys.ts';
import { uploadErrorMessage } from './upload-state.ts';

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
          {uploadErrorMessage(replace.error)}
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
