import { describe, expect, it } from 'vitest';
import { densityOk, readabilityVerdict, seoInput, SeoPanelSchema, valuesFromPost } from './seo-values.ts';

const post = {
  title: 'Nordic AI',
  excerpt: 'An excerpt',
  content: '# Body',
  slug: 'nordic-ai',
  seoTitle: null as string | null,
  metaDescription: null as string | null,
  focusKeyword: null as string | null,
};

describe('the SEO panel’s values', () => {
  it('load a post’s own SEO fields', () => {
    const own = { ...post, seoTitle: 'SEO title', metaDescription: 'Meta', focusKeyword: 'nordic ai' };
    expect(valuesFromPost(own)).toEqual({
      title: 'SEO title',
      metaDescription: 'Meta',
      focusKeyword: 'nordic ai',
      slug: 'nordic-ai',
      content: '# Body',
    });
  });

  it('fall back to the title and excerpt, and no keyword, when the post has none', () => {
    expect(valuesFromPost(post)).toMatchObject({ title: 'Nordic AI', metaDescription: 'An excerpt', focusKeyword: '' });
  });

  it('save only the four SEO fields to the post', () => {
    const values = { title: 'T', metaDescription: 'M', focusKeyword: 'k', slug: 's', content: 'not saved' };
    expect(seoInput(values)).toEqual({ seoTitle: 'T', metaDescription: 'M', focusKeyword: 'k', slug: 's' });
  });

  it('check the fields with the shared form’s messages', () => {
    const result = SeoPanelSchema.safeParse({
      title: '',
      metaDescription: 'short',
      focusKeyword: ' ',
      slug: '',
      content: '',
    });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
      'Title is required',
      'Meta description should be 120-160 characters',
      'Focus keyword is required',
      'URL slug is required',
    ]);
  });
});

describe('the SEO analysis as shown', () => {
  it.each([
    [0.4, false],
    [0.5, true],
    [2.5, true],
    [2.6, false],
  ])('a keyword density of %s% is optimal: %s', (keywordDensity, ok) => {
    expect(densityOk({ keywordDensity })).toBe(ok);
  });

  it('calls readability of 70 or more good', () => {
    expect(readabilityVerdict({ readabilityScore: 70 })).toBe('Good');
    expect(readabilityVerdict({ readabilityScore: 69 })).toBe('Could be easier');
  });
});
