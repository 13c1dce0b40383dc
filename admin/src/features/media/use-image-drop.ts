import type { ClipboardEvent, DragEvent } from 'react';
import { carriesFiles, filesToUpload, type Transfer } from './dropped-files.ts';
import { useUploads } from './use-uploads.ts';

/**
 * Uploads the image files dropped on or pasted into a text field (spread `handlers` on it); text is left to the
 * browser. `DroppedUploads` shows their progress and asks for their alt text.
 */
export function useImageDrop() {
  const uploads = useUploads();
  const { upload } = uploads;

  function take(transfer: Transfer | null, kind: 'drop' | 'paste', event: { preventDefault: () => void }) {
    const files = filesToUpload(transfer, kind);
    if (files.length === 0) return;
    event.preventDefault();
    void upload(files);
  }

  const handlers = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDrop: (event: DragEvent<HTMLElement>) => take(event.dataTransfer, 'drop', event),
    onPaste: (event: ClipboardEvent<HTMLElement>) => take(event.clipboardData, 'paste', event),
  };
  return { ...uploads, handlers };
}

export type ImageDrop = ReturnType<typeof useImageDrop>;
