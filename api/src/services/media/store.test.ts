/**
 * Both media stores, the folder and an S3-compatible bucket; the bucket is a real S3-protocol server (s3rver) on
 * loopback. s3rver refuses an unknown access key but does not verify Signature Version 4 itself (aws4fetch's
 * signing is tested by its authors against AWS).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderMediaStore, s3MediaStore, type MediaStore } from './store.ts';
import { startS3 } from './test-support.ts';

const BUCKET = 'northwire-media';
let dir: string;
let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-store-'));
  s3 = await startS3(BUCKET);
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

/** s3rver's own credentials. */
const s3Store = (accessKeyId = 'S3RVER') =>
  s3MediaStore({ endpoint: s3.endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId, secretAccessKey: 'S3RVER' });

const FILE = `${'ab'.repeat(16)}.webp`;

describe.each([
  ['a folder', () => folderMediaStore(join(dir, 'folder'))],
  ['an S3 bucket', () => s3Store()],
])('media files in %s', (_where, open) => {
  let store: MediaStore;
  beforeAll(() => {
    store = open();
  });

  it('keeps a file whole, reads it back, and removes it', async () => {
    const data = Buffer.from('RIFF....WEBPVP8 pretend image bytes');
    expect(await store.read(FILE)).toBeNull();
    await store.put(FILE, data);
    await store.put(FILE, data); // the same content again: nothing changes
    expect(await store.read(FILE)).toEqual(data);
    await store.remove(FILE);
    await store.remove(FILE); // already gone: no error
    expect(await store.read(FILE)).toBeNull();
  });

  it('refuses names that are not a content hash, so no path or key can be reached through one', async () => {
    for (const name of ['../app.db', 'photo.jpg', `${'ab'.repeat(16)}.svg`, `x/${FILE}`]) {
      expect(await store.read(name)).toBeNull();
      await expect(store.put(name, Buffer.from('x'))).rejects.toThrow('not a media file name');
    }
  });
});

describe('the folder store', () => {
  it('leaves no temporary file behind', async () => {
    const store = folderMediaStore(join(dir, 'clean'));
    await store.put(FILE, Buffer.from('bytes'));
    expect(readdirSync(join(dir, 'clean'))).toEqual([FILE]);
  });
});

describe('the S3 store', () => {
  it('fails with the server’s answer when the credentials are wrong, and stores nothing', async () => {
    await expect(s3Store('NOT-A-KEY').put(FILE, Buffer.from('bytes'))).rejects.toThrow(
      /PUT .* answered 403 .*InvalidAccessKeyId/,
    );
    expect(await s3Store().read(FILE)).toBeNull();
  });
});
