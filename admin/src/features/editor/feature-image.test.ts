import { describe, expect, it } from 'vitest';
import {
  chosenFeature,
  clampPercent,
  featureImageOf,
  featureImageText,
  focalPointSentence,
  focalPointText,
  focusAt,
  percentFromText,
  sameFeatureImage,
  stepPercent,
} from './feature-image.ts';

describe('choosing a feature image', () => {
  it('sets the library image with its focal point in the middle', () => {
    expect(chosenFeature(12)).toEqual({ id: 12, focusX: 50, focusY: 50 });
  });

  it('fills in a focal point never set; none stays none', () => {
    expect(featureImageOf({ id: 12 })).toEqual({ id: 12, focusX: 50, focusY: 50 });
    expect(featureImageOf({ id: 12, focusX: 0, focusY: 100 })).toEqual({ id: 12, focusX: 0, focusY: 100 });
    expect(featureImageOf(null)).toBeNull();
    expect(featureImageOf(undefined)).toBeNull();
  });
});

describe('the focal point from a click on the preview', () => {
  const box = { left: 100, top: 200, width: 320, height: 240 };

  it('is the clicked point in whole percent from the image’s left and top', () => {
    expect(focusAt(box, { x: 100 + 240, y: 200 + 180 })).toEqual({ focusX: 75, focusY: 75 });
    expect(focusAt(box, { x: 100 + 160, y: 200 + 120 })).toEqual({ focusX: 50, focusY: 50 });
    // 33.4 % and 66.7 %: rounded to whole percent.
    expect(focusAt(box, { x: 100 + 107, y: 200 + 160 })).toEqual({ focusX: 33, focusY: 67 });
  });

  it('is the corners at the edges, and stays within 0-100 for a point just outside', () => {
    expect(focusAt(box, { x: 100, y: 200 })).toEqual({ focusX: 0, focusY: 0 });
    expect(focusAt(box, { x: 420, y: 440 })).toEqual({ focusX: 100, focusY: 100 });
    expect(focusAt(box, { x: 90, y: 450 })).toEqual({ focusX: 0, focusY: 100 });
  });

  it('is the middle when the image has no size yet', () => {
    expect(focusAt({ left: 0, top: 0, width: 0, height: 0 }, { x: 5, y: 5 })).toEqual({ focusX: 50, focusY: 50 });
  });
});

describe('the focal point from the keyboard and the fields', () => {
  it('moves 5 % with the Up and Down arrow keys, within 0-100; other keys do nothing', () => {
    expect(stepPercent(50, 'ArrowUp')).toBe(55);
    expect(stepPercent(50, 'ArrowDown')).toBe(45);
    expect(stepPercent(98, 'ArrowUp')).toBe(100);
    expect(stepPercent(3, 'ArrowDown')).toBe(0);
    expect(stepPercent(50, 'ArrowLeft')).toBeNull();
    expect(stepPercent(50, 'a')).toBeNull();
  });

  it('takes a typed percentage as a whole number within 0-100; no number yet is null', () => {
    expect(percentFromText('30')).toBe(30);
    expect(percentFromText('30.6')).toBe(31);
    expect(percentFromText('150')).toBe(100);
    expect(percentFromText('-4')).toBe(0);
    expect(percentFromText('')).toBeNull();
    expect(percentFromText('abc')).toBeNull();
  });

  it('clamps to whole percent', () => {
    expect([clampPercent(-1), clampPercent(49.5), clampPercent(101), clampPercent(Number.NaN)]).toEqual([
      0, 50, 100, 50,
    ]);
  });
});

describe('a feature image in words', () => {
  it('names the focal point from the left and from the top', () => {
    expect(focalPointText({ focusX: 50, focusY: 30 })).toBe('focal point 50 % × 30 %');
    expect(focalPointSentence({ focusX: 50, focusY: 30 })).toBe('Focal point: 50 % from the left, 30 % from the top.');
  });

  it('names the image by its file when known, else by its number; none is “none”', () => {
    const image = { id: 12, focusX: 50, focusY: 30 };
    expect(featureImageText(image, 'harbour.png')).toBe('“harbour.png” (image 12), focal point 50 % × 30 %');
    expect(featureImageText(image)).toBe('image 12, focal point 50 % × 30 %');
    expect(featureImageText({ id: 12 })).toBe('image 12, focal point 50 % × 50 %');
    expect(featureImageText(null)).toBe('none');
  });
});

describe('comparing feature images', () => {
  it('compares image and focal point, part by part, whatever the parts’ order', () => {
    const a = { id: 12, focusX: 20, focusY: 80 };
    expect(sameFeatureImage(a, { focusY: 80, focusX: 20, id: 12 })).toBe(true);
    expect(sameFeatureImage(a, { ...a, focusX: 25 })).toBe(false);
    expect(sameFeatureImage(a, { ...a, focusY: 75 })).toBe(false);
    expect(sameFeatureImage(a, { ...a, id: 13 })).toBe(false);
    expect(sameFeatureImage({ id: 12 }, { id: 12, focusX: 50, focusY: 50 })).toBe(true);
  });

  it('counts none the same as none, and different from an image', () => {
    expect(sameFeatureImage(null, null)).toBe(true);
    expect(sameFeatureImage(null, { id: 12 })).toBe(false);
    expect(sameFeatureImage({ id: 12 }, undefined)).toBe(false);
  });
});
