/**
 * The post's feature image as the editor handles it, as plain data: a library image by its number and its focal
 * point in whole percent from the left and the top (content-schema FeatureImageSchema), set by a click on the
 * preview or by the arrow keys, compared part by part and described in words.
 */
import type { z } from 'zod';
import type { FeatureImage, FeatureImageSchema } from 'content-schema/post';

/** A feature image as the form may hold it: the focal point may still be missing (the schema's default applies). */
export type FeatureImageValue = z.input<typeof FeatureImageSchema>;

/** The focal point of an image just chosen, and of one whose point was never set: the middle. */
export const CENTRE = 50;
/** How far an arrow key moves the focal point, in percent. */
export const FOCUS_STEP = 5;

/** A library image chosen as the feature image: its focal point starts in the middle. */
export function chosenFeature(id: number): FeatureImage {
  return { id, focusX: CENTRE, focusY: CENTRE };
}

/** The feature image with its focal point filled in, its parts in one order; none stays null. */
export function featureImageOf(value: FeatureImageValue | null | undefined): FeatureImage | null {
  if (!value) return null;
  return { id: value.id, focusX: value.focusX ?? CENTRE, focusY: value.focusY ?? CENTRE };
}

/** A whole percentage between 0 and 100. */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return CENTRE;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** The focal point a click (or tap) at `point` on the image shown in `box` sets: whole percent from its corner. */
export function focusAt(
  box: { left: number; top: number; width: number; height: number },
  point: { x: number; y: number },
): { focusX: number; focusY: number } {
  const share = (offset: number, size: number) => (size > 0 ? (offset / size) * 100 : CENTRE);
  return {
    focusX: clampPercent(share(point.x - box.left, box.width)),
    focusY: clampPercent(share(point.y - box.top, box.height)),
  };
}

/** The value the Up or Down arrow key makes of a percentage (5 more or less, within 0-100), or null for other keys. */
export function stepPercent(value: number, key: string): number | null {
  if (key === 'ArrowUp') return clampPercent(value + FOCUS_STEP);
  if (key === 'ArrowDown') return clampPercent(value - FOCUS_STEP);
  return null;
}

/** A percentage typed into a field, kept between 0 and 100; null while the text is no number. */
export function percentFromText(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? clampPercent(value) : null;
}

/** 'focal point 50 % × 30 %' (from the left × from the top). */
export function focalPointText(image: Pick<FeatureImage, 'focusX' | 'focusY'>): string {
  return `focal point ${image.focusX} % × ${image.focusY} %`;
}

/** 'Focal point: 50 % from the left, 30 % from the top.' */
export function focalPointSentence(image: Pick<FeatureImage, 'focusX' | 'focusY'>): string {
  return `Focal point: ${image.focusX} % from the left, ${image.focusY} % from the top.`;
}

/** A feature image in words: '“harbour.png” (image 12), focal point 50 % × 30 %', or 'none'. */
export function featureImageText(value: FeatureImageValue | null | undefined, fileName?: string): string {
  const image = featureImageOf(value);
  if (!image) return 'none';
  const name = fileName ? `“${fileName}” (image ${image.id})` : `image ${image.id}`;
  return `${name}, ${focalPointText(image)}`;
}

/** Whether two feature images are the same image with the same focal point (or both none). */
export function sameFeatureImage(a: FeatureImageValue | null | undefined, b: FeatureImageValue | null | undefined) {
  const [x, y] = [featureImageOf(a), featureImageOf(b)];
  if (x === null || y === null) return x === y;
  return x.id === y.id && x.focusX === y.focusX && x.focusY === y.focusY;
}
