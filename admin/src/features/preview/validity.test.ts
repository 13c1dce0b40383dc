import { describe, expect, it } from 'vitest';
import { PREVIEW_VALIDITY_MESSAGE } from 'content-schema/preview';
import { validityFromFields } from './validity.ts';

describe('validityFromFields', () => {
  it.each([
    ['7', 'days', { amount: 7, unit: 'days' }],
    [' 1 ', 'hours', { amount: 1, unit: 'hours' }],
    ['90', 'days', { amount: 90, unit: 'days' }],
    ['2160', 'hours', { amount: 2160, unit: 'hours' }],
  ] as const)('accepts %j %s', (amount, unit, input) => {
    expect(validityFromFields(amount, unit)).toEqual({ ok: true, input });
  });

  it.each([
    ['0', 'hours'],
    ['91', 'days'],
    ['2161', 'hours'],
    ['', 'days'],
    ['1.5', 'days'],
    ['-1', 'days'],
    ['1e3', 'hours'],
    ['seven', 'days'],
  ] as const)('refuses %j %s with the API message', (amount, unit) => {
    expect(validityFromFields(amount, unit)).toEqual({ ok: false, message: PREVIEW_VALIDITY_MESSAGE });
  });
});
