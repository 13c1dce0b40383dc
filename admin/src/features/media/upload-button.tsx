import { useRef } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** A button that opens the file chooser for images (several at once) and hands over the files chosen. */
export function UploadButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" />
        Upload images
      </Button>
      {/* Reached through the button: a second stop for the keyboard and screen readers would do the same. */}
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again is a change too.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
