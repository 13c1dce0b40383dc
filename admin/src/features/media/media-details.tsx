import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MediaDetail } from 'content-schema/media';
import { formatDateTime } from 'content-schema/format';
import { useMedia } from './api/get-media.ts';
import { DeleteImage } from './delete-image.tsx';
import { MediaDetailsForm } from './media-details-form.tsx';
import { ReplaceFile } from './replace-file.tsx';
import { dimensions, fileUrl, formatBytes, formatLines } from './media-texts.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

/** The image's size, upload and served files. */
function ImageFacts({ m }: { m: MediaDetail }) {
  return (
    <dl className="grid gap-2">
      <Row label="Dimensions">{dimensions(m)}</Row>
      <Row label="Uploaded">
        {formatBytes(m.bytes)}, <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
      </Row>
      <Row label="Served as">
        <ul>
          {formatLines(m).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Row>
    </dl>
  );
}

/** The posts whose body uses the image, each opening in the editor. */
function UsedBy({ posts }: { posts: MediaDetail['usedBy'] }) {
  return (
    <section aria-labelledby="media-used-by" className="grid gap-1">
      <h3 id="media-used-by" className="text-sm font-semibold">
        Used in
      </h3>
      {posts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No post uses this image.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {posts.map((p) => (
            <li key={p.id}>
              <Link className="font-medium text-primary underline-offset-4 hover:underline" to={`/edit/${p.id}`}>
                {p.title || 'Untitled post'}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One image: its preview and facts, the posts using it, its details form and Delete. */
function LoadedImage({ m }: { m: MediaDetail }) {
  return (
    <article className="grid gap-5 p-4 sm:p-6" aria-labelledby="media-file-name">
      <h2 id="media-file-name" className="break-words text-lg font-semibold">
        {m.fileName}
      </h2>
      <img
        src={fileUrl(m.fallback)}
        alt={m.alt}
        width={m.fallback.width}
        height={m.fallback.height}
        className="max-h-72 w-full rounded-md border bg-muted object-contain"
      />
      <ImageFacts m={m} />
      <UsedBy posts={m.usedBy} />
      <MediaDetailsForm m={m} />
      <ReplaceFile m={m} />
      <DeleteImage m={m} />
    </article>
  );
}

/** The image opened on the Media screen, read with the posts using it. */
export function MediaDetailsPanel({ id }: { id: number }) {
  const media = useMedia(id);
  if (media.isPending) return <p className="p-6 text-sm text-muted-foreground">Loading image...</p>;
  if (media.isError)
    return (
      <p role="alert" className="p-6 text-sm text-destructive">
        This image could not be loaded. It may have been deleted.
      </p>
    );
  return <LoadedImage m={media.data} />;
}
