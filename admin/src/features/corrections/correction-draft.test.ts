import { describe, expect, it } from 'vitest';
import type { Correction } from 'content-schema/corrections';
import { ApiError } from '../../lib/api-client.ts';
import { toLocalInput } from './correction-time.ts';
import { checkDraft, draftOf, newDraft, serverErrors, stillEditable } from './correction-draft.ts';

const correction: Correction = {
  id: 4,
  postId: 7,
  wrong: 'The plant opened in 2019.',
  right: 'The plant opened in 2021.',
  correctedAt: '2026-11-24T09:05:00.000Z',
  recordedBy: 'admin',
  createdAt: '2026-11-24T09:06:00.000Z',
  editableUntil: '2026-11-24T09:36:00.000Z',
};

describe('the correction form’s draft', () => {
  it('starts empty, corrected now', () => {
    const now = new Date(2026, 10, 24, 9, 5);
    expect(newDraft(now)).toEqual({ editing: null, wrong: '', right: '', at: toLocalInput(now), atChanged: false });
  });

  it('fills in a correction to change, its time in local time', () => {
    expect(draftOf(correction)).toEqual({
      editing: correction,
      wrong: correction.wrong,
      right: correction.right,
      at: toLocalInput(new Date(correction.correctedAt)),
      atChanged: false,
    });
  });
});

describe('checkDraft', () => {
  const draft = { ...newDraft(new Date(2026, 10, 24, 9, 5)), wrong: ' 2019 ', right: '2021' };

  it('sends the texts trimmed, and no time when the editor left it (the server records the moment)', () => {
    expect(checkDraft(draft)).toEqual({ errors: {}, input: { wrong: '2019', right: '2021' } });
  });

  it('sends the time the editor chose, as a UTC instant', () => {
    const chosen = { ...draft, at: '2026-11-24T08:00', atChanged: true };
    expect(checkDraft(chosen).input).toEqual({
      wrong: '2019',
      right: '2021',
      correctedAt: new Date(2026, 10, 24, 8, 0).toISOString(),
    });
  });

  it('asks for each missing text and for a time that is not one', () => {
    expect(checkDraft({ ...draft, wrong: ' ', right: '', at: '' })).toEqual({
      errors: {
        wrong: 'What was wrong is required',
        right: 'What is right is required',
        correctedAt: 'Enter the date and time of the correction',
      },
      input: null,
    });
  });
});

describe('serverErrors', () => {
  it('takes the server’s messages for the form’s fields', () => {
    const body = {
      error: 'Invalid',
      issues: [
        { path: 'correctedAt', message: 'The correction time cannot be in the future' },
        { path: 'postId', message: 'x' },
      ],
    };
    const error = new ApiError(400, 'Bad Request', body, JSON.stringify(body));
    expect(serverErrors(error)).toEqual({ correctedAt: 'The correction time cannot be in the future' });
  });

  it('clears the messages for a refusal without field issues, and leaves them for no answer at all', () => {
    expect(serverErrors(new ApiError(409, 'Conflict', { error: 'Locked' }, '{"error":"Locked"}'))).toEqual({});
    expect(serverErrors(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('stillEditable', () => {
  it('is true until the edit window closes', () => {
    expect(stillEditable(correction, new Date('2026-11-24T09:35:59.000Z'))).toBe(true);
    expect(stillEditable(correction, new Date('2026-11-24T09:36:00.000Z'))).toBe(false);
  });
});
