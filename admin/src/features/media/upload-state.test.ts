import { describe, expect, it } from 'vitest';
import { MEDIA_ERRORS } from 'content-schema/media';
import { ApiError } from '../../lib/api-client.ts';
import { UploadRefused } from './api/upload-media.ts';
import { testMedia } from './test-media.ts';
import {
  allAnswered,
  uploadedMedia,
  uploadErrorMessage,
  uploadPercent,
  uploadsReducer,
  type Upload,
  type UploadEvent,
} from './upload-state.ts';

const run = (events: UploadEvent[]) => events.reduce(uploadsReducer, [] as Upload[]);
const queued: UploadEvent = {
  type: 'queued',
  files: [
    { key: 1, name: 'a.png', size: 1000 },
    { key: 2, name: 'b.png', size: 1000 },
  ],
};

describe('an upload goes from queued to sending, processing and done or failed', () => {
  it('fills its bar to 90% as bytes are sent and holds it there while the server processes', () => {
    const states = [
      run([queued]),
      run([queued, { type: 'started', key: 1 }]),
      run([queued, { type: 'started', key: 1 }, { type: 'progress', key: 1, sent: 500 }]),
      run([queued, { type: 'started', key: 1 }, { type: 'progress', key: 1, sent: 1000 }]),
    ];
    expect(states.map((s) => [s[0]!.status, uploadPercent(s[0]!)])).toEqual([
      ['queued', 0],
      ['sending', 0],
      ['sending', 45],
      ['processing', 90],
    ]);
  });

  it('keeps each file apart and answers the images in the files’ order once every file has an answer', () => {
    const media = testMedia();
    const partly = run([queued, { type: 'done', key: 2, media }]);
    expect(allAnswered(partly)).toBe(false);
    const all = uploadsReducer(partly, { type: 'failed', key: 1, error: MEDIA_ERRORS.svg });
    expect(allAnswered(all)).toBe(true);
    expect(uploadedMedia(all)).toEqual([{ key: 2, media }]);
    expect(all[0]).toMatchObject({ status: 'failed', error: MEDIA_ERRORS.svg });
  });

  it('forgets dismissed uploads only', () => {
    expect(run([queued, { type: 'dismissed', keys: [1] }]).map((u) => u.name)).toEqual(['b.png']);
  });
});

describe('uploadErrorMessage', () => {
  it.each<[string, unknown, string]>([
    [
      'the server’s message for a refusal',
      new ApiError(422, 'Unprocessable', { error: MEDIA_ERRORS.notImage }, ''),
      MEDIA_ERRORS.notImage,
    ],
    ['the message of a file refused before sending', new UploadRefused(MEDIA_ERRORS.tooLarge), MEDIA_ERRORS.tooLarge],
    ['the status when the server sent no message', new ApiError(502, 'Bad Gateway', null, ''), '502: Bad Gateway'],
    [
      'what to do when no answer came',
      new TypeError('No answer from /api/media'),
      'The upload did not reach the server. Check your connection and try again.',
    ],
  ])('says %s', (_name, error, message) => {
    expect(uploadErrorMessage(error)).toBe(message);
  });
});
