import { describe, expect, it } from 'vitest';
import type { Revision } from 'content-schema/revisions';
import { differingFields, fieldsOf, fromCopyFields, toCopyFields } from './copy-fields.ts';
import { emptyValues, valuesFromPost } from './post-form-values.ts';
import { testFields, testPost } from './test-fixtures.ts';

const image = { id: 12, focusX: 20, focusY: 80 };

describe('the feature image in a working copy', () => {
  it('is stored whole (its focal point filled in), or null for none', () => {
    expect(toCopyFields({ ...emptyValues(), featureImage: image }).featureImage).toEqual(image);
    expect(toCopyFields({ ...emptyValues(), featureImage: { id: 12 } }).featureImage).toEqual({
      id: 12,
      focusX: 50,
      focusY: 50,
    });
    expect(toCopyFields(emptyValues()).featureImage).toBeNull();
  });

  it('comes back as the editor’s value, its removal too', () => {
    expect(fromCopyFields(testFields({ featureImage: image })).featureImage).toEqual(image);
    expect(fromCopyFields(testFields({ featureImage: null }))).toHaveProperty('featureImage', null);
  });

  it('leaves the editor’s when the copy does not record one (an older copy, or a server that does not keep it)', () => {
    const { featureImage: _none, ...older } = testFields();
    expect(fromCopyFields(older)).not.toHaveProperty('featureImage');
    const base = { ...valuesFromPost(testPost()), featureImage: image };
    expect({ ...base, ...fromCopyFields(older) }.featureImage).toEqual(image);
  });

  it('is a post’s or a revision’s own, or null', () => {
    expect(fieldsOf(testPost({ featureImage: image })).featureImage).toEqual(image);
    expect(fieldsOf(testPost()).featureImage).toBeNull();
    const revision: Revision = { ...testPost(), postId: 7, kind: 'save', changed: [], savedBy: null };
    expect(fieldsOf({ ...revision, featureImage: image }).featureImage).toEqual(image);
    expect(fieldsOf(revision).featureImage).toBeNull();
  });
});

describe('differingFields with a feature image', () => {
  it('finds a feature image chosen, removed, changed or moved', () => {
    expect(differingFields(testFields(), testFields({ featureImage: image }))).toEqual(['featureImage']);
    expect(differingFields(testFields({ featureImage: image }), testFields())).toEqual(['featureImage']);
    expect(
      differingFields(testFields({ featureImage: image }), testFields({ featureImage: { ...image, id: 13 } })),
    ).toEqual(['featureImage']);
    expect(
      differingFields(testFields({ featureImage: image }), testFields({ featureImage: { ...image, focusY: 75 } })),
    ).toEqual(['featureImage']);
  });

  it('compares it by its parts, not by their order', () => {
    const reordered = { focusY: 80, id: 12, focusX: 20 };
    expect(differingFields(testFields({ featureImage: image }), testFields({ featureImage: reordered }))).toEqual([]);
  });

  it('does not compare it when one side does not record it', () => {
    expect(differingFields(testFields({ featureImage: image }), testFields({ featureImage: undefined }))).toEqual([]);
  });

  it('lists it in the editor’s order, after the slug', () => {
    expect(differingFields(testFields(), testFields({ featureImage: image, slug: 'x', title: 'T' }))).toEqual([
      'title',
      'slug',
      'featureImage',
    ]);
  });
});
