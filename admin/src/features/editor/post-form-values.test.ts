import { describe, expect, it } from 'vitest';
import { PostFormSchema, PostInputSchema, type Post } from 'content-schema/post';
import {
  StoredDraftValuesSchema,
  categoryChoices,
  emptyValues,
  isEditorField,
  toPostInput,
  valuesFromPost,
  valuesFromPrefill,
} from './post-form-values.ts';

const post: Post = {
  id: 7,
  slug: 'nordic-ai',
  title: 'Nordic AI',
  excerpt: 'An excerpt',
  content: '# Body',
  category: 'Energy Future',
  tags: ['AI', 'Nordics'],
  authorName: 'Ada',
  authorId: 3,
  readTime: 9,
  published: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  publishedAt: null,
  seoTitle: null,
  metaDescription: 'Meta',
  focusKeyword: null,
  aiGenerated: false,
  provenance: 'human',
  editedBy: null,
  featureImage: null,
  version: 1,
};

const valid = {
  title: 'Title',
  excerpt: 'Excerpt',
  content: 'Content',
  category: 'Deep Dive' as const,
  tags: ' AI, , Startups ,AI,',
  authorName: 'Ada',
  readTime: 5,
  published: false,
  provenance: 'human' as const,
  seoTitle: '  ',
  metaDescription: '',
  focusKeyword: ' nordic ai ',
  slug: '',
  featureImage: null,
};

describe('editor values', () => {
  it('start a new post with read time 5, unpublished and no category chosen', () => {
    expect(emptyValues()).toMatchObject({ readTime: 5, published: false, category: undefined, tags: '' });
  });

  it('load a post with its tags as comma-separated text and absent SEO fields as empty text', () => {
    expect(valuesFromPost(post)).toMatchObject({
      tags: 'AI, Nordics',
      seoTitle: '',
      metaDescription: 'Meta',
      slug: 'nordic-ai',
      category: 'Energy Future',
    });
  });

  it('load a post’s provenance, and start a new one as human-written', () => {
    expect(valuesFromPost({ ...post, provenance: 'ai-assisted' }).provenance).toBe('ai-assisted');
    expect(emptyValues().provenance).toBe('human');
  });

  it('mark what the AI writers hand over as AI-generated', () => {
    expect(valuesFromPrefill({ title: 'T', provenance: 'ai-generated' }).provenance).toBe('ai-generated');
    expect(valuesFromPrefill({ title: 'T' }).provenance).toBe('human');
  });

  it('start a new post without a feature image, and load a post’s with its focal point', () => {
    expect(emptyValues().featureImage).toBeNull();
    expect(valuesFromPost(post).featureImage).toBeNull();
    const featureImage = { id: 12, focusX: 20, focusY: 80 };
    expect(valuesFromPost({ ...post, featureImage }).featureImage).toEqual(featureImage);
  });

  it('keep the feature image when a template or the AI writers fill the form', () => {
    const base = { ...emptyValues(), featureImage: { id: 12, focusX: 20, focusY: 80 } };
    expect(valuesFromPrefill({ title: 'T' }, base).featureImage).toEqual({ id: 12, focusX: 20, focusY: 80 });
  });

  it('leave an unknown category unset so the editor asks for one', () => {
    expect(valuesFromPost({ ...post, category: 'Gardening' }).category).toBeUndefined();
  });

  it('take a template over the defaults', () => {
    const values = valuesFromPrefill({
      title: '[Topic] explained',
      tags: ['a', 'b'],
      readTime: 8,
      category: 'Deep Dive',
    });
    expect(values).toMatchObject({
      title: '[Topic] explained',
      tags: 'a, b',
      readTime: 8,
      category: 'Deep Dive',
      excerpt: '',
    });
  });
});

