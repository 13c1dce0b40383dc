import { describe, expect, it } from 'vitest';
import { MEDIA_ERRORS } from 'content-schema/media';
import { PostFormSchema } from 'content-schema/post';
import { ApiError } from '../../../lib/api-client.ts';
import { toPostInput } from '../post-form-values.ts';
import { testPost } from '../test-fixtures.ts';
import { inputProblems, saveFailure } from './save-errors.ts';

function apiError(status: number, json: object): ApiError {
  const text = JSON.stringify(json);
  return new ApiError(status, 'Error', JSON.parse(text) as never, text);
}

const form = PostFormSchema.parse({
  title: 'Title',
  excerpt: 'Excerpt',
  content: 'Content',
  category: 'Deep Dive',
  tags: 'AI',
  authorName: 'Ada',
  readTime: 5,
  published: false,
  provenance: 'human',
  seoTitle: '',
  metaDescription: '',
  focusKeyword: '',
  slug: '',
  featureImage: null,
});

describe('inputProblems', () => {
  it('finds nothing wrong with a valid post', () => {
    expect(inputProblems(toPostInput(form))).toBeNull();
  });

  it('names the field of a rule only the whole post has', () => {
    const input = { ...toPostInput(form), tags: Array.from({ length: 30 }, (_, i) => `tag${i}`) };
    expect(inputProblems(input)).toEqual([{ name: 'tags', message: expect.any(String) }]);
  });

  it('still stops the save for a problem on no field of the form', () => {
    expect(inputProblems({ ...toPostInput(form), authorId: -1 })).toEqual([]);
  });
});

describe('saveFailure', () => {
  it('opens the compare view when the post was saved elsewhere first (409 with the post as it is now)', () => {
    const theirs = testPost({ version: 5 });
    const error = apiError(409, { error: 'This post was changed since you opened it', current: theirs });
    expect(saveFailure(error)).toEqual({ conflict: { kind: 'post', theirs } });
  });

  it('shows the server’s problems at the fields they name, leaving out names that are not fields', () => {
    const error = apiError(400, {
      error: 'Invalid post',
      issues: [
        { path: 'slug', message: 'This URL slug is already used by another post' },
        { path: 'authorId', message: 'Unknown author' },
      ],
    });
    expect(saveFailure(error)).toEqual({
      issues: [{ name: 'slug', message: 'This URL slug is already used by another post' }],
    });
  });

  it('shows the refusal of a feature image no longer in the library at the feature image', () => {
    const error = apiError(422, {
      error: MEDIA_ERRORS.featureNotFound,
      issues: [{ path: 'featureImage', message: MEDIA_ERRORS.featureNotFound }],
    });
    expect(saveFailure(error)).toEqual({ issues: [{ name: 'featureImage', message: MEDIA_ERRORS.featureNotFound }] });
  });

  it('has no field problems for a failure without an answer, or a 409 without the post', () => {
    expect(saveFailure(new TypeError('Failed to fetch'))).toEqual({ issues: [] });
    expect(saveFailure(apiError(409, { error: 'Conflict' }))).toEqual({ issues: [] });
  });
});
