import { describe, expect, it } from 'vitest';
import { carriesFiles, filesToUpload } from './dropped-files.ts';

const png = new File([new Uint8Array([137, 80, 78, 71])], 'chart.png', { type: 'image/png' });
const jpg = new File([new Uint8Array([255, 216])], 'photo.jpg', { type: 'image/jpeg' });

describe('filesToUpload', () => {
  it('uploads every file dropped, in order', () => {
    expect(filesToUpload({ files: [png, jpg], types: ['Files'] }, 'drop')).toEqual([png, jpg]);
  });

  it('uploads a pasted image', () => {
    expect(filesToUpload({ files: [png], types: ['Files'] }, 'paste')).toEqual([png]);
  });

  it('leaves text to the browser: a drop or paste of text alone, or a paste of text with a picture of it', () => {
    expect(filesToUpload({ files: [], types: ['text/plain'] }, 'drop')).toEqual([]);
    expect(filesToUpload({ files: [], types: ['text/plain'] }, 'paste')).toEqual([]);
    expect(filesToUpload({ files: [png], types: ['text/plain', 'text/html', 'Files'] }, 'paste')).toEqual([]);
    expect(filesToUpload(null, 'paste')).toEqual([]);
  });

  it('accepts a drag only when it carries files', () => {
    expect(carriesFiles({ types: ['Files'] })).toBe(true);
    expect(carriesFiles({ types: ['text/plain'] })).toBe(false);
  });
});
