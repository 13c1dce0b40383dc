import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { placeErrors } from './details-errors.ts';

const FIELDS = ['alt', 'caption', 'credit', 'licence'] as const;

describe('placeErrors', () => {
  it('puts each message of a 400 beside the field it names', () => {
    const error = new ApiError(
      400,
      'Bad Request',
      {
        error: 'Caption must be at most 1,000 characters',
        issues: [
          { path: 'caption', message: 'Caption must be at most 1,000 characters' },
          { path: 'credit', message: 'Credit must be text' },
        ],
      },
      '',
    );
    expect(placeErrors(error, FIELDS)).toEqual([
      { field: 'caption', message: 'Caption must be at most 1,000 characters' },
      { field: 'credit', message: 'Credit must be text' },
    ]);
  });

  it('puts any other answer on the form as a whole', () => {
    expect(placeErrors(new ApiError(404, 'Not Found', { error: 'Image not found' }, ''), FIELDS)).toEqual([
      { field: 'root', message: 'Image not found' },
    ]);
    expect(placeErrors(new TypeError('Failed to fetch'), FIELDS)).toEqual([
      { field: 'root', message: 'The server did not answer. Check your connection and try again.' },
    ]);
  });
});