describe('toPostInput', () => {
  it('splits, trims, de-duplicates and empties tags', () => {
    expect(toPostInput(PostFormSchema.parse(valid)).tags).toEqual(['AI', 'Startups']);
  });

  it('sends empty optional SEO fields as null and trims the rest; authorId defaults to 1', () => {
    const input = toPostInput(PostFormSchema.parse(valid));
    expect(input).toMatchObject({
      seoTitle: null,
      metaDescription: null,
      focusKeyword: 'nordic ai',
      slug: null,
      authorId: 1,
    });
  });

  it('sends the provenance', () => {
    expect(toPostInput(PostFormSchema.parse({ ...valid, provenance: 'ai-generated' })).provenance).toBe('ai-generated');
  });

  it('keeps an existing post’s author id', () => {
    expect(toPostInput(PostFormSchema.parse(valid), 3).authorId).toBe(3);
  });

  it('produces a body the API schema accepts', () => {
    expect(PostInputSchema.safeParse(toPostInput(PostFormSchema.parse(valid))).success).toBe(true);
    const featured = { ...valid, featureImage: { id: 12, focusX: 0, focusY: 100 } };
    expect(PostInputSchema.safeParse(toPostInput(PostFormSchema.parse(featured))).success).toBe(true);
  });

  it('sends the feature image with its focal point, and null to remove it', () => {
    const featured = { ...valid, featureImage: { id: 12, focusX: 25, focusY: 75 } };
    expect(toPostInput(PostFormSchema.parse(featured)).featureImage).toEqual({ id: 12, focusX: 25, focusY: 75 });
    // A focal point never set is the middle.
    expect(toPostInput(PostFormSchema.parse({ ...valid, featureImage: { id: 12 } })).featureImage).toEqual({
      id: 12,
      focusX: 50,
      focusY: 50,
    });
    const input = toPostInput(PostFormSchema.parse(valid));
    expect('featureImage' in input && input.featureImage === null).toBe(true);
  });
});

describe('the editor form schema gives the shared schema’s messages', () => {
  it.each([
    ['title', '', 'Title is required'],
    ['content', '   ', 'Content is required'],
    ['excerpt', '', 'Excerpt is required'],
    ['authorName', '', 'Author name is required'],
    ['readTime', 0, 'Read time must be at least 1 minute'],
    ['readTime', Number.NaN, 'Read time must be at least 1 minute'],
    ['category', undefined, 'Category is required'],
  ])('%s = %j → %s', (field, value, message) => {
    const result = PostFormSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});

describe('stored drafts', () => {
  it('restore what was typed', () => {
    expect(StoredDraftValuesSchema.parse(valid).title).toBe('Title');
  });

  it('restore a feature image, or its removal (null); one not recorded or malformed stays undefined', () => {
    const featureImage = { id: 12, focusX: 20, focusY: 80 };
    expect(StoredDraftValuesSchema.parse({ ...valid, featureImage }).featureImage).toEqual(featureImage);
    expect(StoredDraftValuesSchema.parse(valid).featureImage).toBeNull();
    expect(StoredDraftValuesSchema.parse({ title: 'T' }).featureImage).toBeUndefined();
    expect(StoredDraftValuesSchema.parse({ featureImage: { id: -1 } }).featureImage).toBeUndefined();
    expect(StoredDraftValuesSchema.parse({ featureImage: { id: 12, focusX: 101 } }).featureImage).toBeUndefined();
  });

  it('degrade malformed fields to defaults instead of failing', () => {
    const restored = StoredDraftValuesSchema.parse({ title: 42, category: 'Nope', readTime: null });
    expect(restored).toMatchObject({ title: '', category: undefined, readTime: 5, content: '', provenance: 'human' });
  });
});

describe('categoryChoices', () => {
  it('offers the editor’s categories', () => {
    expect(categoryChoices(undefined)).toEqual([
      'Analysis Drop',
      'News Slam',
      'Startup Radar',
      'Deep Dive',
      'Deal Watch',
    ]);
    expect(categoryChoices('Deep Dive')).toHaveLength(5);
  });

  it('keeps an older category a post still has, after the offered ones', () => {
    expect(categoryChoices('Energy Future').at(-1)).toBe('Energy Future');
    expect(categoryChoices('Energy Future')).toHaveLength(6);
  });
});

describe('isEditorField', () => {
  it.each([
    ['title', true],
    ['metaDescription', true],
    ['provenance', true],
    ['featureImage', true],
    ['authorId', false],
    ['version', false],
  ])('%s → %s', (name, expected) => {
    expect(isEditorField(name)).toBe(expected);
  });
});
