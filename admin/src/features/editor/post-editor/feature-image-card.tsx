import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useController } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { MediaPicker } from '../../media/index.ts';
import { chosenFeature, featureImageOf } from '../feature-image.ts';
import type { EditorForm } from '../post-form-values.ts';
import { FeaturePreview } from './feature-preview.tsx';

/** The card's buttons: Choose with none, Change and Remove with one. Each takes the form's focus on an error. */
function FeatureButtons({
  chosen,
  errorId,
  buttons,
  fieldRef,
  onPick,
  onRemove,
}: {
  chosen: boolean;
  errorId: string | undefined;
  buttons: { choose: RefObject<HTMLButtonElement | null>; change: RefObject<HTMLButtonElement | null> };
  fieldRef: (el: HTMLButtonElement | null) => void;
  onPick: () => void;
  onRemove: () => void;
}) {
  // The button that opens the picker is the field's element (the form focuses it on an error) and, once the dialog
  // closes, where the keyboard goes on.
  const pick = (own: RefObject<HTMLButtonElement | null>, label: ReactNode) => (
    <Button
      variant="outline"
      size="sm"
      aria-describedby={errorId}
      onClick={onPick}
      ref={(el) => {
        own.current = el;
        fieldRef(el);
      }}
    >
      {label}
    </Button>
  );
  if (!chosen) return pick(buttons.choose, 'Choose feature image');
  return (
    <div className="flex flex-wrap gap-2">
      {pick(
        buttons.change,
        <>
          Change<span className="sr-only"> feature image</span>
        </>,
      )}
      <Button variant="outline" size="sm" onClick={onRemove}>
        Remove<span className="sr-only"> feature image</span>
      </Button>
    </div>
  );
}

/**
 * The post's feature image: none and "Choose feature image", or the image with its focal point, Change and Remove.
 * Choosing one (from the library, or uploaded) sets it with its focal point in the middle; the server's refusals of
 * the image (no longer in the library; no alt text, when publishing) show here, on the field.
 */
export function FeatureImageCard({ form }: { form: EditorForm }) {
  const { field, fieldState } = useController({ control: form.control, name: 'featureImage' });
  const image = featureImageOf(field.value);
  const [picking, setPicking] = useState(false);
  const buttons = { choose: useRef<HTMLButtonElement | null>(null), change: useRef<HTMLButtonElement | null>(null) };
  // After Remove, the keyboard goes on from the button that takes its place.
  const removed = useRef(false);
  const none = image === null;
  useEffect(() => {
    if (!none || !removed.current) return;
    removed.current = false;
    buttons.choose.current?.focus();
  }, [none]);
  const error = fieldState.error?.message;

  return (
    <Card role="region" aria-labelledby="feature-image-title">
      <CardHeader>
        <CardTitle as="h2" id="feature-image-title" className="text-base">
          Feature image
        </CardTitle>
        <CardDescription>Stands for the post at its top, on its cards and when it is shared.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {image ? (
          <FeaturePreview image={image} onFocus={(focus) => field.onChange({ ...image, ...focus })} />
        ) : (
          <p className="text-sm text-muted-foreground">No feature image.</p>
        )}
        {error ? (
          <p id="feature-image-error" role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <FeatureButtons
          chosen={image !== null}
          errorId={error ? 'feature-image-error' : undefined}
          buttons={buttons}
          fieldRef={field.ref}
          onPick={() => setPicking(true)}
          onRemove={() => {
            removed.current = true;
            field.onChange(null);
          }}
        />
      </CardContent>
      <MediaPicker
        open={picking}
        onOpenChange={setPicking}
        title="Choose a feature image"
        selected={image?.id ?? null}
        onPick={(media) => field.onChange(chosenFeature(media.id))}
        // Back to the card's button (Change once an image is chosen), not to the one that opened the dialog.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          (buttons.change.current ?? buttons.choose.current)?.focus();
        }}
      />
    </Card>
  );
}
