import type { ComponentProps } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { AltTextForm } from './alt-text-form.tsx';
import { allAnswered, uploadedMedia } from './upload-state.ts';
import { UploadList } from './upload-list.tsx';
import type { ImageDrop } from './use-image-drop.ts';

/**
 * The images dropped or pasted into a text field: a progress bar each, the reason for each refused one, and once
 * none is on its way, one dialog asking the alt text of those uploaded before their references are inserted.
 */
export function DroppedUploads({
  drop,
  onInsert,
  onCloseAutoFocus,
}: {
  drop: ImageDrop;
  onInsert: (markdown: string) => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}) {
  const { uploads, dismiss } = drop;
  const uploaded = uploadedMedia(uploads);
  // Closing without inserting keeps the images in the library; the post just does not use them.
  const done = () => dismiss(uploaded.map((u) => u.key));
  return (
    <>
      <UploadList uploads={uploads} onDismiss={dismiss} />
      <Dialog
        open={uploaded.length > 0 && allAnswered(uploads)}
        onOpenChange={(open) => {
          if (!open) done();
        }}
      >
        <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>
              {uploaded.length === 1 ? 'Describe the uploaded image' : 'Describe the uploaded images'}
            </DialogTitle>
            <DialogDescription>
              Alt text tells readers who cannot see an image what it shows; a post cannot be published without it.
            </DialogDescription>
          </DialogHeader>
          <AltTextForm
            images={uploaded.map((u) => u.media)}
            onInsert={(markdown) => {
              onInsert(markdown);
              done();
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
