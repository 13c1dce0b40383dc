import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import type { Media } from 'content-schema/media';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useDeleteMedia } from './api/delete-media.ts';
import { refusalMessage } from './details-errors.ts';

/** Delete, confirmed first; a refusal (the image is in use) is shown beside the button and nothing changes. */
export function DeleteImage({ m }: { m: Media }) {
  const remove = useDeleteMedia();
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <div className="grid gap-2 border-t pt-4">
      <div>
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={remove.isPending}>
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting...' : 'Delete image'}
        </Button>
      </div>
      {remove.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {refusalMessage(remove.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this image?"
        description={`${m.fileName} and every size of it are removed from the library for good.`}
        confirmLabel="Delete"
        onConfirm={() => remove.mutate(m.id, { onSuccess: () => void navigate(`/media${search}`) })}
      />
    </div>
  );
}
