/**
 * For the media tests: images made with sharp (and one PNG header written by hand), and an S3-protocol server
 * (s3rver) on loopback behind a gateway that verifies Signature Version 4, which s3rver does not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { Media } from 'content-schema/media';
import { verifySigV4, type SigV4Verdict } from './sigv4-check.ts';

/** A photo-like JPEG `width` × `height` with EXIF (an author, a GPS position) and orientation 6 (turned a quarter). */
export async function phoneJpeg(width = 3000, height = 2000): Promise<Buffer> {
  // Noise, so the encoders have real work and the sizes are realistic.
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#4a6', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Artist: 'Source Phone Owner', Copyright: 'zqexifmarker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' },
      },
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? '#0000' : '#357' } });

/** A two-frame GIF. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['red', 'blue'].map((c) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: c } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A PNG that claims `width` × `height` pixels with almost no data: a decompression bomb's header. */
export function claimedPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** s3rver's one account; the gateway refuses every other key, and this key with any other secret. */
const S3RVER_ACCOUNTS = { S3RVER: 'S3RVER' };

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One request through the gateway: refused as S3 would refuse it, or passed to s3rver unchanged. */
async function gatewayRequest(req: IncomingMessage, res: ServerResponse, upstream: AddressInfo, agent: Agent) {
  const body = await bodyOf(req);
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  // The store signs what it writes: a PUT whose bytes the signature leaves out is refused, as a bucket policy can.
  const unsignedPut = req.method === 'PUT' && req.headers['x-amz-content-sha256'] === 'UNSIGNED-PAYLOAD';
  const verdict: SigV4Verdict = unsignedPut
    ? { ok: false, code: 'AccessDenied', message: 'This bucket takes only signed payloads.' }
    : verifySigV4(
        {
          method: req.method ?? 'GET',
          path: q < 0 ? target : target.slice(0, q),
          query: q < 0 ? '' : target.slice(q + 1),
          headers: req.headersDistinct,
          body,
        },
        S3RVER_ACCOUNTS,
      );
  if (!verdict.ok) {
    res.writeHead(verdict.code === 'XAmzContentSHA256Mismatch' ? 400 : 403, { 'Content-Type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${verdict.code}</Code>` +
        `<Message>${xmlEscape(verdict.message)}</Message></Error>`,
    );
    return;
  }
  const forward = httpRequest({
    host: upstream.address,
    port: upstream.port,
    method: req.method,
    path: target,
    headers: req.headers,
    agent,
  });
  forward.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  forward.on('error', (error) => {
    if (res.headersSent) res.destroy(error);
    else res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`gateway: ${error.message}`);
  });
  forward.end(body);
}

/**
 * An S3-protocol server on loopback with one empty `bucket`, reached through a gateway that checks each request's
 * Signature Version 4 (s3rver only checks that the access key exists); the gateway's endpoint, and `close()`
 * stopping both and removing the files.
 */
export async function startS3(bucket: string): Promise<{ endpoint: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'media-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const upstream = (await s3.run()) as AddressInfo;
  // No kept-alive sockets to s3rver, so closing it never waits on one.
  const agent = new Agent({ keepAlive: false });
  const gateway = createServer((req, res) => {
    gatewayRequest(req, res, upstream, agent).catch((error: unknown) =>
      res.destroy(error instanceof Error ? error : undefined),
    );
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise<void>((resolve, reject) => gateway.close((e) => (e ? reject(e) : resolve())));
      gateway.closeAllConnections();
      await closed;
      agent.destroy();
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Call = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; json: unknown }>;

/** A solid JPEG uploaded through the API (`call`, signed in) under `name`, with `alt` text when given; the image. */
export async function uploadedImage(
  call: Call,
  name: string,
  { width = 1400, height = 900, alt = '' }: { width?: number; height?: number; alt?: string } = {},
): Promise<Media> {
  const res = await call('POST', '/api/media', await solid(width, height).jpeg().toBuffer(), {
    'X-File-Name': encodeURIComponent(name),
  });
  if (res.status !== 201) throw new Error(`upload of ${name} answered ${res.status}`);
  const image = res.json as Media;
  if (alt && (await call('PUT', `/api/media/${image.id}`, { alt })).status !== 200)
    throw new Error(`alt text of ${name} refused`);
  return image;
}
