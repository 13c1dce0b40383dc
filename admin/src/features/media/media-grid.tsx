import type { Media } from 'content-schema/media';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { dimensions, fileUrl, thumbnailOf } from './media-texts.ts';

/** The library's images as thumbnails, each a button named by its file name, size and whether it lacks alt text. */
export function MediaGrid({
  items,
  selected,
  onChoose,
}: {
  items: readonly Media[];
  selected?: number | null;
  onChoose: (media: Media) => void;
}) {
  return (
    <ul aria-label="Images" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {items.map((m) => {
        const thumbnail = thumbnailOf(m);
        return (
          <li key={m.id} data-testid="media-item">
            <button
              type="button"
              onClick={() => onChoose(m)}
              aria-current={m.id === selected ? 'true' : undefined}
              className={cn(
                'grid h-full w-full content-start gap-1 rounded-lg border p-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                m.id === selected && 'border-primary bg-accent',
              )}
            >
              {/* The button's text names the image; its alt text is the image's own business, shown in its details. */}
              <img
                src={fileUrl(thumbnail)}
                alt=""
                width={thumbnail.width}
                height={thumbnail.height}
                loading="lazy"
                className="aspect-[4/3] w-full rounded bg-muted object-cover"
              />
              <span className="truncate text-sm font-medium">{m.fileName}</span>
              <span className="text-xs text-muted-foreground">{dimensions(m)}</span>
              {m.alt ? null : (
                <Badge variant="outline" className="w-fit">
                  No alt text
                </Badge>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
