import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkingCopy, WorkingCopyWrite } from 'content-schema/revisions';
import { ApiError } from '../../lib/api-client.ts';
import {
  AUTOSAVE_DELAY_MS,
  RETRY_MS,
  changed,
  fitsKeepalive,
  leave,
  newAutosaver,
  pause,
  push,
  resume,
  settle,
  writeFailure,
  type AutosaveStatus,
} from './autosave-writer.ts';
import { testCopy, testFields } from './test-fixtures.ts';

function apiError(status: number, json: object): ApiError {
  const text = JSON.stringify(json);
  return new ApiError(status, 'Error', JSON.parse(text) as never, text);
}

/** An autosaver whose writes are recorded and answered by `answer`, on a fake clock. */
function setup(
  answer: (body: WorkingCopyWrite) => Promise<WorkingCopy> = (body) =>
    Promise.resolve(testCopy({ revision: body.revision + 1 })),
) {
  const writes: { body: WorkingCopyWrite; keepalive: boolean | undefined }[] = [];
  let status: AutosaveStatus = { state: 'idle' };
  const onConflict = vi.fn();
  const saver = newAutosaver({
    source: { copyKey: 'post:7', fields: () => testFields(), baseVersion: () => 3, onConflict },
    write: (_key, body, options) => {
      writes.push({ body, keepalive: options.keepalive });
      return answer(body);
    },
    setStatus: (update) => {
      status = typeof update === 'function' ? update(status) : update;
    },
    now: () => 1_000,
  });
  return { saver, writes, onConflict, status: () => status };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('autosave sends', () => {
  it('sends a change after a quiet moment, once, with the revision last seen', async () => {
    const { saver, writes, status } = setup();
    changed(saver);
    changed(saver);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 1);
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toEqual([{ body: { fields: testFields(), baseVersion: 3, revision: 0 }, keepalive: false }]);
    expect(status()).toEqual({ state: 'saved', at: 1_000 });
    expect(saver.state.revision).toBe(1);
  });

  it('sends nothing when nothing changed, or while paused', async () => {
    const { saver, writes } = setup();
    await push(saver);
    pause(saver);
    changed(saver);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(writes).toHaveLength(0);
  });

  it('sends a change made during a write right after it', async () => {
    let finish: (copy: WorkingCopy) => void = () => {};
    const { saver, writes } = setup(() => new Promise((resolve) => (finish = resolve)));
    changed(saver);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    changed(saver);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(writes).toHaveLength(1);
    finish(testCopy({ revision: 1 }));
    await vi.advanceTimersByTimeAsync(300);
    expect(writes).toHaveLength(2);
    expect(writes[1]!.body.revision).toBe(1);
  });
});

describe('autosave failures', () => {
  it('keeps the words unsent and tries again later when offline', async () => {
    let online = false;
    const { saver, writes, status } = setup((body) =>
      online ? Promise.resolve(testCopy({ revision: 2 })) : Promise.reject(new TypeError(`offline ${body.revision}`)),
    );
    changed(saver);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(status()).toEqual({ state: 'offline' });
    online = true;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(writes).toHaveLength(2);
    expect(status()).toEqual({ state: 'saved', at: 1_000 });
  });

  it('says why the server refused the copy and does not retry it', async () => {
    const { saver, writes, status } = setup(() =>
      Promise.reject(apiError(400, { error: 'Title must be at most 200 characters' })),
    );
    changed(saver);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + RETRY_MS);
    expect(writes).toHaveLength(1);
    expect(status()).toEqual({ state: 'refused', message: 'Title must be at most 200 characters' });
    expect(saver.state.dirty).toBe(true);
  });

  it('stops at another tab’s write and hands its copy over, until resumed', async () => {
    const theirs = testCopy({ revision: 5 });
    const { saver, writes, status, onConflict } = setup(() =>
      Promise.reject(apiError(409, { error: 'Another tab saved', current: theirs })),
    );
    changed(saver);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(status()).toEqual({ state: 'conflict' });
    expect(onConflict).toHaveBeenCalledWith(theirs);
    changed(saver);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(writes).toHaveLength(1);
    resume(saver, { dirty: false });
    expect(status()).toEqual({ state: 'idle' });
  });
});

describe('holding autosave', () => {
  it('resumes as saved when the server already holds these words', () => {
    const { saver, status } = setup();
    pause(saver);
    resume(saver, { dirty: false, saved: true });
    expect(status()).toEqual({ state: 'saved', at: 1_000 });
    expect(saver.state.paused).toBe(false);
  });

  it('sends at once on resume when there is something to send', async () => {
    const { saver, writes } = setup();
    pause(saver);
    changed(saver);
    resume(saver);
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(1);
  });

  it('forgets unsent changes after an explicit save', async () => {
    const { saver, writes } = setup();
    changed(saver);
    settle(saver);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    leave(saver);
    expect(writes).toHaveLength(0);
  });

  it('sends what is unsent with keepalive when the editor is left, and never retries after', async () => {
    const { saver, writes } = setup(() => Promise.reject(new TypeError('offline')));
    changed(saver);
    leave(saver);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 2);
    expect(writes).toEqual([{ body: expect.any(Object), keepalive: true }]);
  });
});

describe('fitsKeepalive', () => {
  it('allows keepalive only for a body under the browsers’ 64 KB limit', () => {
    const body = (content: string) => ({ fields: testFields({ content }), baseVersion: 1, revision: 1 });
    expect(fitsKeepalive(body('short'))).toBe(true);
    expect(fitsKeepalive(body('x'.repeat(60_000)))).toBe(false);
  });
});

describe('writeFailure', () => {
  it.each([
    [
      'a 409 with the other tab’s copy',
      apiError(409, { error: 'x', current: testCopy() }),
      { kind: 'conflict', theirs: testCopy() },
    ],
    ['a 409 for a removed copy', apiError(409, { error: 'x', current: null }), { kind: 'conflict', theirs: null }],
    ['a 400', apiError(400, { error: 'Too long' }), { kind: 'refused', message: 'Too long' }],
    ['a 404', apiError(404, { error: 'Post not found' }), { kind: 'refused', message: 'Post not found' }],
    ['a 401', apiError(401, { error: 'Sign in' }), { kind: 'offline' }],
    ['a 500', apiError(500, { error: 'Boom' }), { kind: 'offline' }],
    ['no answer', new TypeError('Failed to fetch'), { kind: 'offline' }],
  ])('%s', (_name, error, expected) => {
    expect(writeFailure(error)).toEqual(expected);
  });
});
