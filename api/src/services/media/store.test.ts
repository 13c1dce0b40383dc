/**
 * Both media stores, the folder and an S3-compatible bucket; the bucket is a real S3-protocol server (s3rver) on
 * loopback, behind a gateway (test-support.ts) that verifies each request's Signature Version 4 as S3 does, since
 * s3rver checks only that the access key exists. The verifier itself is tested on AWS's own example.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
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

/** s3rver's own credentials, unless told otherwise. */
const s3Store = (accessKeyId = 'S3RVER', secretAccessKey = 'S3RVER') =>
  s3MediaStore({ endpoint: s3.endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId, secretAccessKey });

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
  // A file of its own for each test, so that what one test stores cannot pass or fail another.
  it('fails with the server’s answer when the credentials are wrong, and stores nothing', async () => {
    await expect(s3Store('NOT-A-KEY').put(FILE, Buffer.from('bytes'))).rejects.toThrow(
      /PUT .* answered 403 .*InvalidAccessKeyId/,
    );
    expect(await s3Store().read(FILE)).toBeNull();
  });

  it('fails with SignatureDoesNotMatch when the key is right but the secret is not, and stores nothing', async () => {
    const file = `${'cd'.repeat(16)}.webp`;
    await expect(s3Store('S3RVER', 'NOT-THE-SECRET').put(file, Buffer.from('bytes'))).rejects.toThrow(
      /PUT .* answered 403 .*SignatureDoesNotMatch/,
    );
    expect(await s3Store().read(file)).toBeNull();
  });

  it('is refused when the body is not the one that was signed (the gateway really checks)', async () => {
    const client = new AwsClient({
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      service: 's3',
      region: 'us-east-1',
    });
    const signedBody = Buffer.from('the bytes that were signed');
    const file = `${'ef'.repeat(16)}.webp`;
    const signed = await client.sign(`${s3.endpoint}/${BUCKET}/${file}`, {
      method: 'PUT',
      body: new Uint8Array(signedBody),
      // aws4fetch signs S3 bodies as UNSIGNED-PAYLOAD unless given their hash.
      headers: { 'X-Amz-Content-Sha256': createHash('sha256').update(signedBody).digest('hex') },
    });
    const res = await fetch(signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body: new Uint8Array(Buffer.from('other bytes, sent instead')),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(await s3Store().read(file)).toBeNull();
  });
});
