import { describe, expect, it } from 'vitest';
import { recoveryCodesFile } from './recovery-codes-file.ts';

describe('recoveryCodesFile', () => {
  it('names the site and the time, then lists one code per line', () => {
    const codes = ['abcde-12345', 'fghij-67890'];
    const text = recoveryCodesFile(codes, 'Northwire', new Date('2026-03-02T12:00:00.000Z'));
    const lines = text.split('\n');
    expect(lines[0]).toBe('Northwire admin recovery codes');
    expect(lines[1]).toBe('Generated 2026-03-02T12:00:00.000Z');
    expect(lines.slice(-3)).toEqual([...codes, '']);
  });
});
