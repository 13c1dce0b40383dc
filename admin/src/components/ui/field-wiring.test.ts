import { describe, expect, it } from 'vitest';
import { controlProps, describedBy } from './field-wiring.ts';

describe('describedBy', () => {
  it.each([
    [{}, undefined],
    [{ hint: true }, 'title-hint'],
    [{ error: 'Title is required' }, 'title-error'],
    [{ hint: true, error: 'Title is required' }, 'title-hint title-error'],
    [{ hint: true, error: '' }, 'title-hint'],
  ])('names the hint and error shown (%j → %s)', (parts, expected) => {
    expect(describedBy('title', parts)).toBe(expected);
  });
});

describe('controlProps', () => {
  it('gives a valid control its id and no aria-invalid', () => {
    expect(controlProps({ id: 'post-title', hint: false, error: undefined, invalid: false })).toEqual({
      id: 'post-title',
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
  });

  it('marks a control with an error invalid and described by its hint and error', () => {
    expect(controlProps({ id: 'post-slug', hint: true, error: 'Bad slug', invalid: true })).toEqual({
      id: 'post-slug',
      'aria-invalid': true,
      'aria-describedby': 'post-slug-hint post-slug-error',
    });
  });

  it('marks a control invalid whose message is shown elsewhere, described only by its hint', () => {
    expect(controlProps({ id: 'login-code', hint: true, error: undefined, invalid: true })).toEqual({
      id: 'login-code',
      'aria-invalid': true,
      'aria-describedby': 'login-code-hint',
    });
  });

  it('gives a choice in a group only aria-invalid: its id and label are its own, the group is described', () => {
    expect(controlProps({ id: 'ai-writer', hint: false, error: 'Pick one', invalid: true, group: true })).toEqual({
      'aria-invalid': true,
    });
    expect(controlProps({ id: 'ai-writer', hint: false, error: undefined, invalid: false, group: true })).toEqual({
      'aria-invalid': undefined,
    });
  });
});
