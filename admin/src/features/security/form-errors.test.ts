import { describe, expect, it } from 'vitest';
import { INVALID_CODE_MESSAGE, WRONG_PASSWORD_MESSAGE } from 'content-schema/auth';
import { ApiError } from '../../lib/api-client.ts';
import { placeServerError } from './form-errors.ts';

function apiError(status: number, body: { error: string; issues?: { path: string; message: string }[] }) {
  return new ApiError(status, '', body, JSON.stringify(body));
}

describe('placeServerError', () => {
  it.each([
    [
      'a wrong password',
      apiError(401, { error: WRONG_PASSWORD_MESSAGE }),
      { field: 'currentPassword', message: WRONG_PASSWORD_MESSAGE },
    ],
    ['a wrong code', apiError(400, { error: INVALID_CODE_MESSAGE }), { field: 'code', message: INVALID_CODE_MESSAGE }],
    [
      'a field the server named',
      apiError(400, {
        error: 'New password must be at least 12 characters.',
        issues: [{ path: 'newPassword', message: 'Too short' }],
      }),
      { field: 'newPassword', message: 'Too short' },
    ],
    [
      'anything else',
      apiError(429, { error: 'Too many attempts. Try again in 60 s.' }),
      { field: 'root', message: 'Too many attempts. Try again in 60 s.' },
    ],
  ])('puts %s where it belongs', (_, error, placed) => {
    expect(placeServerError(error, ['currentPassword', 'newPassword', 'code'])).toEqual(placed);
  });

  it('uses only the fields the form has', () => {
    expect(placeServerError(apiError(400, { error: INVALID_CODE_MESSAGE }), ['currentPassword'])).toEqual({
      field: 'root',
      message: INVALID_CODE_MESSAGE,
    });
    const issue = apiError(400, { error: 'Bad', issues: [{ path: 'elsewhere', message: 'No such field' }] });
    expect(placeServerError(issue, ['code'])).toEqual({ field: 'root', message: 'Bad' });
  });

  it('says the server did not answer when there was no answer', () => {
    expect(placeServerError(new TypeError('Failed to fetch'), ['code']).field).toBe('root');
    expect(placeServerError(new TypeError('Failed to fetch'), ['code']).message).toMatch(/did not answer/);
  });
});
