import { useEffect, useRef, useState, type ComponentProps } from 'react';
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

/** New images: a file field, for several at once or for one. */
function UploadTab({ multiple, onFiles }: { multiple: boolean; onFiles: (files: File[]) => void }) {
  const limits = `JPEG, PNG, WebP, AVIF, GIF or TIFF, up to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
  return (
    <FormField
      id="picker-files"
      label={multiple ? 'Choose images' : 'Choose an image'}
      hint={multiple ? `${limits} each. Images can also be dropped or pasted into the content.` : `${limits}.`}
    >
      <Input
        type="file"
        accept="image/*"
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </FormField>
  );
}

/** The library, searched as typing pauses; the image chosen is handed over. */
function LibraryTab({ selected, onChoose }: { selected?: number | null; onChoose: (media: Media) => void }) {
  const [q, setQ] = useState('');
  const query = { q: q.trim() || undefined };
  const list = useMediaList(query);
  return (
    <div className="grid gap-3">
      <SearchBox id="picker-search" onSearch={setQ} />
      <div className="max-h-[50vh] overflow-y-auto p-1">
        <LibraryImages list={list} query={query} selected={selected} onChoose={onChoose} />
      </div>
    </div>
  );
}

/** Where images come from: new files (Upload) or the library. */
function SourceTabs({
  multiple,
  selected,
  onFiles,
  onChoose,
}: {
  multiple: boolean;
  selected?: number | null;
  onFiles: (files: File[]) => void;
  onChoose: (media: Media) => void;
}) {
  return (
    <Tabs defaultValue="upload">
      <TabsList>
        <TabsTrigger value="upload">Upload</TabsTrigger>
        <TabsTrigger value="library">Library</TabsTrigger>
      </TabsList>
      <TabsContent value="upload">
        <UploadTab multiple={multiple} onFiles={onFiles} />
      </TabsContent>
      <TabsContent value="library">
        <LibraryTab selected={selected} onChoose={onChoose} />
      </TabsContent>
    </Tabs>
  );
}

/** Upload or choose, then describe: the steps of images inserted into the body. */
function InsertSteps({ onInsert }: { onInsert: (markdown: string) => void }) {
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
        <SourceTabs multiple onFiles={(files) => void uploadFiles(files)} onChoose={(media) => setChosen([media])} />
      )}
    </>
  );
}

/** Upload one image or choose one of the library: the image is handed over as it is (its alt text is the library's). */
function PickSteps({ title, selected, onPick }: Omit<PickOne, 'onInsert'>) {
  const { uploads, upload, dismiss } = useUploads();
  // Closing the dialog while the file uploads means no: the image joins the library, but is not picked.
  const open = useRef(false);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  async function uploadFile(files: File[]) {
    const [done] = await upload(files.slice(0, 1));
    if (done && open.current) onPick(done.media);
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Upload an image, or choose one from the library.</DialogDescription>
      </DialogHeader>
      <UploadList uploads={uploads} onDismiss={dismiss} />
      <SourceTabs multiple={false} selected={selected} onFiles={(files) => void uploadFile(files)} onChoose={onPick} />
    </>
  );
}

/** Images for the body: each gets its alt text, then their references (`![alt](/media/{id})`) are handed over. */
interface InsertImages {
  onInsert: (markdown: string) => void;
  onPick?: never;
}

/** One image for another use (the post's feature image): the library image itself is handed over. */
interface PickOne {
  onPick: (media: Media) => void;
  /** The dialog's title: what the image is for. */
  title: string;
  /** The image now in that use, marked in the library. */
  selected?: number | null;
  onInsert?: never;
}

/**
 * The editor's image dialog: upload images or choose one of the library. For the body (`onInsert`), give each its
 * alt text and hand over their references (a paragraph each) to insert; for one image (`onPick`), hand over the
 * image chosen or uploaded. Starts afresh each time it opens.
 */
export function MediaPicker({
  open,
  onOpenChange,
  onCloseAutoFocus,
  ...use
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
} & (InsertImages | PickOne)) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        {use.onPick ? (
          <PickSteps
            title={use.title}
            selected={use.selected}
            onPick={(media) => {
              use.onPick(media);
              onOpenChange(false);
            }}
          />
        ) : (
          <InsertSteps
            onInsert={(markdown) => {
              use.onInsert(markdown);
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
