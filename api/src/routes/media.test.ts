import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, MEDIA_ERRORS, type Media } from 'content-schema/media';
import { MAX_PARALLEL_UPLOADS } from '../services/media/index.ts';
import { animatedGif, phoneJpeg, solid, startS3 } from '../services/media/test-support.ts';
import { ORIGIN, postBody, testApp } from '../test-utils.ts';

type T = Awaited<ReturnType<typeof testApp>>;
let t: T;
beforeEach(async () => {
  t = await testApp();
  await t.login();
});
afterEach(() => t.cleanup());

const upload = (data: Uint8Array, name = 'photo.jpg') =>
  t.call('POST', '/api/media', data, { 'Content-Type': 'image/jpeg', 'X-File-Name': encodeURIComponent(name) });

/** The files in the media folder, but temporary ones. */
const stored = () => {
  try {
    return readdirSync(join(t.dir, 'media')).sort();
  } catch {
    return [];
  }
};

describe('/api/media', () => {
  it('takes an upload, serves its files without the EXIF it came with, and keeps the details an editor writes', async () => {
    const res = await upload(await phoneJpeg(1400, 1000), 'Söderhamn harbour, May.jpg');
    expect(res.status).toBe(201);
    const image = res.json as Media;
    expect(image).toMatchObject({ fileName: 'Söderhamn harbour, May.jpg', width: 1000, height: 1400, alt: '' });
    expect(stored()).toEqual([...image.variants.map((v) => v.file), image.fallback.file].sort());

    const served = await t.app.request(`${ORIGIN}/media/${image.fallback.file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([1000, 1400, undefined, undefined]);
    expect(bytes.includes('zqexifmarker')).toBe(false);
    const avif = image.variants.find((v) => v.format === 'avif')!;
    expect((await t.app.request(`${ORIGIN}/media/${avif.file}`)).headers.get('Content-Type')).toBe('image/avif');
    const etag = served.headers.get('ETag')!;
    const again = await t.app.request(`${ORIGIN}/media/${image.fallback.file}`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    for (const path of ['/media/0123456789abcdef0123456789abcdef.jpg', '/media/..%2Fapp.db', '/media/photo.jpg'])
      expect((await t.app.request(`${ORIGIN}${path}`)).status).toBe(404);

    const put = await t.call('PUT', `/api/media/${image.id}`, {
      alt: ' A ferry leaving the harbour at dawn ',
      caption: 'The morning ferry.',
      credit: 'Ann Example',
      licence: 'CC BY 4.0',
    });
    expect(put.json).toMatchObject({ alt: 'A ferry leaving the harbour at dawn', credit: 'Ann Example' });
    expect((await t.call('PUT', `/api/media/${image.id}`, { alt: 'x'.repeat(501) })).json.error).toBe(
      'Alt text must be at most 500 characters',
    );
    expect((await t.call('PUT', `/api/media/${image.id}`, { width: 5 })).status).toBe(400);
    // A detail left out of a change stays as it was.
    expect((await t.call('PUT', `/api/media/${image.id}`, { licence: 'CC BY-SA 4.0' })).json).toMatchObject({
      caption: 'The morning ferry.',
      licence: 'CC BY-SA 4.0',
    });
    expect((await t.call('GET', `/api/media/${image.id}`)).json).toMatchObject({
      alt: 'A ferry leaving the harbour at dawn',
      usedBy: [],
    });
  }, 60_000);

  it('finds images by file name, alt text or caption, lists those without alt text, and those no post uses', async () => {
    const a = (await upload(await solid(400, 300).jpeg().toBuffer(), 'chart-q3.jpg')).json as Media;
    const b = (await upload(await solid(500, 300).png().toBuffer(), 'team.png')).json as Media;
    await t.call('PUT', `/api/media/${b.id}`, { alt: 'The founders', caption: 'Stockholm, 2024' });
    const names = async (query: string) =>
      ((await t.call('GET', `/api/media${query}`)).json as Media[]).map((m) => m.fileName);
    expect(await names('')).toEqual(['team.png', 'chart-q3.jpg']);
    expect(await names('?q=q3')).toEqual(['chart-q3.jpg']);
    expect(await names('?q=founders')).toEqual(['team.png']);
    expect(await names('?q=stockholm%202024')).toEqual(['team.png']);
    expect(await names('?q=%25')).toEqual([]);
    expect(await names('?filter=missing-alt')).toEqual(['chart-q3.jpg']);
    await t.call('POST', '/api/posts', postBody({ content: `Chart:\n\n![Q3](/media/${a.id})` }));
    expect(await names('?filter=unused')).toEqual(['team.png']);
    expect((await t.call('GET', '/api/media?filter=everything')).status).toBe(400);
  });

  it('refuses to delete an image a post uses, naming the post; deletes it once unused, with its files', async () => {
    const image = (await upload(await solid(400, 300).jpeg().toBuffer())).json as Media;
    const post = await t.call(
      'POST',
      '/api/posts',
      postBody({ title: 'Harbour story', content: `![A ferry](/media/${image.id})` }),
    );
    const refused = await t.call('DELETE', `/api/media/${image.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toBe('This image is used by a post: “Harbour story”. Remove it from them first.');
    expect((await t.call('GET', `/api/media/${image.id}`)).json.usedBy).toEqual([
      { id: post.json.id, title: 'Harbour story' },
    ]);
    expect(stored()).toHaveLength(3);

    await t.call('PUT', `/api/posts/${post.json.id}`, { content: 'No picture any more.' });
    expect((await t.call('DELETE', `/api/media/${image.id}`)).json).toEqual({ ok: true });
    expect(stored()).toEqual([]);
    expect((await t.call('GET', `/api/media/${image.id}`)).status).toBe(404);
    expect((await t.call('DELETE', `/api/media/${image.id}`)).status).toBe(404);
  });

  it('keeps the files two uploads of the same picture share until both are deleted', async () => {
    const bytes = await solid(400, 300).jpeg().toBuffer();
    const first = (await upload(bytes)).json as Media;
    const second = (await upload(bytes)).json as Media;
    expect(second.fallback.file).toBe(first.fallback.file);
    await t.call('DELETE', `/api/media/${first.id}`);
    expect(stored()).toHaveLength(3);
    expect((await t.app.request(`${ORIGIN}/media/${second.fallback.file}`)).status).toBe(200);
    await t.call('DELETE', `/api/media/${second.id}`);
    expect(stored()).toEqual([]);
  });

  it.each([
    ['not an image', async () => Buffer.from('hello'), MEDIA_ERRORS.notImage],
    ['an SVG with a script', async () => Buffer.from('<svg onload="alert(1)"/>'), MEDIA_ERRORS.svg],
    ['an animated GIF', animatedGif, MEDIA_ERRORS.animated],
    ['an empty body', async () => Buffer.alloc(0), MEDIA_ERRORS.empty],
  ])('refuses %s (422) and changes nothing', async (_what, make, message) => {
    const res = await upload(await make());
    expect(res.status).toBe(422);
    expect(res.json.error).toBe(message);
    expect((await t.call('GET', '/api/media')).json).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it(`answers 429 to an upload beyond ${MAX_PARALLEL_UPLOADS} at once, and takes it afterwards`, async () => {
    const photo = await phoneJpeg(2400, 1600);
    const answers = await Promise.all(Array.from({ length: MAX_PARALLEL_UPLOADS + 1 }, () => upload(photo)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(MAX_PARALLEL_UPLOADS).fill(201), 429]);
    const busy = answers.find((a) => a.status === 429)!;
    expect(busy.json.error).toBe(MEDIA_ERRORS.busy);
    expect(busy.headers.get('Retry-After')).toBe('5');
    expect((await upload(photo)).status).toBe(201);
  }, 60_000);

  it('answers 401 to every route without a session', async () => {
    const image = (await upload(await solid(100, 100).jpeg().toBuffer())).json as Media;
    t.logout();
    expect((await upload(await solid(100, 100).jpeg().toBuffer())).status).toBe(401);
    expect((await t.call('GET', '/api/media')).status).toBe(401);
    expect((await t.call('GET', `/api/media/${image.id}`)).status).toBe(401);
    expect((await t.call('PUT', `/api/media/${image.id}`, { alt: 'x' })).status).toBe(401);
    expect((await t.call('DELETE', `/api/media/${image.id}`)).status).toBe(401);
    // The files themselves are public, like every page that shows them.
    expect((await t.app.request(`${ORIGIN}/media/${image.fallback.file}`)).status).toBe(200);
  });
});

describe('an oversized upload', () => {
  let server: ServerType;
  afterEach(() => new Promise<void>((done) => server.close(() => done())));

  it('gets 413 from its stated length, before its body is sent', async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((done) => server.once('listening', done));
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/media',
          headers: { Origin: ORIGIN, 'Content-Type': 'image/jpeg', 'Content-Length': String(MAX_UPLOAD_BYTES + 1) },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      // Only the headers and a first kilobyte: the answer must not wait for the rest.
      req.write(Buffer.alloc(1024));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toBe(MEDIA_ERRORS.tooLarge);
    expect(stored()).toEqual([]);
  });
});

describe('media in an S3-compatible bucket (MEDIA_S3_*)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeEach(async () => {
    s3 = await startS3('media');
  });
  afterEach(() => s3.close());

  it('keeps the files in the bucket, none on the instance, and serves them from there', async () => {
    const env = {
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_BUCKET: 'media',
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const other = await testApp({ env });
    try {
      await other.login();
      const res = await other.call('POST', '/api/media', await solid(700, 400).jpeg().toBuffer(), {
        'X-File-Name': 'a.jpg',
      });
      expect(res.status).toBe(201);
      const image = res.json as Media;
      expect(existsSync(join(other.dir, 'media'))).toBe(false);
      const served = await other.app.request(`${ORIGIN}/media/${image.fallback.file}`);
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(700);
      expect((await other.call('DELETE', `/api/media/${image.id}`)).status).toBe(200);
      expect((await other.app.request(`${ORIGIN}/media/${image.fallback.file}`)).status).toBe(404);
    } finally {
      await other.cleanup();
    }
    await expect(testApp({ env: { MEDIA_S3_BUCKET: 'media' } })).rejects.toThrow(
      'set MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY together',
    );
  }, 30_000);
});
