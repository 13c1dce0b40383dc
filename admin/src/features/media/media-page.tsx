import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ScreenHeader } from '../../components/screen-header.tsx';
import type { MediaQuery } from './api/keys.ts';
import { useMediaList } from './api/get-media-list.ts';
import { LibraryImages } from './library-images.tsx';
import { MediaDetailsPanel } from './media-details.tsx';
import { MediaFilters } from './media-filters.tsx';
import { queryFromSearch, searchOfQuery, selectedImage } from './media-query.ts';
import { UploadButton } from './upload-button.tsx';
import { UploadList } from './upload-list.tsx';
import { useUploads } from './use-uploads.ts';

/** The search in the address (?q=&filter=); a change keeps the rest of it. */
function useSearchInAddress(): [MediaQuery, (change: Partial<MediaQuery>) => void] {
  const [params, setParams] = useSearchParams();
  return [
    queryFromSearch(params),
    (change) => setParams((prev) => searchOfQuery({ ...queryFromSearch(prev), ...change }), { replace: true }),
  ];
}

/** /admin/media[/:id]: the image library with its search and filters, uploads, and the image opened. */
export function MediaPage() {
  const selected = selectedImage(useParams().id);
  const [query, setQuery] = useSearchInAddress();
  const list = useMediaList(query);
  const { uploads, upload, dismiss } = useUploads();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <div className="min-h-screen">
      <ScreenHeader title="Media" actions={<UploadButton onFiles={(files) => void upload(files)} />} />
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <section aria-label="Library" className="grid content-start gap-4">
          <MediaFilters query={query} onChange={setQuery} />
          <UploadList uploads={uploads} onDismiss={dismiss} />
          <LibraryImages
            list={list}
            query={query}
            selected={selected}
            onChoose={(m) => void navigate(`/media/${m.id}${search}`)}
          />
        </section>
        <section aria-label="Image details" className="min-h-64 content-start rounded-lg border">
          {selected !== null ? (
            <MediaDetailsPanel key={selected} id={selected} />
          ) : (
            <p className="p-6 text-sm text-muted-foreground">Choose an image to see its details.</p>
          )}
        </section>
      </main>
    </div>
  );
}
