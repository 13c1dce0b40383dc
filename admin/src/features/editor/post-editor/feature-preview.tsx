import { useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { MEDIA_ERRORS, type Media } from 'content-schema/media';
import type { FeatureImage } from 'content-schema/post';
import { FormField } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { fileUrl, thumbnailOf, useMedia } from '../../media/index.ts';
import { focalPointSentence, focusAt, percentFromText, stepPercent } from '../feature-image.ts';

type Focus = Pick<FeatureImage, 'focusX' | 'focusY'>;

/**
 * The image as the library serves it (a small WebP, else the fallback), with a marker at the focal point; a click or
 * a tap on it moves the point there. The keyboard's way is the two fields below it.
 */
function FocalPointImage({
  media,
  image,
  onFocus,
}: {
  media: Media;
  image: FeatureImage;
  onFocus: (f: Focus) => void;
}) {
  const preview = thumbnailOf(media);
  function onClick(event: MouseEvent<HTMLDivElement>) {
    onFocus(focusAt(event.currentTarget.getBoundingClientRect(), { x: event.clientX, y: event.clientY }));
  }
  return (
    <div
      data-testid="feature-image-preview"
      className="relative cursor-crosshair overflow-hidden rounded-md bg-muted ring-1 ring-border"
      onClick={onClick}
    >
      <img
        src={fileUrl(preview)}
        alt={media.alt}
        width={preview.width}
        height={preview.height}
        draggable={false}
        className="block h-auto w-full select-none"
      />
      <span
        aria-hidden="true"
        data-testid="focal-point-marker"
        className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary/30 shadow-[0_0_0_2px_rgb(0_0_0/0.65)]"
        style={{ left: `${image.focusX}%`, top: `${image.focusY}%` }}
      />
    </div>
  );
}

/** A whole percentage, typed or moved by 5 with the Up and Down arrow keys. */
function PercentField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  // The text as typed (it may be empty for a moment); a value set elsewhere (a click on the image) replaces it.
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(String(value));
  }
  return (
    <FormField id={id} label={label}>
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const typed = percentFromText(event.target.value);
          if (typed !== null && typed !== value) onChange(typed);
        }}
        onKeyDown={(event) => {
          const next = stepPercent(value, event.key);
          if (next === null) return;
          event.preventDefault();
          onChange(next);
        }}
        onBlur={() => setText(String(value))}
      />
    </FormField>
  );
}

/**
 * The library has no alt text for the image: the post cannot go live until it has (written on the Media screen).
 * A refused publication that names the image says so here too.
 */
function MissingAlt({ id }: { id: number }) {
  return (
    <p className="text-sm text-warning">
      This image has no alt text yet:{' '}
      <Link to={`/media/${id}`} target="_blank" rel="noopener" className="font-medium underline underline-offset-4">
        add it in Media<span className="sr-only"> (opens in a new tab)</span>
      </Link>{' '}
      before publishing.
    </p>
  );
}

/**
 * The chosen image: its preview with the focal point, its file name and alt text, the focal point's fields.
 */
export function FeaturePreview({ image, onFocus }: { image: FeatureImage; onFocus: (focus: Focus) => void }) {
  // Read again on coming back to this tab: its alt text may just have been written on the Media screen.
  const media = useMedia(image.id, { refetchOnWindowFocus: true });
  if (media.isPending) return <p className="text-sm text-muted-foreground">Loading image...</p>;
  if (media.isError) {
    return (
      <p className="text-sm text-destructive">
        {isApiError(media.error) && media.error.status === 404
          ? MEDIA_ERRORS.featureNotFound
          : `Image ${image.id} could not be loaded.`}
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-xs text-muted-foreground">
        Click the image where the eye should fall: crops for the page, cards and sharing keep that point in view.
      </p>
      <FocalPointImage media={media.data} image={image} onFocus={onFocus} />
      <p className="break-words text-sm font-medium">{media.data.fileName}</p>
      {media.data.alt.trim() === '' ? <MissingAlt id={image.id} /> : null}
      <p className="text-sm">{focalPointSentence(image)}</p>
      <div className="grid grid-cols-2 gap-3">
        <PercentField
          id="feature-focus-x"
          label="Focal point, from the left (%)"
          value={image.focusX}
          onChange={(focusX) => onFocus({ focusX, focusY: image.focusY })}
        />
        <PercentField
          id="feature-focus-y"
          label="Focal point, from the top (%)"
          value={image.focusY}
          onChange={(focusY) => onFocus({ focusX: image.focusX, focusY })}
        />
      </div>
    </div>
  );
}
