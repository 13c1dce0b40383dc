import type { Media } from 'content-schema/media';
import type { MediaQuery } from './api/keys.ts';
import type { useMediaList } from './api/get-media-list.ts';
import { MediaGrid } from './media-grid.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';

/** The library's state: failed (with Try again), loading, empty (for this search or at all), or its images. */
export function LibraryImages({
  list,
  query,
  selected,
  onChoose,
}: {
  list: ReturnType<typeof useMediaList>;
  query: MediaQuery;
  selected?: number | null;
  onChoose: (media: Media) => void;
}) {
  if (list.isError) {
    return <LoadFailed what="the images" onRetry={() => void list.refetch()} />;
  }
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading images...</p>;
  if (list.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        {query.q?.trim() || query.filter ? 'No images match.' : 'No images yet: upload the first.'}
      </p>
    );
  }
  return <MediaGrid items={list.data} selected={selected} onChoose={onChoose} />;
}
