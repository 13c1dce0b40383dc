import { useState, type ComponentProps } from 'react';
import { MAX_UPLOAD_BYTES, type Media } from 'content-schema/media';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useMediaList } from './api/get-media-list.ts';
import { AltTextForm } from './alt-text-form.tsx';
import { LibraryImages } from './library-images.tsx';
import { SearchBox } from './search-box.tsx';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './use-uploads.ts';

/** New images: a file field for several at once. */
function UploadTab({ onFiles }: { onFiles: (files: File[]) => void }) {
  return (
    <FormField
      id="picker-files"
      label="Choose images"
      hint={`JPEG, PNG, WebP, AVIF, GIF or TIFF, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB each. Images can also be dropped or pasted into the content.`}
    >
      <Input
        type="file"
        accept="image/*"
        multiple
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </FormField>
  );
}

/** The library, searched as typing pauses; choosing an image moves on to its alt text. */
function LibraryTab({ onChoose }: { onChoose: (media: Media) => void }) {
  const [q, setQ] = useState('');
  const query = { q: q.trim() || undefined };
  const list = useMediaList(query);
  return (
    <div className="grid gap-3">
      <SearchBox id="picker-search" onSearch={setQ} />
      <div className="max-h-[50vh] overflow-y-auto p-1">
        <LibraryImages list={list} query={query} onChoose={onChoose} />
      </div>
    </div>
  );
}

/** Upload or choose, then describe: the picker's two steps. */
function PickerSteps({ onInsert }: { onInsert: (markdown: string) => void }) {
  const [chosen, setChosen] = useState<readonly Media[] | null>(null);
  const { uploads, upload, dismiss } = useUploads();

  async function uploadFiles(files: File[]) {
    const done = await upload(files);
    // Whatever was chosen meanwhile (an image of the library) stays chosen.
    if (done.length > 0) setChosen((current) => current ?? done.map((d) => d.media));
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{chosen ? 'Describe the image' : 'Insert an image'}</DialogTitle>
        <DialogDescription>
          {chosen
            ? 'Alt text tells readers who cannot see an image what it shows; a post cannot be published without it.'
            : 'Upload images, or choose one from the library.'}
        </DialogDescription>
      </DialogHeader>
      <UploadList uploads={uploads} onDismiss={dismiss} />
      {chosen ? (
        <AltTextForm images={chosen} onInsert={onInsert} onBack={() => setChosen(null)} />
      ) : (
        <Tabs defaultValue="upload">
          <TabsList>
            <TabsTrigger value="upload">Upload</TabsTrigger>
            <TabsTrigger value="library">Library</TabsTrigger>
          </TabsList>
          <TabsContent value="upload">
            <UploadTab onFiles={(files) => void uploadFiles(files)} />
          </TabsContent>
          <TabsContent value="library">
            <LibraryTab onChoose={(media) => setChosen([media])} />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}

/**
 * The editor's Image dialog: upload images or choose one of the library, give each its alt text, and hand over
 * their references (`![alt](/media/{id})`, a paragraph each) to insert. Starts afresh each time it opens.
 */
export function MediaPicker({
  open,
  onOpenChange,
  onInsert,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (markdown: string) => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        <PickerSteps
          onInsert={(markdown) => {
            onInsert(markdown);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
